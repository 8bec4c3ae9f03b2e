"""The structured exports against the published EN 16931 Schematron rules, run by Saxon.

Every fixture and variant (credit and debit notes, foreign currency with its EUR VAT,
several rates, reverse charge, discounts on lines and on the document, prepaid and
rounded payables, no line table) exports with no fatal rule broken, and the rules did
fire (a report that checked nothing would pass too). A broken file fails with the rule's
id, and the export path refuses such a file with that id in its detail.
"""

import hashlib
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from lxml import etree

from core import errors
from exporters import registry, schematron
from tests.exporters import cases, variants

SYNTAXES = {"xml": "ubl", "cii": "cii"}
CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
RAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
# what each syntax's rules say of a country code outside ISO 3166-1
BAD_COUNTRY = {
    "xml": "BR-CL-14 (Country codes in an invoice MUST be coded using ISO code list 3166-1)",
    "cii": "FX-SCH-A-000568 (Value of 'ram:CountryID' is not allowed.)",
}


def _export(fmt: str, name: str) -> bytes:
    invoice, base = variants.invoice(name)
    return registry.export(fmt, cases.record(invoice), cases.lookups(base)).body


def test_vendored_rules_are_the_recorded_releases():
    readme = (schematron.RULES_DIR / "README.md").read_text()
    recorded = dict((name, digest) for digest, name in re.findall(r"^([0-9a-f]{64})  (\S+)$", readme, re.M))
    on_disk = {p.name for p in schematron.RULES_DIR.iterdir() if p.suffix in (".xslt", ".xml", ".xsd")}
    assert set(recorded) == on_disk
    for name, digest in recorded.items():
        assert hashlib.sha256((schematron.RULES_DIR / name).read_bytes()).hexdigest() == digest, name
    assert "Schematron version 1.3.16" in schematron.RULE_FILES["ubl"].read_text()[:400]
    assert "Version: 1.09.2" in schematron.RULE_FILES["cii"].read_text()[:400]


@pytest.mark.parametrize("name", variants.ALL)
@pytest.mark.parametrize("fmt", list(SYNTAXES))
def test_every_invoice_passes_the_rules(fmt, name):
    body = _export(fmt, name)
    syntax = SYNTAXES[fmt]
    assert schematron.fatal(body, syntax) == []
    assert schematron.fired_rules(body, syntax) > 40


def _ubl(name: str) -> etree._Element:
    return etree.fromstring(_export("xml", name))


def _rules(root: etree._Element, syntax: str) -> set[str]:
    return {f.rule for f in schematron.fatal(etree.tostring(root, xml_declaration=True, encoding="UTF-8"), syntax)}


def test_a_wrong_amount_due_fails_br_co_16():
    root = _ubl("goods_services")
    root.find(f"{{{CAC}}}LegalMonetaryTotal/{{{CBC}}}PayableAmount").text = "3000.00"
    assert _rules(root, "ubl") == {"BR-CO-16"}
    root = etree.fromstring(_export("cii", "goods_services"))
    next(root.iter(f"{{{RAM}}}DuePayableAmount")).text = "3000.00"
    assert _rules(root, "cii") == {"BR-CO-16"}


def test_a_cii_line_total_that_does_not_add_up_fails_br_co_10():
    root = etree.fromstring(_export("cii", "several_rates"))
    next(root.iter(f"{{{RAM}}}LineTotalAmount")).text = "26.00"  # the first line's net
    assert "BR-CO-10" in _rules(root, "cii")


def test_a_vat_breakdown_that_does_not_add_up_fails_br_co_14():
    root = _ubl("several_rates")
    root.find(f"{{{CAC}}}TaxTotal/{{{CBC}}}TaxAmount").text = "7.00"
    assert "BR-CO-14" in _rules(root, "ubl")


def test_a_seller_without_a_name_fails_br_06():
    root = _ubl("goods_services")
    name = root.find(f"{{{CAC}}}AccountingSupplierParty/{{{CAC}}}Party/{{{CAC}}}PartyLegalEntity/{{{CBC}}}RegistrationName")
    name.getparent().remove(name)
    assert "BR-06" in _rules(root, "ubl")


