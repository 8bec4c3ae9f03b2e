"""Item tables as real producers print them: credit notes, percentage discounts, units in
the quantity's cell, descriptions that wrap with numbers in them, attributes and notes
under an item. Pages are built word by word (no OCR), so what is tested is the mechanism,
not one document's wording."""

import pytest

from assets.extraction import extract_invoice
from tests.support.word_pages import column_page


def lines(doc, *keys):
    keys = keys or ("description", "quantity", "unitPrice", "netAmount")
    return [tuple(ln[k] for k in keys) for ln in extract_invoice(doc)["lines"]]


def test_a_credit_note_keeps_its_printed_quantities_beside_negative_amounts():
    # The amounts are negative, the quantities as delivered; a percentage discount is an amount.
    doc = column_page(
        (200, [(40, "Description"), (250, "Quantité"), (320, "Prix unitaire"), (400, "Rem."), (470, "Prix HT")]),
        (220, [(40, "Nougat 250g"), (-300, "5 Unit(s)"), (-380, "4,55 €"), (-420, "10%"), (-540, "-20,48 €")]),
        (240, [(40, "Huile d'olive"), (-300, "10 Liter(s)"), (-380, "19,80 €"), (-540, "-198,00 €")]),
        (270, [(300, "Total HT"), (-540, "-218,48 €")]),
    )
    got = lines(doc, "description", "quantity", "unitPrice", "discount", "netAmount")
    assert got == [("Nougat 250g", "5", "4.55", "2.27", "-20.48"),
                   ("Huile d'olive", "10", "19.80", None, "-198.00")]
    invoice = extract_invoice(doc)
    assert not any("derived from the line's amount" in w for w in invoice["validation"]["warnings"])


def test_a_quantity_printed_with_its_unit_is_aligned_as_a_cell():
    # "5 kg" and "20 Stk" end at the same x: their digits do not overlap, their cells do.
    doc = column_page(
        (200, [(40, "Pos"), (70, "Beschreibung"), (230, "Nettopreis"), (330, "Menge"), (400, "USt."),
               (470, "Betrag")]),
        (220, [(40, "1"), (70, "Schweinesteak"), (-290, "5,5000"), (-380, "5 m"), (-430, "7 %"), (-540, "27,50")]),
        (240, [(40, "2"), (70, "Mineralwasser"), (-290, "5,4900"), (-380, "20 Stk"), (-430, "7 %"),
               (-540, "109,80")]),
        (260, [(40, "3"), (70, "Pfand"), (-290, "2,7700"), (-380, "20 Fl."), (-430, "19 %"), (-540, "55,40")]),
    )
    assert lines(doc, "description", "quantity", "unit", "vatRate", "netAmount") == [
        ("Schweinesteak", "5", "m", "7", "27.50"),
        ("Mineralwasser", "20", "stk", "7", "109.80"),
        ("Pfand", "20", "fl.", "19", "55.40"),
    ]


def test_a_description_wraps_with_an_amount_in_its_text():
    doc = column_page(
        (200, [(40, "Pos"), (70, "Beschreibung"), (230, "Nettopreis"), (330, "Menge"), (470, "Betrag")]),
        (220, [(40, "1"), (70, "Grundpreis"), (-290, "3,9000"), (-380, "1 Stk"), (-540, "3,90")]),
        (240, [(40, "2"), (70, "Stadtfahrt"), (-290, "2,0000"), (-380, "6,5 Stk"), (-540, "13,00")]),
        (252, [(70, "- 2,00")]),
        (264, [(70, "Euro je")]),
        (276, [(70, "gefahrene Kilometer")]),
        (300, [(300, "Summe netto"), (-540, "16,90")]),
    )
    assert lines(doc, "description", "quantity", "netAmount") == [
        ("Grundpreis", "1", "3.90"), ("Stadtfahrt - 2,00 Euro je gefahrene Kilometer", "6.5", "13.00")]


