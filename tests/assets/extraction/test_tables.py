"""Item tables read by structure: arithmetic finds the rows, alignment the columns.

Pages are built word by word (no OCR), in layouts and languages the label dictionaries
do not cover, so what is tested is the structure, not the words.
"""

from decimal import Decimal

import pytest

from assets.extraction import extract_invoice
from assets.extraction.lines import TextLine
from assets.extraction.tables.numbers import line_numbers, products
from assets.ocr.model import Document, Page, Word
from tests.support.word_pages import column_page, scanned


def items(doc):
    return [(ln["description"], ln["quantity"], ln["unitPrice"], ln["netAmount"]) for ln in extract_invoice(doc)["lines"]]


def _line(text: str) -> TextLine:
    words, x = [], 40.0
    for cell in text.split("|"):
        for token in cell.split():
            words.append(Word(token, x, 100, x + 5 * len(token), 110))
            x += 5 * len(token) + 3
        x += 30
    return TextLine(1, 0, words)


def test_numbers_that_multiply_out_make_an_item():
    nums = line_numbers(_line("Kahvipavut | 4 | 12,50 | 50,00"))
    assert [n.value for n in nums] == [4, Decimal("12.50"), Decimal("50.00")]
    assert [(p.left, p.right, p.amount) for p in products(nums)] == [(0, 1, 2)]


def test_a_discount_as_an_amount_or_a_percentage_is_part_of_the_arithmetic():
    nums = line_numbers(_line("Tuoli | 119 | 37,80 | 449,82 | 4 048,38"))
    assert [(p.left, p.right, p.discount, p.amount) for p in products(nums)] == [(0, 1, 2, 3)]
    nums = line_numbers(_line("Tuoli | 2 | 100,00 | 10 % | 180,00"))
    assert [(p.discount, p.percent_discount) for p in products(nums)] == [(2, True)]


def test_three_integers_are_no_item_and_numbers_among_words_are_text():
    assert products(line_numbers(_line("LT64 | 9404 | 1919 | 6241 | 8938"))) == []
    nums = line_numbers(_line("Vis inox 5 x 40 | 2 | 3,00 | 6,00"))
    assert [n.in_text for n in nums] == [True, True, False, False, False]


def test_a_quantity_with_three_decimals_is_read_both_ways():
    nums = line_numbers(_line("Kabelis | 1,500 | 10,00 | 15,00"))
    assert products(nums)


def test_a_table_headed_in_an_unknown_language_is_read_by_its_arithmetic():
    doc = column_page(
        (200, [(40, "Nimike"), (260, "Määrä"), (330, "Hinta"), (400, "ALV"), (470, "Yhteensä")]),
        (220, [(40, "Kahvipavut 1 kg"), (-290, "4"), (-370, "12,50"), (-420, "24 %"), (-540, "50,00")]),
        (240, [(40, "Toimistotuoli"), (-290, "2"), (-370, "149,00"), (-420, "24 %"), (-540, "298,00")]),
        (260, [(40, "Kuljetus Helsinki–"), (-290, "1"), (-370, "80,00"), (-420, "24 %"), (-540, "80,00")]),
        (272, [(40, "Vilna")]),
        (300, [(330, "Yhteensä ilman ALV"), (-540, "428,00")]),
    )
    assert items(doc) == [
        ("Kahvipavut 1 kg", "4", "12.50", "50.00"),
        ("Toimistotuoli", "2", "149.00", "298.00"),
        ("Kuljetus Helsinki– Vilna", "1", "80.00", "80.00"),
    ]
    assert [ln["vatRate"] for ln in extract_invoice(doc)["lines"]] == ["24", "24", "24"]


def test_columns_are_named_by_arithmetic_not_by_misleading_titles():
    # "Preis netto" stands over the unit price and "Gesamtpreis" over the amount with VAT;
    # the VAT amount and gross columns are told by what they add up to.
    doc = column_page(
        (200, [(40, "Artikel"), (150, "Menge"), (190, "Preis netto"), (260, "Netto"), (330, "USt."),
               (380, "Steuer"), (470, "Gesamtpreis")]),
        (220, [(40, "Softwarewartung"), (-180, "4"), (-240, "850,57"), (-310, "3 402,28"), (-360, "7%"),
               (-440, "238,16"), (-540, "3 640,44")]),
        (240, [(40, "Kopierpapier A4"), (-180, "228"), (-240, "31,91"), (-310, "7 275,48"), (-360, "19%"),
               (-440, "1 382,34"), (-540, "8 657,82")]),
    )
    inv = extract_invoice(doc)
    got = [(ln["quantity"], ln["unitPrice"], ln["netAmount"], ln["vatRate"], ln["vatAmount"], ln["grossAmount"])
           for ln in inv["lines"]]
    assert got == [("4", "850.57", "3402.28", "7", "238.16", "3640.44"),
                   ("228", "31.91", "7275.48", "19", "1382.34", "8657.82")]


