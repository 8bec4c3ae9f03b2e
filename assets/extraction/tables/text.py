"""The text around an item's numbers: which lines continue its description, which are
its detail (code and unit in smaller type), its attributes ("Bruttopreis : 43,2000") and
the notes after them, and what a unit looks like. ``reading`` decides whose lines they are;
this module decides what they are.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from ...ocr.model import Page, median_of
from ..amounts import CURRENCY_WORD
from ..lines import Span, TextLine
from ..thresholds import DETAIL_SIZE
from .model import Column, Row
from .numbers import line_numbers
from .structure import RECEIPT_MARK, TAX_MARK

_CODE = re.compile(r"^(?=.*\d)[A-Za-z0-9][\w./\-]{2,}$")
# A unit as printed ("vnt.", "Stk", "m²"; its small raised "²" as OCR often reads it, "m?"
# or "m2?"), or a UN/ECE code with digits ("C62", "H87").
_UNIT = re.compile(r"^[^\W\d_][^\W\d_.²³]{0,6}\.?[²³23]?$|^m[²³23]?\??$|^[A-Z][A-Z0-9]\d$")


def _is_text_line(line: TextLine, desc: Column | None, receipt: bool = False) -> bool:
    """A line of words with words in the description's column and none right of it (left
    of it stands a wrapped item code: "SKU-" over "54998"), and no amount outside that
    column: "- 2,00 Euro je" wrapped under "Stadtfahrt" is text. A till slip's item text
    runs across the slip, over the amounts' column, so there any amount ends it."""
    if desc is None or not re.search(r"\w", line.text):
        return False
    tol = 2 * line.height
    if any(n.decimals >= 2 and not _inside_words(n) and (receipt or not desc.x0 - tol <= n.x0 <= n.x1 <= desc.x1 + tol)
           for n in line_numbers(line)):
        return False
    inside = [w for w in line.words if desc.x0 - tol <= w.cx <= desc.x1 + tol]
    return bool(inside) and (receipt or line.x1 <= desc.x1 + tol)


# "Bruttopreis : 43,2000", "Preis je Einheit: 1,50": a label, a colon, then an amount.
_ATTRIBUTE = re.compile(r"^\W{0,2}[^\W\d][^:]{0,40}:\s*\S")


def is_attribute(line: TextLine) -> bool:
    """A line under an item that is one of its attributes with an amount (a gross price, a
    price basis), not more of its text."""
    return bool(_ATTRIBUTE.match(line.text)) and any(n.decimals >= 2 for n in line_numbers(line))


def _inside_words(n) -> bool:
    """A number that words of its cell follow ("Pienas 2,5% 1L" read "Pienas 2,53 1L"):
    part of an item's text, not an amount, which ends its cell."""
    if n.in_text:
        return True
    rest = n.line.text[n.end : n.line.cell_at(n.start)[1]].split()
    return any(re.search(r"[^\W\d_]", word) and not TAX_MARK.fullmatch(word) and not CURRENCY_WORD.fullmatch(word)
               for word in rest)


def _part(line: TextLine, desc: Column | None) -> Span:
    """The words of a line that stand in the description's column."""
    if desc is None:
        return Span(line, 0, len(line.text))
    tol = line.height
    ks = [k for k, w in enumerate(line.words) if desc.x0 - tol <= w.cx <= desc.x1 + tol]
    if not ks:
        return Span(line, 0, len(line.text))
    return Span(line, line.starts[ks[0]], line.ends[ks[-1]])


def _continue(row: Row, lines: list[TextLine], desc: Column | None, sizing: Sizing) -> None:
    for line in lines:
        if row.closed or is_attribute(line):
            row.closed = True  # an attribute, or the notes after it: the item's, not its text
            row.lines.append(line)
        elif _is_detail(line, row, sizing):
            _detail(row, line)
        else:
            row.cells.setdefault("description", []).append(_part(line, desc))
            row.lines.append(line)


_TALL = set("bdfhiklt" "бйёф")  # lower-case letters that rise above the x-height
_DEEP = set("gjpqy,;" "друщфц")  # and those that fall below the line


def _size(words: list, glyph_boxes: bool) -> float:
    """The type size of words. A text layer's boxes are the font's and a line detector's the
    line's (``Page.glyph_boxes``); Tesseract draws them around the glyphs, so there a word
    without capitals, digits or ascenders counts for more."""
    def one(w) -> float:
        if not glyph_boxes:
            return w.height
        tall = any(c.isupper() or c.isdigit() or c in _TALL or _accented(c) for c in w.text)
        deep = any(c in _DEEP for c in w.text)
        return w.height / ((1.0 if tall else 0.7) + (0.25 if deep else 0.0))

    sizes = sorted(one(w) for w in words)
    return sizes[len(sizes) // 2] if sizes else 0.0


def _accented(ch: str) -> bool:
    """ą, é, ž ...: a mark over or under the letter makes its box tall."""
    return len(unicodedata.normalize("NFD", ch)) > 1


@dataclass(frozen=True, slots=True)
class Sizing:
    """How the type size of a table's lines is told (``_is_detail``).

    Where boxes hug the glyphs (``Page.glyph_boxes``: Tesseract) a word's size comes from
    its letters, and a line is set against its item's text. Elsewhere a box's height is the
    size: a text layer's (the font's) against its item's text; a line detector's (PP-OCR),
    whose box heights vary by a fifth from line to line at one type size, against ``text``,
    the median height of the table's item text, so that one tall box does not make the
    line under it a detail."""

    glyph_boxes: bool
    text: float | None = None

    @classmethod
    def of(cls, page: Page, rows: Iterable[Row]) -> "Sizing":
        if page.glyph_boxes or page.text_layer:
            return cls(page.glyph_boxes)
        heights = [w.height for row in rows for s in row.cells.get("description", []) for w in s.words]
        return cls(False, median_of(heights) if heights else None)


def _is_detail(line: TextLine, row: Row, sizing: Sizing) -> bool:
    """A line in smaller type under an item: its code and unit, not its description."""
    spans = row.cells.get("description")
    if not spans:
        return False
    text = sizing.text
    if text is None:
        words = [w for s in spans for w in s.words]
        if sizing.glyph_boxes and row.lines:
            # Its numbers too: one word of text is a poor measure where boxes hug the glyphs
            # ("Übernachtung." as tall as its dots and its "g" make it).
            seen = {id(w) for w in words}
            words += [w for w in row.lines[0].words if id(w) not in seen]
        text = _size(words, sizing.glyph_boxes)
    return _size(line.words, sizing.glyph_boxes) < DETAIL_SIZE * text


def _detail(row: Row, line: TextLine) -> None:
    """Code and unit from a detail line ("PR73527 · maiš."), where the row lacks them."""
    row.lines.append(line)
    for k, (start, end) in enumerate(zip(line.starts, line.ends)):
        word = line.text[start:end]
        if "code" not in row.cells and _CODE.match(word):
            row.cells["code"] = [Span(line, start, end)]
        elif "unit" not in row.cells and _is_unit(word) and k == len(line.words) - 1:
            row.cells["unit"] = [Span(line, start, end)]


def _is_unit(text: str) -> bool:
    return bool(_UNIT.match(text)) and not CURRENCY_WORD.fullmatch(text) and not RECEIPT_MARK.match(text)
