"""Mechanisms that read producers the engine never saw, on pages made by hand.

Each case states a general property of invoices (not a layout): compound titles, a VAT
code whose only fault is its check digits, a label joined to its number word, a heading
word inside a company's name, "key : value" blocks, one party's lines in one run, the
sender of a window letter."""

import pytest

from assets.extraction import extract_invoice
from assets.extraction.vat_codes import find_vat_codes, read_vat_code
from tests.support.word_pages import font_page, page, scanned


@pytest.mark.parametrize("title", ["Verkaufsrechnung", "Mietrechnung", "Verkoopfactuur"])
def test_a_title_closing_a_compound_word_announces_the_number(title):
    inv = extract_invoice(page((60, [(50, f"{title} Nr. 88-1042 vom 01.02.2026")])))
    assert inv["invoiceNumber"] == "88-1042"
    assert inv["documentType"] in ("invoice", "vat_invoice")


def test_a_vat_code_with_failed_check_digits_is_read_as_printed_and_flagged():
    code = read_vat_code(": DE123456789")
    assert code is not None and code.value == "DE123456789" and code.valid is False
    assert find_vat_codes("DE1234567890123") == []  # wrong length: no code at all


def test_a_key_value_block_under_its_headings():
    rows = [
        (100, [(50, "Verkäufer:")]),
        (112, [(50, "Lieferant GmbH")]),  # a seller's heading word inside the name
        (124, [(50, "Hauptstraße 1")]),
        (136, [(50, "DE 80331 München")]),
        (148, [(50, "USt.-Id.-Nr."), (128, ":"), (140, "DE811569869")]),
        (172, [(50, "Käufer:")]),
        (184, [(50, "Kundennummer"), (128, ":"), (140, "K-4711")]),  # a field line, not the name
        (196, [(50, "Muster AG")]),
        (208, [(50, "Ringstraße 5")]),
        (220, [(50, "DE 50667 Köln")]),
    ]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Lieferant GmbH", "DE811569869")
    assert inv["buyer"]["name"] == "Muster AG"


def test_a_heading_in_a_key_column_names_the_party_beside_it():
    # A form of two columns: the heading where the keys stand, the name where the values do.
    rows = [
        (40, [(50, "Rīgas Tekstils SIA")]),
        (52, [(50, "PVN Nr. LV40000544809")]),
        (150, [(40, "Saņēmējs"), (112, "Gaujas Koks AS")]),
        (162, [(112, "Reģistrācijas Nr. 40008868085")]),
        (174, [(112, "PVN Nr. LV40008868085")]),
    ]
    inv = extract_invoice(page(*rows))
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("Gaujas Koks AS", "LV40008868085")


@pytest.mark.parametrize("footer, name", [
    ("Gaujas Koks SIA НДС per. № LV40000048577", "Gaujas Koks SIA"),  # its rule lost, "рег." misread
    # its rules lost, "SIREN" misread: no label ends the name before the misread one
    ("Brest Marine SAS N° SREN 454194556 N° TVA intracommunautaire FR42454194556", "Brest Marine SAS"),
])
def test_a_footers_name_ends_at_its_legal_form_where_a_label_follows(footer, name):
    rows = [
        (100, [(50, "Заказчик")]),
        (112, [(50, "Daugava Trans SIA")]),
        (124, [(50, "НДС рег. № LV40008288404")]),
        (790, [(200, footer)]),
    ]
    assert extract_invoice(scanned(page(*rows)))["seller"]["name"] == name


