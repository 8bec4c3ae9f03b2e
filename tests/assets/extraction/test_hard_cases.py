"""Hard cases found on the evaluation corpus, each as a small hand-placed page.

Two-line column titles, values printed close together, a table that runs over a page
without repeating its header, a seller known only from its letterhead or footer,
"From"/"To" headings, credit-note minus signs, OCR's readings of "%" and the quotes
around company names.
"""

from decimal import Decimal

import pytest
from PIL import Image, ImageDraw

from assets.extraction import extract_invoice
from assets.extraction.lines import TextLine
from assets.extraction.parties import tidy_name
from assets.extraction.tables.items import _quantity, _rate_value
from assets.ocr.model import Document, Page, Word, group_lines
from assets.ocr.preprocess import find_page_quad, rectify


def words_of(rows, char=5.0, height=10.0):
    """rows: (y, [(x, text), ...]); words split on spaces, ``char`` pt per character."""
    words = []
    for y, cells in rows:
        for x, text in cells:
            for token in text.split():
                width = char * len(token)
                words.append(Word(token, x, y, x + width, y + height))
                x += width + 3
    return words


def doc(*pages):
    return Document([Page(n, 595, 842, words_of(rows), "pdf-text", True) for n, rows in enumerate(pages, 1)])


SELLER = [(40, [(40, "UAB „Saulės vėjas“")]), (55, [(40, "Įmonės kodas: 304567894")]),
          (68, [(40, "PVM kodas: LT100001234510")])]
BUYER = [(110, [(40, "Pirkėjas: UAB „Medžio darbai“")]), (123, [(40, "Įmonės kodas: 123456786")]),
         (136, [(40, "PVM kodas: LT123456715")])]


def test_two_line_column_titles_are_one_header():
    rows = [(200, [(40, "Pavadinimas"), (300, "Kiekis"), (360, "Kaina"), (460, "Suma")]),
            (212, [(360, "be PVM"), (460, "be PVM")]),
            (230, [(40, "Biuro popierius"), (310, "2"), (360, "10,00"), (460, "20,00")]),
            (300, [(360, "Iš viso su PVM: 24,20")])]
    invoice = extract_invoice(doc(rows))
    assert [(ln["description"], ln["quantity"], ln["unitPrice"], ln["netAmount"]) for ln in invoice["lines"]] == [
        ("Biuro popierius", "2", "10.00", "20.00")]


def test_values_printed_close_together_are_split_by_column():
    # A long description runs up to the quantity; unit before a right-aligned quantity.
    rows = [(200, [(40, "Nr."), (60, "Prekė"), (260, "Mato vnt."), (320, "Kiekis"), (380, "Kaina"), (460, "Suma")]),
            (220, [(40, "1."), (60, "Steel bolts M8 x 40, zinc plated, box of 100"), (270, "vnt."),
                   (343, "9"), (380, "12,00"), (460, "108,00")])]
    (line,) = extract_invoice(doc(rows))["lines"]
    assert line["description"] == "Steel bolts M8 x 40, zinc plated, box of 100"
    assert (line["quantity"], line["unit"], line["netAmount"]) == ("9", "vnt.", "108.00")


def test_table_continues_on_a_page_without_a_repeated_header():
    header = (200, [(40, "Pavadinimas"), (300, "Kiekis"), (360, "Kaina"), (460, "Suma")])
    first = [header] + [(220 + 20 * k, [(40, f"Prekė {k}"), (310, "1"), (360, "5,00"), (460, "5,00")])
                        for k in range(30)]
    second = [(60, [(40, "Prekė 30"), (310, "2"), (360, "5,00"), (460, "10,00")]),
              (90, [(300, "Suma be PVM: 160,00")]), (105, [(300, "PVM 21 %: 33,60")]),
              (120, [(300, "Iš viso su PVM: 193,60")])]
    invoice = extract_invoice(doc(first, second))
    assert len(invoice["lines"]) == 31
    assert invoice["lines"][-1]["netAmount"] == "10.00" and invoice["lines"][-1]["lineNo"] == 31
    assert invoice["totals"]["net"] == "160.00"


def test_letterhead_seller_without_a_heading():
    invoice = extract_invoice(doc(SELLER + BUYER + [(20, [(380, "SĄSKAITA FAKTŪRA Nr. 15")])]))
    assert invoice["seller"]["name"] == "UAB „Saulės vėjas“"
    assert invoice["seller"]["vatCode"] == "LT100001234510"
    assert invoice["buyer"]["companyCode"] == "123456786"


def test_footer_seller_on_one_line():
    rows = BUYER + [(800, [(40, "UAB „Saulės vėjas“ | Įmonės kodas 304567894 | PVM kodas LT100001234510")])]
    invoice = extract_invoice(doc(rows))
    assert invoice["seller"]["name"] == "UAB „Saulės vėjas“"
    assert invoice["seller"]["companyCode"] == "304567894"