def test_the_price_may_stand_left_of_the_quantity():
    doc = column_page(
        (220, [(40, "Widget A"), (-250, "12,00"), (-300, "3"), (-400, "36,00")]),
        (240, [(40, "Widget B"), (-250, "7,50"), (-300, "10"), (-400, "75,00")]),
    )
    assert items(doc) == [("Widget A", "3", "12.00", "36.00"), ("Widget B", "10", "7.50", "75.00")]


def test_a_receipt_prints_its_factors_inside_the_description():
    doc = column_page(
        (100, [(20, "Перевозка Рига–Вильнюс 8 x 1045,54"), (-300, "8364,32")]),
        (112, [(20, "Обслуживание производственной линии")]),
        (124, [(20, "5,3 x 882,62"), (-300, "4677,89")]),
        (136, [(20, "Шурупы по дереву 4 x 40 8,44 x 1613,38"), (-300, "13616,93")]),
        (148, [(20, "Бумага офисная А4 3 x 1115,41 -334,62"), (-300, "3011,61")]),
        (170, [(20, "Итого"), (-300, "29670,75")]),
    )
    assert items(doc) == [
        ("Перевозка Рига–Вильнюс", "8", "1045.54", "8364.32"),
        ("Обслуживание производственной линии", "5.3", "882.62", "4677.89"),
        ("Шурупы по дереву 4 x 40", "8.44", "1613.38", "13616.93"),
        ("Бумага офисная А4", "3", "1115.41", "3011.61"),
    ]


def test_a_line_in_smaller_type_under_an_item_is_its_detail_not_its_description():
    doc = column_page(
        (200, [(40, "1"), (60, "Ąžuolinės grindlentės"), (-320, "81"), (-400, "44,87"), (-520, "3634,47")], 11),
        (214, [(60, "A85575 · m²")], 7.5),
        (232, [(40, "2"), (60, "Konsultavimo paslaugos"), (-320, "35,61"), (-400, "34,46"), (-520, "1227,12")], 11),
        (246, [(60, "val.")], 7.5),
    )
    inv = extract_invoice(doc)
    got = [(ln["description"], ln["code"], ln["unit"], ln["quantity"]) for ln in inv["lines"]]
    assert got == [("Ąžuolinės grindlentės", "A85575", "m²", "81"), ("Konsultavimo paslaugos", None, "val.", "35.61")]


def test_line_numbers_codes_and_units_are_not_description():
    doc = column_page(
        (200, [(40, "1."), (60, "KD29342"), (110, "Café en grano"), (260, "kg"), (-320, "7"), (-400, "115,90"),
               (-520, "811,30")]),
        (220, [(40, "2."), (110, "Silla de oficina"), (260, "ud."), (-320, "119"), (-400, "37,80"),
               (-450, "449,82"), (-520, "4.048,38")]),
    )
    inv = extract_invoice(doc)
    got = [(ln["lineNo"], ln["code"], ln["description"], ln["unit"], ln["discount"], ln["netAmount"])
           for ln in inv["lines"]]
    assert got == [(1, "KD29342", "Café en grano", "kg", None, "811.30"),
                   (2, None, "Silla de oficina", "ud.", "449.82", "4048.38")]


def test_letters_where_a_row_s_number_stands_before_its_item_code_are_no_description():
    # OCR read the second row's "2." as "N": neither the line number nor text of the item.
    doc = column_page(
        (200, [(40, "1."), (52, "SKU-80290 Transporto paslaugos"), (260, "reis."), (-320, "12"), (-400, "119,21"),
               (-520, "1430,52")]),
        (220, [(40, "N"), (52, "SKU-71060 Buhalterinės apskaitos"), (260, "mėn."), (-320, "27,3"),
               (-400, "31,42"), (-520, "857,77")]),
    )
    got = [(ln["code"], ln["description"]) for ln in extract_invoice(doc)["lines"]]
    assert got == [("SKU-80290", "Transporto paslaugos"), ("SKU-71060", "Buhalterinės apskaitos")]


