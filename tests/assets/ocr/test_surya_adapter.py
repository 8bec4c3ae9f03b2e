"""The surya adapter on a stored result, without surya or its models.

``tests/fixtures/surya_result.json`` has the shape of surya's ``OCRResult.model_dump()``
(``text_lines`` with ``text``, ``bbox``, ``polygon``, ``confidence`` and ``words``). No
model can be downloaded or run on the build machines, so it was made from the scan
fixture's OCR lines, cut into line segments at column gaps as surya's detector does;
every other line carries the known regression of surya >= 0.15 where all words of a
line share the line's box, so both conversion paths are exercised.
"""

import json
from pathlib import Path

import pytest

from assets.extraction import extract_invoice
from assets.ocr import engines
from assets.ocr.model import Document
from assets.ocr.model import split_words
from assets.ocr.surya import page_from_result

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.fixture(scope="module")
def page():
    data = json.loads((FIXTURES / "surya_result.json").read_text())
    image = data["_image"]
    return page_from_result(data, image["width"], image["height"], image["dpi"])


def test_words_are_in_points_with_their_own_boxes(page):
    assert page.engine == "surya" and not page.text_layer
    assert 590 < page.width < 600 and 840 < page.height < 845  # A4 in points
    for w in page.words:
        assert 0 <= w.x0 < w.x1 <= page.width and 0 <= w.y0 < w.y1 <= page.height
        assert 0.0 <= w.conf <= 1.0
    # Words of a line that came with one shared box were spread along it.
    first = [w for w in page.words if w.text in ("PVM", "mokėtojo")]
    assert len({(w.x0, w.x1) for w in first}) == len(first)


def test_split_words_spreads_words_by_characters():
    words = split_words("Iš viso 10,00", (0, 0, 130, 10))
    assert [t for t, _ in words] == ["Iš", "viso", "10,00"]
    assert words[0][1][0] == 0 and words[-1][1][2] == pytest.approx(130)
    assert all(a[1][2] < b[1][0] for a, b in zip(words, words[1:]))


def test_extraction_reads_the_surya_page_like_a_tesseract_page(page):
    expected = json.loads((FIXTURES / "expected.json").read_text())["invoice_scan.png"]
    invoice = extract_invoice(Document([page]))
    assert invoice["extraction"]["engine"] == "surya"
    for path in ("invoiceNumber", "issueDate", "dueDate", "totals.net", "totals.vat", "totals.gross",
                 "seller.vatCode", "buyer.vatCode", "seller.companyCode"):
        got, want = invoice, expected
        for part in path.split("."):
            got, want = got[part], want[part]
        assert got == want, path


def test_engine_is_chosen_by_environment(monkeypatch):
    monkeypatch.delenv("INVOICES_OCR_ENGINE", raising=False)
    assert engines.engine_name() == "auto"
    assert isinstance(engines.engine(), engines.Auto)
    monkeypatch.setenv("INVOICES_OCR_ENGINE", "rapidocr")
    assert isinstance(engines.engine(), engines.RapidOcr)
    monkeypatch.setenv("INVOICES_OCR_ENGINE", "surya")
    assert engines.engine_name() == "surya"
    monkeypatch.setenv("INVOICES_OCR_ENGINE", "nonsense")
    with pytest.raises(RuntimeError):
        engines.engine_name()
