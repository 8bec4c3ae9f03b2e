"""The decision tables of core/vat_classification.py, row by row."""

from decimal import Decimal

import pytest

from core.books.exports import ClientInfo
from core import vat_classification as classify

CLIENT = ClientInfo("cl_live_x", "UAB „Medžio darbai“", "123456786", "LT123456715")
SELLER = {"name": "UAB „Saulės vėjas“", "companyCode": "304567894", "vatCode": "LT100001234510"}
BUYER = {"name": "UAB „Medžio darbai“", "companyCode": "123456786", "vatCode": "LT123456715"}


def _invoice(seller=SELLER, buyer=BUYER, direction=None):
    return {"seller": seller, "buyer": buyer, "direction": direction}


@pytest.mark.parametrize(
    "invoice, client, setting, expected",
    [
        (_invoice(), CLIENT, "", ("purchase", "client code")),  # row 1: the client is the buyer
        (_invoice(seller=BUYER, buyer=SELLER), CLIENT, "", ("sales", "client code")),  # row 2
        # a VAT code written with spaces still matches
        (_invoice(buyer={**BUYER, "companyCode": None, "vatCode": "LT 1234 5671 5"}), CLIENT, "", ("purchase", "client code")),
        # row 3: no codes on the invoice; the name decides, legal form and quotes ignored
        (_invoice(buyer={"name": "Medžio darbai, UAB"}), CLIENT, "", ("purchase", "client name")),
        # both parties carry the client's code (a self-invoice): codes do not decide, the field does
        (_invoice(seller=BUYER, buyer=BUYER, direction="sales"), CLIENT, "", ("sales", "invoice")),
        (_invoice(buyer={"name": "Kita UAB"}), CLIENT, "purchase", ("purchase", "setting")),  # row 5
        (_invoice(buyer={"name": "Kita UAB"}), None, "", (None, "unknown")),  # row 6: never a guess
    ],
)
def test_direction_table(invoice, client, setting, expected):
    assert classify.direction(invoice, client, setting) == expected


P, S = classify.PURCHASE, classify.SALES


@pytest.mark.parametrize(
    "rate, on, seller_vat_country, code",
    [
        ("9", "2025-12-31", None, "PVM2"),  # 9 % applies to supplies before 2026
        ("9", "2026-01-01", None, None),
        ("12", "2026-03-01", None, "PVM58"),
        ("12", "2025-06-01", None, None),
        ("21", "2026-03-01", "LT", "PVM1"),
    ],
)
def test_lithuanian_rates_by_supply_date(rate, on, seller_vat_country, code):
    from datetime import date

    got = classify.vat_classifier(P, Decimal(rate), "LT", "LT", "goods", True, False, on=date.fromisoformat(on),
                                  seller_vat_country=seller_vat_country)
    assert got == code


def test_a_foreign_seller_registered_for_lithuanian_vat_charges_lithuanian_vat():
    # A Dutch address but a Lithuanian VAT code: the 21 % is Lithuanian VAT.
    assert classify.vat_classifier(P, Decimal(21), "NL", "LT", None, True, False, seller_vat_country="LT") == "PVM1"


def test_foreign_vat_gets_no_classifier_and_a_warning():
    invoice = {
        "seller": {"name": "Leverancier B.V.", "vatCode": "NL123456789B01", "address": {"country": "NL"}},
        "buyer": BUYER, "direction": "purchase", "issueDate": "2026-02-10",
        "lines": [{"vatRate": "21", "kind": "goods", "vatClassifier": "PVM1"}],
        "vatBreakdown": [{"rate": "21", "vatClassifier": "PVM1"}],
        "validation": {"checks": [], "warnings": []},
    }
    classify.classify_invoice(invoice)
    assert invoice["lines"][0]["vatClassifier"] is None
    assert invoice["vatBreakdown"][0]["vatClassifier"] is None
    assert invoice["vatBreakdown"][0]["category"] == "S"
    assert any(w.startswith("vat.foreign") for w in invoice["validation"]["warnings"])