def test_one_partys_codes_mid_page_under_another_companys_letterhead_are_the_buyers():
    # The seller's own codes lost (OCR), the buyer's heading too: what is left under the
    # letterhead has nothing of a seller's (no account, no footer, not the letterhead's name).
    inv = extract_invoice(font_page([
        (40, 60, "VšĮ Miško keliai", 16),
        (70, 300, "PVM SĄSKAITA FAKTŪRA", 12), (90, 300, "Sąskaitos Nr.: AB 685835", 9),
        (160, 50, "Uisab", 9),
        (185, 50, "Kodas: 392937800", 9), (203, 50, "PVM mok. kodas: LT845290911", 9),
        (220, 50, "Žalgirio g. 91-21, LT-45456 Marijampolė", 9),
    ]))
    assert inv["buyer"]["vatCode"] == "LT845290911" and inv["seller"]["vatCode"] is None
    assert inv["seller"]["name"] == "VšĮ Miško keliai"


def test_payment_details_over_an_account_holder_are_the_sellers():
    rows = [
        (60, [(350, "Nordwind Handels GmbH")]),
        (72, [(350, "Hafenweg 3")]),
        (84, [(350, "20457 Hamburg")]),
        (120, [(60, "Nordwind Handels GmbH ● Hafenweg 3 ● 20457 Hamburg")]),
        (134, [(60, "Erika Beispiel")]),
        (146, [(60, "Lindenallee 7")]),
        (158, [(60, "10115 Berlin")]),
        (250, [(60, "Invoice # NW-2026-31")]),
        (700, [(350, "VAT-ID: DE811569869")]),
        (712, [(350, "IBAN DE89370400440532013000")]),
        (724, [(350, "Account holder: Jan Nordwind")]),
    ]
    inv = extract_invoice(page(*rows))
    assert inv["seller"]["vatCode"] == "DE811569869" and inv["seller"]["iban"] == "DE89370400440532013000"
    assert inv["buyer"]["vatCode"] is None and inv["buyer"]["iban"] is None
    # The sender on the window's return line, printed again as the letterhead, names the seller.
    assert inv["seller"]["name"] == "Nordwind Handels GmbH"
    assert inv["buyer"]["name"] == "Erika Beispiel"


def test_a_number_on_the_titles_line_beats_a_label_inside_a_sentence():
    rows = [
        (60, [(50, "Verkaufsrechnung Nr. A2026-0815 vom 01.02.2026")]),
        (500, [(50, "Bei Rückfragen bitte Ihre Kundennummer 4711 und Rechnungsnummer 2026-0815 angeben")]),
    ]
    assert extract_invoice(page(*rows))["invoiceNumber"] == "A2026-0815"


@pytest.mark.parametrize("rows, number", [
    # A title with its number over a second, bare title: the number is the titled line's.
    ([(60, [(50, "Handelsrechnung Nr. 47110815 vom 31.10.2018")]), (78, [(50, "RECHNUNG")])], "47110815"),
    # Words between the title and its number sign ("of the insurer").
    ([(60, [(50, "Rechnung des Versicherers Nr. 00.123.456.7-2018-1 vom")]), (78, [(50, "11.03.2018")])],
     "00.123.456.7-2018-1"),
])
def test_a_number_sign_a_title_opens_the_cell_for(rows, number):
    assert extract_invoice(page(*rows))["invoiceNumber"] == number


def _sized(rows):
    """rows: (y, x, text, size): words in type of the given size, read by OCR."""
    return scanned(font_page(rows))


_BUYER_UNDER_ITS_HEADING = [
    (150, 60, "Pirkėjas:", 10), (163, 60, "UAB Šiaurės vėjas", 10), (176, 60, "Įmonės kodas 302345678", 10),
    (189, 60, "PVM kodas LT100001738313", 10), (260, 60, "Suma 100,00 EUR", 10),
]


@pytest.mark.parametrize("title", ["ARVE", "SĄSKAITA FAKTŪRA", "INVOICE"])
def test_a_letterhead_run_into_the_title_still_names_the_seller(title):
    # OCR closed the gap between the letterhead's name and the title beside it; the
    # seller's codes came out garbled, so the letterhead's name is all there is of it
    rows = [(40, 60, f"Eesti Puit AS {title}", 16), (62, 60, "KMKR nr EC1O32149G8", 9), *_BUYER_UNDER_ITS_HEADING]
    inv = extract_invoice(_sized(rows))
    assert inv["seller"]["name"] == "Eesti Puit AS"
    assert inv["buyer"]["name"] == "UAB Šiaurės vėjas"
    assert inv["seller"]["vatCode"] is None


