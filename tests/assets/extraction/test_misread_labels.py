"""Labels OCR misread by a letter or two, found on the pages it read (``misread_labels``)."""

import pytest

from assets.extraction import extract_invoice
from tests.support.word_pages import page, scanned


def _read(*rows, ocr=True, calibrated=True):
    printed = page(*rows)
    return extract_invoice(scanned(printed) if ocr else printed, calibrated=calibrated)


@pytest.mark.parametrize("label, value, field, expected", [
    ("Saskaitos faktùros Nc:", "2026/248088", "invoiceNumber", "2026/248088"),  # "Nr." with a wrong letter
    ("Factuume.", "F59308", "invoiceNumber", "F59308"),                        # "rn" read "m", and one more
    ("Mokejimo temminas:", "2026.02.12", "dueDate", "2026-02-12"),
    ("Mokėjimo term inas", "30.12.2026", "dueDate", "2026-12-30"),             # a space inside a word
    ("Invoice mumber:", "FV/796/10/2026", "invoiceNumber", "FV/796/10/2026"),  # a pack's pattern, one choice read
    ("Maksetahtsog:", "16.04.2026", "dueDate", "2026-04-16"),                  # two letters off in eleven
])
def test_a_label_a_letter_off_is_read_on_a_page_ocr_read(label, value, field, expected):
    rows = [(40, [(40, "PROFORMA")]), (70, [(40, label), (200, value)])]
    assert _read(*rows)[field] == expected
    assert _read(*rows, ocr=False)[field] is None  # a text layer prints its labels as they are


def test_a_label_read_right_that_ends_a_misread_one_is_the_misread_ones():
    # "No.:" alone is a bare number sign, which names the invoice's number only by a title
    rows = [(57, [(50, "Berliner Druck AG"), (390, "Invaice No.:")]),
            (70, [(50, "Company reg. no.: HRB 185993"), (390, "INV-2025-6399")]), (120, [(50, "TAX INVOICE")])]
    assert _read(*rows)["invoiceNumber"] == "INV-2025-6399"
    # "Date:" alone is the issue date's
    rows = [(40, [(40, "PROFORMA")]), (70, [(40, "Duo Date:"), (200, "30.12.2026")])]
    assert _read(*rows)["dueDate"] == "2026-12-30"


def test_a_number_sign_read_as_ne_closes_a_misread_label_and_the_words_label_each_field_they_label():
    # "Sąskaitos Nr." labels an account's number and an invoice's, read right or misread
    rows = [(40, [(40, "PVM SĄSKAITA FAKTŪRA")]), (73, [(40, "Im. kodas: 317924960"), (300, "Saskaiton Ne: 199905")])]
    assert _read(*rows)["invoiceNumber"] == "199905"


def test_a_label_read_right_after_a_word_too_short_to_guess_at_stays_as_read():
    # "IĮ Kodas" is one edit from "Im. kodas", but "IĮ" is the name's legal form
    rows = [(40, [(40, "SĄSKAITA FAKTŪRA")]), (800, [(40, "Ramunės Petraičio IĮ Kodas 123048843")])]
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout

    layout = Layout(scanned(page(*rows)), ALL_LABELS)
    line = layout.lines[1][-1]
    assert [(h.key, line.text[h.start:h.end]) for h in layout.hits(line)] == [("company_code", "Kodas")]


def test_a_party_heading_a_letter_off_heads_its_party():
    rows = [(40, [(40, "PVM SĄSKAITA FAKTŪRA")]), (80, [(40, "Pirkijas")]), (95, [(40, "UAB „Ąžuolynas“")]),
            (110, [(40, "Įmonės kodas: 378289307")])]
    buyer = _read(*rows)["buyer"]
    assert (buyer["name"], buyer["companyCode"]) == ("UAB „Ąžuolynas“", "378289307")


@pytest.mark.parametrize("words", [
    "FACTUUR",          # the title is the start of "Factuurnr.", another word
    "Apmaksas",         # another ending of "Apmaksai": an inflection, not a misreading
    "Arve ar:",         # "Arve nr:" is too short to be guessed at
    "Kredītrēķins / CREDIT NOTE",  # a slash opens a translation
])
def test_other_words_are_no_misread_labels(words):
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout

    layout = Layout(scanned(page((100, [(50, words), (300, "A-2079")]))), ALL_LABELS)
    line = layout.lines[1][0]
    assert [h for h in layout.hits(line) if h.misread] == []


def test_a_value_by_a_misread_label_is_less_sure():
    exact = [(40, [(40, "PROFORMA")]), (70, [(40, "Sąskaitos faktūros Nr.:"), (200, "2026/248088")])]
    misread = [(40, [(40, "PROFORMA")]), (70, [(40, "Saskaitos faktùros Nc:"), (200, "2026/248088")])]
    sure = _read(*exact, calibrated=False)["confidence"]["fields"]["invoiceNumber"]
    less = _read(*misread, calibrated=False)["confidence"]["fields"]["invoiceNumber"]
    assert less < sure


def test_a_total_by_a_misread_label_that_does_not_add_up_gives_way():
    rows = [(40, [(40, "INVOICE")]), (600, [(300, "Subtotal:"), (450, "100.00")]),
            (615, [(300, "VAT 21 %:"), (450, "21.00")]), (630, [(300, "Grand totel:"), (450, "821.00")])]
    totals = _read(*rows)["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("100.00", "21.00", "121.00")
    rows[-1] = (630, [(300, "Grand totel:"), (450, "121.00")])
    assert _read(*rows)["totals"]["gross"] == "121.00"


def test_a_misread_heading_takes_its_translation_with_it():
    # "Piegādātājs / Seller" with its Latvian word a letter off and the English one as well
    rows = [(40, [(40, "RĒĶINS / INVOICE")]), (70, [(40, "Piegádacajs / Seler"), (300, "Pircējs / Buyer")]),
            (85, [(40, "Daugava Trans AS"), (300, "UAB Statybų sprendimai")]),
            (100, [(40, "PVN Nr.: LV40005952736"), (300, "PVN Nr.: LT380888280312")])]
    invoice = _read(*rows)
    assert (invoice["seller"]["name"], invoice["buyer"]["name"]) == ("Daugava Trans AS", "UAB Statybų sprendimai")
    # One label over both words, as OCR misread them: neither "Seler" nor a heading alone.
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout

    layout = Layout(scanned(page(*rows)), ALL_LABELS)
    line = layout.lines[1][1]
    assert [(h.key, line.text[h.start:h.end], h.misread) for h in layout.hits(line)][0] == \
        ("seller", "Piegádacajs / Seler", True)