@pytest.mark.parametrize("unit", ["m²", "m?", "m2?"])
def test_a_square_metre_whose_raised_two_ocr_misread_is_the_unit(unit):
    doc = column_page(
        (180, [(40, "Prekė"), (200, "Mat. vnt."), (-320, "Kiekis"), (-400, "Kaina"), (-520, "Suma")]),
        (200, [(40, "Holzplatte Fichte 19 mm"), (190, unit), (-320, "28,9"), (-400, "13,49"), (-520, "389,86")]),
    )
    assert [ln["description"] for ln in extract_invoice(doc)["lines"]] == ["Holzplatte Fichte 19 mm"]


def test_a_row_whose_arithmetic_ocr_broke_is_kept_and_repaired():
    doc = column_page(
        (200, [(40, "Koka skrūves"), (-320, "4"), (-400, "544,07"), (-520, "2176,28")]),
        (220, [(40, "Transports Rīga-Viļņa"), (-320, "J"), (-400, "215,15"), (-520, "215,15")]),
        (240, [(40, "Dēļi"), (-320, "4"), (-400, "912,61"), (-520, "3650,44")]),
    )
    assert items(doc) == [
        ("Koka skrūves", "4", "544.07", "2176.28"),
        ("Transports Rīga-Viļņa", "1", "215.15", "215.15"),
        ("Dēļi", "4", "912.61", "3650.44"),
    ]


def test_repair_prefers_the_factor_that_lost_its_decimal_separator():
    from assets.extraction.tables import repair_row

    assert repair_row(Decimal("64"), Decimal("760.43"), None, Decimal("4866.75"))[:2] == (Decimal("6.4"), Decimal("760.43"))
    q, p, fixed = repair_row(Decimal("14.3"), Decimal("112751"), None, Decimal("16123.39"))
    assert (q, p, fixed) == (Decimal("14.3"), Decimal("1127.51"), ["unitPrice"])


def test_ocr_rules_glued_to_words_and_rows_split_by_skew_are_undone():
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout

    def word(text, x, y):
        return Word(text, x, y, x + 5 * len(text), y + 8, 0.9)

    words = [word("3|Konsultatsiooniteenus", 40, 100), word("244|h", 300, 104.5), word("56,73", 360, 104.5),
             word("13150,", 450, 104.5), word("01", 482, 104.5), word("Vineer", 40, 130)]
    layout = Layout(Document([Page(1, 595, 842, words, "tesseract", False)]), ALL_LABELS)
    assert [ln.text for ln in layout.lines[1]] == ["3 Konsultatsiooniteenus 244 h 56,73 13150,01", "Vineer"]


def test_a_value_skew_dropped_below_its_line_rejoins_it_and_specks_stay_apart():
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout

    def word(text, x, y0, y1):
        return Word(text, x, y0, x + 5 * len(text), y1, 0.9)

    # "F24508" falls below the line's mean band (its far end rises) but sits level with
    # its label, in a gap of the line
    words = [word("Te", 514, 82.5, 88.5), word("betalen:", 525, 83.0, 89.2), word("Factuurnr.:", 85, 84.0, 93.1),
             word("F24508", 140, 85.7, 95.1)]
    layout = Layout(Document([Page(1, 595, 842, words, "tesseract", False)]), ALL_LABELS)
    assert [ln.text for ln in layout.lines[1]] == ["Factuurnr.: F24508 Te betalen:"]
    words[-1] = word(".", 140, 85.7, 95.1)
    layout = Layout(Document([Page(1, 595, 842, words, "tesseract", False)]), ALL_LABELS)
    assert [ln.text for ln in layout.lines[1]] == ["Factuurnr.: Te betalen:", "."]


RECEIPT_ITEMS = [("Pienas 2,5% 1L", "2", "1.29", "2.58"), ("Duona", "1", "1.99", "1.99")]


