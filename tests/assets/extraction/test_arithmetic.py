"""Totals chosen by the page's arithmetic, with labels only as evidence (arithmetic.py)."""

from decimal import Decimal

import pytest

from assets.extraction import ALL_LABELS, extract_invoice
from assets.extraction.arithmetic import page_amounts, plausible, triples
from assets.extraction.layout import Layout
from assets.extraction.parties import looks_like_name
from tests.support.word_pages import boxed, page, scanned


# Totals under labels no dictionary knows (a made-up language), right-aligned in a column,
# with other amounts around them that do not add up.
def _unlabelled(gross: str):
    return page(
        (60, [(50, "Qorvex 2026-117")]),
        (300, [(50, "Zant 1"), (300, "12,50")]),
        (320, [(50, "Zant 2"), (300, "987,50")]),
        (600, [(300, "Pelu"), (450, "1 000,00")]),
        (615, [(300, "Pelu mivo"), (460, "210,00")]),
        (630, [(300, "Kadra"), (450, gross)]),
        (700, [(50, "Brill 44,10")]),
    )


UNLABELLED = _unlabelled("1 210,00")


def test_totals_without_known_labels_are_the_printed_triple_that_adds_up():
    why: dict = {}
    invoice = extract_invoice(UNLABELLED, explain=why)
    assert (invoice["totals"]["net"], invoice["totals"]["vat"], invoice["totals"]["gross"]) == \
        ("1000.00", "210.00", "1210.00")
    assert why["totals"]["winner"] == "arithmetic"
    best = why["totals"]["triples"][0]
    assert best["evidence"]["rate"] == 1 and best["evidence"]["column"] == 1
    assert invoice["sources"]["totals.gross"]["bbox"][0] == 450  # read where it is printed


def test_every_triple_adds_up_and_carries_its_evidence():
    found = triples(page_amounts(Layout(UNLABELLED, ALL_LABELS)))
    assert found and all(t.net.value + t.vat.value == t.gross.value for t in found)
    assert [t.score for t in found] == sorted((t.score for t in found), reverse=True)


def test_a_zero_vat_invoice_is_not_read_as_vat_equal_to_net():
    doc = page(
        (600, [(300, "Total net"), (450, "2 000,00")]),
        (615, [(300, "VAT 0 %"), (470, "0,00")]),
        (630, [(300, "Total"), (450, "2 000,00")]),
    )
    totals = extract_invoice(doc)["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("2000.00", "0.00", "2000.00")


@pytest.mark.parametrize(
    "net, vat, gross, expected",
    [
        ("100", "21", "121", True),
        ("-100", "-21", "-121", True),
        ("100", "0", "100", True),
        ("0", "2000", "2000", False),  # VAT is no share of nothing
        ("-220", "220", "0", False),  # VAT of the other sign
        ("100", "50", "150", False),  # above every EU rate
        ("100", "21", "122", False),  # does not add up
    ],
)
def test_plausible_totals(net, vat, gross, expected):
    assert plausible(Decimal(net), Decimal(vat), Decimal(gross)) is expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("UAB „Saulės vėjas“", True),
        ("„Saulės vėjas“, UAB", True),
        ("1A Prekyba UAB", True),
        ("Nordlicht GmbH & Co. KG", True),
        ("/Empfänger", False),  # a heading that goes on
        ("GLN 4012345000009", False),  # a code
        ("AB-2019-0042", False),
        ("Kundennummer: 4711 0815", False),  # a field line: key, colon, code
        ("SPRING_OFFER_2026", False),  # a system's identifier
        ("as bookhotelsaintdenis.re", False),  # an e-mail's domain, a mark OCR read beside it
        ("www.aubonmoulin.fr", False),
        ("Booking.com B.V.", True),  # a domain in a company's name
    ],
)
def test_the_shape_of_a_party_name(text, expected):
    assert looks_like_name(text) is expected


def test_the_scorer_ships_fitted_weights_for_every_feature():
    from assets.extraction.arithmetic import FEATURES
    from assets.extraction.scorer import model, probability

    m = model("totals_triple")
    assert m["features"] == list(FEATURES) and len(m["weights"]) == len(FEATURES)
    sure = probability("totals_triple", {"labels": 1, "rate": 1, "lines": 1, "chosen_by_labels": 1})
    bare = probability("totals_triple", {"zero_vat": 1})
    assert 0 <= bare < 0.5 < sure <= 1


