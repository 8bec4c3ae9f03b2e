"""Export preprocessing: what it resolves, and every reason it refuses (409 with a detail)."""

from dataclasses import replace
from decimal import Decimal

import pytest
from lxml import etree

from core import errors
from exporters import registry
from exporters.model import Needs
from exporters.preprocess import prepare
from tests.exporters import cases
from tests.exporters.decode import rivile_records

ALL_ACCOUNTING = ("rivile", "finvalda", "centas", "agnum")


def refused(fmt, invoice, lookups) -> str:
    with pytest.raises(errors.InvoiceExportUnavailablePreprocessing) as caught:
        registry.export(fmt, cases.record(invoice), lookups)
    assert caught.value.status == 409 and caught.value.code == "invoice.export_unavailable_preprocessing"
    return caught.value.detail


@pytest.mark.parametrize("fmt", ALL_ACCOUNTING)
def test_line_without_mapping_or_default_code_is_refused(fmt):
    lookups = cases.lookups("goods_services", default_expense_code="")
    detail = refused(fmt, cases.invoice("goods_services"), lookups)
    assert "line 2 ('Inverteris 5 kW', item code INV-5K) maps to no accounting code" in detail
    assert "default_expense_code" in detail


@pytest.mark.parametrize("fmt", ALL_ACCOUNTING)
def test_summary_line_without_code_is_refused(fmt):
    lookups = cases.lookups("summary_only", summary_line_code="", default_expense_code="")
    detail = refused(fmt, cases.invoice("summary_only"), lookups)
    assert "no line table" in detail and "summary_line_code" in detail


def test_summary_line_falls_back_to_the_default_code():
    lookups = cases.lookups("summary_only", summary_line_code="")
    doc = prepare(cases.record(cases.invoice("summary_only")), lookups, Needs())
    assert [line.code for line in doc.lines] == ["6000", "6000"]


@pytest.mark.parametrize("fmt", ("rivile", "finvalda", "agnum"))
def test_foreign_currency_without_a_rate_is_refused(fmt):
    lookups = replace(cases.lookups("foreign_currency"), rates=None)
    detail = refused(fmt, cases.invoice("foreign_currency"), lookups)
    assert "no USD rate to EUR on or within 7 days before 2026-03-11" in detail
    assert "rates load" in detail


def test_a_rate_older_than_a_week_is_not_used():
    invoice = cases.invoice("foreign_currency")
    invoice["deliveryDate"] = "2026-03-25"  # the table ends on 2026-03-13
    assert "no USD rate" in refused("rivile", invoice, cases.lookups("foreign_currency"))


def test_the_latest_earlier_rate_covers_a_weekend():
    invoice = cases.invoice("foreign_currency")
    invoice["deliveryDate"] = "2026-03-15"  # a Sunday: the rate of Friday 13th
    doc = prepare(cases.record(invoice), cases.lookups("foreign_currency"), Needs())
    assert (doc.rate, doc.rate_date.isoformat()) == (Decimal("1.0903"), "2026-03-13")


def test_centas_refuses_foreign_currency_unless_told_to_convert():
    lookups = cases.lookups("foreign_currency", **{"centas.foreign_currency": "refuse"})
    assert "centas.foreign_currency=convert" in refused("centas", cases.invoice("foreign_currency"), lookups)
    converted = registry.export("centas", cases.record(cases.invoice("foreign_currency")), cases.lookups("foreign_currency"))
    document = etree.fromstring(converted.body).find("dokumentas")
    assert document.findtext("dok_val") == "EUR"
    assert document.findtext("bepvm_suma") == "1760.17"  # 1324.03 + 436.14: 1442 and 475 USD at 1.0891


@pytest.mark.parametrize("fmt", ALL_ACCOUNTING)
def test_unknown_direction_is_refused(fmt):
    invoice = cases.invoice("several_rates")
    invoice["buyer"] = {**invoice["buyer"], "companyCode": "111111111", "vatCode": None, "name": "UAB Kitas"}
    detail = refused(fmt, invoice, cases.lookups("several_rates"))
    assert "purchase or sale cannot be told" in detail and "direction" in detail


def test_direction_setting_decides_when_the_parties_do_not():
    invoice = cases.invoice("several_rates")
    invoice["buyer"] = {**invoice["buyer"], "companyCode": "111111111", "vatCode": None, "name": "UAB Kitas"}
    doc = prepare(cases.record(invoice), cases.lookups("several_rates", direction="purchase"), Needs())
    assert doc.direction == "purchase"


def test_twelve_digit_vat_code_does_not_fit_rivile_without_a_partner_rule():
    lookups = replace(cases.lookups("vat_code_12_digits"), partner_rules=())
    detail = refused("rivile", cases.invoice("vat_code_12_digits"), lookups)
    assert "LT100012345018" in detail and "12-character partner key" in detail and "--partner" in detail
    # Finvalda keys partners with up to 15 characters: the VAT code fits, and it is not a company code
    out = registry.export("finvalda", cases.record(cases.invoice("vat_code_12_digits")), lookups)
    client = etree.fromstring(out.body).find("operacijos/pirkimas/klientas")
    assert client.text == "LT100012345018" and client.get("kodo_tipas") is None