@pytest.mark.parametrize(
    "flow, rate, seller, buyer, kind, buyer_vat, art96, code",
    [
        # plain rates, whatever the flow
        (P, "21", "LT", "LT", "goods", True, False, "PVM1"),
        (S, "9", "LT", "LT", "service", True, False, "PVM2"),
        (P, "5", "LT", "LT", None, True, False, "PVM3"),
        (P, "12", "LT", "LT", "service", True, False, "PVM58"),
        (P, "6", "LT", "LT", "goods", True, False, "PVM49"),
        (P, "21", "LT", "LT", "service", True, True, "PVM25"),  # art. 96 domestic reverse charge
        (P, "9", "LT", "LT", "service", True, True, "PVM26"),
        (P, "5", "LT", "LT", "goods", True, True, "PVM27"),
        (P, "19", "DE", "LT", "goods", True, False, None),  # a foreign rate: no Lithuanian code
        # the seller's own country's VAT is foreign VAT: no Lithuanian code, whatever the flow
        (P, "21", "NL", "LT", "goods", True, False, None),
        (P, "21", "ES", "ES", None, True, False, None),
        (P, "5", "PL", "LT", "goods", True, False, None),
        # purchases from abroad at 21/9/5 % (rates the seller's country does not have)
        (P, "21", "PL", "LT", "goods", True, False, "PVM16"),
        (P, "9", "PL", "LT", "goods", True, False, "PVM17"),
        (P, "5", "SE", "LT", "goods", True, False, "PVM18"),  # 5 % is no Swedish rate: Lithuanian VAT
        (P, "21", "DE", "LT", "service", True, False, "PVM21"),
        (P, "9", "DE", "LT", "service", True, False, "PVM57"),
        (P, "5", "SE", "LT", "service", True, False, "PVM40"),
        (P, "21", "US", "LT", "service", True, False, "PVM20"),
        (P, "9", "US", "LT", "service", True, False, "PVM54"),
        (P, "5", "US", "LT", "service", True, False, "PVM37"),
        (P, "21", "US", "LT", "goods", True, False, "PVM1"),  # non-EU goods: the plain rate
        (P, "21", "PL", "LT", None, True, False, "PVM1"),  # kind unknown: the plain rate
        # 0 %
        (S, "0", "LT", "LT", "goods", True, False, "PVM5"),
        (P, "0", "LT", "LT", None, True, False, "PVM5"),
        (S, "0", "LT", "DE", "goods", True, False, "PVM13"),
        (S, "0", "LT", "DE", "goods", False, False, None),  # EU consumer: not an intra-EU supply
        (S, "0", "LT", "DE", "service", True, False, "PVM15"),
        (S, "0", "LT", "DE", "service", False, False, None),
        (S, "0", "LT", "US", "goods", False, False, "PVM12"),
        (S, "0", "LT", "US", "service", False, False, "PVM14"),
        (P, "0", "PL", "LT", "goods", True, False, "PVM16"),
        (P, "0", "PL", "LT", "service", True, False, "PVM21"),
        (P, "0", "CN", "LT", "goods", True, False, "PVM48"),
        (P, "0", "US", "LT", "service", True, False, "PVM38"),
        (P, "0", "US", "LT", None, True, False, None),  # kind unknown abroad: no code
        (P, "0", None, "LT", "goods", True, False, None),  # country unknown: no code
        (None, "0", "PL", "LT", "goods", True, False, None),  # direction unknown: no code
        (P, None, "LT", "LT", "goods", True, False, None),
    ],
)
def test_vat_classifier_table(flow, rate, seller, buyer, kind, buyer_vat, art96, code):
    rate = Decimal(rate) if rate is not None else None
    assert classify.vat_classifier(flow, rate, seller, buyer, kind, buyer_vat, art96) == code