def test_an_attribute_with_an_amount_and_the_notes_after_it_are_not_the_description():
    doc = column_page(
        (200, [(40, "Pos"), (70, "Beschreibung"), (230, "Nettopreis"), (330, "Menge"), (470, "Betrag")]),
        (220, [(40, "1"), (70, "Schweinesteak"), (-290, "5,5000"), (-380, "5 kg"), (-540, "27,50")]),
        (232, [(75, "Bruttopreis :"), (-290, "5,5000")], 8),
        (244, [(70, "aus Deutschland")]),
        (264, [(40, "2"), (70, "Obermonteur/Monteur"), (-290, "43,2000"), (-380, "3 Std"), (-540, "129,60")]),
        (276, [(75, "Preis je Einheit: 43,20")]),
        (288, [(70, "* Leistungszeitraum: 01.10.2018 bis 31.10.2018")]),
        (310, [(300, "Summe netto"), (-540, "157,10")]),
    )
    assert lines(doc, "description", "quantity", "netAmount") == [
        ("Schweinesteak", "5", "27.50"), ("Obermonteur/Monteur", "3", "129.60")]


def test_a_line_number_equal_to_the_quantity_is_not_the_quantity():
    # Item 2 of a credit note: "2" is its position, "-2 Stk" its quantity.
    doc = column_page(
        (200, [(40, "Pos"), (70, "Beschreibung"), (230, "Nettopreis"), (330, "Menge"), (470, "Betrag")]),
        (220, [(40, "2"), (70, "Gelierzucker Extra 250g"), (-290, "1,4500"), (-380, "-2 Stk"), (-430, "7 %"),
               (-540, "-2,90")]),
    )
    assert lines(doc, "lineNo", "quantity", "unitPrice", "netAmount") == [(1, "-2", "1.45", "-2.90")]


def test_titles_stacked_over_several_lines_keep_their_columns_and_a_code_keeps_its_words():
    # "Art-Nr-Kunde" over "Art-Nr-Lief." over "Art-Nr", a line above and below "Pos": one
    # column of item codes, not part of the line number's title; the code "Toolbox 0815"
    # printed in it is the code, "Stahlcoil" the description.
    doc = column_page(
        (190, [(74, "Art-Nr-Kunde"), (485, "Positions")]),
        (200, [(74, "Art-Nr-Lief."), (485, "betrag")]),
        (206, [(57, "Pos"), (151, "Beschreibung"), (244, "Nettopreis"), (357, "Menge"), (440, "USt.")]),
        (212, [(74, "Art-Nr"), (485, "ohne")]),
        (232, [(59, "1"), (74, "Toolbox 0815"), (157, "Stahlcoil"), (-300, "100,0000"), (-390, "10 Stk"),
               (-460, "0 %"), (-545, "1000,00")]),
        (252, [(59, "2"), (74, "BR-4529-ZF"), (157, "Stoßfänger"), (-300, "100,0000"), (-390, "10 Stk"),
               (-460, "0 %"), (-545, "1000,00")]),
        (280, [(300, "Summe netto"), (-545, "2000,00")]),
    )
    assert lines(doc, "code", "description", "quantity", "netAmount") == [
        ("Toolbox 0815", "Stahlcoil", "10", "1000.00"), ("BR-4529-ZF", "Stoßfänger", "10", "1000.00")]


def test_an_item_carried_to_the_next_page_finds_its_text_under_its_numbers():
    # Page 2 repeats no titles, and its item prints its text only on the lines under its
    # numbers: the description's column is the one of the table it continues.
    from assets.ocr.model import Document, Page

    first = column_page(
        (200, [(40, "Pos"), (70, "Beschreibung"), (230, "Nettopreis"), (330, "Menge"), (470, "Betrag")]),
        (220, [(40, "1"), (70, "Trennblätter"), (-290, "9,9000"), (-380, "20 Stk"), (-540, "198,00")]),
        (232, [(70, "A4")]),
    ).pages[0]
    second = column_page(
        (60, [(40, "2"), (-290, "5,5000"), (-380, "50 Stk"), (-540, "275,00")]),
        (78, [(70, "Joghurt")]),
        (90, [(70, "Banane")]),
        (120, [(300, "Summe netto"), (-540, "473,00")]),
    ).pages[0]
    doc = Document([first, Page(2, second.width, second.height, second.words, second.engine, True)])
    assert lines(doc, "description", "quantity", "netAmount") == [
        ("Trennblätter A4", "20", "198.00"), ("Joghurt Banane", "50", "275.00")]