def test_partner_without_any_code_is_refused():
    invoice = cases.invoice("vat_code_12_digits")
    invoice["seller"] = {**invoice["seller"], "vatCode": None}
    lookups = replace(cases.lookups("vat_code_12_digits"), partner_rules=())
    assert "neither a company code nor a VAT code" in refused("agnum", invoice, lookups)


def test_lines_that_do_not_add_up_are_refused():
    invoice = cases.invoice("several_rates")
    invoice["totals"]["net"] = "70.00"
    detail = refused("finvalda", invoice, cases.lookups("several_rates"))
    assert "the lines add up to 64.80 but the invoice's net total is 70.00" in detail


def test_breakdown_that_disagrees_with_the_lines_is_refused():
    invoice = cases.invoice("several_rates")
    invoice["lines"][0]["vatRate"] = "9"  # misread: the 21 % line read as 9 %
    assert "the lines at 9 % add up to 40.00 but the VAT breakdown says 15.00" in refused(
        "rivile", invoice, cases.lookups("several_rates"))


def test_cent_differences_are_absorbed_by_the_largest_line():
    invoice = cases.invoice("several_rates")
    invoice["totals"]["net"], invoice["totals"]["gross"] = "64.81", "72.65"
    invoice["vatBreakdown"][0]["taxableAmount"] = "25.01"
    doc = prepare(cases.record(invoice), cases.lookups("several_rates"), Needs())
    assert sum(line.net for line in doc.lines) == Decimal("64.81") and doc.lines[0].net == Decimal("25.01")


def test_printed_vat_per_rate_wins_over_line_rounding():
    invoice = cases.invoice("several_rates")
    invoice["lines"].append({**invoice["lines"][0], "lineNo": 4, "netAmount": "0.05", "quantity": "1", "unitPrice": "0.05"})
    invoice["vatBreakdown"][0].update(taxableAmount="25.05", vatAmount="5.26")
    invoice["totals"].update(net="64.85", vat="7.85", gross="72.70")
    doc = prepare(cases.record(invoice), cases.lookups("several_rates"), Needs())
    assert sum(l.vat for l in doc.lines if l.rate == 21) == Decimal("5.26")
    assert doc.vat == Decimal("7.85")


def test_document_discount_is_spread_over_the_lines():
    invoice = cases.invoice("several_rates")
    invoice["totals"].update(discount="6.48", net="58.32", vat="7.07", gross="65.39")
    for entry, (base, vat) in zip(invoice["vatBreakdown"], (("22.50", "4.73"), ("13.50", "1.22"), ("22.32", "1.12"))):
        entry.update(taxableAmount=base, vatAmount=vat)
    doc = prepare(cases.record(invoice), cases.lookups("several_rates"), Needs())
    assert [line.net for line in doc.lines] == [Decimal("22.50"), Decimal("13.50"), Decimal("22.32")]
    assert [line.vat for line in doc.lines] == [Decimal("4.73"), Decimal("1.22"), Decimal("1.12")]
    assert doc.lines[0].unit_price == Decimal("2.25")


def test_finvalda_needs_a_warehouse_for_goods_lines():
    lookups = cases.lookups("goods_services", **{"finvalda.warehouse": ""})
    assert "finvalda.warehouse" in refused("finvalda", cases.invoice("goods_services"), lookups)


def test_credit_note_detection_and_magnitudes():
    doc = prepare(cases.record(cases.invoice("credit_note")), cases.lookups("credit_note"), Needs())
    assert doc.kind == "credit_note" and doc.net == Decimal("250.00") and doc.lines[0].quantity == Decimal(2)
    # an "invoice" printed with negative totals is a credit note too
    invoice = cases.invoice("credit_note")
    invoice["documentType"] = "invoice"
    assert prepare(cases.record(invoice), cases.lookups("credit_note"), Needs()).kind == "credit_note"