@pytest.mark.parametrize(
    "rate, classifier, seller, buyer, seller_vat, expected",
    [
        ("21", "PVM1", "LT", "LT", True, ("S", None)),
        ("21", "PVM25", "LT", "LT", True, ("AE", "VATEX-EU-AE")),
        ("0", "PVM5", "LT", "LT", True, ("E", None)),
        ("0", "PVM12", "LT", "US", True, ("G", "VATEX-EU-G")),
        ("0", "PVM13", "LT", "DE", True, ("K", "VATEX-EU-IC")),
        ("0", "PVM16", "PL", "LT", True, ("K", "VATEX-EU-IC")),
        ("0", "PVM14", "LT", "US", True, ("Z", None)),
        ("0", "PVM15", "LT", "DE", True, ("AE", "VATEX-EU-AE")),
        ("0", "PVM21", "DE", "LT", True, ("AE", "VATEX-EU-AE")),
        ("0", "PVM38", "US", "LT", True, ("O", "VATEX-EU-O")),
        ("0", None, "LT", "LT", True, ("E", None)),
        ("0", None, "LT", "LT", False, ("O", "VATEX-EU-O")),  # seller not a VAT payer
        ("0", None, "US", "LT", True, None),  # undecided
    ],
)
def test_ubl_category_table(rate, classifier, seller, buyer, seller_vat, expected):
    assert classify.ubl_category(Decimal(rate), classifier, seller, buyer, seller_vat) == expected


def test_domestic_reverse_charge_note_needs_two_lithuanian_parties():
    invoice = {"notes": "Atvirkštinis apmokestinimas (PVMĮ 96 str.)", "lines": []}
    assert classify.domestic_reverse_charge(invoice, "LT", "LT")
    assert not classify.domestic_reverse_charge(invoice, "DE", "LT")
    assert not classify.domestic_reverse_charge({"notes": "Ačiū", "lines": []}, "LT", "LT")


def _dto(direction, seller_country, buyer_country, rate, kind, buyer_vat="DE136695976", notes=None):
    return {
        "direction": direction, "notes": notes,
        "seller": {"vatCode": "LT100001234510" if seller_country == "LT" else "DE136695976", "address": {"country": seller_country}},
        "buyer": {"vatCode": buyer_vat, "address": {"country": buyer_country}},
        "lines": [{"lineNo": 1, "vatRate": rate, "kind": kind, "description": "x", "vatClassifier": None}],
        "vatBreakdown": [{"rate": rate, "category": None, "vatClassifier": None}],
    }


@pytest.mark.parametrize("dto,code,category", [
    (_dto("sales", "LT", "DE", "0", "goods"), "PVM13", "K"),  # intra-EU supply of goods
    (_dto("sales", "LT", "US", "0", "service", buyer_vat=None), "PVM14", "Z"),  # export of services
    (_dto("sales", "LT", "LT", "0", "goods", buyer_vat="LT123456715"), "PVM5", "E"),  # exempt
    (_dto("purchase", "DE", "LT", "21", "service", buyer_vat="LT123456715"), "PVM21", "S"),  # EU services bought
    (_dto("purchase", "LT", "LT", "21", "goods", buyer_vat="LT123456715", notes="Atvirkštinis apmokestinimas, PVMĮ 96 str."),
     "PVM25", "AE"),  # domestic reverse charge
])
def test_classify_invoice_fills_lines_and_breakdown(dto, code, category):
    classify.classify_invoice(dto)
    assert dto["lines"][0]["vatClassifier"] == code and dto["lines"][0]["category"] == category
    assert dto["vatBreakdown"][0]["vatClassifier"] == code and dto["vatBreakdown"][0]["category"] == category


def test_classify_invoice_keeps_what_the_tables_do_not_decide():
    dto = _dto(None, "LT", "DE", "0", None)
    dto["lines"][0]["vatClassifier"] = "PVM12"
    classify.classify_invoice(dto)
    assert dto["lines"][0]["vatClassifier"] == "PVM12"


def test_undirected_decides_only_domestic_supplies():
    lt, de = {"vatCode": "LT100001234510"}, {"address": {"country": "DE"}}
    assert classify.undirected(Decimal("21"), lt, {}) == ("S", "PVM1")
    assert classify.undirected(Decimal("9"), lt, {"vatCode": "LT123456715"}) == ("S", "PVM2")
    assert classify.undirected(Decimal("21"), lt, de) == ("S", None)  # intra-EU: needs the direction
    assert classify.undirected(Decimal("19"), de, lt) == ("S", None)
    assert classify.undirected(Decimal("0"), lt, lt) == (None, None)
