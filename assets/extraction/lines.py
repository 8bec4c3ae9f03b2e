"""A page's words as lines of text: ``TextLine``, its ``Span``s, and the repairs that make them.

Everything extraction reads is a character range of a line: a label, a value, a cell. A
``TextLine`` keeps its original and folded text (same length), each word's offsets and its
*cells*, runs of words separated by gaps wider than about a character height, so that
side-by-side columns stay apart ("PVM kodas: LT123 | Serija: BI") without any knowledge of
the layout. A ``Span`` is a range of a line with its words, so a value's page, box and OCR
confidence go into the DTO; a ``Candidate`` is a value read from a span, with its score.

OCR lines need repairs before they are read as text (table rules read as characters,
decimals split off, the lines of two columns interleaved); they live here, beside the
line they produce, so the readers of labels and values never see them.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from statistics import median

from ..ocr.model import Line, Word, WordBox, group_lines, median_of
from .normalize import fold
from .thresholds import (
    CELL_GAP,
    CELL_GAP_ADVANCES,
    LOGO_BELOW_CONF,
    LOGO_HEIGHTS,
    LOGO_MAX_CHARS,
)


def _advance(words: list[Word]) -> float:
    """The line's typical width of a character (its words of three or more): a measure of
    its type that OCR's boxes keep. A word's box from OCR is as tall as its glyphs, a text
    layer's as its font's line, so heights alone part OCR's words of a monospaced line,
    whose spaces are wide, into cells of one word each."""
    widths = [(w.x1 - w.x0) / len(w.text) for w in words if len(w.text) >= 3]
    return median_of(widths) if widths else 0.0


class TextLine(WordBox):
    """A line of words with original/folded text, char offsets per word, and cells.

    Its words are fixed once it is made, so its box and centre are worked out once: the
    readers of a page ask for them some 2,700 times a page (a tenth of reading a digital
    invoice went to recomputing them)."""

    __slots__ = ("page", "index", "words", "text", "folded", "starts", "ends", "cells", "height",
                 "x0", "y0", "x1", "y1", "cy")

    def __init__(self, page: int, index: int, words: list[Word]):
        self.page = page
        self.index = index
        self.words = words
        if words:
            self.x0, self.y0 = min(w.x0 for w in words), min(w.y0 for w in words)
            self.x1, self.y1 = max(w.x1 for w in words), max(w.y1 for w in words)
            self.cy = median_of([w.cy for w in words])
        self.starts: list[int] = []
        self.ends: list[int] = []
        pos = 0
        for w in words:
            self.starts.append(pos)
            pos += len(w.text)
            self.ends.append(pos)
            pos += 1
        self.text = " ".join(w.text for w in words)
        self.folded = fold(self.text)
        self.height = median_of([w.height for w in words]) if words else 0.0
        self.cells: list[tuple[int, int]] = []  # (char_start, char_end) of each cell
        gap = max(CELL_GAP * self.height, CELL_GAP_ADVANCES * _advance(words))
        first = 0
        for k in range(1, len(words) + 1):
            if k == len(words) or words[k].x0 - words[k - 1].x1 > gap:
                self.cells.append((self.starts[first], self.ends[k - 1]))
                first = k

    def span(self, start: int, end: int) -> "Span":
        return Span(self, start, end)

    def cell_at(self, pos: int) -> tuple[int, int]:
        """The cell containing character ``pos`` (or the next one, for a gap position)."""
        for cell in self.cells:
            if pos < cell[1]:
                return cell
        return self.cells[-1]

    def word_index_at(self, pos: int) -> int:
        """The word that ``pos`` falls in, or the next one for the gap before it."""
        k = bisect_left(self.ends, pos)
        return k if k < len(self.ends) else len(self.words) - 1

    def __repr__(self) -> str:
        return f"TextLine(p{self.page}#{self.index} {self.text!r})"


@dataclass(frozen=True, slots=True)
class Span:
    """Characters ``start:end`` of a line: a value with its words."""

    line: TextLine
    start: int
    end: int

    @property
    def text(self) -> str:
        return self.line.text[self.start : self.end]

    @property
    def folded(self) -> str:
        return self.line.folded[self.start : self.end]

    @property
    def words(self) -> list[Word]:
        """The words the span touches: a run, found by the line's sorted offsets."""
        line = self.line
        return line.words[bisect_right(line.ends, self.start) : bisect_left(line.starts, self.end)]

    @property
    def page(self) -> int:
        return self.line.page

    @property
    def bbox(self) -> list[float]:
        ws = self.words or self.line.words
        return [round(min(w.x0 for w in ws), 1), round(min(w.y0 for w in ws), 1),
                round(max(w.x1 for w in ws), 1), round(max(w.y1 for w in ws), 1)]

    @property
    def conf(self) -> float:
        """The weakest word's confidence: a value is only as good as its worst word."""
        ws = self.words
        return min((w.conf for w in ws), default=0.0)

    def sub(self, start: int, end: int) -> "Span":
        """A sub-range given in offsets relative to this span's text."""
        return Span(self.line, self.start + start, self.start + end)

    def strip(self, chars: str = " :;,-–|") -> "Span | None":
        text = self.text
        left = len(text) - len(text.lstrip(chars))
        if 0 < left < len(text) and text[left - 1] in "-–−" and text[left].isdigit():
            left -= 1  # a minus sign belongs to the amount ("- 20,00", credit notes)
        right = len(text.rstrip(chars))
        if right <= left:
            return None
        return Span(self.line, self.start + left, self.start + right)