def test_a_legal_form_that_reads_like_a_label_stays_with_the_name():
    rows = [(40, 60, "Gouda Kaas N.V.", 16), (62, 60, "Keizersgracht 46, 1015 CS Amsterdam", 9),
            *_BUYER_UNDER_ITS_HEADING]
    assert extract_invoice(_sized(rows))["seller"]["name"] == "Gouda Kaas N.V."


def test_no_seller_is_made_of_a_letterhead_without_a_legal_form():
    rows = [(40, 60, "Puidutööd ja palgid", 16), *_BUYER_UNDER_ITS_HEADING]
    assert extract_invoice(_sized(rows))["seller"]["name"] is None


@pytest.mark.parametrize("text, key, label", [
    ("Nr.2026-0025", "number", "Nr."),
    ("N°12129", "number", "N°"),
    ("N°A-2025/2383", "number", "N°"),  # a series' letters after the sign
    ("No.12", "number", "No."),
    ("Nr.RE-2025-3990", "number", "Nr."),  # a series and a dash after the sign
    ("No.:INV-2025-8161", "number", "No.:"),
    ("Datum:12.03.2026", "issue_date", "Datum:"),
    ("NIF-IVA:ESB31000086", "vat_code", "NIF-IVA:"),  # a code that opens with its country's letters
])
def test_a_label_glued_to_its_value_by_its_punctuation_is_found(text, key, label):
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout

    layout = Layout(page((100, [(50, text)])), ALL_LABELS)
    line = layout.lines[1][0]
    assert [(h.key, line.text[h.start:h.end]) for h in layout.hits(line)] == [(key, label)]


@pytest.mark.parametrize("text", ["Datamatrix", "Customer:2", "Nr2026", "N°Ansbach"])
def test_a_word_that_only_begins_like_a_label_is_none(text):
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout

    layout = Layout(page((100, [(50, text)])), ALL_LABELS)
    line = layout.lines[1][0]
    assert [h for h in layout.hits(line) if h.start == 0 and h.key in ("number", "buyer", "issue_date")] == []


def test_a_receipts_number_glued_to_its_sign_is_the_invoice_number():
    inv = extract_invoice(page((60, [(200, "KASSABON")]), (80, [(200, "Nr.2026-0025")]),
                               (100, [(200, "6 augustus 2026 18:18")])))
    assert inv["invoiceNumber"] == "2026-0025"
    inv = extract_invoice(page((60, [(200, "Recibo")]), (80, [(200, "N°A-2025/2383")]),
                               (100, [(200, "27/09/2025 12:39")])))
    assert inv["invoiceNumber"] == "A-2025/2383"


@pytest.mark.parametrize("title, line, number", [
    ("PVM SĄSKAITA FAKTŪRA", "Ne 4282", "4282"),  # "№" read as a capital and a letter
    ("RĒĶINS-PAVADZĪME", "Ne. RK 2870", "RK 2870"),  # a series in capitals after it
    ("ARVE", "Arve ar: 93369", "93369"),  # what OCR left of "nr:" between the title and the number
    ("ARVE", "Arve or 11133", "11133"),
])
def test_a_number_sign_or_word_ocr_misread_still_announces_the_number(title, line, number):
    rows = [(60, [(200, title)]), (80, [(200, line)]), (100, [(200, "2026-05-04")])]
    assert extract_invoice(scanned(page(*rows)))["invoiceNumber"] == number