def test_a_description_wrapped_over_many_lines_of_a_narrow_column_is_read_whole():
    # Under the last item, ten lines of text; "Art-Nr-" broken at its hyphen continues in
    # "Lieferant", which is also a seller's heading word.
    text = ["4123456000014", "Art-Nr-", "Lieferant", "ZS9997", "Zitronensäure", "100ml", "Verpackung:",
            "Flasche", "VKE/Geb: 1"]
    doc = column_page(
        (200, [(40, "Pos"), (70, "Beschreibung"), (230, "Nettopreis"), (330, "Menge"), (470, "Betrag")]),
        (220, [(40, "1"), (70, "GTIN"), (-290, "1,0000"), (-380, "-5 Stk"), (-540, "-5,00")]),
        *((231 + 11 * k, [(70, word)]) for k, word in enumerate(text)),
        (360, [(300, "Summe netto"), (-540, "-5,00")]),
    )
    assert lines(doc, "description", "quantity", "netAmount") == [
        ("GTIN 4123456000014 Art-Nr-Lieferant ZS9997 Zitronensäure 100ml Verpackung: Flasche VKE/Geb: 1", "-5",
         "-5.00")]


def test_a_last_row_whose_amount_is_off_by_cents_is_still_a_row():
    # "20 x 2,7700" is 55,40, the row prints 55,46: its numbers fill the quantity, price
    # and amount columns under the items, so it is the table's last item, read as printed.
    doc = column_page(
        (200, [(40, "Pos"), (70, "Beschreibung"), (230, "Nettopreis"), (330, "Menge"), (470, "Betrag")]),
        (220, [(40, "1"), (70, "Schweinesteak"), (-290, "5,5000"), (-380, "1 kg"), (-540, "5,50")]),
        (240, [(40, "2"), (70, "Mineralwasser"), (-290, "5,4900"), (-380, "20 Stk"), (-540, "109,80")]),
        (252, [(75, "Bruttopreis : 5,4900")], 8),
        (272, [(40, "3"), (70, "Pfand"), (-290, "2,7700"), (-380, "20 Stk"), (-540, "55,46")]),
        (300, [(300, "Summe netto"), (-540, "170,76")]),
    )
    assert lines(doc, "description", "quantity", "netAmount") == [
        ("Schweinesteak", "1", "5.50"), ("Mineralwasser", "20", "109.80"), ("Pfand", "20", "55.46")]


def test_a_un_ece_unit_code_beside_the_quantity_is_its_unit():
    # Renderers of e-invoices print the code of the unit ("H87" piece, "C62" one, "HUR" hour).
    doc = column_page(
        (200, [(40, "Beschreibung"), (300, "Menge"), (390, "Preis"), (470, "Betrag")]),
        (220, [(40, "Montage"), (-330, "12 HUR"), (-450, "95,00"), (-540, "1.140,00")]),
        (240, [(40, "Material"), (-330, "100 H87"), (-450, "2,50"), (-540, "250,00")]),
        (260, [(40, "Anfahrt"), (-330, "1 C62"), (-450, "45,00"), (-540, "45,00")]),
    )
    assert lines(doc, "description", "quantity", "unit", "netAmount") == [
        ("Montage", "12", "hur", "1140.00"), ("Material", "100", "h87", "250.00"), ("Anfahrt", "1", "c62", "45.00")]


@pytest.mark.parametrize("second, expected", [
    # OCR drops a lone minus far more often than a credit note prints a positive quantity
    # (a text layer prints the signs exactly: "10" beside "-198,00" stays 10, above) ...
    ("-5", [("Huile d'olive", "-10", "-198.00"), ("Nougat 250g", "-5", "-20.00")]),
    # ... but where every row prints its quantity as delivered beside a negative amount,
    # that is the credit note's convention, not a minus OCR lost on every row.
    ("5", [("Huile d'olive", "10", "-198.00"), ("Nougat 250g", "5", "-20.00")]),
])
def test_read_by_ocr_a_quantity_whose_sign_disagrees_with_its_amount(second, expected):
    from assets.ocr.model import Document, Page

    printed = column_page(
        (200, [(40, "Description"), (250, "Quantité"), (320, "Prix unitaire"), (470, "Prix HT")]),
        (220, [(40, "Huile d'olive"), (-300, "10"), (-380, "19,80"), (-540, "-198,00")]),
        (240, [(40, "Nougat 250g"), (-300, second), (-380, "4,00"), (-540, "-20,00")]),
    ).pages[0]
    doc = Document([Page(1, printed.width, printed.height, printed.words, "tesseract", False)])
    assert lines(doc, "description", "quantity", "netAmount") == expected


