"""The invoice's paymentReference (EN 16931 BT-83): from an EPC payment QR code (its structured
reference, else its remittance text) on a real page, a scan and beside an embedded e-invoice,
and from the e-invoices themselves (UBL cbc:PaymentID, CII ram:PaymentReference in Factur-X and
ZUGFeRD 1, KSeF FA(3) IPKSeF). The codes are drawn by segno on the shared test pages, as in
test_qr_codes."""

from __future__ import annotations

import pytest
from facturx import xml_check_xsd

from assets.einvoice import qr_codes
from assets.process import process_document
from corpus.einvoice import cii, embed, ubl
from schemas.invoice import ExtractedInvoice
from tests.support.pages import text_page

from .samples import invoice_dto, page_pdf
from .test_ksef_and_peppol import FA3, PEPPOL, _fa3_pdf
from .test_qr_codes import EPC, _code, _invoice, _page, _scan

REFERENCE = "RF18539007547034"  # what EPC carries
REMITTANCE = "BCD\n001\n1\nSCT\nHABALT22\nUAB Saules vejas\nLT307300010000000001\nEUR3029.84\n\n\nSF SV 000123"
BOX = [400, 622, 500, 722]


def _checks(invoice: dict) -> dict[str, bool]:
    return {c["code"]: c["passed"] for c in invoice["validation"]["checks"]}


# --- the code as evidence ---------------------------------------------------------------

def test_the_codes_reference_becomes_the_payment_reference_with_its_box():
    invoice = _invoice()
    qr_codes.apply(invoice, [_code()])
    assert invoice["paymentReference"] == REFERENCE
    assert invoice["sources"]["paymentReference"] == {"page": 1, "bbox": BOX}
    assert invoice["confidence"]["fields"]["paymentReference"] == qr_codes.EVIDENCE_CONFIDENCE
    assert _checks(invoice)["payment_qr.reference"] is True
    assert invoice["validation"]["warnings"] == []
    ExtractedInvoice.model_validate({**dict.fromkeys(ExtractedInvoice.model_fields), "sources": {}, **invoice})


def test_without_a_structured_reference_the_remittance_text_is_taken():
    invoice = _invoice()
    qr_codes.apply(invoice, [_code(payload=REMITTANCE, text=REMITTANCE)])
    assert invoice["paymentReference"] == "SF SV 000123"
    assert qr_codes.epc_reference(qr_codes.parse_epc(REMITTANCE)) == "SF SV 000123"


def test_a_code_without_a_reference_leaves_the_field_alone():
    bare = EPC.replace(REFERENCE, "")
    invoice = _invoice()
    qr_codes.apply(invoice, [_code(payload=bare, text=bare)])
    assert "paymentReference" not in invoice and "payment_qr.reference" not in _checks(invoice)


def test_an_agreeing_reference_is_confirmed_as_written():
    invoice = _invoice()
    invoice["paymentReference"] = "rf18 5390 0754 7034"  # banks compare references without spaces or case
    invoice["sources"]["paymentReference"] = {"page": 1, "bbox": [60, 540, 200, 552]}
    qr_codes.apply(invoice, [_code()])
    assert invoice["paymentReference"] == "rf18 5390 0754 7034"
    assert invoice["sources"]["paymentReference"]["bbox"] == [60, 540, 200, 552]  # keeps its own box
    assert invoice["confidence"]["fields"]["paymentReference"] == qr_codes.EVIDENCE_CONFIDENCE
    assert _checks(invoice)["payment_qr.reference"] is True and invoice["validation"]["warnings"] == []


def test_a_disagreeing_reference_is_a_warning_and_the_invoices_value_stays():
    invoice = _invoice()
    invoice["paymentReference"] = "RF71 1234 5678 9"
    qr_codes.apply(invoice, [_code()])
    assert invoice["paymentReference"] == "RF71 1234 5678 9"
    assert invoice["confidence"]["fields"]["paymentReference"] == qr_codes.MISMATCH_CONFIDENCE
    assert _checks(invoice) == {"payment_qr.iban": True, "payment_qr.reference": False, "payment_qr.amount": True}
    assert f"paymentReference: the payment QR code says {REFERENCE}, the invoice reads RF71 1234 5678 9" \
        in invoice["validation"]["warnings"]


def test_two_different_payment_codes_give_no_reference():
    invoice = _invoice()
    other = EPC.replace("EUR3029.84", "EUR100.00")
    qr_codes.apply(invoice, [_code(), _code(payload=other, text=other)])
    assert "paymentReference" not in invoice


# --- read from pages --------------------------------------------------------------------