@pytest.mark.parametrize("sign", ["+", "4", "ž"])
def test_a_number_sign_ocr_read_as_another_glyph_announces_the_number_under_a_letters_window(sign):
    # "Invoice # RE-20201121/508" printed under the window, below the page's upper part, its
    # "#" read as another glyph: the title and that glyph still announce the number
    rows = [(60, [(200, "Invoice")]), (380, [(60, f"Invoice {sign} RE-20201121/508 issued at 2020-11-21")])]
    assert extract_invoice(scanned(page(*rows)))["invoiceNumber"] == "RE-20201121/508"
    # a dash or a capital there is printed so, no misread sign
    for other in ("Invoice - 2026-118 of 2020-11-21", "Invoice A RE-20201121/508"):
        rows = [(60, [(200, "Invoice")]), (380, [(60, other)])]
        assert extract_invoice(scanned(page(*rows)))["invoiceNumber"] in (None, "A RE-20201121/508"), other


def test_an_identifier_alone_under_the_title_is_the_number_and_a_date_there_is_not():
    def number(under: str, x: float = 200):
        return extract_invoice(scanned(page((60, [(200, "Pro-formafactuur")]), (74, [(x, under)]),
                                            (120, [(60, "Totaal 121.00")]))))["invoiceNumber"]

    assert number("F23747") == "F23747"
    # a date (even one OCR misread out of the calendar), an amount, a short code, or an
    # identifier that does not stand under the title: none
    for other in ("2525-45-08", "15-11-2025", "3.098.88", "F12"):
        assert number(other) is None, other
    assert number("F23747", x=450) is None


def test_a_speck_before_a_number_with_its_own_letters_is_no_series():
    rows = [(60, [(200, "RECHNUNG")]), (80, [(60, "Rechnungs-Nr.")]), (92, [(60, "L RE-2025-3808")])]
    assert extract_invoice(scanned(page(*rows)))["invoiceNumber"] == "RE-2025-3808"
    rows = [(60, [(200, "SĄSKAITA FAKTŪRA")]), (80, [(60, "Nr.")]), (92, [(60, "AB 130498")])]
    assert extract_invoice(scanned(page(*rows)))["invoiceNumber"] == "AB 130498"


def test_a_vat_code_whose_check_digits_ocr_misread_is_no_invoice_number():
    # "Käibemaksukohustuslase nr" misread: its "nr" reads like a number's label, but what
    # follows is an Estonian VAT code of its format (one digit misread), not the number
    rows = [(60, [(200, "ARVE")]), (80, [(200, "Kabemakslohustuslase nr EE109546073 Anve number A-9488")])]
    assert extract_invoice(scanned(page(*rows)))["invoiceNumber"] == "A-9488"


def test_a_printed_ne_or_a_series_after_a_title_is_no_misread_sign():
    # a text layer prints "Nr."; there "Ne 4282" is not read as a number sign
    rows = [(60, [(200, "SĄSKAITA")]), (80, [(200, "Ne 4282")])]
    assert extract_invoice(page(*rows))["invoiceNumber"] is None
    # a series in capitals after the title is the number's, not what is left of "Nr."
    rows = [(60, [(200, "Faktura FV 563/10/2025")]), (80, [(200, "2026-05-04")])]
    assert extract_invoice(scanned(page(*rows)))["invoiceNumber"] == "FV 563/10/2025"


def test_the_one_later_date_is_the_due_date_whose_label_ocr_did_not_read():
    def inv(*lines):
        rows = [(60, [(200, "PVM SĄSKAITA FAKTŪRA")]), (80, [(200, "Data 2025-03-19")])]
        return extract_invoice(scanned(page(*rows, *((100 + 12 * k, [(200, ln)]) for k, ln in enumerate(lines)))))

    due = inv("Sumoket as 2025-03-29")  # "Sumokėti iki" misread
    assert (due["issueDate"], due["dueDate"]) == ("2025-03-19", "2025-03-29")
    assert due["confidence"]["fields"]["dueDate"] < 0.9
    # two other dates (an order's, a period's): neither is taken for the due date
    assert inv("Sumoket as 2025-03-29", "Uzsakymas 2025-03-02")["dueDate"] is None
    # a date before the issue date, or months after it, is no due date
    assert inv("Pristatyta 2025-03-12")["dueDate"] is None
    assert inv("Galioja iki 2026-03-19")["dueDate"] is None