@pytest.mark.parametrize("rows, expected", [
    # a credit note whose one row read prints its quantity as delivered: no minus lost
    ([(220, [(40, "Huile d'olive"), (-300, "10"), (-380, "19,80"), (-540, "-198,00")])],
     [("Huile d'olive", "10", "-198.00")]),
    # a credit note that prints a negative quantity on a row: a positive one lost its minus
    ([(220, [(40, "Nougat 250g"), (-300, "-5"), (-380, "4,00"), (-540, "-20,00")]),
      (240, [(40, "Huile d'olive"), (-300, "10"), (-380, "19,80"), (-540, "-198,00")])],
     [("Nougat 250g", "-5", "-20.00"), ("Huile d'olive", "-10", "-198.00")]),
])
def test_read_by_ocr_a_credit_notes_quantities_keep_the_sign_its_rows_print(rows, expected):
    from assets.ocr.model import Document, Page

    printed = column_page(
        (100, [(40, "AVOIR AV-2017-0005")]),
        (200, [(40, "Description"), (250, "Quantité"), (320, "Prix unitaire"), (470, "Prix HT")]),
        *rows,
    ).pages[0]
    doc = Document([Page(1, printed.width, printed.height, printed.words, "tesseract", False)])
    assert lines(doc, "description", "quantity", "netAmount") == expected


def test_titles_stacked_over_five_lines_are_one_header_and_a_code_beside_its_description_is_split():
    # Titles stacked in their columns ("Art-Nr-Kunde" over "Art-Nr-Lief." over "Art-Nr" over
    # "(Art)"), the row under the last of them; the row's amount is after its allowances, so
    # only the header, not the arithmetic, makes it an item.
    doc = column_page(
        (100, [(75, "Art-Nr-Kunde"), (485, "Positions-")], 9.5),
        (111.4, [(75, "Art-Nr-Lief."), (510, "betrag")], 9.5),
        (117, [(53, "Pos"), (143, "Beschreibung"), (245, "Nettopreis"), (358, "Menge"), (441, "USt.")], 9.5),
        (122.7, [(75, "Art-Nr"), (520, "ohne")], 9.5),
        (134, [(75, "(Art)"), (520, "USt.")], 9.5),
        (147, [(59, "1"), (74, "Toolbox 0815"), (143, "Stahlcoil"), (-304, "100,0000"), (358, "10 Stk"),
               (441, "19 %"), (-544, "850,00")], 11),
    )
    assert lines(doc, "code", "description", "quantity", "unitPrice", "netAmount") == [
        ("Toolbox 0815", "Stahlcoil", "10", "100", "850.00")]


def test_a_monospaced_header_one_space_between_titles_keeps_its_columns():
    # Set in a monospaced font, "Pos" and "Art-Nr-Kunde" (and "USt." and "Positions-") stand
    # one space apart on the header's first line; the column titles under them are stacked
    # over three more lines, "Positions-" finished as "betrag" on the next. The item's gross
    # price is an attribute under it and the insurance's terms its notes, not its text.
    doc = column_page(
        (100, [(53, "Pos Art-Nr-Kunde"), (167, "Beschreibung"), (260, "Nettopreis"), (374, "Menge"),
               (456, "USt. Positions-")]),
        (111, [(74, "Art-Nr-Lief."), (-545, "betrag")]),
        (122, [(74, "Art-Nr"), (-545, "ohne")]),
        (133, [(74, "(Art)"), (-545, "USt.")]),
        (147, [(56, "1"), (127, "Verbundene"), (-342, "1.000,0000"), (-414, "1 Stk"), (-473, "0 %"),
               (-545, "1163,40")]),
        (158, [(127, "Wohngebäudeversicherung")]),
        (170, [(162, "Bruttopreis : 1.163,4000")]),
        (194, [(159, "- Feuerversicherung - Teil A § 2 62.000 MK1914")]),
        (230, [(300, "Summe netto"), (-545, "1163,40")]),
    )
    assert lines(doc, "description", "quantity", "netAmount") == [
        ("Verbundene Wohngebäudeversicherung", "1", "1163.40")]