@dataclass(slots=True)
class Candidate:
    """A possible value for a field: the value, how sure the rule is, and where it was read.

    ``score`` (0..1) reflects how the value was found (labelled and to the right, below,
    or by pattern only); ``confidence`` also takes the OCR confidence of its words. A
    derived value (computed, not read) has no span.
    """

    value: object
    score: float
    span: Span | None = None

    @property
    def confidence(self) -> float:
        return round(self.score * (self.span.conf if self.span is not None else 1.0), 3)


_RULE = re.compile(r"[|¦]+")
_DIGIT = re.compile(r"\d")


def _unruled(words: list[Word]) -> list[Word]:
    """Words without the table rules OCR read as characters glued to them: "244|h" is
    "244" and "h", "[tk" is "tk", "10]" is "10", "Summa!" is "Summa"."""
    out: list[Word] = []
    for w in words:
        text = w.text
        if text.startswith("[") and "]" not in text:
            text = " " + text[1:]
        if (text.endswith("]") and "[" not in text) or (text.endswith("!") and text[:-1].isalnum()):
            text = text[:-1] + " "
        parts = [(m.start(), m.end()) for m in re.finditer(r"[^|¦ ]+", _RULE.sub(" ", text))]
        if len(parts) == 1 and parts[0] == (0, len(w.text)):
            out.append(w)
            continue
        step = w.width / max(1, len(text))
        for start, end in parts:
            out.append(Word(text[start:end], w.x0 + start * step, w.y0, w.x0 + end * step, w.y1, w.conf))
    return out


def without_logos(words: list[Word], text_height: float) -> list[Word]:
    """Words without the logo OCR read as letters: a token of a few characters many times
    the page's text height, read unsure ("ÀX" over a mill's emblem). A letterhead set in
    large type reads as words OCR is sure of, and stays."""
    return [w for w in words if not (len(w.text) <= LOGO_MAX_CHARS and w.height > LOGO_HEIGHTS * text_height
                                     and w.conf < LOGO_BELOW_CONF)]


def _decimals_joined(words: list[Word]) -> list[Word]:
    """An amount OCR broke at its decimal separator: "416, 82", "-0, 92" and "4677 ,89" are one number;
    a comma read as a semicolon ("236;32") is a comma, a thousands point read as a dash
    ("1-911,62") a point."""
    out: list[Word] = []
    for w in words:
        if _MISREAD_COMMA.fullmatch(w.text):
            w = Word(w.text.replace(";", ","), w.x0, w.y0, w.x1, w.y1, w.conf)
        elif m := _DASH_FOR_POINT.fullmatch(w.text):
            point = "." if m[3] == "," else ","
            w = Word(f"{m[1]}{point}{m[2]}{m[3]}{m[4]}", w.x0, w.y0, w.x1, w.y1, w.conf)
        prev = out[-1] if out else None
        if prev is not None and w.x0 - prev.x1 < 0.6 * max(prev.height, w.height) and (
                (re.fullmatch(r"[-−–]?\d+[.,]", prev.text) and re.fullmatch(r"\d{2}\)?", w.text))
                or (re.fullmatch(r"\d+", prev.text) and re.fullmatch(r"[.,]\d{2}\)?", w.text))):
            out[-1] = Word(prev.text + w.text, prev.x0, min(prev.y0, w.y0), w.x1, max(prev.y1, w.y1),
                           min(prev.conf, w.conf))
            continue
        out.append(w)
    return out


_MISREAD_COMMA = re.compile(r"-?(?:\d{1,3}(?:\.\d{3})+|\d+);\d{2}\)?")  # not ":": "14:08" is a time
# "1-911,62": the thousands point read as a dash; no negative 911,62 is printed so.
_DASH_FOR_POINT = re.compile(r"(\d{1,3})-(\d{3})([.,])(\d{2})")


