"""Words shaped like a code are read again, alone, from a few crops of their box."""

import pytest
from PIL import Image

from assets.ocr import rapid, views
from assets.ocr.model import Page, Word
from tests.support.pages import scan_image


def test_a_code_is_told_from_dates_amounts_and_words():
    for code in ("LT123456789", "L.T339327019", "(40000048577", "NO:LT10R927845016", "88102252264",
                 "NL.839385572801", "F2026-97679"):
        assert views.code_like(code), code
    for other in ("2025-05-16", "15594.48", "21.371,25", "LT12", "VAT:", "1/5", "Faktura", "1234567"):
        assert not views.code_like(other), other


def test_every_code_like_word_gets_one_reading_per_view_and_others_none():
    page = Page(1, 100, 100, [Word("PVM", 10, 10, 30, 20), Word("LT100012345678", 35, 10, 90, 20)], "rapidocr", False)
    image = Image.new("RGB", (200, 200), "white")
    seen: list[Image.Image] = []

    def recognise(images):
        seen.extend(images)
        return [f"view{k}" for k in range(len(images))]

    out = views.with_views(page, image, 2.0, recognise)
    assert out.words[0].views is None
    assert out.words[1].views == tuple(f"view{k}" for k in range(len(views.VIEWS)))
    assert len(seen) == len(views.VIEWS)
    # each crop holds the word's box (70..180 x 20..40 px) and the view's margins
    assert {im.size for im in seen} == {(110 + 2 * round(b * 20), 20 + 2 * round(a * 20)) for a, b in views.VIEWS}
    plain = Page(1, 100, 100, [Word("Faktura", 10, 10, 30, 20)], "rapidocr", False)
    assert views.with_views(plain, image, 2.0, recognise) is plain


@pytest.mark.skipif(not rapid.available(), reason="rapidocr is not installed")
def test_pp_ocr_reads_a_code_on_a_page_again_in_every_view():
    sheet = scan_image(["PVM kodas LT100012345678", "Suma 428.40 EUR"])  # A4 at 300 dpi
    small = sheet.resize((sheet.width // 3, sheet.height // 3), Image.Resampling.LANCZOS)
    page = rapid.ocr_image(small, dpi=100)
    code = next(w for w in page.words if "100012345678" in w.text)
    assert code.views is not None and len(code.views) == len(views.VIEWS)
    assert sum("100012345678" in v.replace(" ", "") for v in code.views) >= len(views.VIEWS) // 2
    assert all(w.views is None for w in page.words if not views.code_like(w.text))


@pytest.mark.skipif(not rapid.available(), reason="rapidocr is not installed")
def test_a_page_tesseract_reads_gets_pp_ocr_s_views_of_its_doubted_codes(monkeypatch):
    from assets.ocr import engines, tesseract

    sheet = scan_image(["PVM kodas LT100012345678", "Suma 428.40 EUR"])  # A4 at 300 dpi: Tesseract's
    sure = engines.Auto().ocr_image(sheet, dpi=300)
    assert sure.engine == "tesseract"
    code = next(w for w in sure.words if "100012345678" in w.text)
    assert code.conf >= views.DOUBTED_BELOW and code.views is None  # read surely: not again

    monkeypatch.setattr(tesseract, "DOUBTED_BELOW", 1.01)  # as if Tesseract doubted every word
    page = engines.Auto().ocr_image(sheet, dpi=300)
    code = next(w for w in page.words if "100012345678" in w.text)
    assert code.views is not None and len(code.views) == len(views.VIEWS)
    assert sum("100012345678" in v.replace(" ", "") for v in code.views) >= len(views.VIEWS) // 2
    assert all(w.views is None for w in page.words if not views.code_like(w.text))
    assert all(w.views is None for w in engines.Tesseract().ocr_image(sheet, dpi=300).words)  # Tesseract alone