def test_a_first_row_set_apart_from_its_header_and_an_attribute_glued_to_its_amount():
    # A rule and a blank band part the header from its first row (three lines' pitch); each
    # item's gross price ("Bruttopreis :80,0006", no space after the colon) and the tax it
    # includes are printed under its text, in the description's column. Monospaced, the
    # titles "Art-Nr-Lief." and "Beschreibung" stand one space apart: two columns.
    doc = column_page(
        (88, [(75, "Art-Nr-Kunde")]),
        (100, [(53, "Pos"), (75, "Art-Nr-Lief. Beschreibung"), (245, "Nettopreis"), (358, "Menge"),
               (441, "USt."), (485, "Betrag")]),
        (111, [(75, "Art-Nr")]),
        (122, [(75, "(Art)")]),
        (156, [(53, "1"), (152, "Kfz-"), (-305, "67,2244"), (-388, "1 Stk"), (-465, "0 %"), (-545, "80,00")]),
        (167, [(152, "Haftpflicht")]),
        (178, [(152, "Typkl. 18")]),
        (190, [(160, "Bruttopreis :80,0006")]),
        (212, [(160, "Enthält 19% Versicherungssteuer = 12,7726 €")]),
        (236, [(53, "2"), (152, "Vollkasko"), (-305, "117,6471"), (-388, "1 Stk"), (-465, "0 %"), (-545, "140,00")]),
        (247, [(152, "Typkl. 21")]),
        (259, [(160, "Bruttopreis :140,0000")]),
        (292, [(300, "Summe netto"), (-545, "220,00")]),
    )
    assert lines(doc, "description", "quantity", "netAmount") == [
        ("Kfz-Haftpflicht Typkl. 18", "1", "80.00"), ("Vollkasko Typkl. 21", "1", "140.00")]


def test_a_price_per_ten_units_is_an_item_by_its_arithmetic():
    # No header: only the rows' arithmetic makes them items. "0,0520" per ten kWh for 10000
    # kWh is 52,00: a price printed to four decimals, on a text layer.
    doc = column_page(
        (220, [(40, "1"), (70, "Wirkarbeit HT"), (-290, "0,0520"), (-380, "10000 KWH"), (-430, "19 %"),
               (-540, "52,00")]),
        (240, [(40, "2"), (70, "Kommissionierer"), (-290, "10,5000"), (-380, "27,5 Std"), (-430, "19 %"),
               (-540, "288,75")]),
        (270, [(300, "Summe netto"), (-540, "340,75")]),
    )
    assert lines(doc, "description", "quantity", "unitPrice", "netAmount") == [
        ("Wirkarbeit HT", "10000", "0.052", "52.00"), ("Kommissionierer", "27.5", "10.5", "288.75")]


def test_an_item_given_free_is_an_item_and_a_zero_rate_is_not():
    # An item delivered without charge prints its price and amount as zeros; a VAT
    # breakdown's "220,00  0  0,00" (a zero rate, no decimals) is no item.
    doc = column_page(
        (220, [(40, "1"), (70, "Gelierzucker 250g"), (-290, "0,0000"), (-380, "10 Stk"), (-430, "7 %"),
               (-540, "0,00")]),
        (240, [(40, "2"), (70, "Kommissionierer"), (-290, "10,5000"), (-380, "27,5 Std"), (-430, "19 %"),
               (-540, "288,75")]),
        (280, [(40, "Umsatzsteuerbefreit"), (-290, "220,00"), (-430, "0"), (-540, "0,00")]),
        (300, [(300, "Summe netto"), (-540, "288,75")]),
    )
    assert lines(doc, "description", "quantity", "unitPrice", "netAmount") == [
        ("Gelierzucker 250g", "10", "0", "0.00"), ("Kommissionierer", "27.5", "10.5", "288.75")]


