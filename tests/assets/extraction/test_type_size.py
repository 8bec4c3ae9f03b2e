"""Telling a detail line in smaller type from a description's next line, by the reader's boxes.

Tesseract's boxes hug the glyphs, so a word's height depends on its letters; a text layer's
are the font's and PP-OCR's the whole line's, so their height is the type size. PP-OCR's box
heights vary by a fifth from line to line at one size: there a line is set against the
table's item text, not its own item's one box.
"""

import pytest

from assets.extraction.lines import Span, TextLine
from assets.extraction.tables.model import Row
from assets.extraction.tables.text import Sizing, _is_detail
from assets.ocr.model import Page, Word


def _line(index: int, text: str, y0: float, height: float) -> TextLine:
    words, x = [], 40.0
    for token in text.split():
        words.append(Word(token, x, y0, x + 6 * len(token), y0 + height))
        x += 6 * len(token) + 4
    return TextLine(1, index, words)


def _row(line: TextLine) -> Row:
    return Row(cells={"description": [Span(line, 0, len(line.text))]}, lines=[line])


def _page(engine: str, text_layer: bool = False) -> Page:
    return Page(1, 595, 842, [], engine=engine, text_layer=text_layer)


def test_only_tesseract_boxes_hug_the_glyphs():
    assert _page("tesseract").glyph_boxes
    assert not _page("rapidocr").glyph_boxes and not _page("surya").glyph_boxes
    assert not _page("pdf-text", text_layer=True).glyph_boxes


def test_a_line_detectors_low_box_under_a_tall_one_is_more_description_not_a_detail():
    # item boxes 19.4, 17.2, 15.7 and 17.2 high; the first item's next line 14.9
    items = [_line(0, "Ersatzteilsatz fur", 100, 19.4), _line(2, "Kopierpapier A4", 140, 17.2),
             _line(3, "Schrauben M6", 160, 15.7), _line(4, "Softwarewartung", 180, 17.2)]
    rows = [_row(line) for line in items]
    next_line = _line(1, "Verpackungsmaschine", 119, 14.9)
    sizing = Sizing.of(_page("rapidocr"), rows)
    assert sizing.text == pytest.approx(17.2)
    assert not _is_detail(next_line, rows[0], sizing)
    # against its own item's box alone (as for a text layer), the same line is smaller type
    assert _is_detail(next_line, rows[0], Sizing.of(_page("pdf-text", text_layer=True), rows))


def test_a_line_in_clearly_smaller_type_is_a_detail_whatever_the_reader():
    item = _line(0, "Serverio nuoma", 100, 18.0)
    detail = _line(1, "A55061 men", 119, 12.0)
    rows = [_row(item)]
    for page in (_page("rapidocr"), _page("pdf-text", text_layer=True), _page("tesseract")):
        assert _is_detail(detail, rows[0], Sizing.of(page, rows)), page.engine