@pytest.mark.parametrize("rows", [
    # the factors on the item's line, with "x", "×", "@", "=" or glued
    [(100, [(20, "Pienas 2,5% 1L 2 x 1,29"), (-300, "2,58")]), (112, [(20, "Duona 1 x 1,99"), (-300, "1,99")])],
    [(100, [(20, "Pienas 2,5% 1L 2 × 1,29 = 2,58")]), (112, [(20, "Duona 1 @ 1,99 = 1,99")])],
    [(100, [(20, "Pienas 2,5% 1L 2x1,29 ........ 2,58")]), (112, [(20, "Duona 1x1,99 ......... 1,99")])],
    # a Russian slip's (or the Russian model's) Cyrillic "х"
    [(100, [(20, "Pienas 2,5% 1L")]), (112, [(30, "2 х 1,29 А"), (-300, "2,58")]),
     (124, [(20, "Duona")]), (136, [(30, "1 х 1,99 А"), (-300, "1,99")])],
    [(100, [(20, "Pienas 2,5% 1L 2х1,29"), (-300, "2,58")]), (112, [(20, "Duona 1х1,99"), (-300, "1,99")])],
    # the text above its factors, the amount with a tax letter or a currency
    [(100, [(20, "Pienas 2,5% 1L")]), (112, [(30, "2 vnt. x 1,29"), (-300, "2,58 A")]),
     (124, [(20, "Duona")]), (136, [(30, "1 vnt. x 1,99"), (-300, "1,99 A")])],
    [(100, [(20, "Pienas 2,5% 1L")]), (112, [(30, "2 x 1,29 €"), (-300, "2,58 €")]),
     (124, [(20, "Duona")]), (136, [(30, "1 x 1,99 €"), (-300, "1,99 €")])],
    # the amount beside the text, the factors under it
    [(100, [(20, "Pienas 2,5% 1L"), (-300, "2,58")]), (112, [(30, "2 x 1,29")]),
     (124, [(20, "Duona"), (-300, "1,99")]), (136, [(30, "1 x 1,99")])],
])
def test_receipt_items_in_the_ways_tills_print_them(rows):
    assert items(column_page(*rows)) == RECEIPT_ITEMS


def test_a_receipt_items_text_whose_percent_sign_ocr_read_as_a_digit():
    # "Pienas 2,5% 1L" scanned: "2,53" looks like an amount, but words follow it in its cell
    doc = column_page((100, [(20, "Pienas 2,53 1L")]), (112, [(30, "2 x 1,29"), (-300, "2,58 A")]),
               (124, [(20, "Duona")]), (136, [(30, "1 x 1,99"), (-300, "1,99 A")]))
    assert items(doc) == [("Pienas 2,53 1L", "2", "1.29", "2.58"), ("Duona", "1", "1.99", "1.99")]


@pytest.mark.parametrize("tail", ["", " A", " EUR", " Eur A"])
def test_a_receipts_items_of_one_printed_without_factors(tail):
    # a till prints "Duona  1,99 A" for one piece: quantity 1 at its amount; a discount,
    # the total and the payment under the items are no items
    doc = column_page((100, [(20, "Duona juoda"), (-300, "1,99" + tail)]),
               (112, [(20, "Pienas 2,5% 1L")]), (124, [(30, "2 x 1,29"), (-300, "2,58" + tail)]),
               (136, [(20, "Sūris Džiugas 180 g"), (-300, "4,79" + tail)]),
               (148, [(20, "Nuolaida"), (-300, "0,50")]),
               (160, [(20, "VISO"), (-300, "8,86")]), (172, [(20, "Mokėta kortele"), (-300, "8,86")]))
    assert items(doc) == [("Duona juoda", "1", "1.99", "1.99"), ("Pienas 2,5% 1L", "2", "1.29", "2.58"),
                          ("Sūris Džiugas 180 g", "1", "4.79", "4.79")]


def test_a_receipt_of_items_of_one_only_is_read_when_they_add_up_to_its_total():
    rows = [(100, [(20, "Obuoliai"), (-300, "1,29 EUR")]), (112, [(20, "Duona juoda"), (-300, "1,29 EUR")]),
            (124, [(20, "Kava Lavazza Oro 500g"), (-300, "4,79 EUR")])]
    doc = column_page(*rows, (140, [(20, "VISO"), (-300, "7,37")]))
    assert items(doc) == [("Obuoliai", "1", "1.29", "1.29"), ("Duona juoda", "1", "1.29", "1.29"),
                          ("Kava Lavazza Oro 500g", "1", "4.79", "4.79")]
    # lines of text and an amount that do not make the total are not taken for items
    assert items(column_page(*rows, (140, [(20, "VISO"), (-300, "9,37")]))) == []
    # under a table header they are a table of amounts, which prints no quantities
    header = (88, [(20, "Prekė"), (200, "Kiekis"), (-300, "Suma")])
    assert [ln[1:] for ln in items(column_page(header, *rows, (140, [(20, "VISO"), (-300, "7,37")])))] == \
        [(None, None, "1.29"), (None, None, "1.29"), (None, None, "4.79")]


