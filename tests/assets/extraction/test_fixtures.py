"""End to end on the committed fixtures: real pypdfium2 and real Tesseract, no mocks."""

import json
from pathlib import Path

import pytest

from assets.extraction.canned import canned_invoice
from assets.process import process_document

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())
MIME = {".pdf": "application/pdf", ".png": "image/png"}
HEADER_PATHS = [
    "invoiceNumber", "series", "number", "issueDate", "dueDate", "currency",
    "seller.name", "seller.companyCode", "seller.vatCode",
    "buyer.name", "buyer.companyCode", "buyer.vatCode",
    "totals.net", "totals.vat", "totals.gross",
]


def _get(obj, path):
    for part in path.split("."):
        obj = obj[part]
    return obj


@pytest.fixture(scope="module", params=sorted(EXPECTED))
def extracted(request):
    name = request.param
    data = (FIXTURES / name).read_bytes()
    return name, process_document(data, MIME[Path(name).suffix]).dto()


@pytest.mark.parametrize("path", HEADER_PATHS)
def test_header_field_matches_expected(extracted, path):
    name, invoice = extracted
    assert _get(invoice, path) == _get(EXPECTED[name], path), f"{name}: {path}"


def test_engine_and_checks(extracted):
    name, invoice = extracted
    expected_engine = "pdf-text" if name.endswith(".pdf") else "tesseract"
    assert invoice["extraction"]["engine"] == expected_engine
    assert invoice["extraction"]["textLayer"] is name.endswith(".pdf")
    assert invoice["pageCount"] == 1
    assert invoice["documentType"] == "vat_invoice"
    assert invoice["language"] == "lt"
    checks = {c["code"]: c["passed"] for c in invoice["validation"]["checks"]}
    for code in ("totals.net_plus_vat", "seller.vat_code_checksum", "buyer.vat_code_checksum",
                 "seller.company_code_format", "totals.lines_sum"):
        assert checks[code], code
    assert invoice["confidence"]["overall"] >= 0.85


def test_line_items_add_up_to_net(extracted):
    _, invoice = extracted
    assert len(invoice["lines"]) >= 3
    total = sum(float(line["netAmount"]) for line in invoice["lines"])
    assert round(total, 2) == float(invoice["totals"]["net"])
    assert all(line["description"] for line in invoice["lines"])


def test_sources_and_confidence_are_well_formed(extracted):
    _, invoice = extracted
    for path in ("invoiceNumber", "issueDate", "seller.vatCode", "buyer.companyCode", "totals.gross"):
        source = invoice["sources"][path]
        x0, y0, x1, y1 = source["bbox"]
        assert source["page"] == 1
        assert 0 <= x0 < x1 <= 600 and 0 <= y0 < y1 <= 850, (path, source)
    assert all(0.0 <= v <= 1.0 for v in invoice["confidence"]["fields"].values())


def test_output_has_the_same_shape_as_the_canned_invoice(extracted):
    _, invoice = extracted
    canned = canned_invoice().dto()
    assert set(invoice) == set(canned)
    assert set(invoice["seller"]) == set(canned["seller"])
    assert set(invoice["seller"]["address"]) == set(canned["seller"]["address"])
    assert set(invoice["totals"]) == set(canned["totals"])
    assert set(invoice["lines"][0]) == set(canned["lines"][0])
    assert set(invoice["vatBreakdown"][0]) == set(canned["vatBreakdown"][0])
    assert set(invoice["extraction"]) == set(canned["extraction"])
