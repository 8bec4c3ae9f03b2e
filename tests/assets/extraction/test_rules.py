"""Extraction rules on small synthetic pages (words placed by hand, no OCR).

Each case is a layout variant the fixtures do not cover, so the rules are exercised as
rules rather than as a fit to two documents.
"""

import pytest

from assets.extraction import ALL_LABELS, extract_invoice, parties
from assets.extraction.layout import Layout
from assets.ocr.model import Document, Page, Word
from tests.support.word_pages import boxed, column_page, font_page, page, scanned


@pytest.mark.parametrize(
    "rows, expected",
    [
        (  # series and number on the title line, date unlabelled under it
            [(40, [(150, "PVM SĄSKAITA FAKTŪRA Serija ABC Nr. 000123")]), (60, [(200, "2026 m. kovo 14 d.")])],
            ("vat_invoice", "ABC", "000123", "ABC 000123", "2026-03-14"),
        ),
        (  # number right after the title, generic "Data" label
            [(40, [(150, "PVM sąskaita faktūra Nr. 2026/15")]), (60, [(200, "Data: 2026-01-05")])],
            ("vat_invoice", None, "2026/15", "2026/15", "2026-01-05"),
        ),
        (  # "Sąskaitos Nr." as the invoice number, dotted day-first dates
            [(40, [(150, "SĄSKAITA FAKTŪRA")]), (60, [(150, "Sąskaitos Nr.: INV-77")]),
             (75, [(150, "Sąskaitos data: 14.03.2026")])],
            ("invoice", None, "INV-77", "INV-77", "2026-03-14"),
        ),
        (  # English, values under their labels
            [(40, [(40, "INVOICE")]), (70, [(40, "Invoice number"), (200, "Invoice date"), (350, "Due date")]),
             (84, [(40, "2026-0042"), (200, "14 March 2026"), (350, "28 March 2026")])],
            ("invoice", None, "2026-0042", "2026-0042", "2026-03-14"),
        ),
        (
            [(40, [(150, "KREDITINĖ PVM SĄSKAITA FAKTŪRA Serija KR Nr. 12")])],
            ("credit_note", "KR", "12", "KR 12", None),
        ),
        (  # a title with its translation after a slash
            [(40, [(150, "PVN RĒĶINS / VAT Invoice")]), (60, [(40, "Rēķina Nr. RK 5646")])],
            ("vat_invoice", None, "RK 5646", "RK 5646", None),
        ),
        (  # a grid's bilingual heading, its value left-aligned under the heading's cell
            [(40, [(150, "PVN RĒĶINS / VAT Invoice")]),
             (70, [(40, "Dokumenta Nr. / Document No."), (300, "Datums / Date")]),
             (82, [(40, "RK 5646"), (300, "2026-10-15")])],
            ("vat_invoice", None, "RK 5646", "RK 5646", "2026-10-15"),
        ),
        (  # a receipt's bare "Nr." under its title
            [(40, [(120, "Kwitantie")]), (55, [(120, "Nr. 2025-3388")])],
            ("receipt", None, "2025-3388", "2025-3388", None),
        ),
        (  # a number sign and a word no dictionary knows, the number in a cell of its own
            [(40, [(40, "FATTURA")]), (80, [(40, "Venditore"), (300, "N. documento"), (400, "22/2025")])],
            ("invoice", None, "22/2025", "22/2025", None),
        ),
        (  # the same above the title, with a colon
            [(40, [(300, "Nr dokumentu: 199/2025")]), (50, [(40, "FAKTURA")])],
            ("invoice", None, "199/2025", "199/2025", None),
        ),
    ],
)
def test_header_variants(rows, expected):
    inv = extract_invoice(page(*rows))
    got = (inv["documentType"], inv["series"], inv["number"], inv["invoiceNumber"], inv["issueDate"])
    assert got == expected


def test_what_ocr_left_of_a_number_label_still_gives_the_number():
    misread_title = [(40, [(40, "FACTU RE")]), (60, [(40, "N°"), (120, "2025/8016"), (300, "Date: 2025-12-21")])]
    assert extract_invoice(page(*misread_title))["invoiceNumber"] == "2025/8016"
    wrapped_nr = [(40, [(40, "Faktura korygująca")]), (60, [(40, "Faktura"), (120, "FV/563/10/2025")]),
                  (66, [(300, "nr:")])]
    assert extract_invoice(page(*wrapped_nr))["invoiceNumber"] == "FV/563/10/2025"
    # "Oorspronkelijke / factuur: 432005": another invoice's number, in a phrase wrapped from above
    original = [(40, [(40, "Creditfactuur")]), (60, [(300, "Oorspronkelijke")]), (72, [(300, "factuur: 432005")])]
    assert extract_invoice(page(*original))["invoiceNumber"] is None


@pytest.mark.parametrize("label, value_below, expected", [
    ("Factura n“:", True, "F26-1514"),  # "nº" with its o read as a quote
    ("Factura n?", True, "79141"),
    ("Factura 1:", True, "65964"),  # "nº:" read as "1:"
    ("Invoice +:", False, "89409"),
    ("Dokumenta Nr. / Invoice 4:", False, "2026-1367"),  # the translation's "#:" read as "4:"
    ("Счет Ne", False, "RU-3200"),
    ("Счёт № / Invoice №о.:", False, "2694"),
    ("Factuumummer", False, "2026-4798"),  # "rn" read as "m"
    ("Rechnungsnurnmer:", False, "R-2026-77"),  # and "m" as "rn"
    ("N9 DE FACTURA", True, "FA-2026-077"),  # "Nº" of every language's labels as OCR reads it
    ("N? de facture", True, "FA-2026-078"),
    ("N DE FACTURA", True, "FA-2026-079"),  # its sign lost, before the words that say what it numbers
    ("RĒĶINA NR", True, "FA-2026-080"),  # "Nr." without its dot
])
def test_an_invoice_word_and_its_number_sign_as_ocr_reads_them(label, value_below, expected):
    seller = [(40, [(40, "Bodegas Duero S.A.")]), (52, [(40, "Calle Mayor 28, 16323 Bilbao")])]
    if value_below:
        rows = seller + [(64, [(380, label)]), (76, [(40, "CIF B47980008"), (380, expected)])]
    else:
        rows = seller + [(64, [(300, f"{label} {expected}")])]
    assert extract_invoice(page(*rows))["invoiceNumber"] == expected
    # Without the sign the word is a title, and the number beside or under it no label's
    bare = [(y, [(x, "Factura" if t == label else t) for x, t in cells]) for y, cells in rows]
    if value_below:
        assert extract_invoice(page(*bare))["invoiceNumber"] is None


def test_the_series_pvm_is_no_vat_label_beside_a_number_sign():
    # "PVM Nr." also labels a VAT code; here "PVM" is the series and "Nr." the number's sign
    series = [(40, [(40, "PVM SĄSKAITA FAKTŪRA")]), (52, [(40, "Serija PVM Nr. 951228")])]
    inv = extract_invoice(page(*series))
    assert (inv["series"], inv["number"], inv["invoiceNumber"]) == ("PVM", "951228", "PVM 951228")
    # a till slip spaces its words into cells of their own, the date under them
    slip = [(40, [(80, "PARDAVIMO KVITAS")]), (52, [(80, "Nr."), (110, "PVM"), (150, "540247")]),
            (64, [(80, "2026-03-04 12:10")])]
    assert extract_invoice(page(*slip))["invoiceNumber"] == "PVM 540247"


def test_a_party_vat_code_after_a_nr_is_never_the_invoice_number():
    # OCR lost the title's own label; "PVN Nr:" is the VAT code's, and the document's
    # number is the one after "Dokumenta Nr."
    rows = [(40, [(40, "Baltic Wood SIA"), (300, "PVN rēķins")]), (52, [(40, "PVN Nr: LV40005671876")]),
            (64, [(300, "Dokumenta Nr.: 2025-4223")])]
    assert extract_invoice(page(*rows))["invoiceNumber"] == "2025-4223"
    assert extract_invoice(page(*rows[:2]))["invoiceNumber"] is None


def test_one_word_for_every_invoice_is_a_vat_invoice_when_the_seller_has_a_vat_number():
    rows = [(40, [(40, "RECHNUNG")]), (80, [(40, "Verkäufer")]), (95, [(40, "Muster GmbH")]),
            (110, [(40, "USt-IdNr.: DE136695976")])]
    assert extract_invoice(page(*rows))["documentType"] == "vat_invoice"
    assert extract_invoice(page(*rows[:3]))["documentType"] == "invoice"
    # a title that says "invoice" and not "VAT invoice" in a language that has both stays one
    lt = [(40, [(40, "SĄSKAITA FAKTŪRA")]), (80, [(40, "Pardavėjas")]), (95, [(40, "UAB Medis")]),
          (110, [(40, "PVM mokėtojo kodas: LT100001738313")])]
    assert extract_invoice(page(*lt))["documentType"] == "invoice"


def test_a_heading_over_a_line_to_sign_is_no_party_and_the_footer_still_sells():
    rows = [(40, [(40, "FACTURE")]), (100, [(40, "Facturé à:")]), (115, [(40, "MB Medus")]),
            (128, [(40, "N° TVA intracommunautaire: LT941019116")]),
            (400, [(40, "Émis par: ____________________")]),
            (795, [(40, "Brest Marine SAS | N° SIREN 454194556 | N° TVA intracommunautaire FR42454194556")])]
    seller = extract_invoice(page(*rows))["seller"]
    assert (seller["name"], seller["vatCode"]) == ("Brest Marine SAS", "FR42454194556")


def test_signature_line_is_not_a_title():
    inv = extract_invoice(page((40, [(40, "Sąskaitą išrašė: Ona Onaitienė")])))
    assert inv["documentType"] == "other"
    assert inv["confidence"]["fields"]["documentType"] < 0.5


def test_due_date_from_payment_term_in_days():
    inv = extract_invoice(page((40, [(40, "Išrašymo data: 2026-03-14")]), (55, [(40, "Apmokėti per: 14 d.")])))
    assert inv["dueDate"] is None  # "Apmokėti per" is not a due-date label
    inv = extract_invoice(page((40, [(40, "Išrašymo data: 2026-03-14")]), (55, [(40, "Mokėjimo terminas: 14 d.")])))
    assert inv["dueDate"] == "2026-03-28"
    assert inv["confidence"]["fields"]["dueDate"] <= 0.7


def test_totals_chosen_by_arithmetic():
    # Two net candidates with equally good labels: the one that adds up wins.
    inv = extract_invoice(page(
        (300, [(350, "Iš viso be PVM:"), (500, "110,00")]),
        (315, [(350, "Suma be PVM:"), (500, "100,00")]),
        (330, [(350, "PVM 21 %:"), (500, "21,00")]),
        (345, [(350, "Iš viso:"), (500, "121,00")]),
    ))
    assert (inv["totals"]["net"], inv["totals"]["vat"], inv["totals"]["gross"]) == ("100.00", "21.00", "121.00")
    assert {c["code"]: c["passed"] for c in inv["validation"]["checks"]}["totals.net_plus_vat"]
    assert inv["sources"]["totals.net"]["bbox"][1] == 315


@pytest.mark.parametrize("net, vat_label, vat, gross", [
    ("100.00", "VAT 21%", "21.00", "121.00"),
    ("1000.00", "VAT 21% on 1,000.00", "210.00", "1210.00"),  # the base in the label's cell, the tax beside
])
def test_amount_due_stands_in_for_a_missing_gross_label(net, vat_label, vat, gross):
    inv = extract_invoice(page(
        (300, [(350, "Subtotal"), (500, f"{float(net):,.2f}")]),
        (315, [(350, vat_label), (500, vat)]),
        (330, [(350, "Amount due"), (500, f"{float(gross):,.2f}")]),
    ))
    assert (inv["totals"]["net"], inv["totals"]["vat"], inv["totals"]["gross"], inv["totals"]["payable"]) == \
        (net, vat, gross, gross)
    assert inv["language"] == "en"


def test_missing_total_is_derived_with_a_warning():
    inv = extract_invoice(page((300, [(350, "Suma be PVM:"), (500, "200,00")]), (315, [(350, "Iš viso:"), (500, "242,00")])))
    assert inv["totals"]["vat"] == "42.00"
    assert "totals.vat derived from the other two totals" in inv["validation"]["warnings"]
    assert inv["confidence"]["fields"]["totals.vat"] == 0.5
    assert "totals.vat" not in inv["sources"]  # computed, not read anywhere


def test_several_vat_rates_add_up():
    inv = extract_invoice(page(
        (300, [(350, "Suma be PVM:"), (500, "300,00")]),
        (315, [(350, "PVM 21 %:"), (500, "21,00")]),
        (330, [(350, "PVM 9 %:"), (500, "18,00")]),
        (345, [(350, "Iš viso:"), (500, "339,00")]),
    ))
    assert inv["totals"]["vat"] == "39.00"
    assert [(b["rate"], b["vatAmount"]) for b in inv["vatBreakdown"]] == [("21", "21.00"), ("9", "18.00")]


def test_invalid_vat_code_is_kept_but_flagged():
    inv = extract_invoice(page(
        (100, [(40, "Pardavėjas"), (310, "Pirkėjas")]),
        (115, [(40, "UAB Alfa"), (310, "UAB Beta")]),
        (130, [(40, "PVM kodas: LT100001234511"), (310, "PVM kodas: LT123456715")]),
    ))
    assert inv["seller"]["vatCode"] == "LT100001234511"
    assert inv["buyer"]["vatCode"] == "LT123456715"
    checks = {c["code"]: c["passed"] for c in inv["validation"]["checks"]}
    assert checks["seller.vat_code_checksum"] is False and checks["buyer.vat_code_checksum"] is True
    assert inv["confidence"]["fields"]["seller.vatCode"] <= 0.4


def test_a_lithuanian_company_code_without_its_check_digit_is_kept_but_flagged():
    inv = extract_invoice(page(
        (100, [(40, "Pardavėjas"), (310, "Pirkėjas")]),
        (115, [(40, "UAB Alfa"), (310, "UAB Beta")]),
        (130, [(40, "Įmonės kodas: 304836395"), (310, "Įmonės kodas: 304836394")]),
    ))
    assert inv["seller"]["companyCode"] == "304836395" and inv["buyer"]["companyCode"] == "304836394"
    checks = {c["code"]: c["passed"] for c in inv["validation"]["checks"]}
    assert checks["seller.company_code_format"] is True and checks["seller.company_code_checksum"] is False
    assert checks["buyer.company_code_checksum"] is True
    assert inv["confidence"]["fields"]["seller.companyCode"] <= 0.4
    assert inv["confidence"]["fields"]["buyer.companyCode"] > inv["confidence"]["fields"]["seller.companyCode"]


def test_of_the_numbers_alone_on_a_party_s_lines_the_one_ending_in_its_check_digit_is_its_code():
    inv = extract_invoice(page(
        (100, [(40, "Pardavėjas"), (310, "Pirkėjas")]),
        (115, [(40, "UAB Alfa"), (310, "UAB Beta")]),
        (130, [(40, "Sutartis 123456789"), (310, "PVM kodas: LT123456715")]),
        (145, [(40, "304836394"), (310, "Vilnius")]),
    ))
    assert inv["seller"]["companyCode"] == "304836394"  # not the contract's number printed first


def test_nothing_readable_gives_nulls_not_guesses():
    inv = extract_invoice(page((100, [(40, "Lorem ipsum dolor sit amet")])))
    assert inv["invoiceNumber"] is None and inv["issueDate"] is None
    assert inv["totals"]["gross"] is None and inv["seller"]["name"] is None
    assert inv["currency"] == "EUR" and inv["confidence"]["fields"]["currency"] < 0.8
    assert inv["confidence"]["overall"] == 0.0


def test_ocr_quirks_in_totals():
    # "21%" read as "2146" (the amount then sits in the next cell), "%" read as "44".
    inv = extract_invoice(page(
        (300, [(350, "Subtotal"), (500, "2,200.00")]),
        (315, [(350, "VAT 2146"), (500, "462.00")]),
        (330, [(350, "Total"), (500, "2,662.00")]),
    ))
    assert (inv["totals"]["net"], inv["totals"]["vat"], inv["totals"]["gross"]) == ("2200.00", "462.00", "2662.00")
    assert inv["vatBreakdown"][0]["rate"] == "21"  # implied by VAT / net
    inv = extract_invoice(page(
        (300, [(350, "Suma be PVM:"), (500, "2 504,00 EUR")]),
        (315, [(350, "PVM 21 44:"), (500, "525,84 EUR")]),
        (330, [(350, "Iš viso:"), (500, "3 029,84 EUR")]),
    ))
    assert inv["totals"]["vat"] == "525.84"
    assert inv["vatBreakdown"][0]["rate"] == "21"
    # "21 %" read as "21 4" in the label's cell, the amount in the next; another number
    # earlier labelled "PVM" (the series of "Nr. PVM 540247") is no VAT amount
    doc = page((100, [(40, "Nr. PVM 540247")]), (300, [(366, "Iš viso be PVM"), (482, "17347,94")]),
               (330, [(366, "Suma su PVM"), (482, "20 991,01")]))
    doc.pages[0].words.extend([Word("PVM", 366.3, 315, 393.1, 325), Word("suma", 398.4, 315, 429.4, 325),
                               Word("21", 434.4, 315, 446.9, 325), Word("4", 458.7, 315, 463.5, 325),
                               Word("3643,07", 482.2, 315, 538.6, 325)])  # spaced as OCR boxed them
    inv = extract_invoice(doc)
    assert (inv["totals"]["net"], inv["totals"]["vat"], inv["totals"]["gross"]) == ("17347.94", "3643.07", "20991.01")


@pytest.mark.parametrize("net, vat, gross", [
    ("437 85", "39,41", "47726"),  # a decimal comma read as a space, another not read at all
    ("41537,10", "8722,", "50259,89"),  # the cents not read
])
def test_totals_whose_decimal_separator_ocr_lost_are_read_as_the_arithmetic_says(net, vat, gross):
    inv = extract_invoice(page(
        (300, [(350, "Subtotaal:"), (450, net)]), (315, [(350, "Btw 9%:"), (450, vat)]),
        (330, [(350, "Totaalbedrag:"), (450, gross)]),
    ))
    expected = {"437 85": ("437.85", "39.41", "477.26"), "41537,10": ("41537.10", "8722.79", "50259.89")}[net]
    assert (inv["totals"]["net"], inv["totals"]["vat"], inv["totals"]["gross"]) == expected


def test_whole_totals_that_add_up_stay_whole():
    inv = extract_invoice(page((300, [(350, "Subtotal:"), (450, "300")]), (315, [(350, "VAT 21%:"), (450, "63")]),
                               (330, [(350, "Total:"), (450, "363")])))
    assert (inv["totals"]["net"], inv["totals"]["vat"], inv["totals"]["gross"]) == ("300.00", "63.00", "363.00")


