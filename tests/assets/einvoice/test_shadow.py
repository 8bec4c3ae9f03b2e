"""The page reading of an embedded e-invoice compared with its XML, field by field."""

from __future__ import annotations

import copy

import pytest

from assets import process
from assets.einvoice import shadow
from assets.ocr import engines
from assets.process import process_document, read_upload
from corpus.einvoice import cii, embed, ubl
from tests.support.pages import rasterise, scan_pdf

from .samples import invoice_dto, page_pdf


def _page(dto: dict, confidence: dict[str, float] | None = None) -> dict:
    page = copy.deepcopy(dto)
    page["confidence"] = {"overall": 0.9, "fields": confidence or {}}
    return page


def _compare(xml: dict, page: dict) -> shadow.Comparison:
    return shadow.compare(xml, page, syntax="CII D16B", producer="Test", engine="pdf-text", page_text="page")


def _agreements(comparison: shadow.Comparison) -> dict[str, str]:
    return {path: value["agreement"] for path, value in comparison.fields.items()}


def test_the_same_invoice_agrees_on_every_field_the_xml_has():
    xml = invoice_dto()
    comparison = _compare(xml, _page(xml))
    agreements = _agreements(comparison)
    assert set(agreements) == set(shadow.FIELDS) | {"lines"}  # every field of the sample is filled
    assert set(agreements.values()) == {"agree"}
    assert comparison.fields["lines"] | {"confidence": None} == {
        "agreement": "agree", "confidence": None, "xmlLines": 2, "pageLines": 2, "matchedLines": 2}


def test_each_kind_of_difference_is_told_apart():
    xml = invoice_dto()
    xml["seller"]["companyCode"] = None  # the XML lacks it ...
    page = _page(xml)
    page["seller"]["companyCode"] = "HRB 48213"  # ... the page reads one
    page["dueDate"] = None  # the page reader missed it
    page["totals"]["gross"] = "424.10"  # and misread the total
    page["buyer"]["companyCode"] = None
    xml["buyer"]["companyCode"] = None  # neither has it: not compared
    agreements = _agreements(_compare(xml, page))
    assert agreements["seller.companyCode"] == "xml-missing"
    assert agreements["dueDate"] == "page-missing"
    assert agreements["totals.gross"] == "disagree"
    assert "buyer.companyCode" not in agreements
    assert agreements["invoiceNumber"] == "agree"


def test_values_compare_as_make_eval_scores_them():
    xml = invoice_dto()
    page = _page(xml)
    xml["seller"]["name"] = "UAB „Saulės vėjas“"
    page["seller"]["name"] = 'UAB  "Saulės vėjas"'  # quote style and spacing do not count
    page["totals"]["net"] = "381.8"  # amounts compare as numbers
    page["buyer"]["name"] = "UAB Saules vejas"  # letters do
    agreements = _agreements(_compare(xml, page))
    assert (agreements["seller.name"], agreements["totals.net"], agreements["buyer.name"]) == (
        "agree", "agree", "disagree")


def test_confidence_is_the_page_readings_own():
    xml = invoice_dto()
    page = _page(xml, {"invoiceNumber": 0.97, "totals.gross": 0.4, "lines[0].netAmount": 0.95,
                       "lines[0].description": 0.8, "lines[1].quantity": 0.99})
    fields = _compare(xml, page).fields
    assert fields["invoiceNumber"]["confidence"] == 0.97
    assert fields["totals.gross"]["confidence"] == 0.4
    assert fields["issueDate"]["confidence"] is None  # the page reading gave none
    assert fields["lines"]["confidence"] == 0.8  # the lowest of its lines' values


def test_lines_are_matched_one_to_one_on_quantity_amount_and_description():
    xml = invoice_dto()
    page = _page(xml)
    page["lines"][0]["description"] = "Akku-Bohrschrauber 18V"  # one character off: still the line
    page["lines"][1]["netAmount"] = "120.00"  # another amount: not the line
    page["lines"].append(copy.deepcopy(page["lines"][0]))  # a line read twice matches once
    lines = _compare(xml, page).fields["lines"]
    assert lines == {"agreement": "disagree", "confidence": None, "xmlLines": 2, "pageLines": 3,
                     "matchedLines": 1}

    page["lines"] = []
    assert _compare(xml, page).fields["lines"]["agreement"] == "page-missing"
    xml_without = {**xml, "lines": []}
    assert _compare(xml_without, _page(xml)).fields["lines"]["agreement"] == "xml-missing"
    assert "lines" not in _compare(xml_without, _page(xml_without)).fields