def test_a_text_layer_keeps_the_factors_it_prints_where_ocr_would_have_slipped():
    # 24 bottles at 5,00 per crate of twelve: 10,00. Read by OCR, "24" for "2" would be a
    # slip the arithmetic mends; a text layer prints what its producer meant.
    rows = (
        (200, [(40, "Pos"), (70, "Beschreibung"), (230, "Preis"), (330, "Menge"), (480, "Betrag")]),
        (220, [(40, "1"), (70, "Mineralwasser"), (-290, "5,00"), (-380, "24 Fl."), (-540, "10,00")]),
        (240, [(40, "2"), (70, "Apfelsaft"), (-290, "2,50"), (-380, "4 Fl."), (-540, "10,00")]),
        (270, [(300, "Summe netto"), (-540, "20,00")]),
    )
    assert lines(column_page(*rows), "description", "quantity", "netAmount") == [
        ("Mineralwasser", "24", "10.00"), ("Apfelsaft", "4", "10.00")]


def test_an_item_whose_quantity_stands_left_of_the_column_by_its_unit_is_still_an_item():
    # The last item is set a little further left than the ones above ("20 Stk" overlaps
    # their quantities' cells only by its unit), and its amount is the producer's rounding
    # (20 x 2,7700 printed as 55,46): the row's numbers still fill price, quantity and amount.
    doc = column_page(
        (200, [(40, "Pos"), (70, "Beschreibung"), (230, "Nettopreis"), (330, "Menge"), (400, "USt."),
               (480, "Betrag")]),
        (220, [(40, "1"), (70, "Schweinesteak"), (-312, "5,5000"), (-394, "1 kg"), (-468, "7 %"), (-544, "5,50")]),
        (240, [(40, "2"), (70, "Mineralwasser"), (-311, "5,4900"), (-394, "20 Stk"), (-467, "7 %"),
               (-544, "109,80")]),
        (260, [(40, "3"), (70, "Pfand"), (262, "2,7700"), (340, "20 Stk"), (436, "19 %"), (-544, "55,46")]),
        (290, [(300, "Summe netto"), (-544, "170,76")]),
    )
    assert lines(doc, "description", "quantity", "netAmount") == [
        ("Schweinesteak", "1", "5.50"), ("Mineralwasser", "20", "109.80"), ("Pfand", "20", "55.46")]


def test_read_by_ocr_an_items_one_tall_word_does_not_make_its_next_line_a_detail():
    # Tesseract boxes "Übernachtung." as tall as its dots and its "g": set against that one
    # word alone, "2 Nächte" and "Hotel" under it would read as smaller type (a code and
    # unit line); set against the item's whole line they are more of its text.
    from assets.ocr.model import Document, Page, Word

    def line(y, cells, height=6.5):
        words = []
        for x, text in cells:
            for token in text.split():
                words.append(Word(token, x, y, x + 5.6 * len(token) - 0.6, y + height, 0.95))
                x += 5.6 * len(token) + 7.6
        return words

    words = [*line(60, [(53, "Pos"), (148, "Beschreibung"), (258, "Nettopreis"), (356, "Menge"), (509, "Betrag")]),
             *line(110, [(59, "1"), (258, "158,8800"), (356, "1 Stk"), (505, "158,88")], 6.2),
             Word("Übernachtung.", 148, 106, 220, 116.8, 0.95),
             *line(121, [(148, "2 Nächte")]), *line(132, [(148, "Hotel")]),
             *line(146, [(162, "Bruttopreis :170,0000")], 8),
             *line(183, [(59, "2"), (151, "Verpflegung"), (258, "11,7600"), (356, "1 Stk"), (509, "11,76")]),
             *line(230, [(300, "Summe"), (509, "170,64")])]
    doc = Document([Page(1, 595, 842, words, "tesseract", False)])
    assert lines(doc, "description", "netAmount")[0] == ("Übernachtung. 2 Nächte Hotel", "158.88")
