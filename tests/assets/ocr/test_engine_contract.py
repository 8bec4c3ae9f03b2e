"""The OCR engine's contract (assets.ocr.engines.OcrEngine), one set of tests that Tesseract,
PP-OCR (rapidocr) and the in-memory stand-in (assets/ocr/memory.py) all pass, on pictures the shared test
page builder draws. The stand-in is told the words the builder drew; Tesseract reads them."""

import pytest

from assets.ocr import engines
from assets.ocr.memory import MemoryOcr
from tests.support.pages import scan_image, scan_words

ROWS = ["INVOICE 2026-117", "Seller UAB Medis", "Total 428.40 EUR"]
FONT_PX = 42  # scan_image's default: 10 pt text at 300 dpi


@pytest.fixture(params=["tesseract", "rapidocr", "memory"])
def engine(request):
    if request.param == "tesseract":
        pytest.importorskip("tesserocr")
        return engines.Tesseract()
    if request.param == "rapidocr":
        pytest.importorskip("rapidocr")
        return engines.RapidOcr()
    stand_in = MemoryOcr()
    stand_in.remember(scan_image(ROWS), scan_words(ROWS))
    return stand_in


def _centre(box):
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2


@pytest.mark.parametrize("dpi", [300, 150])
def test_a_page_is_read_as_its_words_over_their_ink_in_points(engine, dpi):
    page = engine.ocr_image(scan_image(ROWS), page_number=2, dpi=dpi)
    scale = 72 / dpi
    assert (page.number, page.engine, page.text_layer) == (2, engine.name, False)
    assert (round(page.width), round(page.height)) == (round(2480 * scale), round(3508 * scale))
    assert [line.text for line in page.lines()] == ROWS
    printed = {text: _centre(box) for text, box in scan_words(ROWS)}
    # Over its ink: the centre within a third of the text's height of the printed word's
    # (a neural recogniser places characters to a few pixels of its input, not exactly).
    near = FONT_PX * scale / 3
    for word in page.words:
        x, y = printed[word.text]
        assert abs(word.cx - x * scale) < near and abs(word.cy - y * scale) < near, word
        assert 0 <= word.conf <= 1


def test_a_page_without_ink_has_no_words(engine):
    page = engine.ocr_image(scan_image([]), page_number=1, dpi=300)
    assert page.words == [] and page.number == 1


def test_an_engine_put_in_place_reads_every_page_until_the_block_ends(engine):
    picture = scan_image(ROWS)
    with engines.using(engine):
        assert engines.engine() is engine
        assert [line.text for line in engines.ocr_image(picture, dpi=300).lines()] == ROWS
    assert engines.engine() is not engine