def test_from_and_to_headings_stand_alone():
    rows = [(100, [(40, "From:"), (320, "To:")]), (115, [(40, "Acme Trade Sp. z o.o."), (320, "UAB „Medžio darbai“")]),
            (130, [(40, "VAT No.: PL5260250274"), (320, "VAT No.: LT123456715")]),
            (300, [(40, "Payment to be made to the account below")])]
    invoice = extract_invoice(doc(rows))
    assert invoice["seller"]["vatCode"] == "PL5260250274"
    assert invoice["buyer"]["name"] == "UAB „Medžio darbai“"


@pytest.mark.parametrize("cells, heading", [
    ([(40, "À."), (90, "+33 4 50 44 68 99")], False),  # a phone's icon read as a letter and a point
    ([(40, "À : Ma jolie boutique")], True),           # the French "to" with its colon
    ([(40, "VAN")], True),                             # a card's caption in capitals, a cell of its own
])
def test_a_lone_letter_is_a_heading_only_with_its_colon(cells, heading):
    from assets.extraction import ALL_LABELS
    from assets.extraction.hits import stands_as_heading
    from assets.extraction.layout import Layout

    layout = Layout(doc([(100, cells)]), ALL_LABELS)
    [line] = layout.lines[1]
    hits = [h for h in layout.hits(line) if h.key in ("seller", "buyer")]
    assert any(stands_as_heading(h) for h in hits) == heading


def test_a_vat_code_whose_label_closes_with_a_buyers_word_is_the_buyers():
    # "N° TVA client": the only checksum-valid code on a photo whose seller's code and
    # letterhead OCR garbled is the client's, not the seller's.
    rows = [(55, [(40, "TVA : FR1199999996 - SRET : 909999900010")]),
            (100, [(40, "Facture FA-2017-0009")]),
            (240, [(40, "Date de facture"), (160, "05/11/2017")]),
            (255, [(40, "Date d'échéance"), (160, "05/12/2017")]),
            (270, [(40, "Votre référence"), (160, "BC543")]),
            (285, [(40, "Réf. marché"), (160, "WELCOME_PACK_2017")]),
            (300, [(40, "N° TVA client"), (160, "FR90343434346")])]
    invoice = extract_invoice(doc(rows))
    assert invoice["buyer"]["vatCode"] == "FR90343434346"
    assert invoice["seller"]["vatCode"] != "FR90343434346"


def test_credit_note_amounts_keep_their_minus():
    rows = [(40, [(150, "KREDITINĖ PVM SĄSKAITA FAKTŪRA Nr. 7")]),
            (300, [(300, "Suma be PVM: -100,00")]), (315, [(300, "PVM 21 %: -21,00")]),
            (330, [(300, "Iš viso su PVM: -121,00")])]
    invoice = extract_invoice(doc(rows))
    assert invoice["documentType"] == "credit_note"
    assert (invoice["totals"]["net"], invoice["totals"]["vat"], invoice["totals"]["gross"]) == (
        "-100.00", "-21.00", "-121.00")


@pytest.mark.parametrize("text, rate", [("21 %", "21"), ("21%", "21"), ("2146", "21"), ("214", "21"),
                                        ("996", "9"), ("94", "9"), ("5%", "5"), ("0 %", "0"), ("9,5%", "9.5"),
                                        ("abc", None), ("", None)])
def test_line_vat_rate_as_printed_and_as_ocr_reads_it(text, rate):
    value = _rate_value(text)
    assert (None if value is None else format(value.normalize(), "f")) == rate


@pytest.mark.parametrize("text, qty, unit", [("10 vnt.", Decimal(10), "vnt."), ("2,5kg", Decimal("2.5"), "kg"),
                                             ("val. 8", Decimal(8), "val."), ("-3", Decimal(-3), None)])
def test_quantity_with_a_unit_in_the_same_cell(text, qty, unit):
    assert _quantity(text) == (qty, unit)


@pytest.mark.parametrize("raw, name", [
    ('AB " Čiurlionio studija"', 'AB "Čiurlionio studija"'),
    ("UAB „ Saulės vėjas “", "UAB „Saulės vėjas“"),
    ("„Vėjo malūnas“ VšĮ", "„Vėjo malūnas“ VšĮ"),
    ('"Dzūkijos medus" UAB', '"Dzūkijos medus" UAB'),
    ("t Viru Tehnika AS", "Viru Tehnika AS"),  # the edge of a letterhead's colour band
    ("Į Jono Jankauskienės IĮ", "Jono Jankauskienės IĮ"),
])
def test_company_names_lose_ocr_spaces_inside_quotes(raw, name):
    assert tidy_name(raw) == name