@pytest.mark.parametrize("factors", ["2 x 12,98", "2 x: 12,90", "2-x:12,90"])
def test_a_receipt_items_factors_as_ocr_misread_them(factors):
    # a price read with a wrong digit is mended by the amount; a dot or colon beside the sign
    printed = column_page((100, [(20, "Kafija Paulig 400g")]), (112, [(30, "1 x 12,90"), (-300, "12,90 A")]),
                   (124, [(20, "Piens 2% 1L")]), (136, [(30, factors), (-300, "25,80 A")]),
                   (148, [(20, "Āboli Gala")]), (160, [(30, "1 x 2,49"), (-300, "2,49 A")]))
    doc = Document([Page(1, 595, 842, printed.pages[0].words, "tesseract", False)])  # read by OCR
    assert items(doc) == [("Kafija Paulig 400g", "1", "12.90", "12.90"), ("Piens 2% 1L", "2", "12.90", "25.80"),
                          ("Āboli Gala", "1", "2.49", "2.49")]


def test_the_russian_models_doubled_multiplication_sign():
    doc = column_page((100, [(20, "Кофе молотый 250г")]), (112, [(30, "1х X 1,99"), (-300, "1,99 А")]),
               (124, [(20, "Хлеб ржаной")]), (136, [(30, "2х X 0,45"), (-300, "0,90 А")]))
    assert items(doc) == [("Кофе молотый 250г", "1", "1.99", "1.99"), ("Хлеб ржаной", "2", "0.45", "0.90")]


def test_a_description_wrapped_at_its_hyphen_joins_up_again():
    doc = column_page((100, [(20, "Milk"), (-200, "3"), (-250, "0.45"), (-300, "1.35")]), (112, [(20, "semi-")]),
               (124, [(20, "skimmed 2L")]), (136, [(20, "Apples"), (-200, "1"), (-250, "12.90"), (-300, "12.90")]))
    assert items(doc)[0] == ("Milk semi-skimmed 2L", "3", "0.45", "1.35")


def test_an_amount_and_its_currency_under_a_receipts_items_are_no_item_text():
    # "Užstatas 0,10 EUR" (a deposit, set apart from the items' amounts) is not the end of
    # the last item's description, as a number that words follow would be ("Pienas 2,53 1L")
    doc = column_page((100, [(20, "Pienas 2,5% 1L")]), (112, [(30, "2 x 1,29"), (-300, "2,58 A")]),
               (124, [(20, "Duona")]), (136, [(30, "1 x 1,99"), (-300, "1,99 A")]),
               (148, [(20, "Užstatas"), (150, "0,10 EUR")]))
    assert items(doc)[-1] == ("Duona", "1", "1.99", "1.99")


def test_a_weighed_receipt_item_with_its_unit_between_the_factors():
    doc = column_page((100, [(20, "Obuoliai")]), (112, [(30, "1,234 kg x 2,99 EUR/kg"), (-300, "3,69")]),
               (124, [(20, "Duona")]), (136, [(30, "1 x 1,99"), (-300, "1,99")]))
    assert items(doc) == [("Obuoliai", "1.234", "2.99", "3.69"), ("Duona", "1", "1.99", "1.99")]


def test_a_table_under_bilingual_titles_over_two_lines():
    doc = column_page(
        (200, [(40, "Prekė / Item"), (230, "Kiekis /"), (290, "Vnt. /"), (340, "Kaina /"), (460, "Suma /")]),
        (211, [(230, "Qty"), (290, "Unit"), (340, "Unit price"), (460, "Amount")]),
        (228, [(40, "Kavos pupelės 1 kg"), (-270, "12"), (290, "kg"), (-400, "14,20"), (-520, "170,40")]),
        (244, [(40, "Biuro kėdė su"), (-270, "2"), (290, "vnt."), (-400, "149,00"), (-520, "298,00")]),
        (255, [(40, "porankiais")]),
        (280, [(300, "Suma be PVM / Net total"), (-520, "468,40")]),
    )
    assert items(doc) == [("Kavos pupelės 1 kg", "12", "14.20", "170.40"),
                          ("Biuro kėdė su porankiais", "2", "149.00", "298.00")]
    assert extract_invoice(doc)["totals"]["net"] == "468.40"


