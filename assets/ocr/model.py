"""What the readers produce: pages of words with boxes.

Both readers (PDF text layer and Tesseract) emit the same structure so that extraction
never needs to know where a word came from. Coordinates are PDF points (1/72 in) with the
origin at the top-left of the page and y growing downwards: that is what the invoice DTO's
``sources`` boxes use and what a viewer overlays on a rendered page.

Extraction reasons about *lines* of words (a label and its value usually share a line),
so the grouping lives here, next to the data, and is the same for both readers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator


class DocumentError(ValueError):
    """The file cannot be read as a document: corrupt, unsupported, too big or too slow.

    The message is meant for the person who uploaded the file, so it says what is wrong
    with the file, not where the code failed.
    """


@dataclass(frozen=True, slots=True)
class Word:
    """A word with its box in points (top-left origin) and a confidence in 0..1.

    ``conf`` is 1.0 for text-layer words and Tesseract's word confidence / 100 for OCR.
    ``choices``: where the reader says what else a character it was unsure of may be (PP-OCR
    does), one entry per character of ``text``: the characters it weighed there with their
    probabilities, the one read first; an empty entry where it was sure. None where every
    character was sure or the reader gives no alternatives. Extraction reads a code whose
    checksum fails again from them (``extraction.checksummed``).
    ``views``: for a word shaped like a code, its text as the recogniser read it again from
    other crops of its box (``ocr.views``), one entry per crop; None for every other word.
    """

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    conf: float = 1.0
    choices: tuple[tuple[tuple[str, float], ...], ...] | None = None
    views: tuple[str, ...] | None = None

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def width(self) -> float:
        return self.x1 - self.x0


class WordBox:
    """The box around a run of words: what a visual line and a table row both need."""

    __slots__ = ()
    words: list[Word]

    @property
    def x0(self) -> float:
        return min(w.x0 for w in self.words)

    @property
    def y0(self) -> float:
        return min(w.y0 for w in self.words)

    @property
    def x1(self) -> float:
        return max(w.x1 for w in self.words)

    @property
    def y1(self) -> float:
        return max(w.y1 for w in self.words)

    @property
    def cy(self) -> float:
        return median_of([w.cy for w in self.words])


@dataclass(slots=True)
class Line(WordBox):
    """Words that share a visual line, left to right."""

    words: list[Word]

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def height(self) -> float:
        return median_of([w.height for w in self.words])


def split_words(text: str, box: tuple[float, float, float, float]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The words of a line an engine read as a whole, each with its share of the line's box
    by character counts (a space counts as a character): for engines that box lines only."""
    tokens = text.split()
    if not tokens:
        return []
    x0, y0, x1, y1 = box
    total = sum(len(t) for t in tokens) + len(tokens) - 1
    per_char = (x1 - x0) / max(total, 1)
    out, pos = [], 0
    for token in tokens:
        start = x0 + pos * per_char
        out.append((token, (start, y0, start + len(token) * per_char, y1)))
        pos += len(token) + 1
    return out


def median_of(values: list[float]) -> float:
    """``statistics.median`` without its generality: lines ask for theirs many times."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no median for empty data")
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def _mark_within(height: float, cy: float, top: float, bottom: float) -> bool:
    """A mark far smaller than the line's glyphs (a dash, a bullet) standing in its middle
    half: it is printed on that line, though its box does not reach the line's centre."""
    band = bottom - top
    return height < MARK_SHARE * band and abs(cy - (top + bottom) / 2) < 0.25 * band


MARK_SHARE = 0.5  # a mark's box is less than this share of its line's height