@pytest.mark.parametrize("raw, name", [
    ('"Lino namai" АВ', '"Lino namai" AB'),  # Cyrillic А and В read by the Russian model
    ('МВ "Švarūs langai"', 'MB "Švarūs langai"'),
    ("Tallinna Kaubad ОО", "Tallinna Kaubad OÜ"),
    ("ООО Ромашка", "ООО Ромашка"),  # a Russian name stays Russian
])
def test_cyrillic_look_alikes_in_a_latin_name_are_latin(raw, name):
    assert tidy_name(raw) == name


def test_a_large_title_joins_the_row_it_is_centred_on():
    title = Word("SĄSKAITA", 40, 46, 200, 69)
    rows = [Word("Nr.:", 360, 41, 380, 53), Word("SF-1", 385, 41, 410, 53),
            Word("Data:", 360, 53, 385, 65), Word("2026-01-05", 390, 53, 440, 65)]
    lines = group_lines([title, *rows])
    assert [ln.text for ln in lines] == ["Nr.: SF-1", "SĄSKAITA Data: 2026-01-05"]


def test_a_dash_boxed_small_between_words_stays_on_their_line():
    # "Polmex S.A. - ul. Długa 40": the dash's box, half a point tall at the line's middle,
    # does not reach the centre of the words' band, yet it is printed on that line.
    words = [Word("Polmex", 51, 104.4, 77, 111.1), Word("S.A.", 77.5, 101.3, 88.3, 114),
             Word("-", 91.9, 107.0, 92.4, 107.5), Word("ul.", 99.6, 104.6, 100.6, 109.2),
             Word("Długa", 106.3, 101.3, 122.4, 114), Word("40", 125.3, 101.3, 133, 114)]
    assert [ln.text for ln in group_lines(words)] == ["Polmex S.A. - ul. Długa 40"]
    # a speck above a line's middle half is no mark of it
    assert len(group_lines([*words, Word("-", 95, 101.5, 96, 102)])) == 2


def test_a_photographed_sheet_is_found_and_straightened():
    scene = Image.new("L", (1000, 1300), 60)
    draw = ImageDraw.Draw(scene)
    corners = [(130, 110), (880, 150), (860, 1210), (100, 1180)]
    draw.polygon(corners, fill=235)
    for y in range(250, 1100, 40):  # text-like dark strokes on the sheet
        draw.line([(220, y), (700, y + 20)], fill=40, width=6)
    quad = find_page_quad(scene)
    assert quad is not None
    for (x, y), (ex, ey) in zip(quad, corners):
        assert abs(x - ex) < 25 and abs(y - ey) < 25
    straight = rectify(scene)
    assert straight is not None and 700 < straight.width < 820 and 1000 < straight.height < 1120
    assert find_page_quad(Image.new("L", (800, 1100), 240)) is None  # a scan: no surround


def test_cells_keep_columns_apart():
    line = TextLine(1, 0, words_of([(10, [(40, "PVM kodas: LT123"), (300, "Serija: BI")])]))
    assert len(line.cells) == 2


def test_totals_on_the_page_after_a_full_table_are_not_rows():
    header = (200, [(40, "Pavadinimas"), (300, "Kiekis"), (360, "Kaina"), (460, "Suma")])
    first = [header] + [(220 + 20 * k, [(40, f"Prekė {k}"), (310, "-1"), (360, "5,00"), (460, "-5,00")])
                        for k in range(30)]
    second = [(54, [(300, "Apmokestinamoji vertė: -150,00")]), (71, [(300, "PVM (21 %): -31,50")]),
              (88, [(300, "Iš viso su PVM: -181,50")])]
    invoice = extract_invoice(doc(first, second))
    assert len(invoice["lines"]) == 30
    assert (invoice["totals"]["net"], invoice["totals"]["vat"], invoice["totals"]["gross"]) == (
        "-150.00", "-31.50", "-181.50")


def test_space_grouped_amounts_printed_close_together_stay_whole():
    rows = [(200, [(40, "Pavadinimas"), (290, "Kiekis"), (345, "Kaina"), (420, "Suma")]),
            (220, [(40, "Varinis kabelis"), (300, "-8 1 260,34 -10 082,72")])]
    (line,) = extract_invoice(doc(rows))["lines"]
    assert (line["quantity"], line["unitPrice"], line["netAmount"]) == ("-8", "1260.34", "-10082.72")


@pytest.mark.parametrize("cells, buyers", [
    ([(40, "NIP nabywcy:"), (160, "PL5260250274")], True),    # the Polish genitive closing the label
    ([(40, "N° TVA client"), (160, "FR90343434346")], True),
    ([(40, "N° TVA"), (160, "FR90343434346")], False),
])
def test_a_buyers_word_closing_a_codes_label_makes_it_the_buyers(cells, buyers):
    from assets.extraction import ALL_LABELS
    from assets.extraction.layout import Layout
    from assets.extraction.parties.evidence import after_yours

    layout = Layout(doc([(100, cells)]), ALL_LABELS)
    [line] = layout.lines[1]
    assert after_yours(layout, line, line.text.index(cells[1][1])) == buyers