@pytest.mark.parametrize("text, labels", [
    ("Kiekis", True), ("Buyer", True), ("Btw-nummm", True), ("Smporte", True), ("Delitvory Addresa", True),
    ("Item Solutions", False), ("Theodor Est", False), ("Ma jolie boutique", False),
    ("Kunde GmbH", False),  # a company's name, whatever its words
])
def test_a_would_be_name_of_label_words_as_ocr_reads_them_is_none(text, labels):
    from assets.extraction.parties import label_words_only

    assert label_words_only(text) is labels


@pytest.mark.parametrize("text, address", [
    ("Gedimino pr. 14, LT-82613 Panevėžys", True), ("Ukmergės g. 142-25, LT-32807 Kėdainiai", True),
    ("UAB „Vilniaus spauda“", False), ("Bodegas Duero S.A. 46560 Bilbao", False),  # a legal form: a company
])
def test_an_address_line_read_where_a_name_should_be_is_none(text, address):
    from assets.extraction.parties import postal_line

    assert postal_line(text) is address


def test_a_line_of_the_invoices_own_fields_under_a_heading_is_no_name():
    rows = [(100, [(50, "Customer: 2")]), (120, [(50, "Your order AB321")]),
            (140, [(50, "Invoice # RE-1 issued at 2019-06-10")])]
    assert extract_invoice(page(*rows))["buyer"]["name"] != "Your order AB321"


def test_a_labels_inner_abbreviation_dot_may_be_lost():
    # "VAT reg. no." read without its inner dot: still the VAT code's label, not "VAT"
    # and a number sign; its value is read as a labelled code (a garbled prefix repaired)
    rows = [(100, [(50, "Buyer:")]), (112, [(50, "AB Greita siunta")]),
            (124, [(50, "VAT reg no. L7656768314")]), (136, [(50, "Basanavičiaus g. 45, LT-42450 Panevėžys")])]
    assert extract_invoice(scanned(page(*rows)))["buyer"]["vatCode"] == "LT656768314"


def test_one_currency_symbol_ocr_read_does_not_make_the_currency():
    from tests.support.word_pages import scanned

    rows = [(40, [(40, "PVM SĄSKAITA FAKTŪRA")]), (200, [(40, "Mokymai darbuotojams 119 d. $3,70 6390,30")]),
            (230, [(300, "Iš viso: 6390,30")])]
    assert extract_invoice(scanned(page(*rows)))["currency"] == "EUR"    # "$3,70" is a misread "53,70"
    assert extract_invoice(page(*rows))["currency"] == "USD"             # printed so, it is a dollar
    rows.append((250, [(300, "Apmokėti: $6390,30")]))
    assert extract_invoice(scanned(page(*rows)))["currency"] == "USD"    # read twice, it is one
    rows[-1] = (250, [(300, "Valiuta: USD")])
    assert extract_invoice(scanned(page(*rows)))["currency"] == "USD"


def test_a_bare_number_another_countrys_check_passes_under_a_domestic_label_is_no_vat_code():
    # "NIF: 384215336" on a Spanish invoice passes only the Czech check: a Lithuanian buyer's
    # register code; its VAT number is the next line's, its "LT" read as "17".
    rows = [(40, [(40, "Factura")]), (80, [(40, "Destinatario:")]), (95, [(40, "„Ąžuolo baldai“ UAB")]),
            (110, [(40, "NIF: 384215336")]), (125, [(40, "Nº IVA: 17614054918")]),
            (140, [(40, "Domicilio: Konstitucijos pr. 111-22, LT-44302 Alytus")])]
    assert extract_invoice(page(*rows))["buyer"]["vatCode"] == "LT614054918"