def test_a_vat_rate_column_printed_before_the_factors_is_the_rate_not_description():
    doc = column_page((200, [(40, "Désignation"), (250, "TVA"), (300, "P.U. HT"), (370, "Qté"), (450, "Total HT")]),
               (215, [(40, "Lampe de bureau"), (250, "20%"), (300, "45,00"), (370, "3"), (450, "135,00")]),
               (227, [(40, "Abat-jour lin"), (250, "20%"), (300, "19,50"), (370, "2"), (450, "39,00")]))
    lines = extract_invoice(doc)["lines"]
    assert [(ln["description"], ln["vatRate"], ln["quantity"], ln["unitPrice"]) for ln in lines] == [
        ("Lampe de bureau", "20", "3", "45.00"), ("Abat-jour lin", "20", "2", "19.50")]


def test_a_marketplace_line_prints_the_net_price_and_rate_and_the_gross_amount():
    # quantity x net unit price x (1 + rate) = the gross amount; the net amount is their product
    doc = column_page((190, [(40, "Description"), (260, "Qty"), (300, "Unit price (excl. VAT)"), (400, "VAT rate"),
                      (460, "Item subtotal (incl. VAT)")]),
               (205, [(40, "USB-C Cable 2m"), (-270, "2"), (-390, "€8.26"), (-440, "21%"), (-550, "€19.99")]),
               (217, [(40, "Wireless Mouse"), (-270, "1"), (-390, "€32.64"), (-440, "21%"), (-550, "€39.50")]))
    lines = extract_invoice(doc)["lines"]
    assert [(ln["description"], ln["quantity"], ln["unitPrice"], ln["vatRate"], ln["netAmount"], ln["grossAmount"])
            for ln in lines] == [("USB-C Cable 2m", "2", "8.26", "21", "16.52", "19.99"),
                                 ("Wireless Mouse", "1", "32.64", "21", "32.64", "39.50")]


def test_a_rate_beside_numbers_that_do_not_make_a_gross_amount_makes_no_item():
    nums = line_numbers(_line("Cable | 2 | 8,26 | 21 % | 25,00"))
    assert products(nums) == []


def test_a_slip_item_whose_text_runs_across_the_slip_over_its_numbers():
    rows = [(100, [(8, "Vertaalwerk 11 x 1.564,04"), (-250, "17.204,44")]),
            (110, [(8, "Onderhoud productielijn inclusief reiskosten en materiaal")]),
            (120, [(8, "195 x 54,83"), (-250, "10.691,85")]),
            (130, [(8, "Koffiebonen 11 x 866,17"), (-250, "9.527,87")])]
    assert items(column_page(*rows)) == [("Vertaalwerk", "11", "1564.04", "17204.44"),
                                  ("Onderhoud productielijn inclusief reiskosten en materiaal", "195", "54.83",
                                   "10691.85"),
                                  ("Koffiebonen", "11", "866.17", "9527.87")]


def test_the_last_items_description_wraps_past_a_label_word_inside_its_text():
    rows = [(200, [(40, "Prekė / paslauga"), (260, "Kiekis"), (320, "Kaina"), (-550, "Suma")]),
            (215, [(40, "Programinės įrangos priežiūra"), (-270, "2"), (-360, "100,00"), (-550, "200,00")]),
            (227, [(40, "Metinė priežiūra"), (-270, "7"), (-360, "508,31"), (-550, "3 558,17")]),
            (239, [(40, "pagal sutartį Nr. 2026/15")]),
            (251, [(40, "(sausio–kovo mėn.)")]),
            (290, [(350, "Suma be PVM:"), (-550, "3 758,17")])]
    assert [ln[0] for ln in items(column_page(*rows))] == [
        "Programinės įrangos priežiūra", "Metinė priežiūra pagal sutartį Nr. 2026/15 (sausio–kovo mėn.)"]