def group_lines(words: list[Word], min_overlap: float = 0.5) -> list[Line]:
    """Group words into visual lines by vertical overlap, each line sorted by x.

    A word joins the line whose vertical band overlaps it the most, provided the overlap
    covers at least ``min_overlap`` of the smaller of the two heights. The band is the
    *mean* top and bottom of the line's words, not their union, so one tall word
    (a bold total, a superscript) cannot chain two neighbouring lines together. Two
    columns printed on the same baseline (seller | buyer) become one line; extraction
    splits lines into cells by horizontal gaps where that matters.
    """
    ordered = sorted((w for w in words if w.text.strip()), key=lambda w: (w.cy, w.x0))
    bands: list[list[float]] = []  # per line: [sum_y0, sum_y1, count]
    members: list[list[Word]] = []
    for word in ordered:
        best, best_ratio = -1, min_overlap
        y0, y1 = word.y0, word.y1
        height, cy = y1 - y0, (y0 + y1) / 2
        # Only recent lines can overlap: words arrive sorted by their centre.
        for i in range(len(bands) - 1, max(-1, len(bands) - 8), -1):
            sum0, sum1, n = bands[i]
            top, bottom = sum0 / n, sum1 / n
            # min and max written out: this loop runs some thousand times a page
            smaller = height if height < bottom - top else bottom - top
            if smaller <= 0:
                continue
            ratio = ((y1 if y1 < bottom else bottom) - (y0 if y0 > top else top)) / smaller
            # The word and the band contain each other's vertical centre: a large title
            # beside a column of small label rows overlaps two of them by more than half
            # their height; it belongs to the row whose centre it covers and that covers
            # its centre, not to the first one it touches.
            mid = (top + bottom) / 2
            if ratio >= best_ratio and top <= cy <= bottom \
                    and (y0 <= mid <= y1 or _mark_within(height, cy, top, bottom)) \
                    and not _collides(members[i], word):
                best, best_ratio = i, ratio
        if best < 0:
            bands.append([y0, y1, 1])
            members.append([word])
        else:
            band = bands[best]
            band[0] += y0
            band[1] += y1
            band[2] += 1
            members[best].append(word)
    lines = [Line(sorted(ws, key=lambda w: w.x0)) for ws in members]
    lines.sort(key=lambda line: (line.cy, line.x0))
    return lines


def _collides(line_words: list[Word], word: Word) -> bool:
    """True when the word overlaps a word of the line horizontally by more than half.

    Such a word sits above or below its neighbour (stacked text with tall boxes), so it
    belongs to another line.
    """
    x0, x1 = word.x0, word.x1
    width = x1 - x0
    for other in line_words:
        ox0, ox1 = other.x0, other.x1
        overlap = (x1 if x1 < ox1 else ox1) - (x0 if x0 > ox0 else ox0)
        if overlap > 0.5 * (width if width < ox1 - ox0 else ox1 - ox0):
            return True
    return False


@dataclass(slots=True)
class Page:
    """One page: its size in points and its words.

    ``engine`` is ``"pdf-text"`` or the OCR engine that read it (``"tesseract"``,
    ``"rapidocr"``, ``"surya"``); ``text_layer`` says whether the words came from the
    PDF's own text (exact) rather than OCR; ``ocr_language`` is the
    Tesseract model that read the page ("lit", "deu+lit", ...), None for text layers.
    ``graphics`` says whether a PDF page draws an image or enough vector graphics to be a
    code (``pdf_text.draws_graphics``): a page that does not is never rendered to look for
    QR codes. None where it is not known (an image file is all image).
    """

    number: int
    width: float
    height: float
    words: list[Word]
    engine: str
    text_layer: bool
    ocr_language: str | None = None
    graphics: bool | None = None
    _lines: list[Line] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def glyph_boxes(self) -> bool:
        """Whether the words' boxes hug their glyphs (Tesseract's), so that a word's height
        depends on its letters ("Verpackung" rises and falls, "nurse" does neither). A text
        layer's boxes are the font's and a line detector's (PP-OCR's, Surya's) the line's:
        their height is the type size whatever the letters."""
        return self.engine == "tesseract"

    def lines(self) -> list[Line]:
        """The page's words grouped into lines, top to bottom (computed once)."""
        if self._lines is None:
            self._lines = group_lines(self.words)
        return self._lines


@dataclass(slots=True)
class Document:
    pages: list[Page]

    def lines(self, page_number: int) -> list[Line]:
        """Lines of one page (1-based page number)."""
        return self.pages[page_number - 1].lines()

    def iter_lines(self) -> Iterator[tuple[Page, Line]]:
        """Every line of the document in reading order, with its page."""
        for page in self.pages:
            for line in page.lines():
                yield page, line

    @property
    def engine(self) -> str:
        """The OCR engine when any page needed OCR, else ``pdf-text``."""
        ocr = [p.engine for p in self.pages if not p.text_layer]
        return ocr[0] if ocr else "pdf-text"

    @property
    def text_layer(self) -> bool:
        """True only when every page was read from the PDF text layer."""
        return bool(self.pages) and all(p.text_layer for p in self.pages)

    @property
    def text(self) -> str:
        """Plain text, one visual line per line, pages separated by form feeds (for debugging)."""
        return "\f".join("\n".join(line.text for line in p.lines()) for p in self.pages)