def test_a_minus_sign_wrapped_away_from_its_amount_is_its_sign():
    # A narrow column wraps "EUR -1,12" as "EUR -" over "1,12": the credit's VAT is -1,12.
    doc = page(
        (60, [(50, "Gutschrift Nr. 4711")]),
        (430, [(295, "Rechnungssumme ohne USt."), (515, "-7,67")]),
        (443, [(295, "Steuerbetrag in"), (520, "EUR -")]),
        (454, [(520, "1,12")]),
        (467, [(295, "Bruttosumme"), (515, "-8,79")]),
    )
    assert [str(a.value) for a in page_amounts(Layout(doc, ALL_LABELS))] == ["-7.67", "-1.12", "-8.79"]
    totals = extract_invoice(doc)["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("-7.67", "-1.12", "-8.79")


def test_a_scanned_minus_wrapped_away_is_its_sign_whatever_ocr_named_it():
    # The scan of the same cell: the dash read as "=" (a bar 0.7 pt tall), a speck of the
    # paper read as a lone mark between it and the amount, the last VAT broken at its comma.
    doc = boxed(
        ("Gutschrift", 50, 60, 100, 68), ("4711", 105, 60, 125, 68),
        ("Umsatzsteuer", 50, 228, 120, 236), ("-4,85", 347, 228, 375, 236), ("19", 449, 228, 459, 235),
        ("-0,", 515.5, 228.7, 529.4, 236.4), ("92", 533.5, 228.7, 543.1, 235.2),
        ("Rechnungssumme", 295, 433, 378, 441), ("-7,67", 515, 433, 543, 441),
        ("EUR", 479, 443.5, 496, 449.5), ("=", 539, 445.9, 543.4, 446.9),
        ("į", 375.6, 448.6, 376.3, 449.8),
        ("Steuerbetrag", 296, 449, 366, 457), ("1,12", 521.3, 454.1, 543.1, 461.8),
        ("Bruttosumme", 295, 467, 361, 475), ("-8,79", 515, 467, 543.8, 475),
    )
    assert [str(a.value) for a in page_amounts(Layout(doc, ALL_LABELS))] == ["-4.85", "-0.92", "-7.67", "-1.12", "-8.79"]
    totals = extract_invoice(doc)["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("-7.67", "-1.12", "-8.79")


# A zero-rated invoice under labels no dictionary knows: its items' price and amount side by
# side, one total printed twice and a VAT of 0 whose line prints its rate of 0 %.
ZERO_RATED = page(
    (60, [(50, "Qorvex 2026-118")]),
    (300, [(50, "Zant 1"), (300, "1 001,74"), (450, "1 001,74")]),
    (320, [(50, "Zant 2"), (300, "20,00"), (450, "43 030,23")]),
    (600, [(460, "44 031,97")]),
    (615, [(300, "Nulo (0%)"), (480, "0,00")]),
    (630, [(300, "Kadra"), (460, "44 031,97")]),
)


def test_a_price_and_an_amount_side_by_side_are_no_totals():
    found = triples(page_amounts(Layout(ZERO_RATED, ALL_LABELS)))
    assert found and not any(t.net.value == Decimal("1001.74") for t in found)


def test_a_zero_vat_whose_line_prints_a_zero_rate_has_the_rate_as_evidence():
    found = triples(page_amounts(Layout(ZERO_RATED, ALL_LABELS)))
    best = found[0]
    assert (best.net.value, best.vat.value, best.gross.value) == \
        (Decimal("44031.97"), Decimal("0.00"), Decimal("44031.97"))
    assert best.evidence["rate"] == 1
    unrated = page(*[(y, [(x, "Nulo" if text == "Nulo (0%)" else text) for x, text in cells])
                     for y, cells in [(60, [(50, "Qorvex 2026-118")]), (600, [(460, "44 031,97")]),
                                      (615, [(300, "Nulo (0%)"), (480, "0,00")]),
                                      (630, [(300, "Kadra"), (460, "44 031,97")])]])
    assert triples(page_amounts(Layout(unrated, ALL_LABELS)))[0].evidence["rate"] == 0


def test_of_two_grosses_the_labels_read_the_one_that_leaves_a_vat_an_invoice_prints():
    # "Tax Total 0.00" read "Tas Total 0.00": a gross's "Total" over a net of 2 076,76 would
    # leave a VAT of -2 076,76; the "Total 2 076,76" under it leaves 0.
    doc = scanned(page(
        (60, [(50, "Invoice FA-2017-0008")]),
        (600, [(300, "Net total"), (450, "2 076,76")]),
        (615, [(300, "Tas Total"), (470, "0,00")]),
        (630, [(300, "Total"), (450, "2 076,76")]),
    ))
    totals = extract_invoice(doc)["totals"]
    assert (totals["net"], totals["gross"]) == ("2076.76", "2076.76") and totals["vat"] in (None, "0.00")


@pytest.mark.parametrize("text, key", [
    ("Summe aller Positionen", "net"),                        # XRechnung's sum of the lines, no gross
    ("Summe Zuschläge", "charges"),                           # EN 16931 BT-108: a charge, no gross
    ("Gesamtbetrag der Abschläge", "discount"),               # BT-107
    ("Rechnungsbetrag ohne Umsatzsteuer", "net"),             # not the VAT its last word names
    ("Gesamtsumme mit Umsatzsteuer", "gross"),
    ("Gezahlter Betrag", "prepaid"),                          # BT-113
    ("Montant total de la facture TVA comprise", "gross"),    # BT-112
    ("Sum of charges on document level", "charges"),
])
def test_en16931_totals_terms_are_labels_of_their_own_kind(text, key):
    layout = Layout(page((100, [(40, f"{text} 100,00")])), ALL_LABELS)
    [line] = layout.lines[1]
    kinds = [h.key for h in layout.hits(line) if h.key in ("net", "vat", "gross", "payable", "discount", "charges",
                                                             "prepaid")]
    assert kinds == [key]


def test_a_missing_total_is_derived_only_into_totals_an_invoice_can_print():
    def totals(*rows):
        return extract_invoice(scanned(page((60, [(50, "FACTURA F26-6731")]), *rows)))["totals"]

    # an amount under a label read as VAT's ("Totel sin tVA") beside the gross leaves less
    # than itself for the net: it is the net, the rest the VAT
    got = totals((600, [(300, "IVA"), (450, "13300.16")]), (615, [(300, "TOTAL:"), (450, "16093.19")]))
    assert (got["net"], got["vat"], got["gross"]) == ("13300.16", "2793.03", "16093.19")
    # a VAT misread into millions leaves a negative net: none is derived
    got = totals((600, [(300, "IVA 21%"), (450, "2779946.00")]), (615, [(300, "TOTAL:"), (450, "16016.15")]))
    assert got["net"] is None


# The same totals, the gross printed with two digits misread ("1 216,60" for "1 210,00"):
# no three amounts add up, but the VAT is 21 % of the net to the cent.
MISREAD_GROSS = _unlabelled("1 216,60")


def test_a_total_misread_by_a_digit_or_two_is_read_as_the_other_two_make_it():
    why: dict = {}
    invoice = extract_invoice(scanned(MISREAD_GROSS), explain=why)
    assert (invoice["totals"]["net"], invoice["totals"]["vat"], invoice["totals"]["gross"]) == \
        ("1000.00", "210.00", "1210.00")
    assert invoice["confidence"]["fields"]["totals.gross"] < invoice["confidence"]["fields"]["totals.net"]
    assert "totals.gross derived from the other two totals" in invoice["validation"]["warnings"]
    assert invoice["sources"]["totals.gross"]["bbox"][0] == 450  # where the misread gross is printed
    # a text layer prints its digits as they are: nothing there was misread
    assert extract_invoice(MISREAD_GROSS)["totals"]["gross"] != "1210.00"


@pytest.mark.parametrize("gross", ["1 246,66", "1 376,50", "12 100,00"])
def test_a_third_amount_further_from_the_sum_or_a_vat_off_its_rate_is_no_total(gross):
    # three digits off, or a digit more: no total of these two
    found = triples(page_amounts(Layout(scanned(_unlabelled(gross)), ALL_LABELS)))
    assert not any(t.gross.value == Decimal("1210.00") for t in found)
    off_rate = page((600, [(300, "Pelu"), (450, "1 000,00")]), (615, [(300, "Pelu mivo"), (460, "210,40")]),
                    (630, [(300, "Kadra"), (450, "1 216,40")]))
    assert triples(page_amounts(Layout(off_rate, ALL_LABELS))) == []


def test_a_vat_that_two_printed_rates_make_up_is_evidence_of_its_triple():
    # a credit note at two rates, no label read: the two rate lines add up to the VAT total
    doc = scanned(page(
        (600, [(300, "Qorv"), (450, "-36 770,78")]),
        (615, [(300, "A 21%"), (450, "-4 698,33")]),
        (630, [(300, "A 12%"), (450, "-1 727,73")]),
        (645, [(300, "Pelu"), (450, "-6 426,06")]),
        (660, [(300, "Kadra"), (450, "-43 196,84")]),
    ))
    best = triples(page_amounts(Layout(doc, ALL_LABELS)))[0]
    assert (best.net.value, best.vat.value, best.gross.value) == \
        (Decimal("-36770.78"), Decimal("-6426.06"), Decimal("-43196.84"))
    assert best.evidence["rate"] == 1.0
    totals = extract_invoice(doc)["totals"]
    assert (totals["net"], totals["vat"], totals["gross"]) == ("-36770.78", "-6426.06", "-43196.84")