def test_a_decimal_comma_ocr_read_as_a_semicolon_is_a_comma_and_a_time_stays_a_time():
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout

    words = [Word(t, x, 100, x + 5 * len(t), 108, 0.9) for t, x in
             (("Transport", 40), ("14,52", 200), ("236;32", 260), ("3431,37", 330), ("14:08", 420))]
    layout = Layout(Document([Page(1, 595, 842, words, "tesseract", False)]), ALL_LABELS)
    assert [n.value for n in line_numbers(layout.lines[1][0])][:3] == [Decimal("14.52"), Decimal("236.32"),
                                                                      Decimal("3431.37")]
    assert "14:08" in layout.lines[1][0].text



def test_a_thousands_point_ocr_read_as_a_dash_is_a_point_and_a_date_stays_a_date():
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout

    words = [Word(t, x, 100, x + 5 * len(t), 108, 0.9) for t, x in
             (("2x", 40), ("1.062,01", 60), ("-212,40", 120), ("1-911,62", 180), ("2026-123", 260))]
    layout = Layout(Document([Page(1, 595, 842, words, "tesseract", False)]), ALL_LABELS)
    assert layout.lines[1][0].text == "2x 1.062,01 -212,40 1.911,62 2026-123"
    printed = Layout(Document([Page(1, 595, 842, words, "pdf-text", True)]), ALL_LABELS)
    assert "1-911,62" in printed.lines[1][0].text  # a text layer is exact


def test_a_first_row_whose_arithmetic_ocr_broke_is_still_the_tables_first_item():
    rows = [(200, [(40, "Nr."), (60, "Artikel"), (250, "Aantal"), (320, "Stukprijs"), (-550, "Bedrag")]),
            (215, [(40, "1."), (60, "Houtschroeven 4 x 40"), (-270, "12"), (-370, "258,24"), (-550, "3.098,38")]),
            (230, [(40, "2."), (60, "Vertaalwerk"), (-270, "77"), (-370, "48,76"), (-550, "3.754,52")]),
            (245, [(40, "3."), (60, "Koffiebonen"), (-270, "39,9"), (-370, "23,65"), (-550, "943,64")])]
    assert [ln[0] for ln in items(column_page(*rows))] == ["Houtschroeven 4 x 40", "Vertaalwerk", "Koffiebonen"]


def test_a_row_that_is_the_sum_of_the_rows_above_it_is_their_total_not_an_item():
    # the totals' labels misread past reading ("llase" for "Base", "Caota" for "Cuota"), their
    # currency after them: net and VAT, adding up to the gross under them, look like a till's
    # items and their total. But the first is the sum of every item above it
    doc = scanned(column_page(
        (220, [(40, "Transporte Valencia-Vilna"), (-290, "7"), (-370, "1.475,61"), (-420, "4 %"), (-540, "10.329,27")]),
        (240, [(40, "Silla de oficina"), (-290, "6"), (-370, "1.057,87"), (-420, "4 %"), (-540, "6.347,22")]),
        (260, [(40, "Tornillos para madera"), (-290, "4"), (-370, "1.458,04"), (-420, "4 %"), (-540, "5.832,16")]),
        (285, [(400, "llase"), (-520, "22.508,65"), (523, "CHF")]),
        (300, [(400, "Caota IVA 4 %"), (-520, "900,35"), (523, "CHF")]),
        (315, [(400, "Importe tutal"), (-520, "23.409,00"), (523, "CHF")]),
    ))
    got = extract_invoice(doc)
    assert [ln["netAmount"] for ln in got["lines"]] == ["10329.27", "6347.22", "5832.16"]
    assert (got["totals"]["net"], got["totals"]["vat"], got["totals"]["gross"]) == ("22508.65", "900.35", "23409.00")


def test_an_item_whose_amount_is_the_sum_of_those_above_it_stays_an_item():
    # a till's items of one, no factors printed: the third is the sum of the first two
    doc = scanned(column_page(
        (220, [(200, "Kava"), (-400, "10,00")]),
        (235, [(200, "Arbata"), (-400, "20,00")]),
        (250, [(200, "Pyragas"), (-400, "30,00")]),
        (270, [(200, "Iš viso"), (-400, "60,00")]),
    ))
    assert [ln["netAmount"] for ln in extract_invoice(doc)["lines"]] == ["10.00", "20.00", "30.00"]