def _monospaced_ocr(rows):
    """A page in a monospaced font as OCR boxes it: each word as tall as its glyphs (6.5 pt
    of a 9.4 pt font) and as wide as its letters, a space and the letters' side bearings
    (8.2 pt) between words, as wide as a glyph is tall."""
    from assets.ocr.model import Document, Page, Word

    words = []
    for y, x, text in rows:
        for token in text.split():
            words.append(Word(token, x, y, x + 5.6 * len(token) - 0.6, y + 6.5, 0.95))
            x += 5.6 * len(token) + 7.6
    return Document([Page(1, 595, 842, words, "tesseract", False)])


def test_a_monospaced_line_ocr_boxed_tight_stays_one_cell():
    from assets.extraction.lines import TextLine

    line = TextLine(1, 0, _monospaced_ocr([(100, 50, "DE 80333 München")]).pages[0].words)
    assert line.cells == [(0, len(line.text))]
    # words a column apart stay apart
    line = TextLine(1, 0, _monospaced_ocr([(100, 50, "Nettopreis"), (100, 150, "Menge")]).pages[0].words)
    assert len(line.cells) == 2


def test_a_sellers_block_in_a_monospaced_scan():
    # A "DE" before a postal code is no French heading "De" standing as a cell of its own.
    doc = _monospaced_ocr([
        (60, 50, "Handelsrechnung Nr. 471102 vom 05.03.2018"),
        (295, 50, "Verkäufer:"),
        (318, 50, "Lieferant GmbH"),
        (329, 50, "Lieferantenstraße 20"),
        (341, 50, "DE 80333 München"),
        (364, 50, "USt.-Id.-Nr. : DE123456789"),
        (398, 50, "Käufer/Leistungsempfänger:"),
        (409, 50, "Kunden AG Mitte"),
        (420, 50, "Kundenstraße 15"),
        (432, 50, "DE 69876 Frankfurt"),
    ])
    invoice = extract_invoice(doc)
    assert (invoice["seller"]["name"], invoice["seller"]["vatCode"]) == ("Lieferant GmbH", "DE123456789")
    assert invoice["buyer"]["name"] == "Kunden AG Mitte"


def test_a_name_printed_with_its_address_ends_at_its_legal_form_before_a_house_number():
    # The letterhead's dashes between name and address read as a line of their own (the
    # emblem's "ÀX" beside it: see the next test).
    from assets.ocr.model import Document, Page, Word

    def line(y, x, text, conf=0.95):
        out = []
        for token in text.split():
            out.append(Word(token, x, y, x + 4.2 * len(token), y + 6.5, conf))
            x += 4.2 * len(token) + 3
        return out

    words = [Word("ÀX", 31, 32, 70, 68, 0.64),
             *line(33, 111, "Au bon moulin SARL 1242 chemin de l'olive 84340 Malaucène France"),
             *line(51, 111, "TVA : FR11999999998 SIRET : 99999999800010"),
             *line(102, 33, "Facture FA-2017-0010"),
             *line(140, 327, "Ma jolie boutique"), *line(152, 327, "35 rue de la République"),
             *line(164, 327, "69001 Lyon"),
             *line(313, 35, "N° TVA client FR19787878784")]
    invoice = extract_invoice(Document([Page(1, 595, 842, words, "tesseract", False)]))
    assert invoice["seller"]["name"] == "Au bon moulin SARL"