def test_credit_note_sign_conventions_per_program():
    invoice, lookups = cases.invoice("credit_note"), cases.lookups("credit_note")
    rivile = rivile_records(registry.export("rivile", cases.record(invoice), lookups).body)["pirkimai.eip"][0]
    assert rivile.findtext("I06_OP_TIP") == "2" and rivile.findtext("I06_ISAF") == "5"
    assert rivile.findtext("I07/I07_SUMA") == "250.00" and rivile.findtext("I07/T_KIEKIS") == "2"
    finvalda = etree.fromstring(registry.export("finvalda", cases.record(invoice), lookups).body)
    assert finvalda.find("operacijos/pirkimoGrazinimas/operacijaDet/eilute/suma_v").text == "250.00"
    centas = etree.fromstring(registry.export("centas", cases.record(invoice), lookups).body).find("dokumentas")
    assert (centas.findtext("dok_suma"), centas.findtext("eilute/kiekis"), centas.findtext("eilute/kaina")) == (
        "-302.50", "-2.00", "125.00")
    agnum = etree.fromstring(registry.export("agnum", cases.record(invoice), lookups).body)
    header = agnum.find("Documents/Item")
    assert (header.get("SF_TIP"), header.get("SUMA"), header.get("SKOLA")) == ("KS", "-250,00", "-302,50")
    row = header.find("Row")
    assert (row.get("KIEKIS"), row.get("PRKKN"), row.get("PVM")) == ("2,0000", "-125,0000", "-52,50")
    ubl = etree.fromstring(registry.export("xml", cases.record(invoice), lookups).body)
    assert etree.QName(ubl).localname == "CreditNote"


def test_isaf_exclusion_of_non_eu_zero_rate_purchases():
    invoice = cases.invoice("foreign_currency")
    invoice["seller"] = {**invoice["seller"], "vatCode": None, "address": {**invoice["seller"]["address"], "country": "US"}}
    lookups = cases.lookups("foreign_currency")
    header = rivile_records(registry.export("rivile", cases.record(invoice), lookups).body)["pirkimai.eip"][0]
    assert header.findtext("I06_ISAF") == "12" and header.findtext("I07/I07_KODAS_KL") == "PVM48"
    agnum = etree.fromstring(registry.export("agnum", cases.record(invoice), lookups).body)
    assert agnum.find("Documents/Item").get("CH1") == "N"
    centas = etree.fromstring(registry.export("centas", cases.record(invoice), lookups).body)
    assert centas.findtext("dokumentas/isaf") == "ne"


def test_ubl_refuses_what_peppol_cannot_carry():
    invoice = cases.invoice("foreign_currency")
    invoice["seller"] = {**invoice["seller"], "vatCode": None, "companyCode": "EIN 12-345",
                         "address": {**invoice["seller"]["address"], "country": "US"}}
    assert "electronic address" in refused("xml", invoice, cases.lookups("foreign_currency"))
    invoice = cases.invoice("eu_reverse_charge")
    invoice["lines"][1]["kind"] = None  # 0 % to Germany: goods or services decides the category
    assert "line 2: the VAT category of a 0 % line between LT and DE cannot be told" in refused(
        "xml", invoice, cases.lookups("eu_reverse_charge"))
    invoice = cases.invoice("goods_services")
    invoice["buyer"]["address"]["country"] = None
    invoice["buyer"]["vatCode"] = None
    assert "the buyer's country is unknown" in refused("xml", invoice, cases.lookups("goods_services"))


def test_json_never_refuses_and_returns_the_dto_unchanged():
    invoice = cases.invoice("goods_services")
    invoice["seller"], invoice["buyer"] = {}, {}
    out = registry.export("json", cases.record(invoice), cases.lookups("goods_services", default_expense_code=""))
    assert out.content_type == "application/json; charset=utf-8" and out.filename == "SV000123.json"


def test_item_codes_from_the_seller_become_cards():
    doc = prepare(cases.record(cases.invoice("diacritics")), cases.lookups("diacritics"), Needs())
    assert [(l.code, l.card) for l in doc.lines] == [("ŽK-01", True), ("LMP-BEIJING", True), ("OR-3", True)]
    # a mapping rule without a name points at an existing card: no card is sent
    doc = prepare(cases.record(cases.invoice("several_rates")), cases.lookups("several_rates"), Needs())
    assert [(l.code, l.card) for l in doc.lines] == [("KANC", True), ("TRANSP", False), ("KANC", True)]


def test_missing_number_or_date_is_refused():
    invoice = cases.invoice("goods_services")
    invoice.update(series=None, number=None, invoiceNumber=None)
    assert "no number" in refused("rivile", invoice, cases.lookups("goods_services"))
    invoice = cases.invoice("goods_services")
    invoice["issueDate"] = None
    assert "no issue date" in refused("xml", invoice, cases.lookups("goods_services"))


def test_debit_note_markers():
    invoice = cases.invoice("goods_services")
    invoice["documentType"] = "debit_note"
    lookups = cases.lookups("goods_services")
    header = rivile_records(registry.export("rivile", cases.record(invoice), lookups).body)["pirkimai.eip"][0]
    assert header.findtext("I06_OP_TIP") == "1" and header.findtext("I06_ISAF") == "2"
    assert etree.fromstring(registry.export("agnum", cases.record(invoice), lookups).body).find("Documents/Item").get("SF_TIP") == "DS"
    ubl = etree.fromstring(registry.export("xml", cases.record(invoice), lookups).body)
    assert ubl.findtext("{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}InvoiceTypeCode") == "383"