def test_pairs_hold_both_values_and_the_page_text_is_capped():
    xml = invoice_dto()
    page = _page(xml)
    page["totals"]["gross"] = "424.10"
    comparison = shadow.compare(xml, page, syntax="UBL 2.1 Invoice", producer="P", engine="pdf-text",
                                page_text="x" * (shadow.MAX_PAGE_TEXT + 10))
    assert comparison.pairs["totals.gross"] == {"xml": "442.10", "page": "424.10"}
    assert comparison.pairs["lines"]["page"][0]["description"] == "Akku-Bohrschrauber 18 V"
    assert len(comparison.page_text) == shadow.MAX_PAGE_TEXT
    assert "442.10" not in str(comparison.fields) and "Akku" not in str(comparison.fields)  # no values


def _pdf_without_info() -> bytes:
    """A one-page PDF with no document information dictionary at all."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def test_producer_is_the_pdfs_metadata_else_syntax_and_country():
    dto = invoice_dto()
    factur_x = embed(page_pdf(dto), cii(dto, "d16b"))
    assert shadow.producer(factur_x, "CII D16B", "DE") == "ReportLab PDF Library - (opensource)"
    assert shadow.producer(_pdf_without_info(), "UBL 2.1 Invoice", "LT") == "UBL 2.1 Invoice LT"
    assert shadow.producer(b"not a pdf", "CII D16B", None) == "CII D16B"


@pytest.mark.parametrize("syntax", ["d16b", "ubl"])
def test_the_pipeline_reading_compares_without_changing_the_invoice(syntax):
    dto = invoice_dto()
    pdf = embed(page_pdf(dto), cii(dto, "d16b")) if syntax == "d16b" else embed(page_pdf(dto), ubl(dto), "inv.xml")
    reading = read_upload(pdf, "application/pdf")
    served = process_document(pdf, "application/pdf").dto()
    got = reading.invoice.dto()
    got["extraction"].pop("durationMs"), served["extraction"].pop("durationMs")
    assert got == served and got["extraction"]["engine"] == "embedded-xml"
    comparison = reading.comparison
    assert comparison.syntax == ("CII D16B" if syntax == "d16b" else "UBL 2.1 Invoice")
    assert (comparison.engine, comparison.language) == ("pdf-text", "de")
    assert comparison.fields["invoiceNumber"]["agreement"] == "agree"
    assert comparison.fields["dueDate"]["agreement"] == "page-missing"  # the page prints none
    assert "RE-2026-0417" in comparison.page_text


def test_a_pdf_without_an_embedded_invoice_has_no_comparison():
    assert read_upload(page_pdf(invoice_dto()), "application/pdf").comparison is None


def test_a_scanned_e_invoice_is_ocrd_once(monkeypatch):
    """The page of a scanned PDF is OCR'd for the cross-check; the comparison reads the same words."""
    dto = invoice_dto()
    scan = scan_pdf(rasterise(page_pdf(dto), dpi=300).convert("L"), dpi=300)
    pdf = embed(scan, cii(dto, "d16b"))
    calls = []
    ocr = engines.ocr_image
    monkeypatch.setattr(engines, "ocr_image", lambda *a, **k: calls.append(1) or ocr(*a, **k))
    reads = []
    read = process.read_document
    monkeypatch.setattr(process, "read_document", lambda *a, **k: reads.append(1) or read(*a, **k))
    reading = read_upload(pdf, "application/pdf")
    assert (len(reads), len(calls)) == (1, 1)
    assert reading.comparison is not None and reading.comparison.engine != "pdf-text"


def test_a_comparison_that_fails_leaves_the_invoice_alone(monkeypatch):
    dto = invoice_dto()
    pdf = embed(page_pdf(dto), cii(dto, "d16b"))

    def broken(*args, **kwargs):
        raise RuntimeError("page reader bug")

    monkeypatch.setattr(process, "extract_invoice", broken)
    reading = read_upload(pdf, "application/pdf")
    assert reading.comparison is None and reading.invoice.extraction.engine == "embedded-xml"