def _regrouped(lines: list[Line]) -> list[Line]:
    """OCR lines with a stray end moved to the line it belongs to.

    OCR joins words into lines by height; two columns whose lines fall a little apart
    leave the first word of a right-hand line at the end of the left-hand one ("...,
    Polska   Termin" over "płatności: 2026-10-25"). A line's last run of words, set apart
    by a wide gap and standing lower or higher than the rest of its line, moves to the
    line that goes on right after it at its own height.
    """
    lines = [ln for ln in lines if ln.words]
    for line in lines:
        words = sorted(line.words, key=lambda w: w.x0)
        height = median(w.height for w in words)
        cut = max((k for k in range(1, len(words)) if words[k].x0 - words[k - 1].x1 > 1.5 * height), default=None)
        if cut is None:
            continue
        run, rest = words[cut:], words[:cut]
        run_cy, rest_cy = median(w.cy for w in run), median(w.cy for w in rest)
        if abs(run_cy - rest_cy) <= 0.3 * height:
            continue
        end = run[-1].x1
        for other in lines:
            if other is line or not other.words:
                continue
            first = min(other.words, key=lambda w: w.x0)
            if 0 <= first.x0 - end < 1.5 * height and \
                    abs(median(w.cy for w in other.words) - run_cy) < abs(run_cy - rest_cy):
                line.words[:] = [w for w in line.words if w not in run]
                other.words[:0] = run
                break
    return [ln for ln in lines if ln.words]


def _rejoin(lines) -> list[list[Word]]:
    """Words of each printed line: two OCR lines side by side, close in height
    or less, are one printed line that a residual skew split (a table row's description
    at the left, its numbers at the right). Their centres differ by up to three quarters
    of a line height; consecutive printed lines are a whole pitch apart."""
    out: list[list[Word]] = []
    for line in lines:
        words = sorted(line.words, key=lambda w: w.x0)
        prev = out[-1] if out else None
        if prev is not None and _beside(prev, words):
            out[-1] = sorted(prev + words, key=lambda w: w.x0)
        else:
            out.append(words)
    return out


def _beside(a: list[Word], b: list[Word]) -> bool:
    height = max(median(w.height for w in a), median(w.height for w in b))
    if abs(median(w.cy for w in a) - median(w.cy for w in b)) > 0.75 * height:
        return False
    a0, a1 = min(w.x0 for w in a), max(w.x1 for w in a)
    b0, b1 = min(w.x0 for w in b), max(w.x1 for w in b)
    if b0 > a1 + height or a0 > b1 + height:  # side by side, a word's width apart at least
        # A row's numbers beside its words; two columns of text keep their own lines.
        return _numeric(a) != _numeric(b)
    return _interleaved(a, b, height)


def _interleaved(a: list[Word], b: list[Word], height: float) -> bool:
    """Whether the words of ``b`` fill gaps of ``a`` at its local height.

    Skew moves a line's far end up or down, so a value right of its label ("Factuurnr.:
    F24508") can fall just outside the line's mean band and make a line of its own. Each
    word of ``b`` must overlap none of ``a`` horizontally and sit level with its nearest
    neighbour in ``a`` (half of the smaller height overlapping, at most three heights away).
    Specks and stray marks (".", "|") stay apart: they are no value.
    """
    for w in b:
        if sum(ch.isalnum() for ch in w.text) < 2:
            return False
        if any(min(w.x1, v.x1) > max(w.x0, v.x0) for v in a):
            return False
        near = min(a, key=lambda v: max(v.x0 - w.x1, w.x0 - v.x1))
        if max(near.x0 - w.x1, w.x0 - near.x1) > 3 * height:
            return False
        if min(w.y1, near.y1) - max(w.y0, near.y0) < 0.5 * min(w.height, near.height):
            return False
    return True


_AMOUNT_WORD = re.compile(r"^[-−(]?\d[\d.,']*%?\)?$")


def _numeric(words: list[Word]) -> bool:
    """Mostly amounts (a table row's numbers, maybe with a unit between them)."""
    amounts = sum(1 for w in words if _AMOUNT_WORD.match(w.text))
    return amounts * 2 > len(words) and any(re.search(r"[.,]\d\d\)?$", w.text) for w in words)


def typical_pitch(lines: list[TextLine]) -> float:
    """Median distance between consecutive line centres (the body text's leading)."""
    gaps = [b.cy - a.cy for a, b in zip(lines, lines[1:]) if b.cy - a.cy > 0.5 * a.height]
    if gaps:
        return median(gaps)
    return 1.3 * median(ln.height for ln in lines) if lines else 10.0


def lines_from_words(page: int, words: list[Word]) -> list[TextLine]:
    """Regroup a subset of a page's words (a column, a block) into ``TextLine``s."""
    return [TextLine(page, i, ln.words) for i, ln in enumerate(group_lines(words))]