def test_a_logo_ocr_read_as_letters_is_no_text_of_the_page():
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout
    from assets.ocr.model import Document, Page, Word

    words = [Word("ÀX", 31, 32, 70, 68, 0.64), Word("ACME", 120, 30, 300, 66, 0.97),  # large type, read sure
             Word("Facture", 33, 102, 63, 108.5, 0.95), Word("FA-2017-0010", 66, 102, 116, 108.5, 0.95),
             Word("Lyon", 33, 120, 50, 126.5, 0.95)]
    lines = Layout(Document([Page(1, 595, 842, words, "tesseract", False)]), ALL_LABELS).lines[1]
    text = " ".join(ln.text for ln in lines)
    assert "ÀX" not in text and "ACME" in text
    # a text layer's words are as printed
    lines = Layout(Document([Page(1, 595, 842, words, "pdf-text", True)]), ALL_LABELS).lines[1]
    assert "ÀX" in " ".join(ln.text for ln in lines)


def test_a_register_code_whose_label_was_misread_is_known_by_its_country_s_checksum():
    rows = [
        (40, [(40, "ARVE nr 2026-15")]),
        (80, [(40, "Müüja:")]),
        (95, [(40, "Saare Kala AS")]),
        (110, [(40, "Regisbrlood 13719945")]),  # "Registrikood" as OCR left it
        (125, [(40, "KMKR: EE100797792")]),
        (160, [(40, "Ostja:")]),
        (175, [(40, "Pärnu Ehitus OÜ")]),
        (190, [(40, "Telefon 37256123456")]),  # a number on a telephone's line is none
    ]
    inv = extract_invoice(scanned(page(*rows)))
    assert (inv["seller"]["companyCode"], inv["seller"]["vatCode"]) == ("13719945", "EE100797792")
    assert inv["buyer"]["companyCode"] is None


def test_a_latvian_vat_code_whose_prefix_was_lost_is_no_register_code():
    rows = [
        (40, [(40, "Rēķins Nr. 45/25")]),
        (80, [(40, "Pārdevējs:")]),
        (95, [(40, "Latvijas Pārtika AS")]),
        (110, [(40, "PVN reģ. Nr. LV40002929390")]),
        (125, [(40, "PVN reģ. Nr. {40002929390")]),
    ]
    inv = extract_invoice(scanned(page(*rows)))
    assert inv["seller"]["vatCode"] == "LV40002929390" and inv["seller"]["companyCode"] is None


def test_a_letter_over_a_contacts_telephone_and_e_mail_heads_no_party():
    # "a:" is what OCR read of an icon beside the seller's contact person; the buyer is the
    # addressee on the left, whose block a lone letter over contacts must not displace
    def buyer(*right):
        rows = [(60, [(40, "Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène")]),
                (100, [(40, "Avoir AV-2017-0005")]),
                (130, [(40, "Ma jolie boutique")]), (142, [(40, "35 rue de la République")]),
                (154, [(40, "69001 Lyon")]), (166, [(40, "France")]),
                (200, [(40, "Date d'échéance"), (160, "16/11/2017"), (330, right[0])]),
                *((212 + 12 * k, [(330, text)]) for k, text in enumerate(right[1:]))]
        return extract_invoice(scanned(page(*rows)))["buyer"]["name"]

    assert buyer("a:", "72 07 08 56", "tony.dubois@aubonmoulin.fr") == "Ma jolie boutique"
    # the same letter over a company's name heads its block
    assert buyer("À:", "Hôtel Saint Denis", "12 rue Victor Hugo", "75001 Paris") == "Hôtel Saint Denis"


def test_a_vat_code_printed_with_a_space_after_its_prefix_is_no_series_and_number():
    from assets.extraction.lines import Span, TextLine
    from assets.extraction.number import _id_from
    from assets.ocr.model import Word

    def ident(text: str):
        words, x = [], 50.0
        for token in text.split():
            words.append(Word(token, x, 60, x + 5 * len(token), 70))
            x += 5 * len(token) + 3
        line = TextLine(1, 0, words)
        found = _id_from(Span(line, 0, len(line.text)))
        return found.text if found is not None else None

    assert ident("LV 40000544800") is None      # Latvia's VAT code, its check digit misread
    assert ident("SV 884140") == "SV 884140"    # a series and its number