def test_a_code_on_a_pdf_page_gives_the_reference():
    invoice = process_document(_page(EPC, angle=90), "application/pdf").dto()
    assert invoice["paymentReference"] == REFERENCE
    assert invoice["sources"]["paymentReference"] == {"page": 1, "bbox": invoice["qrCodes"][0]["bbox"]}
    assert {"code": "payment_qr.reference", "passed": True,
            "detail": f"paymentReference {REFERENCE} taken from the payment QR code"} in invoice["validation"]["checks"]


def test_a_code_on_a_scan_gives_the_reference():
    invoice = process_document(_scan(_page(REMITTANCE, angle=17)), "image/jpeg").dto()
    assert invoice["paymentReference"] == "SF SV 000123"
    assert invoice["confidence"]["fields"]["paymentReference"] == qr_codes.EVIDENCE_CONFIDENCE


def test_a_page_without_a_code_has_no_reference():
    assert process_document(_page(None), "application/pdf").dto().get("paymentReference") is None


# --- embedded e-invoices ----------------------------------------------------------------

def _embedded(dto: dict, syntax: str, page: bytes | None = None) -> bytes:
    pdf = page or page_pdf(dto)
    if syntax == "d16b":
        return embed(pdf, cii(dto, "d16b"))
    if syntax == "zugferd1":
        return embed(pdf, cii(dto, "zugferd1"), "ZUGFeRD-invoice.xml")
    return embed(pdf, ubl(dto), "invoice-data.xml")


@pytest.mark.parametrize("syntax", ["d16b", "zugferd1", "ubl"])
def test_the_xml_carries_it_valid_against_the_official_schema(syntax):
    dto = {**invoice_dto(), "paymentReference": "RE-2026-0417 / 48213"}
    xml = ubl(dto) if syntax == "ubl" else cii(dto, syntax)
    flavor = {"d16b": "factur-x", "zugferd1": "zugferd", "ubl": "ubl-2.1-invoice"}[syntax]
    assert xml_check_xsd(xml, flavor=flavor, level="en16931" if syntax == "d16b" else "autodetect")


@pytest.mark.parametrize("syntax", ["d16b", "zugferd1", "ubl"])
def test_an_embedded_invoices_reference_is_read_exactly(syntax):
    dto = {**invoice_dto(), "paymentReference": "RE-2026-0417 / 48213"}
    result = process_document(_embedded(dto, syntax), "application/pdf").dto()
    assert result["extraction"]["engine"] == "embedded-xml"
    assert result["paymentReference"] == "RE-2026-0417 / 48213"
    assert result["confidence"]["fields"]["paymentReference"] == 1.0
    without = process_document(_embedded(invoice_dto(), syntax), "application/pdf").dto()
    assert without["paymentReference"] is None and "paymentReference" not in without["confidence"]["fields"]


def test_a_payment_code_beside_an_embedded_invoice_is_weighed_against_its_reference():
    agreeing = {**invoice_dto(), "paymentReference": REFERENCE}
    result = process_document(_embedded(agreeing, "ubl", _page(EPC)), "application/pdf").dto()
    assert result["paymentReference"] == REFERENCE and _checks(result)["payment_qr.reference"] is True
    other = {**invoice_dto(), "paymentReference": "RE-2026-0417"}
    result = process_document(_embedded(other, "ubl", _page(EPC)), "application/pdf").dto()
    assert result["paymentReference"] == "RE-2026-0417"  # the XML's value stands, flagged
    assert _checks(result)["payment_qr.reference"] is False
    assert result["confidence"]["fields"]["paymentReference"] == qr_codes.MISMATCH_CONFIDENCE
    assert any(w.startswith("paymentReference: the payment QR code says") for w in result["validation"]["warnings"])
    bare = process_document(_embedded(invoice_dto(), "ubl", _page(EPC)), "application/pdf").dto()
    assert bare["paymentReference"] == REFERENCE and bare["sources"]["paymentReference"]["page"] == 1


def test_ksef_fa3_payment_identifier():
    xml = FA3.replace("</RachunekBankowy>\n    </Platnosc>",
                      "</RachunekBankowy>\n      <IPKSeF>7A3F9KQ2M4X8B</IPKSeF>\n    </Platnosc>")
    assert "<IPKSeF>" in xml
    invoice = process_document(_fa3_pdf(xml), "application/pdf").dto()
    assert invoice["extraction"]["syntax"] == "KSeF FA(3)" and invoice["paymentReference"] == "7A3F9KQ2M4X8B"
    assert process_document(_fa3_pdf(), "application/pdf").dto()["paymentReference"] is None


def test_peppol_payment_id():
    page = text_page("SupplierTradingName Ltd.", "Invoice Snippet1", "Date: 13.11.2026", "Total: 1656.25 EUR")
    invoice = process_document(embed(page, PEPPOL.encode("utf-8"), "Snippet1.xml"), "application/pdf").dto()
    assert invoice["paymentReference"] == "Snippet1"  # OpenPeppol's base example: cbc:PaymentID