def test_a_warning_is_reported_but_not_fatal():
    root = _ubl("goods_services")
    uuid = etree.Element(f"{{{CBC}}}UUID")
    uuid.text = "0b2f2a8e-5c1e-4c63-9d4e-0d5f3c6b7a10"
    root.find(f"{{{CBC}}}ID").addnext(uuid)  # UBL-CR-005: an EN 16931 invoice should not include the UUID
    body = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    assert [(f.rule, f.flag) for f in schematron.failures(body, "ubl")] == [("UBL-CR-005", "warning")]
    assert schematron.fatal(body, "ubl") == [] and schematron.enforce(body, "ubl") == body


@pytest.mark.parametrize("fmt", list(SYNTAXES))
def test_the_export_refuses_a_file_that_breaks_a_rule(fmt):
    invoice = cases.invoice("goods_services")
    invoice["buyer"]["address"]["country"] = "UK"  # ISO 3166 says GB
    invoice["buyer"]["vatCode"] = "GB123456789"
    with pytest.raises(errors.InvoiceExportUnavailablePreprocessing) as refused:
        registry.export(fmt, cases.record(invoice), cases.lookups("goods_services"))
    assert BAD_COUNTRY[fmt] in str(refused.value)


def test_threads_share_the_rules():
    """The API's workers run requests on threads; one processor serves them all."""
    with ThreadPoolExecutor(max_workers=6) as pool:
        reports = list(pool.map(lambda name: schematron.fatal(_export("xml", name), "ubl"), variants.ALL * 2))
    assert reports == [[]] * len(variants.ALL) * 2


def test_the_payment_reference_is_bt_83_in_both_syntaxes():
    """UBL: cbc:PaymentID in the payment means, under the account's credit-transfer code, or
    under "1" (instrument not defined) when the seller has no account; CII: the settlement's
    ram:PaymentReference. The files pass the rules (the variants above) and read back."""
    ubl = _ubl("payment_reference")
    means = ubl.find(f"{{{CAC}}}PaymentMeans")
    assert means.findtext(f"{{{CBC}}}PaymentMeansCode") == "58"
    assert means.findtext(f"{{{CBC}}}PaymentID") == "RF18 5390 0754 7034"
    assert means.findtext(f"{{{CAC}}}PayeeFinancialAccount/{{{CBC}}}ID") == "LT717300010123456789"
    bare = _ubl("payment_reference_no_account").find(f"{{{CAC}}}PaymentMeans")
    assert [(child.tag.split("}")[1], child.text) for child in bare] == [("PaymentMeansCode", "1"),
                                                                        ("PaymentID", "SF SV 000123")]
    credit = _ubl("payment_reference_credit_note")
    assert credit.findtext(f"{{{CAC}}}PaymentMeans/{{{CBC}}}PaymentID") == "KR-000045"
    cii = etree.fromstring(_export("cii", "payment_reference"))
    settlement = next(cii.iter(f"{{{RAM}}}ApplicableHeaderTradeSettlement"))
    assert settlement.findtext(f"{{{RAM}}}PaymentReference") == "RF18 5390 0754 7034"
    assert etree.fromstring(_export("cii", "payment_reference_no_account")).iter(f"{{{RAM}}}PaymentReference") \
        .__next__().text == "SF SV 000123"
    assert not list(_ubl("goods_services").iter(f"{{{CBC}}}PaymentID"))
    assert not list(etree.fromstring(_export("cii", "goods_services")).iter(f"{{{RAM}}}PaymentReference"))



@pytest.mark.parametrize("name", ["payment_reference", "payment_reference_no_account", "payment_reference_credit_note"])
def test_the_payment_reference_reads_back_from_both_exports(name):
    """What we write, our e-invoice readers read back: the same field in, the same field out."""
    from assets.einvoice.cii import read_cii
    from assets.einvoice.ubl import read_ubl

    want = variants.invoice(name)[0]["paymentReference"]
    assert read_ubl(_ubl(name))["paymentReference"] == want
    assert read_cii(etree.fromstring(_export("cii", name)))["paymentReference"] == want
