"""Label matching and label/value pairing on synthetic lines (no OCR involved)."""

from assets.extraction import ALL_LABELS
from assets.extraction.canned import canned_invoice
from assets.extraction.fields import value_right
from assets.extraction.hits import find_hits
from assets.extraction.identifiers import iban_is_valid
from assets.extraction.labels import TABLE_COLUMNS
from assets.extraction.lines import TextLine
from assets.extraction.parties import parse_address
from assets.extraction.vat_codes import vat_is_valid
from assets.ocr import Word


def _line(*cells: str, x: float = 40, gap: float = 40) -> TextLine:
    """Words laid out left to right; cells separated by a wide gap, words by a space."""
    words = []
    for cell in cells:
        for token in cell.split():
            width = 5.0 * len(token)
            words.append(Word(token, x, 100, x + width, 110))
            x += width + 3
        x += gap
    return TextLine(1, 0, words)


def test_longest_label_wins_and_colons_are_absorbed():
    line = _line("PVM mokėtojo kodas: LT100001234510")
    hits = find_hits(line, ALL_LABELS)
    assert [(h.key, line.text[h.start : h.end]) for h in hits] == [("vat_code", "PVM mokėtojo kodas:")]


def test_labels_match_without_diacritics_and_in_capitals():
    line = _line("IMONES KODAS 304567894")
    assert [h.key for h in find_hits(line, ALL_LABELS)] == ["company_code"]


def test_labels_do_not_match_inside_words():
    assert find_hits(_line("Datamatrix Nrx"), ALL_LABELS) == []


def test_value_right_stops_at_next_label_or_takes_next_cell():
    line = _line("Serija SV Nr. 000123")
    hits = find_hits(line, ALL_LABELS)
    series, number = hits
    assert value_right(series, hits).text == "SV"
    assert value_right(number, hits).text == "000123"
    line = _line("Suma be PVM:", "2 504,00 EUR")
    hits = find_hits(line, ALL_LABELS)
    assert value_right(hits[0], hits).text == "2 504,00 EUR"


def test_same_kind_of_label_inside_a_value_does_not_cut_it():
    line = _line("Bankas: AB SEB bankas")
    hits = find_hits(line, ALL_LABELS)
    assert value_right(hits[0], hits).text == "AB SEB bankas"


def test_ambiguous_label_keeps_both_readings():
    line = _line("Sąskaitos Nr.: LT71 7300 0101 2345 6789")
    assert {h.key for h in find_hits(line, ALL_LABELS)} == {"invoice_number", "iban"}


def test_table_header_prefers_the_cover_with_more_titles():
    line = _line("Nr.", "Pavadinimas", "Kiekis", "Mato vnt.", "Kaina", "Suma", gap=20)
    keys = [h.key for h in find_hits(line, TABLE_COLUMNS)]
    assert keys == ["lineNo", "description", "quantity", "unit", "unitPrice", "netAmount"]


def test_rate_in_vat_label_survives_ocr_percent_misreads():
    for text in ("PVM 21 %: 525,84", "PVM (21 %) 525,84", "PVM (21 46) 525,84"):
        (hit,) = [h for h in find_hits(_line(text), ALL_LABELS) if h.key == "vat"]
        assert hit.group("rate") == "21", text


def test_parse_address():
    assert parse_address("Gedimino pr. 12-3, LT-01103 Vilnius") == {
        "street": "Gedimino pr. 12-3", "city": "Vilnius", "postalCode": "LT-01103", "country": "LT",
        "text": "Gedimino pr. 12-3, LT-01103 Vilnius",
    }
    assert parse_address("Savanorių pr. 45, LT- 44211 Kaunas")["postalCode"] == "LT-44211"  # OCR space
    parsed = parse_address("Liepų g. 3, Kaunas, 44211, Lietuva")
    assert (parsed["street"], parsed["city"], parsed["postalCode"], parsed["country"]) == (
        "Liepų g. 3", "Kaunas", "44211", "LT")


def test_canned_invoice_is_consistent():
    inv = canned_invoice().dto()
    assert inv["extraction"]["engine"] == "canned"
    assert sum(float(line["netAmount"]) for line in inv["lines"]) == float(inv["totals"]["net"])
    assert round(float(inv["totals"]["net"]) + float(inv["totals"]["vat"]), 2) == float(inv["totals"]["gross"])
    assert vat_is_valid(inv["seller"]["vatCode"]) and vat_is_valid(inv["buyer"]["vatCode"])
    assert iban_is_valid(inv["seller"]["iban"])
    assert canned_invoice() is not canned_invoice()  # a fresh copy each time


def test_a_label_and_its_translation_are_one_label():
    line = _line("Pirkėjas / Buyer: UAB Vėjo malūnas")
    hits = find_hits(line, ALL_LABELS)
    assert [(h.key, line.text[h.start : h.end]) for h in hits] == [("buyer", "Pirkėjas / Buyer:")]
    assert value_right(hits[0], hits).text == "UAB Vėjo malūnas"
    line = _line("Kiekis (Qty)")
    assert [(h.key, line.text[h.start : h.end]) for h in find_hits(line, TABLE_COLUMNS)] == [("quantity", "Kiekis (Qty)")]


def test_labels_of_two_kinds_across_a_slash_stay_two():
    line = _line("Do zapłaty / Total: 5463,39 PLN")
    assert [h.key for h in find_hits(line, ALL_LABELS)] == ["payable", "gross"]


def test_a_number_sign_before_a_label_belongs_to_it():
    line = _line("Nº IVA: ESB05518154")
    hits = find_hits(line, ALL_LABELS)
    assert [(h.key, line.text[h.start : h.end]) for h in hits] == [("vat_code", "Nº IVA:")]