def test_item_table_rows_and_wrapped_descriptions():
    inv = extract_invoice(page(
        (200, [(40, "Nr."), (70, "Pavadinimas"), (300, "Kiekis"), (360, "Kaina"), (480, "Suma")]),
        (215, [(40, "1"), (70, "PVM deklaracijos parengimas"), (300, "1"), (360, "50,00"), (480, "50,00")]),
        (230, [(40, "2"), (70, "Konsultacija"), (300, "2,5"), (360, "40,00"), (480, "100,00")]),
        (242, [(70, "(nuotoliu)")]),
        (270, [(360, "Suma be PVM:"), (480, "150,00")]),
    ))
    lines = [(ln["description"], ln["quantity"], ln["unitPrice"], ln["netAmount"]) for ln in inv["lines"]]
    assert lines == [
        ("PVM deklaracijos parengimas", "1", "50.00", "50.00"),  # "PVM" in a row is no totals label
        ("Konsultacija (nuotoliu)", "2.5", "40.00", "100.00"),
    ]
    assert inv["totals"]["net"] == "150.00"
    checks = {c["code"]: c["passed"] for c in inv["validation"]["checks"]}
    assert checks["totals.lines_sum"] and checks["lines.quantity_times_price"]


def test_a_letterhead_names_the_seller_whose_identifiers_are_in_the_footer():
    words = []
    for y, x, text, size in [(50, 40, "Tallinna Kaubad OÜ", 16), (72, 40, "Tartu mnt 58, 57210 Pärnu", 10),
                             (110, 40, "Ostja", 10), (110, 350, "Arve", 16), (122, 40, "VšĮ Techninė priežiūra", 10),
                             (134, 40, "KMKR nr LT499371619", 10), (134, 350, "Arve nr 11133", 10),
                             (700, 40, "KMKR nr EE104637971", 8), (700, 200, "Arveldusarve EE382200221020145685", 8)]:
        for token in text.split():
            width = 0.5 * size * len(token)
            words.append(Word(token, x, y, x + width, y + size))
            x += width + 0.3 * size
    inv = extract_invoice(Document([Page(1, 595, 842, words, "pdf-text", True)]))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Tallinna Kaubad OÜ", "EE104637971")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("VšĮ Techninė priežiūra", "LT499371619")


def test_a_window_address_without_a_heading_is_the_buyer():
    inv = extract_invoice(font_page([
        (40, 330, "Nordlicht Handel GmbH", 14), (58, 330, "USt-IdNr. DE136695976", 9),
        (70, 330, "IBAN DE89 3704 0044 0532 0130 00", 9),
        (140, 60, "UAB Vėjo malūnas", 10), (152, 60, "Gedimino pr. 12", 10), (164, 60, "LT-01103 Vilnius", 10),
        (220, 60, "Rechnung Nr. RE-2026-0042", 14),
    ]))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Nordlicht Handel GmbH", "DE136695976")
    assert inv["buyer"]["name"] == "UAB Vėjo malūnas"
    assert inv["buyer"]["address"]["postalCode"] == "LT-01103"


@pytest.mark.parametrize("street, city", [("22 Quay Road", "Bristol BS1 4DJ"), ("Lāčplēša iela 7", "Rīga, LV-1010")])
def test_a_window_address_with_a_british_or_latvian_postcode_is_the_buyer(street, city):
    inv = extract_invoice(font_page([
        (40, 330, "Northwind Trading Ltd", 14), (58, 330, "VAT ID GB980780684", 9),
        (140, 60, "Harbour Foods Limited", 10), (152, 60, street, 10), (164, 60, city, 10),
        (220, 60, "Invoice No. RE-2026-0412", 14),
    ]))
    assert inv["buyer"]["name"] == "Harbour Foods Limited"


def test_of_two_parties_without_headings_the_one_with_the_bank_account_sells():
    inv = extract_invoice(font_page([
        (60, 40, "UAB Vėjo malūnas", 10), (72, 40, "PVM kodas LT100001234510", 10),
        (60, 330, "Nordlicht Handel GmbH", 10), (72, 330, "USt-IdNr. DE136695976", 10),
        (84, 330, "IBAN DE89 3704 0044 0532 0130 00", 10),
    ]))
    assert (inv["seller"]["name"], inv["buyer"]["name"]) == ("Nordlicht Handel GmbH", "UAB Vėjo malūnas")


def test_a_labels_translation_printed_under_it_is_neither_a_label_nor_a_value():
    inv = extract_invoice(font_page([
        (40, 40, "PVM SĄSKAITA FAKTŪRA", 14),
        (70, 40, "Sąskaitos Nr.", 9), (70, 200, "Išrašymo data", 9),
        (80, 40, "Invoice No.", 6), (80, 200, "Issue date", 6),
        (89, 40, "SF-2026-77", 9), (89, 200, "2026-03-14", 9),
        (120, 40, "Pardavėjas", 9), (120, 300, "Pirkėjas", 9),
        (130, 40, "Seller", 6), (130, 300, "Buyer", 6),
        (139, 40, "UAB Vėjo malūnas", 9), (139, 300, "MB Lino namai", 9),
        (151, 40, "PVM kodas LT100001234510", 9), (151, 300, "PVM kodas LT100004500515", 9),
        (160, 40, "VAT code", 6), (160, 300, "VAT code", 6),
    ]))
    got = (inv["invoiceNumber"], inv["issueDate"], inv["seller"]["name"], inv["buyer"]["name"],
           inv["seller"]["vatCode"], inv["buyer"]["vatCode"])
    assert got == ("SF-2026-77", "2026-03-14", "UAB Vėjo malūnas", "MB Lino namai", "LT100001234510", "LT100004500515")


@pytest.mark.parametrize("window_codes", [False, True])
def test_a_letter_with_the_seller_only_in_its_footer(window_codes):
    rows = [(60, 60, "UAB Vėjo malūnas", 11), (74, 60, "Gedimino pr. 12", 11), (88, 60, "LT-01103 Vilnius", 11)]
    if window_codes:
        rows.append((104, 60, "PVM kodas LT100001234510", 8))
    rows += [(200, 60, "Rechnung", 16), (220, 60, "Rechnungsnummer: RE-2026-0042", 9),
             (232, 60, "Datum: 14.03.2026", 9),
             (780, 60, "Nordlicht Handel GmbH · Hafenstraße 12, 20457 Hamburg · USt-IdNr. DE136695976", 7),
             (790, 60, "IBAN DE89 3704 0044 0532 0130 00 · Commerzbank", 7)]
    inv = extract_invoice(font_page(rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Nordlicht Handel GmbH", "DE136695976")
    assert inv["buyer"]["name"] == "UAB Vėjo malūnas"
    assert inv["buyer"]["vatCode"] == ("LT100001234510" if window_codes else None)


def test_an_invoice_date_set_tight_before_a_sidebars_codes_is_not_the_sellers_name():
    # the info block's date runs up to the seller's sidebar, too close for two cells:
    # "Arve kuupäev: 14.03.2026 Registrikood 12345678"; the buyer's codes in the window
    rows = [(52, [(390, "Põhjala Puit OÜ")]),
            (145, [(57, "Põhjala Puit OÜ · Pärnu mnt 10 · 10148 Tallinn"), (384, "Põhjala Puit OÜ")]),
            (154, [(262, "Arve nr:"), (305, "RE-2026-0412"), (384, "Pärnu mnt 10")]),
            (162, [(57, "Saare Kala AS"), (384, "10148 Tallinn")]), (173, [(57, "Rannu tee 3")]),
            (180, [(57, "93815 Kuressaare"), (262, "Arve kuupäev: 14.03.2026"), (384, "Registrikood 12345678")]),
            (187, [(384, "KMKR nr EE107764265")]),
            (196, [(57, "Registrikood: 10987654"), (262, "Maksetähtaeg: 28.03.2026")]),
            (205, [(57, "KMKR nr: EE100679247"), (384, "IBAN EE38 2200 2210 2014 5685")]),
            (300, [(57, "Arve")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Põhjala Puit OÜ", "EE107764265")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("Saare Kala AS", "EE100679247")


def test_a_number_wrapped_at_its_hyphen_with_a_sidebar_set_tight_after_it():
    rows = [(40, [(60, "RECHNUNG")]),
            (154, [(262, "Rechnungsnummer:"), (350, "RE-2026-"), (394, "Hafenstraße 12")]),
            (162, [(350, "0412"), (394, "20457 Hamburg")])]
    assert extract_invoice(page(*rows))["invoiceNumber"] == "RE-2026-0412"
    # wrapped twice: "RE-" over "2026-" over "0412"
    rows = [(40, [(60, "FACTUUR")]), (146, [(350, "RE-")]),
            (154, [(262, "Factuurnummer:"), (350, "2026-"), (394, "1017 GA Amsterdam")]), (162, [(350, "0412")])]
    assert extract_invoice(page(*rows))["invoiceNumber"] == "RE-2026-0412"


def test_a_date_label_wrapped_over_its_value_takes_no_words_under_it():
    # "Date" over "d'échéance:  28/03/2026", the title under them: a date has digits
    rows = [(40, [(60, "FACTURE N° F-2026-031")]), (250, [(58, "Date de")]), (262, [(58, "facture:"), (130, "14/03/2026")]),
            (280, [(58, "Date")]), (292, [(58, "d'échéance:"), (130, "28/03/2026")]), (306, [(57, "Facture")])]
    inv = extract_invoice(page(*rows))
    assert (inv["issueDate"], inv["dueDate"]) == ("2026-03-14", "2026-03-28")


@pytest.mark.parametrize("dot", ["·", "+"])
@pytest.mark.parametrize("sender", ["", "Siuntėjas: ", "Absender: "])
def test_a_return_address_over_the_window_ends_at_the_addressees_bigger_type(sender, dot):
    # the seller on a small line or two over the window (with its codes, or a "sender"
    # heading), the addressee's own codes in the window, the seller's again in the footer;
    # scanned, OCR reads the small type's middle dots as "+" or "-"
    codes = sender != "Absender: "
    rows = [(140, 60, f"{sender}UAB Vėjo malūnas {dot} Gedimino pr. 12 - LT-01103 Vilnius"
             + (f" {dot} Įmonės kodas" if codes else ""), 6.5)]
    if codes:
        rows.append((148, 60, f"302345678 {dot} PVM kodas LT100001738313", 6.5))
    rows += [(160, 60, "MB Lino namai", 10), (173, 60, "Laisvės al. 10", 10), (186, 60, "LT-44001 Kaunas", 10),
             (199, 60, "Įmonės kodas: 305123987", 10), (212, 60, "PVM kodas: LT117320600113", 10),
             (160, 330, "Sąskaitos Nr.: VM-0412", 10), (173, 330, "Data: 2026-03-14", 10),
             (300, 60, "PVM SĄSKAITA FAKTŪRA", 14),
             (780, 60, "UAB Vėjo malūnas", 7), (790, 60, "Gedimino pr. 12, LT-01103 Vilnius", 7),
             (780, 300, "Įmonės kodas 302345678", 7), (790, 300, "PVM kodas LT100001738313", 7)]
    doc = font_page(rows)
    inv = extract_invoice(doc if dot == "·" else scanned(doc))
    seller, buyer = inv["seller"], inv["buyer"]
    assert (seller["name"], seller["companyCode"], seller["vatCode"]) == ("UAB Vėjo malūnas", "302345678", "LT100001738313")
    assert (buyer["name"], buyer["companyCode"], buyer["vatCode"]) == ("MB Lino namai", "305123987", "LT117320600113")


def test_a_label_wrapped_around_its_value_reads_the_value_between_its_lines():
    # "Apmaksāt" over "līdz:", the date level with neither but between them; the issue
    # date a line above is as near to the label's first line
    rows = [(40, [(60, "RĒĶINS Nr. RE-2026-0412")]),
            (181, [(60, "Lāčplēša iela 7"), (262, "Datums:"), (330, "14.03.2026")]),
            (192, [(60, "Rīga, LV-1010"), (262, "Apmaksāt")]),
            (204, [(60, "Reģ. Nr.: 42845298415"), (330, "28.03.2026")]),
            (215, [(60, "PVN reģ. Nr.: LV42845298415"), (262, "līdz:")])]
    inv = extract_invoice(page(*rows))
    assert (inv["issueDate"], inv["dueDate"]) == ("2026-03-14", "2026-03-28")


@pytest.mark.parametrize("payee", ["Gavėjas", "Empfänger", "Saaja", "Получатель", "Beneficiary"])
@pytest.mark.parametrize("seller_codes", [True, False])
def test_the_payee_of_the_payment_details_is_the_seller_not_the_buyer(payee, seller_codes):
    # a window letter without headings; the footer's bank column names who is paid; the
    # seller's codes in a column of their own, or on the payee's line
    rows = [(140, 60, "MB Lino namai", 10), (153, 60, "Laisvės al. 10", 10), (166, 60, "LT-44001 Kaunas", 10),
            (140, 330, "Sąskaitos Nr.: VM-0412", 10), (153, 330, "Data: 2026-03-14", 10),
            (300, 60, "PVM SĄSKAITA FAKTŪRA", 14),
            (770, 60, "UAB Vėjo malūnas", 7), (780, 60, "Gedimino pr. 12", 7), (790, 60, "LT-01103 Vilnius", 7),
            (770, 230, f"{payee}: UAB Vėjo malūnas", 7), (780, 230, "Bankas: Swedbank AB", 7),
            (790, 230, "IBAN LT12 7300 0101 2345 6789", 7)]
    if seller_codes:
        rows += [(770, 420, "Įmonės kodas 302345678", 7), (780, 420, "PVM kodas LT100001738313", 7)]
    else:
        rows += [(800, 230, "PVM kodas LT100001738313", 7)]
    inv = extract_invoice(font_page(rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("UAB Vėjo malūnas", "LT100001738313")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("MB Lino namai", None)


def test_labels_wrapped_in_a_narrow_column_find_their_values_beside_them():
    # Estonian and English in a label column, the values in a column of their own, level
    # with the middle of each wrapped label
    rows = [(40, [(40, "ARVE / INVOICE")]), (60, [(40, "Müüja / From:")]), (75, [(40, "Saare Kala OÜ")]),
            (92, [(42, "Registrikood /")]), (99, [(160, "19238589")]), (106, [(42, "Company code:")]),
            (123, [(42, "KMKR nr / VAT reg.")]), (130, [(160, "EE104618479")]), (137, [(42, "no.:")])]
    seller = extract_invoice(page(*rows))["seller"]
    assert (seller["companyCode"], seller["vatCode"]) == ("19238589", "EE104618479")
    # the rest of the label under it, the value right of that ("REGON /" over "Company  114698570")
    rows = [(40, [(40, "FAKTURA")]), (60, [(40, "Sprzedający / Supplier:"), (330, "Nabywca / Buyer:")]),
            (75, [(40, "Wawel Meble S.A."), (330, "Rasos Petraičio IĮ")]),
            (92, [(42, "REGON /"), (332, "REGON /")]),
            (106, [(42, "Company 151538774"), (332, "Company"), (410, "114698570")]),
            (120, [(42, "reg. no.:"), (332, "reg. no.:")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["companyCode"], inv["buyer"]["companyCode"]) == ("151538774", "114698570")
    # a register's letters on the label's line, its number wrapped under them
    rows = [(40, [(40, "RECHNUNG")]), (60, [(40, "Verkäufer / Seller")]), (75, [(40, "Berliner Druck AG")]),
            (90, [(40, "Handelsregister / Registration No. HRB")]), (102, [(40, "146889")])]
    assert extract_invoice(page(*rows))["seller"]["companyCode"] == "HRB 146889"


def test_words_followed_by_a_label_of_their_own_are_no_wrapped_labels_head():
    # "Total excl. VAT" misread as "Total escl. VAT" over "VAT (24%)": "Total" and the "VAT"
    # under it are no wrapped "Total VAT", so the rate's line keeps its label and its rate
    doc = boxed(("Total", 300, 500, 325, 510), ("escl.", 330, 500, 355, 510), ("VAT", 360, 500, 378, 510),
                ("30,830.38", 450, 500, 495, 510), ("VAT", 300, 514, 322, 524), ("(24%)", 330, 514, 355, 524),
                ("7,399.29", 455, 514, 495, 524), ("Total", 300, 528, 325, 538), ("incl.", 330, 528, 355, 538),
                ("VAT", 360, 528, 378, 538), ("38,229.67", 450, 528, 495, 538))
    layout = Layout(doc, ALL_LABELS)
    first, rate_line, _ = layout.iter_lines()
    assert [(h.key, h.group("rate")) for h in layout.hits(rate_line)] == [("vat", "24")]
    assert "vat" not in [h.key for h in layout.hits(first) if first.text[h.start:h.end] == "Total"]


def test_a_company_atop_a_photo_is_the_seller_where_type_sizes_cannot_be_told():
    # every line boxed as tall (a far photo's line boxes), the seller's code past reading,
    # the buyer under its heading: the company named atop the page is the seller
    rows = [(40, [(50, "Noordzee Handel N.V."), (300, "FACTUUR")]), (60, [(50, "Btw-id: 8ZIAB")]),
            (80, [(300, "Factuurnummer: 2026-117")]),
            (110, [(50, "Koper:")]), (124, [(50, "UAB Saulės vėjas")]), (136, [(50, "PVM kodas LT100001234510")]),
            (150, [(50, "Gedimino pr. 12, LT-01103 Vilnius")])]
    inv = extract_invoice(scanned(page(*rows)))
    assert (inv["seller"]["name"], inv["buyer"]["name"]) == ("Noordzee Handel N.V.", "UAB Saulės vėjas")
    # without the buyer's heading the company atop may be the window's addressee: no seller by it
    inv = extract_invoice(scanned(page(*[r for r in rows if r[0] != 110])))
    assert inv["seller"]["name"] != "Noordzee Handel N.V."


def test_a_code_label_over_an_address_reads_no_code_from_it():
    rows = [(40, [(40, "SĄSKAITA FAKTŪRA")]), (60, [(40, "Pirkėjas:")]), (75, [(40, 'UAB "Švarūs langai"')]),
            (90, [(40, "Juridinio asmens 143646355")]), (104, [(40, "kodas:")]),
            (118, [(40, "Adresas:"), (130, "Pramonės g. 111, LT-23954")])]
    assert extract_invoice(page(*rows))["buyer"]["companyCode"] == "143646355"  # not "111"


def test_a_letter_invoice_without_headings_seller_in_letterhead_and_footer_buyer_in_the_window():
    # the seller's letterhead at the top right is not the window address at the left
    rows = [(50, [(380, "Nordlicht Technik GmbH")]), (62, [(380, "Hafenstraße 12, 20457 Hamburg")]),
            (120, [(60, "Müller Bau AG")]), (132, [(60, "Lindenallee 5")]), (144, [(60, "80331 München")]),
            (120, [(380, "Rechnungsnummer: 2026-0412")]), (132, [(380, "Datum: 14.03.2026")]),
            (200, [(60, "RECHNUNG")]),
            (780, [(60, "Nordlicht Technik GmbH | USt-IdNr. DE136695976 | IBAN DE89 3704 0044 0532 0130 00")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Nordlicht Technik GmbH", "DE136695976")
    assert inv["buyer"]["name"] == "Müller Bau AG"
    # a footer of columns: the seller's name, not its bank's, heads the identifiers
    rows = [(60, [(60, "Nordlicht Technik GmbH · Hafenstraße 12 · 20457 Hamburg")]),
            (80, [(60, "Müller Bau AG")]), (92, [(60, "Lindenallee 5")]), (104, [(60, "80331 München")]),
            (80, [(380, "Rechnungsnummer: 2026-0412")]), (200, [(60, "Rechnung")]),
            (780, [(60, "Nordlicht Technik GmbH"), (250, "Commerzbank AG"), (420, "USt-IdNr.: DE136695976")]),
            (792, [(60, "Hafenstraße 12, 20457 Hamburg"), (250, "IBAN DE89 3704 0044 0532 0130 00")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Nordlicht Technik GmbH", "DE136695976")
    assert inv["buyer"]["name"] == "Müller Bau AG"


def test_numbers_with_a_date_inside_bare_vat_numbers_and_grouped_register_codes():
    rows = [(40, [(40, "Faktura VAT nr FV/12/03/2026")]), (52, [(40, "Data wystawienia: 2026-03-14")]),
            (90, [(40, "Sprzedawca:"), (300, "Nabywca:")]), (102, [(40, "Meble Kowalski Sp. z o.o."), (300, "UAB Baldai")]),
            (126, [(40, "NIP: 526-025-02-74"), (300, "NIP UE: LT100001738313")])]
    inv = extract_invoice(page(*rows))
    assert inv["invoiceNumber"] == "FV/12/03/2026"  # the number holds a date; it is no date
    assert inv["seller"]["vatCode"] == "PL5260250274"  # a Polish label: the checksum's Polish reading
    rows = [(40, [(40, "Boulangerie Martin SARL")]), (64, [(40, "SIRET 732 829 320 00074")]),
            (76, [(40, "TVA FR44732829320")]), (40, [(380, "FACTURE N° F-2026-031")])]
    assert extract_invoice(page(*rows))["seller"]["companyCode"] == "73282932000074"


def test_an_erp_layout_names_parties_above_their_country_and_reads_dates_under_a_row_of_labels():
    rows = [(40, [(40, "YourCompany SPRL")]), (52, [(40, "Rue de la Loi 16")]), (64, [(40, "1000 Bruxelles")]),
            (76, [(40, "Belgium")]), (88, [(40, "BE0477472701")]),
            (110, [(330, "Azure Interior BV")]), (122, [(330, "Keizersgracht 12")]), (134, [(330, "1015 CJ Amsterdam")]),
            (146, [(330, "Netherlands")]), (158, [(330, "VAT: NL123456782B01")]),
            (200, [(40, "Invoice INV/2026/00012")]),
            (225, [(40, "Invoice Date:"), (180, "Due Date:"), (320, "Source:")]),
            (237, [(40, "03/14/2026"), (180, "04/13/2026"), (320, "S00042")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["buyer"]["name"]) == ("YourCompany SPRL", "Azure Interior BV")
    assert (inv["invoiceNumber"], inv["issueDate"], inv["dueDate"]) == ("INV/2026/00012", "2026-03-14", "2026-04-13")


def test_a_footer_names_the_company_not_its_court_and_terms_in_days_give_the_due_date():
    rows = [(60, [(60, "Nordlicht Technik GmbH - Hafenstraße 12 - 20457 Hamburg")]),
            (80, [(60, "Müller Bau AG")]), (92, [(60, "Lindenallee 5")]), (104, [(60, "80331 München")]),
            (80, [(380, "Rechnungsnr."), (470, "RE0012")]), (92, [(380, "Rechnungsdatum"), (470, "14.03.2026")]),
            (180, [(60, "Rechnung Nr. RE0012")]),
            (340, [(60, "Zahlungsbedingungen: Zahlung innerhalb von 14 Tagen ohne Abzüge.")]),
            (770, [(60, "Nordlicht Technik GmbH"), (220, "Commerzbank AG"), (400, "Amtsgericht Hamburg")]),
            (782, [(60, "Hafenstraße 12"), (220, "IBAN: DE89 3704 0044 0532 0130 00"), (400, "HRB 12345")]),
            (794, [(60, "20457 Hamburg"), (220, "BIC: COBADEFFXXX"), (400, "USt-IdNr.: DE136695976")])]
    inv = extract_invoice(page(*rows))
    seller = inv["seller"]
    assert (seller["name"], seller["vatCode"], seller["iban"]) == (
        "Nordlicht Technik GmbH", "DE136695976", "DE89370400440532013000")
    assert (inv["buyer"]["name"], inv["dueDate"]) == ("Müller Bau AG", "2026-03-28")


def test_a_billing_address_heads_the_buyer_and_sold_by_the_seller():
    rows = [(40, [(40, "Invoice")]), (60, [(40, "Sold by Amazon EU S.à r.l."), (350, "Invoice date 14 March 2026")]),
            (84, [(40, "VAT # LU20260743")]),
            (110, [(40, "Billing address"), (350, "Delivery address")]),
            (122, [(40, "Jonas Petraitis"), (350, "Jonas Petraitis")]), (134, [(40, "Gedimino pr. 1"), (350, "Gedimino pr. 1")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"], inv["buyer"]["name"]) == (
        "Amazon EU S.à r.l.", "LU20260743", "Jonas Petraitis")


def test_a_company_code_beside_a_label_whose_translation_wraps_and_no_vat_code_for_a_company_code():
    rows = [(40, [(200, "СЧЕТ / INVOICE")]), (60, [(40, "Продавец / Seller:"), (300, "Покупатель / Buyer:")]),
            (75, [(40, "Gaujas Koks AS"), (300, "Latvijas Pārtika SIA")]),
            (92, [(42, "Рег. номер /"), (150, "40004113698"), (302, "Рег. номер /"), (400, "40006855724")]),
            (106, [(42, "Company code:"), (302, "Company code:")]),
            (123, [(42, "Номер плательщика LV40004113698"), (302, "Номер плательщика LV40006855724")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["companyCode"], inv["buyer"]["companyCode"]) == ("40004113698", "40006855724")


def test_a_vat_code_whose_label_ocr_garbled_still_belongs_to_its_block():
    rows = [(40, [(200, "PVM SĄSKAITA FAKTŪRA")]), (60, [(40, "Pardavėjas:"), (300, "Gavėjas:")]),
            (75, [(40, "UAB Rūtos žiedas"), (300, 'VšĮ "Šilumos tinklai"')]),
            (90, [(40, "E UM"), (300, "moKEioje"), (380, "LT215206912")])]
    assert extract_invoice(page(*rows))["buyer"]["vatCode"] == "LT215206912"
    # beside a lone heading's block, a code with a label of its own is another party's
    rows = [(40, [(200, "PVM SĄSKAITA FAKTŪRA")]), (60, [(40, "Pirkėjas:")]),
            (75, [(40, "UAB Medis"), (380, "UAB Saulė")]),
            (90, [(40, "Vilnius"), (380, "PVM kodas: LT215206912")])]
    inv = extract_invoice(page(*rows))
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("UAB Medis", None)
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("UAB Saulė", "LT215206912")


def test_a_shop_invoice_quantity_first_a_dutch_window_address_and_to_inside_a_phrase():
    rows = [(40, [(380, "Factuur")]),
            (80, [(40, "Jan Jansen"), (380, "Factuurnummer"), (480, "812345678")]),
            (92, [(40, "Dorpsstraat 1"), (380, "Factuurdatum"), (480, "14 maart 2026")]),
            (104, [(40, "1234 AB Utrecht")]),
            (160, [(40, "Aantal"), (100, "Product"), (380, "Prijs"), (500, "Totaal")]),
            (175, [(40, "1"), (100, "Samsung QE55Q80C (2023)"), (380, "€ 999,00"), (500, "€ 999,00")]),
            (187, [(40, "2"), (100, "HDMI-kabel 2 m"), (380, "€ 14,99"), (500, "€ 29,98")]),
            (220, [(380, "VAT to be collected"), (500, "€ 178,60")]),
            (760, [(40, "Coolblue B.V. · Weena 664 · 3012 CN Rotterdam · KvK 24324408 · btw NL810433941B01")])]
    inv = extract_invoice(page(*rows))
    assert [(ln["description"], ln["quantity"], ln["netAmount"]) for ln in inv["lines"]] == [
        ("Samsung QE55Q80C (2023)", "1", "999.00"), ("HDMI-kabel 2 m", "2", "29.98")]
    assert (inv["buyer"]["name"], inv["buyer"]["address"]["postalCode"]) == ("Jan Jansen", "1234 AB")
    assert inv["totals"]["vat"] == "178.60"  # "to" in a phrase is no "To:" heading ending the label's value


def test_a_courtesy_copy_of_an_italian_e_invoice_names_parties_by_label_and_totals_in_a_row():
    rows = [(40, [(40, "Cedente/prestatore (fornitore)"), (320, "Cessionario/committente (cliente)")]),
            (54, [(40, "Identificativo fiscale ai fini IVA: IT09682100616"),
                  (320, "Identificativo fiscale ai fini IVA: LT100001738313")]),
            (66, [(40, "Codice fiscale: 09682100616"), (320, "Denominazione: UAB Baldai")]),
            (78, [(40, "Denominazione: Ferramenta Lombarda S.p.A."), (320, "Indirizzo: Gedimino pr. 1")]),
            (150, [(40, "Tipologia documento"), (220, "Numero documento"), (320, "Data documento")]),
            (162, [(40, "TD01 fattura"), (220, "390/2025"), (320, "25-02-2025")]),
            (250, [(40, "Imponibile/Importo"), (200, "Imposta"), (320, "Totale documento")]),
            (262, [(110, "2.400,00"), (235, "0,00"), (360, "2.400,00")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Ferramenta Lombarda S.p.A.", "IT09682100616")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("UAB Baldai", "LT100001738313")
    assert (inv["invoiceNumber"], inv["issueDate"]) == ("390/2025", "2025-02-25")
    # no VAT code read as a VAT total: the totals are the row under their labels
    assert (inv["totals"]["net"], inv["totals"]["vat"], inv["totals"]["gross"]) == ("2400.00", "0.00", "2400.00")


def test_currencies_beyond_europe_by_code_and_symbol():
    rows = [(40, [(40, "Tax Invoice")]), (60, [(40, "Invoice No: FAB2603001")]), (300, [(300, "Grand Total ₹ 1,234.50")])]
    assert extract_invoice(page(*rows))["currency"] == "INR"
    rows = [(40, [(40, "Invoice")]), (60, [(40, "Invoice No: 77")]), (300, [(300, "Total 99.00 SGD")])]
    assert extract_invoice(page(*rows))["currency"] == "SGD"


def test_the_title_printed_on_the_headings_line_is_not_the_partys_name():
    rows = [(55, [(50, "Sprzedawca:"), (220, "Faktura VAT")]), (66, [(50, "Wawel Meble Sp. z o.o.")]),
            (77, [(50, "NIP UE: PL1285359597")])]
    assert extract_invoice(page(*rows))["seller"]["name"] == "Wawel Meble Sp. z o.o."


def test_a_label_after_a_stray_quote_is_still_a_label():
    rows = [(40, [(40, "Tessitura Como S.r.l.")]), (60, [(40, "PROFORMA INVOICE")]),
            (790, [(40, '"Company code: 14211780193 | VAT reg. no. IT14211780193')])]
    seller = extract_invoice(page(*rows))["seller"]
    assert (seller["name"], seller["companyCode"], seller["vatCode"]) == (
        "Tessitura Como S.r.l.", "14211780193", "IT14211780193")


def test_a_till_slips_centred_lines_are_one_column_of_its_seller():
    # A slip's header as OCR boxes it: centred lines start wherever their length puts them,
    # the VAT code's line left of the company code's, under which a column would cut it.
    words = [Word("AB", 65.6, 13.1, 74.2, 18.1), Word("„Žemaitijos", 79.5, 11.5, 127.7, 19.5),
             Word("kelias“", 133.5, 12.4, 164.0, 18.2),
             Word("Jūrininkų", 43.7, 22.7, 82.9, 29.6), Word("g.", 88.4, 24.1, 95.1, 29.6),
             Word("80,", 101.8, 23.1, 112.9, 29.5), Word("LT-92560", 120.1, 23.0, 154.9, 28.3),
             Word("Alytus", 159.9, 22.4, 186.5, 29.4),
             Word("Įmonės", 66.3, 32.7, 91.8, 39.7), Word("kodas", 97.5, 32.7, 118.6, 38.4),
             Word("379436585", 124.4, 33.1, 164.2, 38.3),
             Word("PVM", 48.1, 43.3, 60.6, 48.4), Word("mokėtojo", 65.6, 42.8, 100.9, 49.7),
             Word("kodas", 106.9, 42.7, 127.8, 48.5), Word("LT654142817", 133.5, 43.1, 182.0, 48.4),
             Word("PARDAVIMO", 79.6, 63.6, 118.9, 68.9), Word("KVITAS", 124.5, 63.6, 150.9, 68.8),
             Word("Nr.", 93.3, 73.7, 104.1, 78.8), Word("780950", 111.0, 73.7, 137.2, 78.9)]
    seller = extract_invoice(Document([Page(1, 230.6, 226.3, words, "tesseract", False)]))["seller"]
    assert (seller["name"], seller["companyCode"], seller["vatCode"]) == \
        ("AB „Žemaitijos kelias“", "379436585", "LT654142817")


_LT_TABLE = [(230, [(60, "Nr. Prekė Kiekis Kaina Suma")]), (245, [(60, "1 Serverio priežiūra 2 150,00 300,00")]),
             (300, [(350, "Suma be PVM 300,00")]), (312, [(350, "PVM 21 % 63,00")]), (324, [(350, "Iš viso 363,00")])]


def test_a_return_address_over_the_window_and_a_logo_are_the_sellers_not_the_buyer():
    rows = [(40, [(60, "ŠIAURĖS VĖJAS")]),  # the logo, in capitals, no legal form
            (80, [(60, "UAB „Šiaurės vėjas“, Gedimino pr. 1, LT-01103 Vilnius")]),  # the return address
            (96, [(60, "UAB „Medžio darbai“")]), (108, [(60, "Laisvės al. 10")]), (120, [(60, "LT-44001 Kaunas")]),
            (96, [(380, "Sąskaitos Nr.: AB-001")]), (108, [(380, "Data: 2026-03-14")]),
            (200, [(60, "PVM SĄSKAITA FAKTŪRA")]), *_LT_TABLE,
            # a footer of columns: the name, then the codes beside it, then the bank
            (780, [(60, "UAB „Šiaurės vėjas“"), (270, "Įmonės kodas 302345678"), (420, "LT12 1000 0111 0100 1000")]),
            (792, [(60, "Gedimino pr. 1, LT-01103 Vilnius"), (270, "PVM kodas LT100001738313"), (420, "AB SEB bankas")])]
    inv = extract_invoice(page(*rows))
    seller, buyer = inv["seller"], inv["buyer"]
    assert (seller["name"], seller["companyCode"], seller["vatCode"]) == \
        ("UAB „Šiaurės vėjas“", "302345678", "LT100001738313")
    assert buyer["name"] == "UAB „Medžio darbai“"


def test_a_footers_name_line_keeps_its_address_apart():
    rows = [(40, [(60, "NORTHWIND")]),
            (96, [(60, "Medžio darbai UAB")]), (108, [(60, "Laisvės al. 10")]), (120, [(60, "LT-44001 Kaunas, Lithuania")]),
            (132, [(60, "VAT LT100006688411")]),
            (96, [(380, "Invoice no.: AB-001")]), (108, [(380, "Date: 2026-03-14")]), (200, [(60, "INVOICE")]),
            *_LT_TABLE,
            (770, [(60, "Northwind Trading Ltd · 1 High Street · London EC1A 1BB")]),
            (782, [(60, "Company no. 01234567 · VAT GB980780684 · IBAN GB33 BUKB 2020 1555 5555 55")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Northwind Trading Ltd", "GB980780684")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("Medžio darbai UAB", "LT100006688411")


def test_bare_tax_numbers_under_their_countrys_label_find_unheaded_parties():

    rows = [(40, [(60, "Mazur Logistics Sp. z o.o.")], 14), (58, [(60, "ul. Długa 5, 00-238 Warszawa")]),
            (70, [(60, "NIP 5260250995")]),
            (110, [(330, "Kowalski i Syn Sp.j.")]), (122, [(330, "ul. Polna 12")]), (134, [(330, "30-001 Kraków")]),
            (146, [(330, "NIP 6762135606")]),
            (190, [(60, "Faktura VAT nr FV/12/2026")]), (202, [(60, "Data wystawienia: 14.03.2026")]),
            (300, [(60, "Lp. Nazwa Ilość Cena netto Wartość netto")]), (315, [(60, "1 Usługa serwisowa 2 150,00 300,00")]),
            (360, [(350, "Razem netto 300,00")]), (372, [(350, "VAT 23% 69,00")]), (384, [(350, "Do zapłaty 369,00")]),
            (780, [(60, "Konto: PL61 1090 1014 0000 0712 1981 2874")])]
    inv = extract_invoice(column_page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Mazur Logistics Sp. z o.o.", "PL5260250995")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("Kowalski i Syn Sp.j.", "PL6762135606")


@pytest.mark.parametrize("yours", ["Ihre USt-IdNr.", "Your VAT no.", "Jūsų PVM kodas",
                                   ("Jūsų PVM", "kodas:"), ("Vostra", "Partita IVA:")])  # wrapped beside the code
def test_your_code_beside_the_window_is_the_addressees(yours):

    yours, wrapped = (yours, None) if isinstance(yours, str) else yours

    rows = [(40, [(60, "Nordlicht Technik GmbH")], 16),
            (100, [(60, "Nordlicht Technik GmbH, Hafenstraße 12, 20457 Hamburg")], 7),
            (115, [(60, "Müller Bau AG")]), (127, [(60, "Frau Anna Schmidt")]), (139, [(60, "Lindenallee 5")]),
            (151, [(60, "80331 München")]),
            (100, [(380, "Rechnung Nr.")]), (100, [(480, "RE-2026-0412")]), (112, [(380, "Datum")]),
            (112, [(480, "14.03.2026")]), (136, [(380, yours)]), (136, [(480, "DE811128135")]),
            *([(148, [(380, wrapped)])] if wrapped else []), (220, [(60, "Rechnung")]),
            (300, [(60, "Pos. Bezeichnung Menge Einzelpreis Gesamt")]), (315, [(60, "1 Wartung Server 2 150,00 300,00")]),
            (360, [(350, "Nettobetrag 300,00")]), (372, [(350, "USt. 19 % 57,00")]), (384, [(350, "Gesamtbetrag 357,00")]),
            (780, [(60, "Nordlicht Technik GmbH"), (220, "USt-IdNr. DE136695976"), (400, "IBAN DE89 3704 0044 0532 0130 00")])]
    inv = extract_invoice(column_page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Nordlicht Technik GmbH", "DE136695976")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("Müller Bau AG", "DE811128135")


def test_a_right_aligned_letterhead_is_read_whole():

    table = [(300, [(60, "Nr. Prekė Kiekis Kaina Suma")]), (315, [(60, "1 Serverio priežiūra 2 150,00 300,00")]),
             (360, [(350, "Suma be PVM 300,00")]), (372, [(350, "PVM 21 % 63,00")]), (384, [(350, "Iš viso 363,00")])]
    # lines ending at one right edge: the longer start further left than the codes' line
    rows = [(40, [(-540, "UAB „Šiaurės vėjas“")], 16), (60, [(-540, "Gedimino pr. 1, LT-01103 Vilnius")]),
            (72, [(-540, "Įmonės kodas 302345678")]), (84, [(-540, "PVM kodas LT100001738313")]),
            (60, [(60, "PVM SĄSKAITA FAKTŪRA")], 14), (80, [(60, "Serija AB Nr. 001")]),
            (140, [(60, "Pirkėjas")]), (152, [(60, "UAB „Medžio darbai“")]),
            (164, [(60, "Laisvės al. 10, LT-44001 Kaunas")]), (176, [(60, "PVM kodas LT100006688411")]), *table]
    seller = extract_invoice(column_page(*rows))["seller"]
    assert (seller["name"], seller["companyCode"], seller["address"]["text"]) == \
        ("UAB „Šiaurės vėjas“", "302345678", "Gedimino pr. 1, LT-01103 Vilnius")
    # a bare VAT code under the name, which starts further left
    rows = [(40, [(-540, "Northwind Trading Ltd")], 16), (60, [(-540, "1 High Street")]),
            (72, [(-540, "London EC1A 1BB")]), (84, [(-540, "GB980780684")]),
            (60, [(60, "INVOICE")], 18), (90, [(60, "Invoice #: NW-2026-001")]),
            (140, [(60, "Bill to:")]), (152, [(60, "Medžio darbai UAB")]), (164, [(60, "LT-44001 Kaunas")]),
            (176, [(60, "LT100006688411")]), *table]
    inv = extract_invoice(column_page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Northwind Trading Ltd", "GB980780684")
    assert inv["buyer"]["name"] == "Medžio darbai UAB"


def test_a_window_beside_a_sidebar_keeps_each_partys_codes_and_lines_of_an_address_join():
    table = [(230, [(60, "Nr. Prekė Kiekis Kaina Suma")]), (245, [(60, "1 Serverio priežiūra 2 150,00 300,00")]),
             (300, [(350, "Suma be PVM 300,00")]), (312, [(350, "PVM 21 % 63,00")]), (324, [(350, "Iš viso 363,00")])]
    # the window's name and the sidebar's company code fall level, a few points apart
    rows = [(50, [(380, "UAB „Šiaurės vėjas“")]), (62, [(380, "Gedimino pr. 1")]), (74, [(380, "LT-01103 Vilnius")]),
            (86, [(380, "Įmonės kodas 302345678")]), (98, [(380, "PVM kodas LT100001738313")]),
            (110, [(380, "LT12 1000 0111 0100 1000")]),
            (90, [(60, "UAB „Medžio darbai“")]), (102, [(60, "Laisvės al. 10")]), (114, [(60, "LT-44001 Kaunas")]),
            (126, [(60, "Lietuva")]),
            (200, [(60, "PVM SĄSKAITA FAKTŪRA Serija AB Nr. 001")]), *table]
    inv = extract_invoice(page(*rows))
    seller, buyer = inv["seller"], inv["buyer"]
    assert (seller["name"], seller["companyCode"], seller["address"]["text"]) == \
        ("UAB „Šiaurės vėjas“", "302345678", "Gedimino pr. 1, LT-01103 Vilnius")
    assert (buyer["name"], buyer["companyCode"], buyer["address"]["text"]) == \
        ("UAB „Medžio darbai“", None, "Laisvės al. 10, LT-44001 Kaunas, Lietuva")


_EN_TABLE = [(300, [(60, "Description Qty Unit price Amount")]), (315, [(60, "Server maintenance 2 150.00 300.00")]),
             (360, [(350, "Subtotal 300.00")]), (372, [(350, "VAT 21% 63.00")]), (384, [(350, "Total 363.00")])]


def test_a_customers_code_in_the_info_block_heads_no_block_and_belongs_to_the_window_address():

    rows = [(40, [(60, "Šiaurės vėjas UAB")], 16), (58, [(60, "Gedimino pr. 1, LT-01103 Vilnius")], 8),
            (100, [(60, "Medžio darbai UAB")]), (112, [(60, "Laisvės al. 10")]), (124, [(60, "LT-44001 Kaunas")]),
            (100, [(380, "Invoice no.: AB-001")]), (112, [(380, "Date: 2026-03-14")]),
            (124, [(380, "Customer no.: 10233")]), (136, [(380, "Customer VAT: LT100006688411")]),
            (200, [(60, "INVOICE")], 14), *_EN_TABLE,
            (770, [(60, "Šiaurės vėjas UAB | Company code 302345678 | VAT LT100001738313")], 7)]
    inv = extract_invoice(column_page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Šiaurės vėjas UAB", "LT100001738313")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"], inv["buyer"]["address"]["text"]) == \
        ("Medžio darbai UAB", "LT100006688411", "Laisvės al. 10, LT-44001 Kaunas")


def test_an_address_before_the_codes_on_a_letterhead_line_is_no_name():

    rows = [(40, [(60, "Šiaurės vėjas UAB")], 16),
            (58, [(60, "Gedimino pr. 1, LT-01103 Vilnius · VAT LT100001738313")], 8),
            (100, [(60, "Recipient:")], 7), (112, [(60, "Medžio darbai UAB")]), (124, [(60, "LT-44001 Kaunas")]),
            (136, [(60, "VAT LT100006688411")]), (112, [(380, "Invoice no.: AB-001")]), *_EN_TABLE]
    seller = extract_invoice(column_page(*rows))["seller"]
    assert (seller["name"], seller["vatCode"], seller["address"]["text"]) == \
        ("Šiaurės vėjas UAB", "LT100001738313", "Gedimino pr. 1, LT-01103 Vilnius")


def test_a_code_label_and_its_number_sign_end_a_cell_whose_code_stands_in_the_next():
    rows = [(60, [(40, "ARVE 2026/897")]),
            (100, [(70, "Maksja"), (324, "Arve esitaja")]),
            (112, [(70, "MB Duomenų centras"), (324, "Tallinna Kaubad AS")]),
            (124, [(70, "Registrikood 199935180"), (324, "Registrikood 13452034")]),
            (136, [(70, "KMKR nr"), (129, "LT100001738313"), (324, "KMKR nr"), (385, "EE104580206")]),
            (148, [(70, "Liepų g. 129-22, Klaipėda"), (324, "Aadress Narva mnt 42, 77770 Tartu")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Tallinna Kaubad AS", "EE104580206")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("MB Duomenų centras", "LT100001738313")


def test_a_value_ocr_lined_up_with_the_column_beside_is_still_right_of_its_label():
    # "Pay by:" stands a little lower than the left column's line, which took its date
    boxes = [("Krasta", 69.5, 114.9, 100.0, 122.6), ("iela", 104.6, 114.5, 121.1, 122.4), ("47,", 125.5, 114.6, 140.1, 123.2),
             ("LV-4210", 145.1, 114.4, 183.3, 122.3), ("Liepaja,", 187.9, 113.8, 225.3, 123.7),
             ("Date:", 396.4, 110.0, 426.9, 123.7), ("2026-07-30", 489.5, 110.6, 564.9, 120.0),
             ("Bank", 69.4, 125.7, 93.6, 133.9), ("account:", 97.7, 126.2, 139.5, 133.6), ("LV64", 144.3, 125.5, 167.1, 133.4),
             ("RIKO", 171.4, 125.3, 194.2, 133.2), ("3890", 198.3, 125.1, 222.5, 133.0), ("9237", 226.8, 124.9, 251.1, 132.8),
             ("3310", 255.4, 124.7, 279.9, 132.8), ("5", 284.4, 124.8, 289.2, 132.5),
             ("2026-08-13", 489.4, 127.7, 564.8, 137.3), ("Pay", 396.5, 128.7, 416.2, 140.3), ("by:", 421.7, 128.3, 437.1, 140.1),
             ("Bank:", 69.5, 137.0, 96.3, 144.9), ("Citadele", 100.9, 136.7, 141.5, 144.9)]
    inv = extract_invoice(boxed(*boxes))
    assert (inv["issueDate"], inv["dueDate"]) == ("2026-07-30", "2026-08-13")


def test_a_word_ocr_left_at_the_end_of_the_column_besides_line_rejoins_its_own():
    # "Termin" stands level with "płatności:", a little lower than the address beside it
    boxes = [("NIP", 47.2, 81.5, 61.6, 88.2), ("UE:", 64.7, 81.6, 78.6, 88.3), ("PL6643001673", 82.4, 81.8, 139.3, 88.5),
             ("Data", 367.1, 84.7, 383.9, 91.4), ("faktury:", 387.2, 84.8, 415.5, 93.4),
             ("2026-10-15", 470.8, 85.5, 514.0, 92.3),
             ("Siedziba:", 47.1, 93.8, 80.9, 100.7), ("ul.", 84.3, 93.9, 92.9, 100.9),
             ("Świętojańska", 96.3, 92.4, 145.7, 103.0), ("54,", 148.6, 94.5, 159.7, 101.9),
             ("47-328", 162.5, 94.6, 188.9, 101.3), ("Warszawa,", 191.8, 95.1, 232.4, 102.5),
             ("Polska", 236.0, 95.0, 260.0, 102.0), ("Termin", 366.5, 97.6, 393.6, 104.4),
             ("płatności:", 396.8, 97.6, 432.3, 106.5), ("2026-10-25", 470.4, 98.5, 513.9, 105.2)]
    inv = extract_invoice(boxed(*boxes))
    assert (inv["issueDate"], inv["dueDate"]) == ("2026-10-15", "2026-10-25")


def test_a_heading_ocr_lined_up_under_its_names_start_opens_the_block_it_heads():
    # "Maksja:   Rasos Jankauskienės IĮ" as OCR boxed it: "Rasos IĮ" a line of its own just
    # above the heading's line, which keeps "Jankauskienės"
    boxes = [("Eesti", 44.3, 49.5, 77.1, 60.8), ("Puit", 83.1, 49.1, 110.3, 60.4), ("AS", 114.8, 49.2, 132.8, 60.3),
             ("ARVE", 363.0, 49.8, 394.4, 59.2),
             ("Käibemaksukohustuslase", 43.9, 72.2, 133.4, 78.4), ("nr:", 136.3, 73.4, 144.9, 77.7),
             ("EE103214968", 148.3, 71.8, 197.2, 78.3),
             ("IĮ", 197.1, 151.9, 204.8, 161.9), ("Jankauskienės", 138.5, 152.9, 204.1, 160.9),
             ("Rasos", 113.3, 153.4, 135.2, 159.9), ("Maksja:", 44.0, 153.4, 74.0, 161.6),
             ("Reg.", 113.4, 164.1, 130.0, 171.0), ("kood:", 133.0, 164.1, 155.0, 171.0),
             ("344644197", 160.0, 164.1, 200.0, 171.0),
             ("Käibemaksukohustuslase", 113.4, 174.7, 203.0, 181.0), ("nr:", 206.0, 174.7, 215.0, 181.0),
             ("LT571758212", 219.0, 174.7, 268.0, 181.0)]
    inv = extract_invoice(boxed(*boxes))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Eesti Puit AS", "EE103214968")
    assert (inv["buyer"]["companyCode"], inv["buyer"]["vatCode"]) == ("344644197", "LT571758212")


def test_a_label_column_whose_labels_and_values_wrap_over_lines():
    # A grid of label and value columns, each cell centred in its row: "Fecha factura:"
    # between the two lines of its date, "Fecha de / vencimiento:" around its date
    boxes = [("FACTURA", 300.3, 58.1, 381.4, 77.1),
             ("CIF:", 48.8, 68.2, 67.6, 79.4), ("B83598078", 70.4, 68.2, 121.5, 79.4),
             ("Número", 302.5, 83.6, 345.2, 97.0), ("de", 348.5, 83.6, 361.9, 97.0),
             ("factura:", 365.2, 83.6, 405.2, 97.0), ("05235", 426.1, 83.6, 459.4, 97.0),
             ("20", 426.1, 100.1, 439.4, 113.5), ("de", 442.7, 100.1, 456.7, 113.5), ("mayo", 460.0, 100.1, 491.4, 113.5),
             ("de", 494.7, 100.1, 508.7, 113.5), ("España", 48.8, 102.0, 82.7, 113.1),
             ("Fecha", 302.5, 106.9, 335.9, 120.3), ("factura:", 339.2, 106.9, 379.2, 120.3),
             ("Cuenta", 48.8, 113.2, 81.0, 124.4), ("bancaria:", 83.8, 113.2, 124.9, 124.4),
             ("2026", 426.1, 113.6, 452.7, 127.0),
             ("Banco:", 48.8, 124.5, 79.9, 135.6), ("CaixaBank,", 82.6, 124.5, 133.8, 135.6),
             ("Fecha", 302.5, 130.1, 335.9, 143.5), ("de", 339.2, 130.1, 352.5, 143.5),
             ("3", 426.1, 136.9, 432.7, 150.3), ("de", 436.1, 136.9, 450.0, 150.3), ("junio", 453.2, 136.9, 482.0, 150.3),
             ("de", 485.3, 136.9, 499.3, 150.3), ("2026", 502.6, 136.9, 529.3, 150.3),
             ("vencimiento:", 302.5, 143.6, 366.0, 157.0)]
    inv = extract_invoice(boxed(*boxes, text_layer=True))
    assert (inv["invoiceNumber"], inv["issueDate"], inv["dueDate"]) == ("05235", "2026-05-20", "2026-06-03")


def test_dates_wrapped_at_their_hyphen_in_a_letters_info_column():
    # A window letter printed by Chromium: the info column's dates break after "14-03-",
    # beside the window address's lines
    rows = [(40, [(330, "De Molen B.V.")]), (145, [(56, "De Molen B.V. · Kerkstraat 1 · 1017 GA Amsterdam")]),
            (161, [(56, "Van Dijk Bouw B.V.")]), (173, [(56, "Markt 5")]),
            (184, [(56, "3011 AA Rotterdam"), (355, "Factuurdatum:"), (462, "14-03-")]), (194, [(462, "2026")]),
            (213, [(355, "Vervaldatum:"), (462, "28-03-")]), (224, [(462, "2026")])]
    inv = extract_invoice(page(*rows))
    assert (inv["issueDate"], inv["dueDate"]) == ("2026-03-14", "2026-03-28")


def test_a_date_wrapped_in_a_scan_its_separator_lost_and_debris_beside_its_label():
    # OCR read "14-03-" as "14-03" and a copy of its end as "-U3-", level with the label
    doc = boxed(("De", 75.5, 156.3, 83.7, 161.1), ("Molen", 86.8, 156.0, 105.3, 161.3), ("B.V.", 108.4, 156.0, 119.4, 161.3),
                ("-", 122.8, 158.4, 123.5, 159.4), ("Kerkstraat", 126.6, 156.0, 159.5, 161.3), ("1", 162.6, 155.9, 165.3, 161.0),
                ("RE-2026-", 481.8, 158.4, 535.3, 167.8), ("Van", 75.3, 171.2, 92.3, 178.6), ("Dijk", 96.6, 170.9, 113.7, 180.3),
                ("Bouw", 117.5, 171.1, 142.5, 178.5), ("B.V.", 146.8, 171.1, 162.9, 178.3),
                ("Factuurnummer:", 375.5, 164.3, 472.5, 178.7), ("0412", 481.6, 172.8, 510.4, 182.2),
                ("Markt", 75.8, 182.4, 102.4, 190.1), ("5", 106.0, 182.7, 110.6, 190.1), ("14-03", 482.1, 188.7, 515.0, 198.0),
                ("3011", 75.8, 193.7, 98.6, 201.2), ("AA", 102.4, 193.9, 115.6, 201.1), ("Rotterdam", 119.5, 193.7, 168.2, 201.3),
                ("i", 459.1, 198.1, 460.5, 199.7), ("-U3-", 496.5, 193.9, 519.5, 195.1),
                ("Factuurdatum:", 375.6, 195.0, 460.5, 204.6), ("2026", 481.6, 202.6, 510.9, 212.2))
    assert extract_invoice(doc)["issueDate"] == "2026-03-14"


def test_the_addressee_under_the_return_address_when_ocr_garbled_its_postcode():
    rows = [(40, [(330, "Nordlicht Technik GmbH")]),
            (145, [(56, "Nordlicht Technik GmbH - Hafenstraße 12 - 20457 Hamburg")]),
            (160, [(56, "Müller Bau AG")]), (171, [(56, "z. Hd. Frau Anna Schmidt")]), (182, [(56, "Lindenallee 5")]),
            (193, [(56, '22% Mona"')]), (300, [(56, "Rechnung")]),
            (700, [(56, "Nordlicht Technik GmbH"), (300, "USt-IdNr. DE136695976")])]
    inv = extract_invoice(scanned(page(*rows)))
    assert (inv["seller"]["name"], inv["buyer"]["name"]) == ("Nordlicht Technik GmbH", "Müller Bau AG")


def test_a_heading_over_a_number_and_debris_heads_no_block():
    """"Customer no.:" wrapped, its "no.:" lost to OCR: "Customer" over "10233" and "a"."""
    rows = [(40, [(330, "Northwind Trading Ltd")]),
            (145, [(56, "Northwind Trading Ltd - 1 High Street - London EC1A 1BB")]),
            (160, [(56, "Medžio darbai UAB")]), (171, [(56, "Laisvės al. 10")]), (182, [(56, "LT-44001 Kaunas")]),
            (200, [(390, "Customer")]), (207, [(477, "10233")]), (214, [(390, "a")]), (300, [(56, "Invoice")]),
            (700, [(56, "Northwind Trading Ltd"), (300, "VAT no. GB980780684")])]
    inv = extract_invoice(scanned(page(*rows)))
    assert (inv["seller"]["name"], inv["buyer"]["name"]) == ("Northwind Trading Ltd", "Medžio darbai UAB")


def test_a_legal_form_that_ocr_set_on_a_line_of_its_own_names_no_seller():
    # A scanned footer of three columns: "Commerzbank AG" read with its "AG" a little higher
    footer = [("Nordlicht", 70.7, 472.9, 101.5, 483.9), ("Technik", 105.5, 472.8, 132.4, 483.8),
              ("GmbH", 133.4, 473.8, 166.5, 481.3), ("Hafenstraße", 70.8, 483.7, 113.3, 489.7),
              ("12", 116.9, 483.8, 124.5, 489.3), ("20457", 70.8, 491.4, 91.9, 497.1), ("Hamburg", 95.1, 491.7, 127.7, 498.5),
              ("|", 168.7, 473.8, 178.7, 474.5), ('"Commerzbank', 192.2, 473.5, 292.5, 480.9),
              ("AG", 283.9, 472.4, 296.4, 484.6), ("BIRSEE", 322.3, 473.4, 348.4, 473.9),
              ("IBAN", 227.7, 483.4, 243.6, 488.9), ("DE89", 246.9, 483.3, 264.9, 489.1), ("3704", 268.1, 483.2, 285.6, 489.0),
              ("0044", 288.5, 483.1, 305.5, 488.9), ("0532", 308.6, 483.1, 325.7, 488.8), ("0130", 328.8, 483.0, 346.5, 489.0),
              ("00", 349.4, 482.9, 357.6, 488.7), ('"Amtsgericht', 369.1, 473.2, 427.9, 481.8),
              ("Hamburg", 429.5, 472.8, 456.2, 480.5), ("HAB", 455.7, 472.9, 479.2, 481.6), ("123435", 481.4, 472.8, 504.4, 480.3),
              ("USt-IdNr.", 384.0, 482.8, 414.5, 488.5), ("DE136695976", 418.3, 482.6, 468.0, 488.6),
              ("Geschäftsführer:", 384.0, 490.4, 442.6, 496.4), ("Max", 445.0, 490.5, 459.1, 496.3),
              ("Muster", 462.2, 490.4, 486.2, 496.2)]
    doc = boxed(("Rechnung", 82.5, 350, 140, 360), *footer)
    assert extract_invoice(doc)["seller"]["name"] == "Nordlicht Technik GmbH"


def test_a_number_wrapped_beside_a_window_address_whose_lines_hold_its_parts():
    # Chromium's letter: the info column's rows fall between the window address's lines,
    # so each part of "RE-2026-" / "0412" joins a window line two line heights apart
    doc = boxed(("Nordlicht", 56.7, 34.1, 134.6, 51.5), ("Technik", 139.8, 34.1, 203.9, 51.5), ("GmbH", 208.9, 34.1, 260.0, 51.5),
                ("Müller", 56.7, 141.9, 85.9, 153.0), ("Bau", 88.9, 141.9, 107.3, 153.0), ("AG", 110.3, 141.9, 124.0, 153.0),
                ("Lindenallee", 56.7, 153.2, 111.3, 164.2), ("5", 114.3, 153.2, 120.3, 164.2),
                ("80331", 56.7, 164.4, 86.9, 175.5), ("München", 89.9, 164.4, 133.2, 175.5),
                ("Rechnungsnummer:", 355.8, 150.1, 476.6, 164.1), ("RE-2026-", 483.8, 143.4, 538.9, 157.3),
                ("0412", 483.8, 157.6, 514.3, 171.6), ("Rechnungsdatum:", 355.8, 173.4, 464.8, 187.3),
                ("14.03.2026", 483.8, 173.4, 552.5, 187.3), text_layer=True)
    assert extract_invoice(doc)["invoiceNumber"] == "RE-2026-0412"


def test_a_right_aligned_label_column_whose_labels_and_values_wrap():
    doc = boxed(("Harbour", 56.7, 156.2, 95.3, 167.2), ("Foods", 98.3, 156.2, 126.0, 167.2),
                ("Limited", 129.0, 156.2, 164.4, 167.2), ("22", 56.7, 167.4, 68.8, 178.5), ("Quay", 71.8, 167.4, 96.7, 178.5),
                ("Road", 99.7, 167.4, 123.5, 178.5), ("Bristol", 56.7, 178.7, 86.8, 189.7), ("BS1", 89.9, 178.7, 108.3, 189.7),
                ("4DJ", 111.3, 178.7, 127.4, 189.7), ("Invoice", 402.1, 143.4, 445.0, 157.3),
                ("number:", 394.4, 157.6, 445.0, 171.6), ("RE-2026-", 476.3, 143.4, 531.4, 157.3),
                ("0412", 500.9, 157.6, 531.4, 171.6), ("Issue", 379.1, 180.1, 410.1, 194.1), ("date:", 413.9, 180.1, 444.9, 194.1),
                ("14", 475.7, 173.4, 491.0, 187.3), ("March", 494.8, 173.4, 531.4, 187.3), ("2026", 500.9, 187.6, 531.4, 201.6),
                text_layer=True)
    inv = extract_invoice(doc)
    assert (inv["invoiceNumber"], inv["issueDate"]) == ("RE-2026-0412", "2026-03-14")


def test_a_value_under_a_label_and_its_translation_past_a_line_of_the_card_beside():
    # "FÄLLIG AM" / "DUE DATE" over "28.03.2026"; the amount card beside sets its total
    # on a line between the translation and the date
    doc = boxed(("USt-IdNr.", 45.8, 95.1, 85.7, 105.6), ("VAT", 45.8, 108.0, 57.7, 115.5), ("ID", 59.7, 108.0, 66.7, 115.5),
                ("DE342366712", 69.5, 105.6, 133.6, 116.1), ("FÄLLIG", 303.9, 108.3, 329.4, 116.4), ("AM", 332.5, 108.3, 343.7, 116.4),
                ("DUE", 303.9, 116.2, 318.6, 123.8), ("DATE", 321.5, 116.2, 339.6, 123.8),
                ("28.03.2026", 303.9, 126.6, 360.7, 137.1), ("ZU", 434.3, 108.3, 444.6, 116.4),
                ("ZAHLEN", 447.7, 108.3, 478.2, 116.4), ("595,00", 434.3, 119.1, 468.9, 129.6), ("EUR", 472.1, 119.1, 492.5, 129.6),
                text_layer=True)
    assert extract_invoice(doc)["dueDate"] == "2026-03-28"


def test_a_party_card_whose_labels_carry_their_translations_under_them():
    """Each row's label over its English and a wrapped "Įmonės" / "kodas" / "Company no.":
    the lines between the rows keep the block together down to the VAT code."""

    rows = [(40, [(60, "PVM SĄSKAITA FAKTŪRA")], 14), (80, [(60, "PARDAVĖJAS")]), (89, [(60, "SELLER")], 6),
            (100, [(60, "Pavadinimas"), (140, "UAB „Šiaurės vėjas“")]), (110, [(60, "Name")], 6),
            (124, [(60, "Įmonės"), (140, "302345678")]), (137, [(60, "kodas")]), (148, [(60, "Company no.")], 6),
            (162, [(60, "PVM kodas"), (140, "LT100001738313")]), (172, [(60, "VAT ID")], 6)]
    seller = extract_invoice(column_page(*rows))["seller"]
    assert (seller["name"], seller["companyCode"], seller["vatCode"]) == ("UAB „Šiaurės vėjas“", "302345678", "LT100001738313")


def test_a_date_under_its_label_and_a_translation_ocr_could_not_read():
    # "FÄLLIG AM" over "DUE DATE" in small capitals, read "WR", over the date
    doc = boxed(("FALLIG", 321.2, 123.0, 345.2, 127.8), ("AM", 349.5, 122.8, 359.6, 127.6),
                ("ZU", 451.5, 122.1, 460.6, 127.1), ("ZAHLEN", 465.0, 121.9, 494.2, 126.9),
                ("WR", 321.0, 130.6, 355.3, 135.4), ("595,00", 451.8, 132.8, 485.7, 140.9), ("EUR", 489.8, 132.5, 509.0, 139.5),
                ("28.03.2026", 321.1, 141.1, 377.3, 148.3))
    assert extract_invoice(doc)["dueDate"] == "2026-03-28"


def test_a_heading_over_nothing_heads_no_block():
    """A logo's first word that is a heading word ("De") leaves the seller to be found."""
    rows = [(40, [(512, "De")]), (145, [(56, "De Molen B.V. · Kerkstraat 1 · 1017 GA Amsterdam")]),
            (161, [(56, "Van Dijk Bouw B.V.")]), (173, [(56, "Markt 5")]), (184, [(56, "3011 AA Rotterdam")]),
            (300, [(56, "Factuur")]),
            (790, [(56, "De Molen B.V."), (400, "KvK-nummer 12345678")]),
            (800, [(56, "Kerkstraat 1"), (400, "Btw-nummer NL056563048B01")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("De Molen B.V.", "NL056563048B01")
    assert inv["buyer"]["name"] == "Van Dijk Bouw B.V."


def test_a_wrapped_number_label_finds_its_value_centred_beside_it():
    rows = [(40, [(48, "MB „Jūros vartai“")]), (113, [(48, "Pirkėjas"), (300, "PVM sąskaita faktūra")]),
            (124, [(48, "UAB „Žalgirio prekyba“")]),
            (136, [(48, "Įm. kodas 322681848"), (303, "Sąskaitos faktūros")]),
            (147, [(48, "PVM mok. kodas LT103975240318"), (420, "KT 29885")]),
            (158, [(48, "Liepų g. 13, LT-58759 Kėdainiai"), (303, "Nr.")]),
            (170, [(420, "2026 m. gegužės 25")]), (181, [(303, "Sąskaitos data"), (420, "d.")]),
            (196, [(303, "Apmokėjimo"), (420, "2026 m. birželio 24")]), (207, [(303, "terminas"), (420, "d.")])]
    inv = extract_invoice(page(*rows))
    assert (inv["invoiceNumber"], inv["issueDate"], inv["dueDate"]) == ("KT 29885", "2026-05-25", "2026-06-24")


@pytest.mark.parametrize("rows, expected", [
    ([(40, [(60, "Northwind Trading Ltd")]), (52, [(60, "VAT GB980780684")]),
      (40, [(380, "CREDIT MEMO")]), (62, [(380, "Credit memo no.: CM-2026-007")]), (74, [(380, "Date: 2026-03-20")]),
      (86, [(380, "Original invoice: INV-2026-0412")]), (98, [(380, "Invoice date: 2026-03-01")])],
     ("credit_note", "CM-2026-007", "2026-03-20")),
    ([(40, [(60, "Nordlicht Technik GmbH")]), (52, [(60, "USt-IdNr. DE136695976")]),
      (90, [(380, "Gutschrift Nr.: GS-2026-3")]), (102, [(380, "Datum: 20.03.2026")]),
      (114, [(380, "zur Rechnung Nr.: RE-2026-0412")]), (126, [(380, "vom 01.03.2026")]), (160, [(60, "Gutschrift")])],
     ("credit_note", "GS-2026-3", "2026-03-20")),
    ([(40, [(60, "Creditnota")]), (62, [(60, "Creditnotanummer: CN-88")]),
      (74, [(60, "Oorspronkelijke factuur: F-2026-12")]), (86, [(60, "Factuurdatum: 01-03-2026")]),
      (98, [(60, "Datum: 20-03-2026")])],
     ("credit_note", "CN-88", "2026-03-20")),
])
def test_a_credit_notes_own_number_and_date_not_the_corrected_invoices(rows, expected):
    inv = extract_invoice(page(*rows))
    assert (inv["documentType"], inv["invoiceNumber"], inv["issueDate"]) == expected


@pytest.mark.parametrize("frm, to", [("Von:", "An:"), ("De :", "À :"), ("Od:", "Do:"), ("Nuo:", "Kam:"),
                                     ("Van:", "Aan:"), ("Da:", "A:"), ("De:", "Para:"), ("От:", "Кому:")])
def test_from_and_to_in_each_language_head_the_parties_whichever_stands_left(frm, to):
    rows = [(40, [(60, "RECHNUNG")]), (70, [(60, to), (320, frm)]),
            (82, [(60, "UAB „Medžio darbai“"), (320, "Nordlicht Technik GmbH")]),
            (94, [(60, "Laisvės al. 10, LT-44001 Kaunas"), (320, "Hafenstraße 12, 20457 Hamburg")]),
            (106, [(60, "LT100006688411"), (320, "DE136695976")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["buyer"]["name"]) == ("Nordlicht Technik GmbH", "UAB „Medžio darbai“")


@pytest.mark.parametrize("frm, to", [("VAN", "AAN"), ("VON", "AN"), ("OD", "DO"), ("KELLELT", "KELLELE"), ("DE", "PARA")])
def test_from_and_to_as_card_captions_without_colon_head_the_parties(frm, to):
    """A capitalised cell of its own is a heading; the "Van" and "De" that open the parties'
    names are not."""
    # Three narrow cards: each code wraps under its label, a line apart from the other's.
    rows = [(40, [(60, "FACTUUR")]), (70, [(60, frm), (230, to), (400, "BETAALGEGEVENS")]),
            (82, [(60, "De Molen B.V."), (230, "Van Dijk Bouw B.V."), (400, "Bank: Swedbank AS")]),
            (92, [(60, "Kerkstraat 1, 1017 GA"), (230, "Markt 5, 3011 AA Rotterdam"), (400, "BIC HABALT22")]),
            (102, [(60, "Amsterdam"), (230, "KvK-nummer 87654321")]),
            (112, [(60, "KvK-nummer 12345678"), (230, "Btw-nummer")]),
            (122, [(60, "Btw-nummer"), (230, "NL316772326B01")]), (132, [(60, "NL056563048B01")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("De Molen B.V.", "NL056563048B01")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("Van Dijk Bouw B.V.", "NL316772326B01")


def test_labels_wrapped_in_two_cards_side_by_side_label_each_cards_value():
    """Two cards of label/value rows: "Įmonės" over "kodas" in both, the code beside the
    label's first line."""
    rows = [(40, [(60, "PVM SĄSKAITA FAKTŪRA")]), (70, [(60, "PARDAVĖJAS"), (320, "PIRKĖJAS")]),
            (82, [(60, "Pavadinimas"), (130, "UAB „Šiaurės vėjas“"), (320, "Pavadinimas"), (390, "MB „Medžio darbai“")]),
            (96, [(60, "Įmonės"), (130, "302345678"), (320, "Įmonės"), (390, "305123987")]),
            (106, [(60, "kodas"), (320, "kodas")]),
            (120, [(60, "PVM kodas"), (130, "LT100001738313"), (320, "PVM kodas"), (390, "LT117320600113")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["companyCode"], inv["seller"]["vatCode"]) == \
        ("UAB „Šiaurės vėjas“", "302345678", "LT100001738313")
    assert (inv["buyer"]["name"], inv["buyer"]["companyCode"], inv["buyer"]["vatCode"]) == \
        ("MB „Medžio darbai“", "305123987", "LT117320600113")


def test_cards_of_label_and_value_rows_name_their_parties():
    """"Name" as a cell of its own before its value; a name whose legal form wrapped under
    it, beside the second line of a wrapped label ("Razón" / "social") or alone."""
    rows = [(40, [(60, "INVOICE")]), (70, [(60, "FROM"), (320, "BILLED TO")]),
            (82, [(60, "Name"), (130, "Northwind Trading Ltd"), (320, "Razón"), (390, "Construcciones Norte")]),
            (92, [(320, "social"), (390, "S.A.")]),
            (106, [(60, "Firma"), (130, "Nordlicht Technik"), (320, "Address"), (390, "Gran Vía 20, 48001 Bilbao")]),
            (116, [(130, "GmbH")]),
            (130, [(60, "VAT ID"), (130, "GB980780684"), (320, "NIF"), (390, "ESB44922359")])]
    inv = extract_invoice(page(*rows))
    assert inv["seller"]["name"] == "Northwind Trading Ltd"
    assert (inv["buyer"]["name"], inv["buyer"]["companyCode"]) == ("Construcciones Norte S.A.", "B44922359")
    rows[2] = (82, [(60, "Firma"), (130, "Nordlicht Technik"), (320, "Razón"), (390, "Construcciones Norte")])
    rows[4] = (106, [(60, "Anschrift"), (130, "Hafenstraße 12"), (320, "Address"), (390, "Gran Vía 20, 48001 Bilbao")])
    rows[5] = (94, [(130, "GmbH")])
    rows[6] = (130, [(60, "USt-IdNr."), (130, "DE342366712"), (320, "NIF"), (390, "ESB44922359")])
    assert extract_invoice(page(*sorted(rows)))["seller"]["name"] == "Nordlicht Technik GmbH"


def test_a_heading_word_that_ocr_split_off_its_phrase_heads_nothing():
    """"Nº DE FACTURA" photographed: "DE" on the letterhead's line, a few points above the
    "N" and "FACTURA" it belongs with, is no "From"."""
    doc = boxed(("Suministros", 51, 52, 110, 63), ("Levante", 113, 52, 150, 63), ("S.L.", 153, 52, 170, 63),
                ("DE", 318, 53, 330, 62), ("N", 308, 58, 315, 67), ("FACTURA", 334, 58, 378, 67),
                ("Calle", 51, 67, 75, 76), ("Mayor", 78, 67, 105, 76), ("3,", 108, 67, 115, 76),
                ("46001", 118, 67, 145, 76), ("Valencia", 148, 67, 190, 76),
                ("FA-2026-077", 308, 67, 370, 76), ("NIF", 51, 77, 66, 86), ("ESB92433721", 69, 77, 130, 86),
                ("CLIENTE", 59, 190, 100, 200), ("Construcciones", 59, 202, 130, 211), ("Norte", 133, 202, 160, 211),
                ("S.A.", 163, 202, 180, 211), ("NIF", 59, 223, 75, 232), ("ESB44922359", 78, 223, 140, 232))
    inv = extract_invoice(doc)
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Suministros Levante S.L.", "ESB92433721")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("Construcciones Norte S.A.", "ESB44922359")


def test_a_caption_of_the_next_card_that_names_a_field_leaves_the_heading_a_heading():
    rows = [(40, [(60, "RECHNUNG")]),
            (70, [(60, "RECHNUNGSSTELLER"), (240, "RECHNUNGSEMPFÄNGER"), (420, "BANKVERBINDUNG")]),
            (82, [(60, "Firma"), (140, "Nordlicht Technik GmbH"), (240, "Firma"), (320, "Müller Bau AG"),
                  (420, "Swedbank AS")]),
            (94, [(60, "Handelsregister"), (140, "HRB 12345"), (240, "Handelsregister"), (320, "HRB 67890"),
                  (420, "IBAN LT12 7300 0101 2345 6789")]),
            (106, [(60, "USt-IdNr."), (140, "DE342366712"), (240, "USt-IdNr."), (320, "DE676122202")])]
    buyer = extract_invoice(page(*rows))["buyer"]
    assert (buyer["name"], buyer["companyCode"], buyer["vatCode"]) == ("Müller Bau AG", "HRB 67890", "DE676122202")
    blocks = parties.find_blocks(Layout(page(*rows), ALL_LABELS))  # read under its heading
    assert blocks["buyer"].heading.line.text[blocks["buyer"].heading.start:].startswith("RECHNUNGSEMPFÄNGER")


@pytest.mark.parametrize("lines, expected", [
    (["UAB „Šiaurės vėjas ir", "partneriai logistikos centras“"], "UAB „Šiaurės vėjas ir partneriai logistikos centras“"),
    (["Nordlicht Technik und", "Anlagenbau Hamburg GmbH"], "Nordlicht Technik und Anlagenbau Hamburg GmbH"),
    (["Kowalski Serwis i Wspólnicy", "Usługi Budowlane Sp. z", "o.o."], "Kowalski Serwis i Wspólnicy Usługi Budowlane Sp. z o.o."),
    (["Smith and", "Jones"], "Smith and Jones"),  # closed, no legal form anywhere
    (["Harbour Foods", "z. Hd. Anna Schmidt"], "Harbour Foods"),  # nothing says the name goes on
    (["Northwind Trading Ltd", "Logistics Department"], "Northwind Trading Ltd"),
])
def test_a_name_wrapped_in_a_narrow_card(lines, expected):
    rows = [(40, [(60, "INVOICE")]), (70, [(60, "FROM"), (240, "BILLED TO")]),
            (82, [(60, "Medžio darbai UAB"), (240, lines[0])])]
    rows += [(94 + 10 * k, [(240, text)]) for k, text in enumerate(lines[1:])]
    y = 94 + 10 * len(lines)
    rows += [(y, [(60, "Laisvės al. 10, LT-44001 Kaunas"), (240, "Lindenallee 5, 80331 München")]),
             (y + 12, [(60, "LT100006688411"), (240, "VAT ID DE676122202")])]
    assert extract_invoice(page(*rows))["buyer"]["name"] == expected


def test_labelled_names_wrapped_in_a_photographed_card():
    # "_" read out of the card's edge before "Van Dijk Bouw"; lines a little further apart
    doc = boxed(("VAN", 59.6, 176.8, 73.7, 181.9), ("AAN", 261.7, 177.7, 276.3, 182.7),
                ("Naam", 60.5, 189.8, 93.6, 198.7), ("De", 116.6, 189.8, 131.8, 199.2), ("Molen", 137.0, 189.7, 171.1, 199.1),
                ("Bouw", 176.9, 190.1, 208.1, 199.2), ("Naam", 262.3, 190.7, 295.4, 199.6), ("_", 303.6, 187.7, 311.3, 203.1),
                ("Van", 317.8, 190.7, 338.9, 200.0), ("Dijk", 344.6, 190.6, 366.0, 202.3), ("Bouw", 371.3, 190.9, 402.5, 200.3),
                ("en", 116.1, 205.6, 129.8, 212.8), ("B.V.", 318.7, 204.6, 338.8, 213.7),
                ("Installatietechniek", 116.5, 216.9, 225.5, 231.5), ("Adres", 261.5, 220.0, 294.4, 229.3),
                ("Markt", 318.6, 220.2, 351.7, 229.6), ("5,", 356.3, 220.6, 366.1, 230.9), ("3011", 371.6, 220.4, 400.2, 229.8),
                ("AA", 405.2, 220.8, 421.6, 229.9), ("Nederland", 116.5, 231.7, 176.7, 241.3), ("B.V.", 182.5, 232.1, 202.6, 241.2),
                ("Rotterdam", 318.5, 234.2, 379.7, 243.6), ("Adres", 59.5, 247.2, 92.2, 256.6),
                ("Kerkstraat", 116.4, 247.3, 177.1, 256.9), ("1,", 182.2, 247.9, 191.3, 258.2),
                ("Btw-", 262.2, 280.4, 287.1, 289.1), ("NL316772326B01", 318.3, 280.4, 423.7, 290.0))
    inv = extract_invoice(doc)
    assert inv["seller"]["name"] == "De Molen Bouw en Installatietechniek Nederland B.V."
    assert inv["buyer"]["name"] == "Van Dijk Bouw B.V."


def test_a_labelled_name_wrapped_in_its_value_cell_and_a_label_wrapped_beside_its_value():
    rows = [(40, [(60, "INVOICE")]), (70, [(60, "FROM"), (240, "BILLED TO")]),
            (82, [(60, "Name"), (120, "Northwind"), (240, "Name"), (300, "Harbour Foods")]),
            (92, [(120, "Trading and"), (300, "Limited")]), (102, [(120, "Logistics"), (240, "Company 07654321")]),
            (112, [(120, "Limited"), (240, "no.")]), (124, [(60, "Company 01234567"), (240, "VAT ID"), (300, "GB220430231")]),
            (134, [(60, "no.")]), (146, [(60, "VAT ID"), (120, "GB980780684")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["companyCode"]) == ("Northwind Trading and Logistics Limited", "01234567")
    assert (inv["buyer"]["name"], inv["buyer"]["companyCode"]) == ("Harbour Foods Limited", "07654321")


def test_a_short_word_in_title_case_alone_in_its_cell_heads_nothing():
    """"Da" of "Data wystawienia:" that OCR split over two lines is no Italian "From"."""
    # A photographed letter, its letterhead's "Sp. z o.o." read "Sp. z 0.0."
    doc = boxed(("Kowalski", 61.2, 40.4, 110.0, 54.5), ("Serwis", 115.0, 40.4, 160.0, 54.5),
                ("Sp.", 202.1, 40.3, 227.0, 54.7), ("z", 234.0, 43.2, 241.7, 51.6), ("0.0.", 247.9, 43.2, 277.9, 51.8),
                ("ul.", 60.7, 56.6, 70.8, 64.1), ("Długa", 75.4, 56.6, 102.0, 66.0), ("5,", 106.3, 56.6, 113.8, 64.8),
                ("00-238", 118.1, 56.6, 150.5, 64.1), ("Warszawa", 154.6, 56.9, 201.1, 64.1),
                ("REGON", 61.0, 67.9, 93.6, 75.4), ("123456785", 98.4, 67.9, 151.0, 75.4), ("-", 155.5, 71.3, 156.7, 72.7),
                ("NIP", 161.5, 68.2, 176.2, 75.4), ("PL7180334018", 180.0, 67.9, 250.1, 75.6),
                ("Zielony", 60.5, 159.8, 94.8, 169.2), ("Ogród", 98.4, 159.6, 126.2, 169.2), ("S.A.", 130.6, 159.8, 147.6, 167.5),
                ("ul.", 60.7, 171.1, 70.8, 178.6), ("Polna", 75.6, 171.1, 99.6, 178.6), ("12", 104.4, 171.4, 114.5, 178.6),
                ("30-001", 60.7, 182.4, 92.6, 189.8), ("Kraków", 97.4, 182.2, 130.8, 189.8),
                ("Numer", 359.3, 155.0, 398.9, 164.2), ("faktury:", 403.0, 154.6, 447.4, 166.6),
                ("Da", 359.3, 177.8, 386.2, 187.2), ("4", 422.6, 191.8, 423.8, 193.4),
                ("**1403.2026", 458.6, 184.6, 525.4, 193.9), ("wystawienia:", 358.8, 192.7, 434.9, 203.5),
                ("Termin", 358.1, 207.1, 397.4, 216.7), ("28.03.2026", 458.2, 214.1, 525.4, 223.4),
                ("płatności:", 359.3, 221.5, 415.2, 233.3), ("RE-2026-", 458.4, 148.1, 511.9, 157.4),
                ("0412", 458.2, 162.0, 486.7, 171.4))
    inv = extract_invoice(doc)
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Kowalski Serwis Sp. z o.o.", "PL7180334018")


def test_a_two_word_label_wrapped_beside_its_wrapped_value_a_space_apart():
    """A narrow label column a space from its values: "Raison Atelier Lumière" over
    "sociale et Associés", the label's words first in each cell, the value's lines one
    column right of them. A title over a label ("PVM SĄSKAITA" over "faktūros Nr.") joins
    nothing."""
    rows = [(40, [(60, "Facture")]), (70, [(60, "ÉMETTEUR"), (320, "DESTINATAIRE")]),
            (82, [(60, "Raison"), (100, "Atelier Lumière"), (320, "Raison"), (360, "Boulangerie")]),
            (92, [(60, "sociale"), (100, "et Associés"), (320, "sociale"), (360, "Dupont SAS")]),
            (102, [(100, "SARL")]),
            (116, [(60, "N° TVA FR44732829320"), (320, "N° TVA FR03552081317")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Atelier Lumière et Associés SARL", "FR44732829320")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("Boulangerie Dupont SAS", "FR03552081317")
    title = [(53, [(60, "Tiekėjas:"), (300, "PVM SĄSKAITA-FAKTŪRA")]), (66, [(60, "Rasos Jankauskienės IĮ")]),
             (78, [(60, "Įm. kodas: 317748842"), (300, "Sąskaitos faktūros Nr:"), (420, "261597")]),
             (90, [(60, "Išrašymo data: 2025-11-17")])]
    assert extract_invoice(page(*title))["invoiceNumber"] == "261597"


def test_a_lone_capital_letter_heads_nothing():
    """OCR reads an "A" out of a stamp's debris: the Italian and French "To" only with its colon."""
    rows = [(40, [(60, "ARVE")]), (60, [(60, "Tallinna Kaubad OÜ"), (476, "A")]),
            (72, [(60, "KMKR: EE102260955")]), (100, [(60, "Ostja:")]), (112, [(60, "Saare Kala AS")]),
            (124, [(60, "KMKR: EE100679247")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["buyer"]["name"]) == ("Tallinna Kaubad OÜ", "Saare Kala AS")


def test_a_short_party_word_before_a_number_or_after_debris_heads_nothing():
    rows = [(40, [(60, "Tessitura Como S.r.l.")]), (52, [(60, "Viale Europa 87, 68388 Verona")]),
            (80, [(60, "Customer:")]), (92, [(60, "Marmi Carrara S.r.l.")]), (104, [(60, "Cc de: 02124670338")]),
            (116, [(60, "VAT IT02124670338")]), (160, [(60, "Pos. Item Quantity Price Amount")]),
            (175, [(60, "1 Consulting 2 10.00 20.00")]),
            (700, [(60, "Tessitura Como S.r.l. | VAT IT14211780193 | IBAN IT60 X054 2811 1010 0000 0123 456")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Tessitura Como S.r.l.", "IT14211780193")
    assert inv["buyer"]["name"] == "Marmi Carrara S.r.l."


@pytest.mark.parametrize("translations", [
    {},  # as printed
    {"Seller": "Se11er", "Buyer": "Buyar", "Company code": "Cornpany c0de", "VAT code": "VAT cade",
     "Invoice No.": "lnvoice N0.", "Due date": "Due dale"},  # as OCR misreads them
])
def test_labels_with_their_english_stacked_under_them(translations):

    def t(words):
        return translations.get(words, words)

    rows = [(40, [(200, "PVM SĄSKAITA FAKTŪRA")], 14), (56, [(200, "VAT INVOICE")], 8),
            (80, [(60, "Sąskaitos Nr."), (250, "Data"), (400, "Apmokėti iki")]),
            (90, [(60, t("Invoice No.")), (250, "Date"), (400, t("Due date"))], 7),
            (102, [(60, "SF-2026-77"), (250, "2026-03-14"), (400, "2026-03-28")]),
            (130, [(60, "Pardavėjas"), (320, "Pirkėjas")]), (140, [(60, t("Seller")), (320, t("Buyer"))], 7),
            (152, [(60, "UAB „Šiaurės vėjas“"), (320, "UAB „Medžio darbai“")]),
            (164, [(60, "Įmonės kodas"), (320, "Įmonės kodas")]),
            (174, [(60, t("Company code")), (320, t("Company code"))], 7),
            (186, [(60, "302345678"), (320, "301234567")]),
            (200, [(60, "PVM kodas"), (320, "PVM kodas")]), (210, [(60, t("VAT code")), (320, t("VAT code"))], 7),
            (222, [(60, "LT100001738313"), (320, "LT100006688411")])]
    inv = extract_invoice(column_page(*rows))
    assert (inv["invoiceNumber"], inv["issueDate"], inv["dueDate"]) == ("SF-2026-77", "2026-03-14", "2026-03-28")
    assert (inv["seller"]["name"], inv["seller"]["companyCode"], inv["seller"]["vatCode"]) == \
        ("UAB „Šiaurės vėjas“", "302345678", "LT100001738313")
    assert (inv["buyer"]["name"], inv["buyer"]["companyCode"], inv["buyer"]["vatCode"]) == \
        ("UAB „Medžio darbai“", "301234567", "LT100006688411")


def test_a_value_a_few_letters_from_a_label_is_still_a_value():
    # "Dataflow UAB" under "Pavadinimas" is a name, however near "date" some of its letters are
    rows = [(80, [(60, "Data"), (250, "Pirkėjas")]), (92, [(60, "2026-03-14"), (250, "Dataflow UAB")]),
            (104, [(250, "PVM kodas LT100006688411")])]
    inv = extract_invoice(page(*rows))
    assert (inv["issueDate"], inv["buyer"]["name"]) == ("2026-03-14", "Dataflow UAB")


def test_a_translation_after_a_slash_as_ocr_misreads_it_is_part_of_its_label():
    def t(words):
        return {"Seller": "Se11er", "Buyer": "Buyar", "Company code": "Cornpany c0de",
                "Invoice No.": "lnvoice N0.", "Due date": "Due dale"}.get(words, words)

    rows = [(40, [(200, "PVM SĄSKAITA FAKTŪRA / VAT INVOICE")]),
            (70, [(60, f"Sąskaitos Nr. / {t('Invoice No.')}: SF-2026-77")]),
            (94, [(60, f"Apmokėti iki / {t('Due date')}: 2026-03-28")]),
            (130, [(60, f"Pardavėjas / {t('Seller')}:"), (320, f"Pirkėjas / {t('Buyer')}:")]),
            (142, [(60, "UAB „Šiaurės vėjas“"), (320, "UAB „Medžio darbai“")]),
            (154, [(60, f"Įmonės kodas / {t('Company code')}: 302345678"),
                   (320, f"Įmonės kodas / {t('Company code')}: 301234567")])]
    inv = extract_invoice(page(*rows))
    assert (inv["invoiceNumber"], inv["dueDate"]) == ("SF-2026-77", "2026-03-28")
    assert (inv["seller"]["name"], inv["seller"]["companyCode"]) == ("UAB „Šiaurės vėjas“", "302345678")
    assert (inv["buyer"]["name"], inv["buyer"]["companyCode"]) == ("UAB „Medžio darbai“", "301234567")
    # what follows a slash and is no label's misreading stays the value
    inv = extract_invoice(page((130, [(60, "Pirkėjas / UAB Buyeris")]), (142, [(60, "PVM kodas LT100006688411")])))
    assert inv["buyer"]["name"] == "UAB Buyeris"


def test_a_row_of_caption_labels_over_their_values_some_unknown():

    rows = [(40, [(60, "Invoice")], 20), (48, [(380, "AMOUNT DUE")], 7), (62, [(380, "363.00 EUR")], 22),
            (90, [(60, "INVOICE NO."), (200, "ISSUED"), (320, "DUE")], 7),
            (100, [(60, "SF-2026-77"), (200, "14 Mar 2026"), (320, "28 Mar 2026")])]
    inv = extract_invoice(column_page(*rows))
    assert (inv["invoiceNumber"], inv["dueDate"]) == ("SF-2026-77", "2026-03-28")


def test_an_export_invoices_exporter_and_importer_are_its_parties():
    rows = [(40, [(60, "COMMERCIAL INVOICE")]), (62, [(60, "Invoice No.: EX-2026-5"), (320, "Date: 14.03.2026")]),
            (90, [(60, "Exporter:"), (320, "Importer:")]), (102, [(60, "UAB „Šiaurės vėjas“"), (320, "Acme Corp.")]),
            (114, [(60, "VAT LT100001738313"), (320, "1 Main St, Springfield, USA")])]
    inv = extract_invoice(page(*rows))
    assert (inv["seller"]["name"], inv["buyer"]["name"]) == ("UAB „Šiaurės vėjas“", "Acme Corp.")


def test_a_slips_centred_name_in_wide_type_is_one_name_however_spaced():
    words = [Word("Gouda", 216.5, 38.2, 271.2, 52.3), Word("Kaas", 284.4, 39.4, 326.6, 52.3),
             Word("N.V.", 340.6, 39.4, 379.9, 52.1),
             Word("Kerkstraat", 121.2, 62.6, 230.6, 76.8), Word("20,", 244.8, 63.6, 272.4, 79.9),
             Word("1112", 289.9, 63.6, 332.4, 76.3), Word("JB", 346.6, 63.6, 366.7, 76.6),
             Word("Rotterdam", 379.9, 62.6, 479.0, 76.6),
             Word("KvK-nummer", 188.6, 88.1, 306.7, 101.0), Word(":", 303.1, 86.6, 312.2, 104.6),
             Word("91833401", 323.5, 87.8, 411.6, 101.0),
             Word("Btw-id:", 177.4, 111.4, 250.6, 125.5), Word("NL772328900B01", 267.4, 112.3, 422.9, 125.5),
             Word("KASSABON", 256.1, 161.0, 350.0, 175.0)]
    seller = extract_invoice(Document([Page(1, 600, 1400, words, "tesseract", False)]))["seller"]
    assert (seller["name"], seller["vatCode"]) == ("Gouda Kaas N.V.", "NL772328900B01")


def test_a_headed_blocks_words_spaced_wide_by_monospaced_type_stay_one_line():
    words = [Word("Покупатель", 29.5, 815.5, 139.2, 832.1),
             Word("UAB", 29.5, 839.8, 61.4, 853.0), Word('"Nemuno', 75.6, 838.8, 150.5, 853.0),
             Word('logistika"', 165.1, 838.6, 272.4, 856.3),
             Word("Рег.", 29.5, 864.0, 69.1, 877.2), Word("номер", 85.9, 866.2, 139.4, 880.6),
             Word("371203151", 152.9, 864.0, 251.8, 877.2),
             Word("НДС", 29.5, 888.2, 61.0, 904.8), Word("рег.", 74.6, 890.4, 113.8, 904.8),
             Word("№", 129.1, 888.2, 140.6, 901.2), Word("LT147847117", 153.4, 888.2, 273.6, 901.4)]
    buyer = extract_invoice(Document([Page(1, 600, 1000, words, "tesseract", False)]))["buyer"]
    assert (buyer["name"], buyer["companyCode"], buyer["vatCode"]) == \
        ('UAB "Nemuno logistika"', "371203151", "LT147847117")


def test_a_register_code_misread_beside_the_vat_number_that_carries_it():
    rows = [(40, [(60, "Logística Ibérica S.A.")]), (52, [(60, "CIF 847783113")]), (64, [(60, "NIF-IVA ESB47783113")]),
            (90, [(60, "TICKET")])]
    assert extract_invoice(scanned(page(*rows)))["seller"]["companyCode"] == "B47783113"


@pytest.mark.parametrize("label, vat, code", [
    ("NIF", "ESB92433721", "B92433721"),  # the Spanish NIF is what the VAT number carries
    ("Codice fiscale", "IT60495660536", "60495660536"),
    ("Reģ. Nr.", "LV43520561748", "43520561748"),
    ("Company no.", "GB980780684", None),  # a British VAT number carries no company number
])
def test_a_company_code_label_before_a_vat_number(label, vat, code):
    rows = [(40, [(60, "Northwind S.L.")]), (52, [(60, "Calle Mayor 3, 46001 Valencia")]), (64, [(60, f"{label} {vat}")]),
            (90, [(60, "INVOICE")])]
    seller = extract_invoice(page(*rows))["seller"]
    assert (seller["vatCode"], seller["companyCode"]) == (vat, code)


def test_a_number_wrapped_at_its_hyphen_with_a_line_of_the_column_beside_between_its_parts():
    # "Invoice / number:" and "RE-2026- / 0412" as OCR boxed a photographed letter: the
    # window address's line falls between the two lines of the info column
    boxes = [("Northwind", 61.0, 181.7, 93.4, 188.6), ("Trading", 96.0, 181.7, 119.3, 188.6),
             ("Ltd", 122.2, 181.9, 131.5, 188.6), ("Medžio", 61.2, 196.1, 93.4, 203.8),
             ("darbai", 97.2, 196.3, 126.2, 204.0), ("UAB", 130.6, 196.6, 149.3, 203.8),
             ("Laisvės", 61.2, 207.6, 95.0, 215.0), ("al.", 98.9, 207.6, 109.0, 215.0), ("10", 113.8, 207.6, 124.6, 215.0),
             ("Invoice", 374.6, 185.0, 415.7, 194.6), ("RE-2026-", 460.3, 185.3, 513.8, 194.6),
             ("number:", 374.4, 198.0, 422.9, 211.0), ("0412", 460.1, 199.2, 488.6, 208.6)]
    inv = extract_invoice(boxed(*boxes))
    assert inv["invoiceNumber"] == "RE-2026-0412"


def test_a_window_address_level_with_a_sidebars_codes_lends_them_no_name():
    # the addressee in the window at the left, the seller's details in a narrow sidebar at
    # the right in smaller type; the window's city and the sidebar's first code share a
    # baseline, so they read as one line of two cells
    rows = [(40, 330, "Northwind Trading Ltd", 18),
            (150, 60, "Harbour Foods Limited", 10), (152, 460, "Northwind Trading Ltd", 7),
            (163, 460, "1 High Street", 7), (165, 60, "22 Quay Road", 10), (173, 460, "London EC1A 1BB", 7),
            (180, 60, "Bristol BS1 4DJ", 10), (183, 460, "Company no. 01234567", 7),
            (193, 460, "VAT ID GB980780684", 7),
            (250, 60, "Invoice number: RE-2026-0412", 10)]
    inv = extract_invoice(font_page(rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Northwind Trading Ltd", "GB980780684")
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("Harbour Foods Limited", None)


@pytest.mark.parametrize("first, rest, second, vat", [
    ("Customer", "company no.: 07654321", "Customer VAT ID:", "GB220430231"),
    ("Pirkėjo", "įmonės kodas: 07654321", "Pirkėjo PVM kodas:", "GB220430231"),
])
def test_the_buyers_codes_in_the_info_column_beside_a_window_address(first, rest, second, vat):
    # the window holds the addressee's name and address only; the info column beside it
    # prints the buyer's codes under labels a buyer's word opens, one wrapped in two lines
    rows = [(40, 330, "Northwind Trading Ltd", 18), (60, 330, "VAT ID GB980780684", 9),
            (140, 60, "Harbour Foods Limited", 10), (153, 60, "22 Quay Road", 10), (166, 60, "Bristol BS1 4DJ", 10),
            (140, 330, "Invoice number: RE-2026-0412", 10), (153, 330, "Customer no.: 10233", 10),
            (166, 330, first, 10), (179, 330, rest, 10), (192, 330, f"{second} {vat}", 10),
            (260, 60, "INVOICE", 14)]
    inv = extract_invoice(font_page(rows))
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == ("Northwind Trading Ltd", "GB980780684")
    assert (inv["buyer"]["name"], inv["buyer"]["companyCode"], inv["buyer"]["vatCode"]) == \
        ("Harbour Foods Limited", "07654321", vat)


# A Polish window letter's addressee printing its own codes, the invoice's number beside
# it, the title under it, and an item table under that (_page rows).
_PL_WINDOW = [(150, 60, "Zielony Ogród S.A.", 10), (163, 60, "ul. Polna 12", 10), (176, 60, "30-001 Kraków", 10),
              (189, 60, "REGON 987654325, NIP PL8656355150", 10), (150, 330, "Numer faktury: FV-2026-0412", 10),
              (300, 60, "Faktura VAT FV-2026-0412", 14)]
_PL_ITEMS = [(330, 60, "Nazwa", 10), (330, 300, "Ilość", 10), (330, 380, "Cena", 10), (330, 460, "Wartość", 10),
             (345, 60, "Usługa A", 10), (345, 300, "2", 10), (345, 380, "150,00", 10), (345, 460, "300,00", 10),
             (360, 60, "Usługa B", 10), (360, 300, "1", 10), (360, 380, "200,00", 10), (360, 460, "200,00", 10),
             (380, 380, "Razem netto", 10), (380, 460, "500,00", 10)]
_PL_PARTIES = (("Kowalski Serwis Sp. z o.o.", "PL7180334018"), ("Zielony Ogród S.A.", "PL8656355150"))


def _names_and_vat_codes(inv: dict) -> tuple:
    """((seller name, seller VAT code), (buyer name, buyer VAT code))."""
    return tuple((inv[role]["name"], inv[role]["vatCode"]) for role in ("seller", "buyer"))


def test_the_letterheads_name_over_codes_at_the_letters_close_is_the_seller():
    # the letterhead prints name and address only; its codes stand under the closing
    # words, the addressee's own codes in the window printed first
    rows = [(30, 200, "Kowalski Serwis Sp. z o.o.", 16), (50, 200, "ul. Długa 5, 00-238 Warszawa", 8), *_PL_WINDOW,
            (530, 60, "Z poważaniem,", 10), (543, 60, "Kowalski Serwis Sp. z o.o.", 10),
            (560, 60, "REGON 123456785", 9), (572, 60, "NIP PL7180334018", 9)]
    assert _names_and_vat_codes(extract_invoice(font_page(rows))) == _PL_PARTIES


def test_a_window_addressee_in_body_type_is_no_letterhead_to_name_the_seller():
    # no letterhead: the return line over the window carries the seller's codes, the
    # addressee its own; the addressee's name, the top name of the page, is no evidence
    rows = [(140, 60, "UAB Šiaurės vėjas · Gedimino pr. 1 · LT-01103 Vilnius · Įmonės kodas", 7),
            (148, 60, "302345678 · PVM kodas LT100001738313", 7),
            (165, 60, "MB Medžio darbai", 10), (178, 60, "Laisvės al. 10", 10), (191, 60, "LT-44001 Kaunas", 10),
            (204, 60, "Įmonės kodas: 305123987", 10), (217, 60, "PVM kodas: LT117320600113", 10),
            (165, 330, "Sąskaitos Nr.: RE-2026-0412", 10), (300, 60, "PVM SĄSKAITA FAKTŪRA", 14)]
    assert _names_and_vat_codes(extract_invoice(font_page(rows))) == \
        (("UAB Šiaurės vėjas", "LT100001738313"), ("MB Medžio darbai", "LT117320600113"))


def test_parties_told_apart_only_by_print_order_are_reported_unsure():
    # two parties side by side in the middle of the page, neither headed, no account, no
    # letterhead, no footer: the first printed is taken to sell, and says it is a guess
    rows = [(100, 60, "UAB Šiaurės vėjas", 10), (113, 60, "Įmonės kodas 302345678", 10),
            (126, 60, "PVM kodas LT100001738313", 10),
            (100, 330, "MB Medžio darbai", 10), (113, 330, "Įmonės kodas 305123987", 10),
            (126, 330, "PVM kodas LT117320600113", 10),
            (200, 60, "PVM SĄSKAITA FAKTŪRA Nr. RE-2026-0412", 14)]
    inv = extract_invoice(font_page(rows))
    assert (inv["seller"]["vatCode"], inv["buyer"]["vatCode"]) == ("LT100001738313", "LT117320600113")
    fields = inv["confidence"]["fields"]
    assert all(fields[f"{role}.{key}"] < 0.75 for role in ("seller", "buyer") for key in ("name", "vatCode"))
    assert "seller and buyer told apart only by the order they are printed in" in inv["validation"]["warnings"]
    # an account under the second tells them apart: no guess
    rows.append((139, 330, "IBAN LT12 1000 0111 0100 1000", 10))
    inv = extract_invoice(font_page(rows))
    assert (inv["seller"]["vatCode"], inv["buyer"]["vatCode"]) == ("LT117320600113", "LT100001738313")
    assert inv["confidence"]["fields"]["seller.vatCode"] >= 0.9
    assert not any("print" in w for w in inv["validation"]["warnings"])


@pytest.mark.parametrize("head, tail, issue, due", [
    ("Išrašymo", "data:", "2026-03-14", "Apmokėti iki: 2026-03-28"),
    ("Data", "wystawienia:", "14.03.2026", "Termin płatności: 28.03.2026"),
])
def test_a_date_label_wrapped_in_a_narrow_column_takes_the_value_right_of_its_end(head, tail, issue, due):
    # the info column beside a window is narrow: the label wraps, its colon and the value
    # on the second line; the next row's date is not the value
    rows = [(40, [(40, "UAB Šiaurės vėjas")]), (150, [(330, "Sąskaitos Nr.: RE-2026-0412")]),
            (166, [(330, head)]), (177, [(330, tail), (420, issue)]), (198, [(330, due)])]
    inv = extract_invoice(page(*rows))
    assert (inv["issueDate"], inv["dueDate"]) == ("2026-03-14", "2026-03-28")


def test_a_name_printed_with_its_address_after_a_comma_ends_at_the_comma():
    # the seller's details in one line under the totals; the letterhead in large type
    # names it; the window's addressee prints its own codes first
    rows = [(30, 330, "Kowalski Serwis Sp. z o.o.", 16), *_PL_WINDOW, *_PL_ITEMS,
            (420, 60, "Kowalski Serwis Sp. z o.o., ul. Długa 5, 00-238 Warszawa, REGON 123456785, "
                      "NIP PL7180334018", 8)]
    assert _names_and_vat_codes(extract_invoice(font_page(rows))) == _PL_PARTIES
    # a street with its number, a town, before the comma is no name
    assert parties._name_end("Gedimino pr. 1, LT-01103 Vilnius") is None
    assert parties._name_end("Rīga, LV-1001") is None


def test_a_partys_codes_under_the_items_are_the_sellers_over_an_addressee_above_them():
    # no headings, no letterhead, no account, no footer: the addressee's block with its
    # codes above the items, the seller's details in a line under the totals
    rows = [*_PL_WINDOW, *_PL_ITEMS,
            (420, 60, "Kowalski Serwis Sp. z o.o.", 9), (432, 60, "REGON 123456785, NIP PL7180334018", 9)]
    inv = extract_invoice(font_page(rows))
    assert _names_and_vat_codes(inv) == _PL_PARTIES
    assert inv["confidence"]["fields"]["seller.vatCode"] >= 0.9


_LT_WINDOW = [(165, 60, "MB Medžio darbai", 10), (178, 60, "Laisvės al. 10", 10), (191, 60, "LT-44001 Kaunas", 10),
              (204, 60, "Įmonės kodas 305123987", 10), (217, 60, "PVM kodas LT117320600113", 10),
              (165, 330, "Sąskaitos Nr.: RE-2026-0412", 10), (300, 60, "PVM SĄSKAITA FAKTŪRA", 14)]


def _codes_of(inv: dict) -> tuple:
    return tuple((inv[role]["name"], inv[role]["companyCode"], inv[role]["vatCode"]) for role in ("seller", "buyer"))


def test_a_return_line_with_codes_in_body_type_ends_over_the_addressee():
    # the return line over the window, as large as the address under it, closes with the
    # seller's VAT code; the plain name under it opens the addressee's block, codes and all
    rows = [(140, 60, "UAB Šiaurės vėjas · Gedimino pr. 1 · LT-01103 Vilnius · PVM kodas LT100001738313", 10),
            *_LT_WINDOW]
    assert _codes_of(extract_invoice(font_page(rows))) == \
        (("UAB Šiaurės vėjas", None, "LT100001738313"), ("MB Medžio darbai", "305123987", "LT117320600113"))


def test_a_return_line_wrapped_in_the_window_takes_its_name_from_its_first_line():
    # "... · LT-01103" over "Vilnius · PVM kodas ...": the town opening the second line
    # is no name; the party's name opens the line above
    rows = [(127, 60, "UAB Šiaurės vėjas · Gedimino pr. 1 · LT-01103", 10),
            (140, 60, "Vilnius · PVM kodas LT100001738313", 10), *_LT_WINDOW]
    assert _codes_of(extract_invoice(font_page(rows))) == \
        (("UAB Šiaurės vėjas", None, "LT100001738313"), ("MB Medžio darbai", "305123987", "LT117320600113"))


def test_a_party_printed_twice_keeps_the_company_code_of_either_printing():
    # the return line prints the VAT code only; the letter's close prints the company code
    # beside the same VAT code: one party, with both codes
    rows = [(140, 60, "UAB Šiaurės vėjas · Gedimino pr. 1 · LT-01103 Vilnius · PVM kodas LT100001738313", 7),
            *_LT_WINDOW[:3], *_LT_WINDOW[5:],
            (500, 60, "Pagarbiai,", 10), (513, 60, "UAB Šiaurės vėjas", 10),
            (530, 60, "Įmonės kodas 302345678", 8), (540, 60, "PVM kodas LT100001738313", 8)]
    seller, buyer = _codes_of(extract_invoice(font_page(rows)))
    assert seller == ("UAB Šiaurės vėjas", "302345678", "LT100001738313")
    assert buyer[0] == "MB Medžio darbai"


@pytest.mark.parametrize("street", ["Gedimino pr. 1", "1 High Street"])
def test_the_street_under_a_right_hand_letterhead_names_no_addressee(street):
    # the letterhead right, its street and town under it; the window's addressee left,
    # with no codes: the addressee's name is the window's, not the letterhead's street
    rows = [(40, 400, "UAB Šiaurės vėjas", 14), (57, 400, street, 8), (67, 400, "LT-01103 Vilnius", 8),
            *_LT_WINDOW[:3], *_LT_WINDOW[5:], (800, 60, "UAB Šiaurės vėjas · Įmonės kodas 302345678 · "
                                                    "PVM kodas LT100001738313", 7)]
    seller, buyer = _codes_of(extract_invoice(font_page(rows)))
    assert (seller[0], buyer[0]) == ("UAB Šiaurės vėjas", "MB Medžio darbai")


def test_the_label_of_the_next_row_is_no_register_prefix_of_a_wrapped_code():
    # "Nr" / "REGON:" wrapped in the seller's label column, its value level between them;
    # under the label stands the next row's "NIP:", a label, not a register's letters
    # ("HRB" over "146889"): the code stays bare. Words as a generated invoice's text layer
    # boxed them.
    boxes = [
        ('Sprzedawca:', 48.519691467285156, 267.5985107421875, 106.57868957519531, 278.07452392578125),
        ('Krakbud', 48.519691467285156, 278.0750732421875, 86.99468994140625, 288.55108642578125),
        ('sp.j.', 89.81169128417969, 278.0750732421875, 109.35969543457031, 288.55108642578125),
        ('Nr', 50.769691467285156, 290.8016357421875, 60.15668487548828, 301.27764892578125),
        ('REGON:', 50.769691467285156, 301.2781982421875, 82.93568420410156, 311.75421142578125),
        ('772971792', 97.10627746582031, 296.0399169921875, 143.43829345703125, 306.51593017578125),
        ('NIP:', 50.769691467285156, 314.7547607421875, 66.81668090820312, 325.23077392578125),
        ('PL6471099596', 97.10627746582031, 314.7547607421875, 157.9732666015625, 325.23077392578125),
        ('Siedziba:', 50.769691467285156, 333.4696044921875, 87.606689453125, 343.9455871582031),
        ('ul.', 97.10627746582031, 328.2313232421875, 107.06027221679688, 338.7073059082031),
        ('Marszałkowska', 109.63428497314453, 328.2313232421875, 170.29428100585938, 338.7073059082031),
        ('39,', 172.8682861328125, 328.2313232421875, 185.73828125, 338.7073059082031),
        ('80-127', 188.31228637695312, 328.2313232421875, 216.97726440429688, 338.7073059082031),
        ('Warszawa,', 219.55128479003906, 328.2313232421875, 262.85931396484375, 338.7073059082031),
        ('Polska', 97.10627746582031, 338.7078857421875, 122.58528137207031, 349.1838684082031),
        ('Kupujący:', 307.673095703125, 267.5985107421875, 352.673095703125, 278.07452392578125),
        ('VšĮ', 307.673095703125, 278.0750732421875, 321.7671203613281, 288.55108642578125),
        ('"Kauno', 324.5841064453125, 278.0750732421875, 357.64111328125, 288.55108642578125),
        ('energija"', 360.4580993652344, 278.0750732421875, 402.22711181640625, 288.55108642578125),
        ('Nr', 307.673095703125, 288.5516357421875, 317.06011962890625, 299.02764892578125),
        ('REGON:', 319.63409423828125, 288.5516357421875, 351.8000793457031, 299.02764892578125),
        ('346867360', 354.37408447265625, 288.5516357421875, 400.70611572265625, 299.02764892578125),
        ('NIP:', 307.673095703125, 299.0281982421875, 323.7200927734375, 309.50421142578125),
        ('LT779458717', 326.2940979003906, 299.0281982421875, 380.8431091308594, 309.50421142578125),
        ('Vytauto', 307.673095703125, 309.5047607421875, 339.15509033203125, 319.98077392578125),
        ('g.', 341.7290954589844, 309.5047607421875, 349.4421081542969, 319.98077392578125),
        ('30,', 352.0160827636719, 309.5047607421875, 364.8861083984375, 319.98077392578125),
        ('LT-54475', 367.4600830078125, 309.5047607421875, 403.5231018066406, 319.98077392578125),
        ('Vilnius', 406.09710693359375, 309.5047607421875, 432.6741027832031, 319.98077392578125),
    ]
    invoice = extract_invoice(boxed(*boxes, text_layer=True))
    assert (invoice["seller"]["companyCode"], invoice["buyer"]["companyCode"]) == ("772971792", "346867360")


def test_the_name_a_return_line_sends_from_is_the_sellers_evidence():
    # Two parties without headings, each with its codes: the one the return line over the
    # window names is the letter's sender, its seller; its addressee under it is not.
    from assets.extraction.lines import Candidate, Span
    from assets.extraction.parties.blocks import Block
    from assets.extraction.parties.evidence import seller_evidence
    from assets.extraction.parties.return_line import return_senders

    layout = Layout(page(
        (100, [(50, "Nordwind Handel GmbH · Hafenstraße 12 · 20457 Hamburg")]),
        (110, [(50, "Baltijos medis UAB")]),
        (500, [(50, "Nordwind Handel GmbH")]),
    ), ALL_LABELS)
    addressee, footer = layout.lines[1][1], layout.lines[1][2]
    senders = frozenset(return_senders(layout))

    def evidence(line, senders=frozenset()):
        block = Block("seller", None, [line], Candidate(line.text, 0.9, Span(line, 0, len(line.text))))
        return seller_evidence(layout, line, block, None, senders)

    assert evidence(footer, senders) == evidence(footer) + 1.0
    assert evidence(addressee, senders) == evidence(addressee)


@pytest.mark.parametrize("bullet", ["®e", "«", "°"])
def test_a_return_lines_bullets_as_ocr_reads_them_still_part_it(bullet):
    # The small disc between a return line's parts read as a sign with a letter of its ring.
    from assets.extraction.parties.return_line import return_senders

    layout = Layout(scanned(page(
        (100, [(50, f"Bei Spiel GmbH {bullet} Ecke 12 {bullet} 12345 Stadthausen")]),
        (110, [(50, "Theodor Est")]),
    )), ALL_LABELS)
    assert return_senders(layout) == {"bei spiel"}


@pytest.mark.parametrize("text, senders", [
    ("Bei Spiel GmbH ®e Ecke12 e 12345 Stadthausen", {"bei spiel"}),  # one bullet read as a letter
    ("S.A. ul. Długa 40 - 66-557 Gdańsk", set()),                     # an address, its form before it
    ("Bei Spiel ®e Ecke12 e 12345 Stadthausen", set()),                # no legal form: no name told
    ("Bei Spiel GmbH e Ecke 12 e 12345 Stadthausen", {"bei spiel"}),   # both bullets read as one letter
    ("Rossi e Figli S.r.l. - Via Roma 1 - 00100 Roma", {"rossi e figli"}),  # an "e" of the name stays
])
def test_a_return_line_of_two_parts_needs_a_name_with_its_legal_form(text, senders):
    # (and one whose bullets OCR all read as the same small letter is parted at it)
    from assets.extraction.parties.return_line import return_senders

    layout = Layout(scanned(page((100, [(50, text)]), (110, [(50, "Theodor Est")]))), ALL_LABELS)
    assert return_senders(layout) == senders


def test_a_return_lines_bullets_are_told_by_their_boxes_and_its_end_by_a_columns_gap():
    # As a 200 dpi scan boxed it: each small disc a glyph-sized box read as "e" or "+", set
    # apart by gaps twice the line's height; the letterhead's town on the right put on the
    # same line by OCR, a column's gap away.
    from assets.extraction.parties.return_line import return_senders

    layout = Layout(boxed(
        ("Bei", 102.5, 157.2, 109.9, 161.3), ("Spiel", 112.8, 157.2, 125.0, 162.2),
        ("GmbH", 127.9, 157.2, 144.2, 161.3),
        ("e", 152.2, 158.4, 154.6, 160.8), ("Ecke12", 162.2, 157.2, 182.9, 161.3), ("+", 190.8, 158.4, 193.2, 160.8),
        ("12345", 200.9, 157.2, 217.0, 161.3), ("Stadthausen", 219.1, 157.0, 252.0, 161.3),
        ("12345", 451.9, 154.6, 471.6, 159.8), ("Stadthausen", 474.7, 154.6, 515.5, 159.8),
        ("Theodor", 71.3, 170.9, 122.6, 181.4), ("Est", 127.7, 171.4, 147.1, 181.4),
    ), ALL_LABELS)
    assert return_senders(layout) == {"bei spiel"}


def test_the_sender_a_return_line_names_is_its_first_part_whatever_its_bullets_read_as():
    from assets.extraction.parties.window import sender_name

    layout = Layout(scanned(page(
        (60, [(450, "Bei Spiel GmbH")]),
        (100, [(50, "Bei Spiel GmbH e Ecke 12 e 12345 Stadthausen")]),
        (110, [(50, "Theodor Est")]),
        (700, [(450, "Kontoinhaber: Max Mustermann")]),
    )), ALL_LABELS)
    assert sender_name(layout, "Max Mustermann", "Theodor Est").value == "Bei Spiel GmbH"


def test_a_gross_whose_leading_digits_ocr_lost_is_what_net_and_its_rate_make():
    # "1 452,00" read "452,00": its digits end net + VAT, and the VAT is 21 % of the net.
    rows = [(40, [(60, "INVOICE No. 17")]), (300, [(300, "Net total"), (450, "1 200,00")]),
            (312, [(300, "VAT 21%"), (450, "252,00")]), (324, [(300, "Total"), (460, "452,00")])]
    totals = extract_invoice(scanned(page(*rows)))["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("1200.00", "252.00", "1452.00")



def test_the_vat_of_a_zero_rate_is_zero_whatever_amount_stands_under_its_label():
    # "VAT 0%" with nothing beside it, the amount due on the next line under it.
    rows = [(40, [(60, "INVOICE No. 17")]), (300, [(300, "VAT 0%")]), (312, [(300, "Amount due"), (450, "15 054,58")])]
    totals = extract_invoice(scanned(page(*rows)))["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("15054.58", "0.00", "15054.58")


def test_no_vat_more_than_any_rate_makes_of_the_net():
    # "PVN 21%" with the amount due under it, the VAT itself unreadable: not a VAT of
    # 121 % of the net; it is what the gross leaves of the net.
    rows = [(40, [(60, "INVOICE No. 17")]), (300, [(300, "Net total"), (450, "1 000,00")]),
            (312, [(300, "VAT 21%")]), (324, [(300, "Total"), (450, "1 210,00")])]
    totals = extract_invoice(scanned(page(*rows)))["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("1000.00", "210.00", "1210.00")


def test_two_letters_ocr_was_unsure_of_at_the_top_are_no_letterhead():
    # A logo's debris at the page's edge read "EN" (confidence 0.32), in type larger than
    # the body's: no company's name. Read surely, two letters may be one ("HP").
    from assets.extraction.parties.window import letterhead

    def layout(conf):
        return Layout(boxed(("EN", 147, 0, 190, 26, conf), ("Facture", 40, 100, 100, 114, 0.96),
                            ("FA-2017-0009", 110, 100, 200, 114, 0.96), ("Nougat", 40, 300, 80, 309, 0.96),
                            ("de", 84, 300, 94, 309, 0.96), ("l'Abbaye", 98, 300, 140, 309, 0.96)), ALL_LABELS)

    assert letterhead(layout(0.32), set()) is None
    assert letterhead(layout(0.97), set()).value == "EN"


def _letter_with_a_garbled_return_line():
    # A real letter photographed close up, as Tesseract boxed it: the return line over the
    # window garbled past reading, the letterhead's contact block at the top right (name,
    # street, town, telephone, fax, web), the addressee in the window at the left, lower,
    # and the payee's account holder, a person, in the footer.
    return boxed(
        ("2015-10-08", 65.0, 58.8, 115.2, 66.0),
        ("Bei", 452.4, 125.3, 465.8, 131.8),
        ("Spiel", 469.0, 125.0, 489.6, 133.2), ("GmbH", 492.7, 125.3, 519.4, 131.8),
        ("Ecke", 452.4, 141.1, 468.5, 146.6), ("12", 471.8, 141.4, 478.8, 146.6),
        ("12345", 453.1, 155.8, 472.3, 161.0), ("Stadthausen", 475.9, 155.8, 516.7, 161.0),
        ("Bas", 102.7, 158.2, 109.2, 162.2), ("Seil", 114.0, 157.2, 125.3, 163.7), ("Grit", 129.1, 158.4, 142.1, 161.8),
        ("o", 152.2, 159.1, 154.8, 162.0), ("Ecke", 162.5, 158.2, 177.6, 162.2), ("17", 177.8, 157.2, 183.8, 163.7),
        ("«", 190.8, 159.1, 193.4, 161.8), ("172345", 201.6, 158.2, 216.0, 162.2), ("Sia", 219.8, 158.6, 252.2, 162.2),
        ("Theodor", 71.0, 171.8, 123.4, 182.9), ("Est", 127.9, 172.1, 147.6, 182.9),
        ("fon", 452.4, 178.6, 462.0, 183.6), ("(555)", 468.2, 178.1, 484.8, 184.1), ("23", 487.9, 178.3, 495.4, 183.8),
        ("78", 498.7, 178.3, 505.7, 183.6), ("9", 511.0, 178.3, 514.8, 183.6),
        ("tax", 452.2, 193.0, 461.5, 198.0), ("(555)", 468.5, 192.7, 485.0, 198.2), ("23", 487.9, 192.7, 495.6, 198.2),
        ("78", 498.7, 192.7, 505.7, 198.0), ("51", 509.3, 192.7, 518.2, 198.2),
        ("Bahnstr.", 71.5, 200.6, 115.2, 210.2), ("42", 119.0, 200.6, 132.2, 210.0),
        ("imtog?iocaihosi", 452.4, 216.0, 500.9, 221.8), ("iocal", 503.8, 216.0, 518.4, 221.0),
        ("http", 452.2, 230.9, 464.2, 236.2), ("Mocalhost", 469.9, 230.6, 501.8, 235.7),
        ("88802", 71.0, 241.0, 104.4, 250.8), ("Spielkreis", 107.0, 241.0, 158.9, 253.0),
        ("Rechnung", 57.4, 356.2, 111.4, 367.9), ("#", 115.0, 356.6, 121.7, 365.3),
        ("RE-20151008/504", 125.5, 356.2, 222.2, 365.8), ("von", 225.6, 358.1, 244.8, 365.8),
        ("08.10.2015", 248.4, 356.2, 308.6, 365.8),
        ("Nettobetrag:", 57.4, 486.7, 122.2, 498.5),
        ("496,00", 126.2, 486.7, 163.2, 497.0), ("€", 166.3, 486.7, 173.3, 496.3),
        ("USt.", 133.9, 577.0, 156.2, 586.8),
        ("Gesamt:", 160.3, 577.2, 204.7, 586.8), ("75,04", 211.7, 577.0, 241.2, 587.5),
        ("€", 244.6, 577.0, 251.3, 586.8),
        ("Gesamtbetrag:", 56.9, 593.3, 135.6, 605.3),
        ("571,04", 139.9, 593.3, 176.2, 603.8), ("€", 179.8, 593.3, 186.5, 602.9),
        ("USt-ID:", 430.3, 725.3, 451.9, 730.6), ("DE136695976", 456.7, 725.0, 504.0, 730.8),
        ("IBAN", 430.3, 739.7, 446.9, 745.2), ("DE88200800000970375700", 449.8, 739.4, 543.1, 745.2),
        ("BIC", 430.3, 754.3, 441.6, 759.6), ("COBADEFFXXX", 444.7, 754.1, 499.7, 759.8),
        ("Commerzbank", 430.1, 768.7, 478.1, 774.2), ("vormals", 481.0, 769.4, 506.6, 774.0),
        ("Dresdner", 509.5, 768.7, 539.3, 774.2),
        ("Seite", 279.4, 776.2, 301.2, 783.8), ("1/1", 305.5, 776.2, 317.3, 783.6),
        ("Bank", 430.1, 777.1, 446.2, 782.9),
        ("Kontoinhaber", 430.3, 792.0, 473.8, 797.3), ("Max", 481.2, 791.8, 494.4, 797.0),
        ("Mustermann", 497.5, 791.8, 538.3, 797.0),
    )


def test_the_letterheads_contact_block_is_no_window_address_and_names_the_seller():
    got = extract_invoice(_letter_with_a_garbled_return_line())
    assert got["buyer"]["name"] == "Theodor Est"
    assert got["seller"]["name"] == "Bei Spiel GmbH" and got["seller"]["vatCode"] == "DE136695976"


def test_a_buyers_block_with_a_telephone_and_e_mail_is_still_the_window_address():
    # Only the letterhead's own block is the sender's: an addressee may print contacts too.
    from assets.extraction.parties.window import contact_sender

    doc = scanned(page(
        (60, [(60, "Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène")]),
        (140, [(300, "Ma jolie boutique")]),
        (152, [(300, "35 rue de la République")]),
        (164, [(300, "69001 Lyon")]),
        (176, [(300, "sav@majolieboutique.net")]),
        (300, [(57, "Facture FA-2017-0010")]),
        (500, [(57, "Total HT 624,90 €")]),
    ))
    assert extract_invoice(doc)["buyer"]["name"] == "Ma jolie boutique"
    assert contact_sender(Layout(doc, ALL_LABELS)) is None


def test_a_vat_breakdowns_tax_is_the_amount_that_is_its_rate_of_the_base_beside_it():
    # "rate | base | tax" lines, no VAT total: each line's tax is the amount that is the
    # printed rate of the base before it (not the base), and their sum is the VAT.
    rows = [(40, [(60, "Facture FA-2017-0010")]),
            (400, [(40, "TVA collectée (vente) 20,0%"), (300, "81,90 €"), (400, "16,38 €")]),
            (412, [(40, "TVA collectée (vente) 5,5%"), (300, "543,00 €"), (400, "29,87 €")]),
            (430, [(300, "Total HT"), (400, "624,90 €")]),
            (442, [(300, "Total TTC"), (400, "671,15 €")])]
    totals = extract_invoice(scanned(page(*rows)))["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("624.90", "46.25", "671.15")


def test_a_credit_notes_total_whose_minus_ocr_lost_completes_its_totals_negative():
    # The credit note's "Total taxes -14,99 €" read without its dash and its label garbled;
    # the bases of its two rates add up to the net, which makes no invoice's totals.
    # Its rate lines' taxes were not read: a VAT label stands by a base only.
    rows = [(40, [(60, "Avoir AV-2017-0005")]),
            (400, [(40, "TVA collectée (vente) 20,0%"), (300, "-20,48 €")]),
            (412, [(40, "TVA collectée (vente) 5,5%"), (300, "-198,00 €")]),
            (430, [(300, "Total HT"), (400, "-218,48 €")]),
            (442, [(300, "1 Total ts"), (400, "14,99 €")]),
            (454, [(300, "Total TTC"), (400, "-233,47 €")])]
    totals = extract_invoice(scanned(page(*rows)))["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("-218.48", "-14.99", "-233.47")


def test_a_vat_lines_rate_is_no_amount_where_ocr_lost_its_bases_comma():
    # "20,0%" is the rate; the base "81,90" read "8190" has no cents; the tax is the amount.
    rows = [(40, [(60, "Facture FA-2017-0010")]),
            (400, [(40, "TVA collectée (vente) 20,0% 8190 € 16,38 €")]),
            (412, [(40, "TVA collectée (vente) 5,5%"), (300, "543,00 €"), (400, "29,87 €")]),
            (430, [(300, "Total HT"), (400, "624,90 €")]),
            (442, [(300, "Total TTC"), (400, "671,15 €")])]
    totals = extract_invoice(scanned(page(*rows)))["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("624.90", "46.25", "671.15")


def test_a_label_ocr_garbled_before_a_code_is_no_name_its_colon_tells():
    # "Käibemaksukohustuslase nr:" read past any dictionary: the text before the code ends
    # with a label's colon, so the name is the letterhead's line above, not the label.
    doc = scanned(page(
        (40, [(50, "Eesti Puit AS")]),
        (52, [(50, "Kabemaksukshatualese ne: EE103214968")]),
        (64, [(50, "Tartu mnt 76, 12511 Tallinn")]),
        (200, [(50, "Arve nr 17566")]),
        (400, [(300, "Arve summa:"), (400, "8817,45 EUR")]),
    ))
    seller = extract_invoice(doc)["seller"]
    assert seller["name"] == "Eesti Puit AS" and seller["vatCode"] == "EE103214968"


def test_the_first_word_of_a_codes_label_ocr_garbled_is_no_name():
    # "Įmonės kodas" read "pmonés kodas": the label found by its last word only, the word
    # before it a label's word as OCR reads it; the name is the letterhead's line above.
    doc = scanned(page(
        (40, [(50, 'AB "Ąžuolo baldai"'), (300, "Kreditinė PVM sąskaita")]),
        (52, [(50, "pmonés kodas 126465673")]),
        (64, [(50, "PVM mokėtojo kodas LT421934913")]),
        (76, [(50, "Žalgirio g. 125, LT-41705 Klaipėda")]),
        (400, [(300, "Iš viso:"), (400, "1 210,00 EUR")]),
    ))
    assert extract_invoice(doc)["seller"]["name"] == 'AB "Ąžuolo baldai"'


def test_a_heading_printed_again_in_another_language_is_no_name():
    # "Acheteur / Buyer", its slash read as a letter: the name is the line under it
    doc = scanned(page(
        (100, [(40, "Fournisseur / Supplier"), (300, "Acheteur I Buyer")]),
        (115, [(40, "Transports Garonne SARL"), (300, "UAB Nemuno logistika")]),
        (130, [(40, "N° TVA: FR19765640370"), (300, "PVM kodas: LT100001738313")]),
    ))
    inv = extract_invoice(doc)
    assert inv["buyer"]["name"] == "UAB Nemuno logistika"
    assert inv["seller"]["name"] == "Transports Garonne SARL"
