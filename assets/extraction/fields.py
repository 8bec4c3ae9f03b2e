"""Pairing labels with values by position.

Invoices are forms: a label ("Įmonės kodas:") is followed by its value either on the same
line, to its right, or on the line below, aligned with it. This module gives extraction a
view of the page that makes those two relations cheap to ask for:

* ``TextLine``: one visual line with its original text, its folded text (same length) and
  its *cells*, runs of words separated by gaps wider than about a character height. Cells
  keep side-by-side columns apart ("PVM kodas: LT123 | Serija: BI") without any knowledge
  of the layout.
* ``Hit``: a label found in a line (whole words only; overlaps resolved by coverage).
* ``Span``: a character range of a line, i.e. a value, with its words and box.
* ``value_right`` / ``value_below``: where a label's value is.

Every value keeps its words, so its page, box and OCR confidence go into the DTO.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from statistics import median
from typing import Iterable, Iterator

from ..ocr.model import Document, Line, Word, WordBox, group_lines
from .dates import month_first
from .labels import ENGLISH, LabelDef
from .normalize import edit_distance, fold

# Words further apart than this many (median) word heights start a new cell.
CELL_GAP = 1.0
# Scores for where a labelled value was found.
RIGHT, BELOW = 0.95, 0.85
LEVEL = 0.9  # right of the label, on the line OCR gave the column beside (see ``_value_level``)
NEAR = 0.8  # right of the label, half a line or a line up or down (a value wrapped beside it)
WRAPPED = 0.75  # right of a label wrapped over lines, a line down
# A value on the line below must start within this many line pitches.
BELOW_MAX_PITCH = 1.8
_LABEL_TAIL = set(":.;,)#-|=~_»")  # and OCR's readings of a colon or a rule


class TextLine(WordBox):
    """A line of words with original/folded text, char offsets per word, and cells."""

    __slots__ = ("page", "index", "words", "text", "folded", "starts", "ends", "cells", "height")

    def __init__(self, page: int, index: int, words: list[Word]):
        self.page = page
        self.index = index
        self.words = words
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
        self.height = median(w.height for w in words) if words else 0.0
        self.cells: list[tuple[int, int]] = []  # (char_start, char_end) of each cell
        first = 0
        for k in range(1, len(words) + 1):
            if k == len(words) or words[k].x0 - words[k - 1].x1 > CELL_GAP * self.height:
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
        for k, end in enumerate(self.ends):
            if pos < end + 1:
                return k
        return len(self.words) - 1

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
        line = self.line
        return [w for w, s, e in zip(line.words, line.starts, line.ends) if s < self.end and e > self.start]

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


@dataclass(frozen=True, slots=True)
class Hit:
    """A label found on a line."""

    label: LabelDef
    line: TextLine
    start: int
    end: int  # after the label and any punctuation glued to it ("kodas:")
    groups: tuple[tuple[str, str | None], ...] = ()

    @property
    def key(self) -> str:
        return self.label.key

    def group(self, name: str) -> str | None:
        return dict(self.groups).get(name)

    @property
    def span(self) -> Span:
        return Span(self.line, self.start, self.end)

    def overlaps(self, other: "Hit") -> bool:
        return self.line is other.line and self.start < other.end and other.start < self.end


def find_hits(line: TextLine, defs: Iterable[LabelDef]) -> list[Hit]:
    """Labels on a line: whole words only, never overlapping (see ``_best_cover``).

    A label may end inside a word only at punctuation glued to it ("Nr.:", "kodas:",
    "Invoice#123"), so "Data" never matches inside "Datamatrix". The punctuation becomes
    part of the label, not of the value.
    """
    text = line.folded
    starts = set(line.starts)
    heads = {text[s : s + 2] for s in starts} | {text[s + 1 : s + 3] for s in starts if text[s : s + 1] in _OPENERS}
    heads |= {"m" + text[s + 2 : s + 3] for s in starts if text.startswith("rn", s)}  # see labels._rn_or_m
    candidates = []
    for d in defs:
        if d.head is not None and d.head not in heads:
            continue
        for m in d.pattern.finditer(text):
            s, e = m.start(), m.end()
            while e > s and text[e - 1] == " ":
                e -= 1
            if e <= s or not (s in starts or (s - 1 in starts and text[s - 1] in _OPENERS)):
                continue  # a label starts a word, or follows an opening parenthesis or a stray quote
            word_end = line.ends[line.word_index_at(e - 1)]
            glued = text[e:word_end]  # rest of the word the label ends in
            # "USt.-Id.-Nr.", "Reg.-Nr.": a label and its number word joined by punctuation.
            punctuation_only = set(glued) <= _LABEL_TAIL or _NUMBER_SUFFIX.fullmatch(glued) is not None
            if not punctuation_only and text[e - 1].isalnum() and not glued.startswith("/"):
                continue  # the label ends inside a word ("Datamatrix"), not at a slash ("Imponibile/Importo")
            end = word_end if punctuation_only else e
            groups = tuple((k, v) for k, v in m.groupdict().items())
            candidates.append(Hit(d, line, s, end, groups))
    return _join_translations(line, _best_cover(candidates))


_NUMBER_SUFFIX = re.compile(r"[.\-/]+\s?(?:nr|no|n°|num|nummer|number|numer|numero|numéro)\.?[:.;]*")
_OPENERS = "(\"'„“«["  # what may stand glued before a label: "(Qty)", OCR's stray quote ('"Company code')
# The slash may be gone (OCR put it on another line) or read as "!" or "|".
_TRANSLATION_GAP = re.compile(r"\s*[/|(!]?\s*")


def _join_translations(line: TextLine, hits: list[Hit]) -> list[Hit]:
    """One label from a label and its translation: "Pirkėjas / Buyer", "Kiekis (Qty)".

    Bilingual documents print every label twice, the second after a slash, a bar or in
    parentheses. Read as two labels, the first would take "/ Buyer" for its value; read
    as one, its value is what follows the pair (or what lies under it, across its whole
    width). Only labels of the same key are joined, so "Do zapłaty / Total" stays two
    labels (payable, gross), each of which finds the amount.
    """
    out: list[Hit] = []
    numbered: tuple[int, int] | None = None  # the label a number sign was joined to
    for hit in hits:
        if numbered == (hit.start, hit.end):
            continue  # another reading of the same words ("IVA" as a VAT total)
        prev = out[-1] if out else None
        if prev is not None and prev.key == hit.key and _TRANSLATION_GAP.fullmatch(line.text[prev.end : hit.start]):
            out[-1] = Hit(prev.label, line, prev.start, hit.end, prev.groups if prev.group("rate") else hit.groups)
            continue
        if prev is not None and prev.key == "number" and hit.key in _NUMBERED \
                and not line.text[prev.end : hit.start].strip():
            out[-1] = Hit(hit.label, line, prev.start, hit.end, hit.groups)  # "Nº IVA", "Nr. KRS"
            numbered = (hit.start, hit.end)
            continue
        if prev is not None and hit.key == "number" and prev.key in _NUMBERED - {"invoice_number"} \
                and not line.text[prev.end : hit.start].strip():
            out[-1] = Hit(prev.label, line, prev.start, hit.end, prev.groups)  # "KMKR nr", "REGON nr"
            continue
        out.append(hit)
    return [_with_misread_translation(line, hit, out[k + 1].start if k + 1 < len(out) else len(line.text))
            for k, hit in enumerate(out)]


_AFTER_SLASH = re.compile(r"\s*[/|!]\s*([^/|:]{3,30}?)\s*(?=:|$)")


def _with_misread_translation(line: TextLine, hit: Hit, limit: int) -> Hit:
    """A label with its English translation after a slash that OCR misread ("Pirkėjas /
    Buyar:", "Sąskaitos Nr. / lnvoice N0.: SF-77"): one label, so that the translation is
    not read as its value."""
    _, cell_end = line.cell_at(max(hit.end - 1, hit.start))
    m = _AFTER_SLASH.match(line.text[: min(limit, cell_end)], hit.end)
    if m is None or not _misread_label(fold(m.group(1)), {hit.key}):
        return hit
    return Hit(hit.label, line, hit.start, m.end(1), hit.groups)


# Labels a number sign may precede: "Nº IVA" is a VAT label, not a number and a label.
_NUMBERED = {"vat_code", "company_code", "iban", "order_reference", "invoice_number", "phone", "natural_person",
             "original_invoice", "credit_note_number"}


def _best_cover(candidates: list[Hit]) -> list[Hit]:
    """The non-overlapping labels that cover the most text (weighted interval scheduling).

    Longest-first alone fails on column headers such as "Mato vnt. Kaina", where
    "vnt. Kaina" (unit price) would hide "Mato vnt." + "Kaina". Among equal covers the one
    with fewer labels wins. Two dictionaries may claim the very same words ("Sąskaitos
    Nr." is an invoice number or a bank account): both readings are kept, the value
    decides.
    """
    by_span: dict[tuple[int, int], list[Hit]] = {}
    for hit in candidates:
        same = by_span.setdefault((hit.start, hit.end), [])
        if all(h.key != hit.key for h in same):
            same.append(hit)
    spans = sorted(by_span, key=lambda se: (se[1], se[0]))
    best: list[tuple[float, list[tuple[int, int]]]] = [(0.0, [])]
    for i, (start, end) in enumerate(spans):
        j = i
        while j > 0 and spans[j - 1][1] > start:
            j -= 1
        with_it = best[j][0] + (end - start) - 0.01
        if with_it > best[i][0]:
            best.append((with_it, best[j][1] + [(start, end)]))
        else:
            best.append(best[i])
    taken = [hit for span in best[-1][1] for hit in by_span[span]]
    taken.sort(key=lambda h: h.start)
    return taken


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


def value_right(hit: Hit, line_hits: list[Hit]) -> Span | None:
    """The value printed right of a label: the rest of its cell, else the next cell.

    Stops at the next label on the line, so "Serija SV Nr. 000123" gives "SV" for
    "Serija" and "000123" for "Nr.".
    """
    spans = right_spans(hit, line_hits)
    return spans[0] if spans else None


def right_spans(hit: Hit, line_hits: list[Hit]) -> list[Span]:
    """The rest of the label's cell (when not empty) and the next cell, up to the next label.

    Callers that know what the value looks like use both: in "VAT 2146      462.00" the
    OCR'd "21%" left "2146" in the label's cell and the amount sits in the next one.
    """
    line = hit.line
    later = [h.start for h in line_hits if h.start >= hit.end and _stops(h, hit)]
    next_label = min(later, default=len(line.text))
    _, cell_end = line.cell_at(max(hit.end - 1, hit.start))
    out = []
    rest = Span(line, hit.end, min(cell_end, next_label)).strip()
    if rest is not None and rest.text != "/":  # a translation's slash, the translation wrapped away
        out.append(rest)
    for c_start, c_end in line.cells:
        if c_start >= cell_end:
            if c_start < next_label:
                following = Span(line, c_start, min(c_end, next_label)).strip()
                if following is not None:
                    out.append(following)
            break
    return out


def stands_as_heading(hit: Hit) -> bool:
    """Whether a party heading stands as one. Short words that are headings only now and
    then ("To", "From", weight < 1) need a colon or the end of their cell: "To:" is a
    heading, the "to" of "VAT to be collected" is not."""
    if hit.label.weight >= 1 or hit.line.text[hit.start : hit.end].endswith(":") \
            or hit.line.text[hit.end :].lstrip().startswith(":"):  # "De :" in French typography
        return True
    cell = hit.line.cell_at(hit.start)
    if hit.label.lang == "en":
        return hit.end >= cell[1]
    # "VAN" over a card, never the "van" of "Van Dijk Bouw" or the "de" of "Date de facture":
    # the other languages' short words are headings as a cell of their own in capitals (a
    # card's caption; "Da" is as often the start of "Data" that OCR split off). A lone
    # letter ("A", "À") is a heading only with its colon: OCR reads letters out of debris.
    word = hit.line.text[hit.start : hit.end]
    return cell == (hit.start, hit.end) and word.isupper() and len(word) > 1


def _stray_word(hit: Hit) -> bool:
    """A short word that is no label here: the "de" of "Date de facture", the "van" of
    "Van Dijk Bouw" (English "from" and "to" are judged where they are read, see
    ``stands_as_heading``); the "name" of a product, unless it has its colon or is a
    cell of its own before its value ("Name | Northwind Trading Ltd")."""
    if hit.label.weight >= 1:
        return False
    if hit.key == "party_name":
        text = hit.line.text
        if text[hit.start : hit.end].endswith(":") or text[hit.end :].lstrip().startswith(":"):
            return False
        return hit.line.cell_at(hit.start) != (hit.start, hit.end) or hit.line.cells[-1][1] <= hit.end
    return hit.key in ("seller", "buyer") and hit.label.lang != "en" and not stands_as_heading(hit)


def _stops(other: Hit, hit: Hit) -> bool:
    """Whether a later label on the line ends ``hit``'s value.

    Not when it is the same kind of label ("Bankas: AB SEB bankas"), nor when it closes
    the label's own cell without a colon: a label with nothing after it is part of the
    value. A label opening another cell (a column of labels) always stops it.
    """
    if other.key == hit.key:
        return False
    cell = other.line.cell_at(other.start)
    if other.key in ("seller", "buyer") and not stands_as_heading(other):
        return False  # "to" inside a phrase ("VAT to be collected"), not the heading "To:"
    if cell == hit.line.cell_at(max(hit.end - 1, hit.start)) and other.end >= cell[1]:
        return other.line.text[other.start : other.end].endswith(":")
    return True


def value_below(hit: Hit, lines: list[TextLine], pitch: float, from_cy: float | None = None) -> Span | None:
    """The value printed under a label: the overlapping cell of the next line.

    Only a line within ``BELOW_MAX_PITCH`` line pitches counts, and the cell must overlap
    the label horizontally (values under column-style labels are left-aligned,
    centred or right-aligned with them, all of which overlap).
    """
    line = hit.line
    words = Span(line, hit.start, hit.end).words
    if not words:
        return None
    x0, x1 = min(w.x0 for w in words), max(w.x1 for w in words)
    below = [ln for ln in lines if ln.cy > line.cy + 0.5 * line.height]
    if not below:
        return None
    nxt = min(below, key=lambda ln: ln.cy)
    if nxt.cy - (from_cy or line.cy) > BELOW_MAX_PITCH * max(pitch, line.height):
        return None
    best = _overlapping_cell(nxt, x0, x1)
    if best is None and not any(w.x1 > x0 and w.x0 < x1 for w in nxt.words):
        # Nothing under the label on the nearest line (a card beside centres its text
        # between our lines): the next line within reach, its cell under the label.
        for later in sorted(below, key=lambda ln: ln.cy)[1:3]:
            if later.cy - (from_cy or line.cy) > BELOW_MAX_PITCH * max(pitch, line.height):
                break
            best = _overlapping_cell(later, x0, x1)
            if best is not None and not _DIGIT.search(best.text):
                best = None  # a label of the next row, not a value (a date, a number, a code)
            if best is not None or any(w.x1 > x0 and w.x0 < x1 for w in later.words):
                break
        if best is not None:
            return best.strip()
    if best is None:
        # A label that ends its column's heading ("Dokumenta Nr. / Document No.") may stand
        # right of a short left-aligned value; the value lies under the heading's cell.
        c_start, c_end = line.cell_at(hit.start)
        cell = Span(line, c_start, c_end).words
        best = _overlapping_cell(nxt, min(w.x0 for w in cell), max(w.x1 for w in cell))
        if best is None and len(line.cells) >= 2 and len(nxt.cells) >= 2 and not _has_letters(nxt):
            # A row of labels over a row of right-aligned amounts ("Imposta" over "0,00"):
            # the value inside the label's column, up to the next label.
            right = [line.words[line.word_index_at(s)].x0 for s, _ in line.cells if s >= c_end]
            limit = min(right, default=float("inf"))
            inside = [(s, e) for s, e in nxt.cells if Span(nxt, s, e).words[0].x0 >= cell[0].x0
                      and Span(nxt, s, e).words[-1].x1 < limit]
            best = Span(nxt, *inside[0]) if inside else None
    return best.strip() if best else None


def _has_letters(line: TextLine) -> bool:
    return bool(re.search(r"[^\W\d_]{2}", line.text))


def _overlapping_cell(line: TextLine, x0: float, x1: float) -> Span | None:
    """The cell of ``line`` that overlaps ``x0``..``x1`` the most."""
    best, best_overlap = None, 0.0
    for c_start, c_end in line.cells:
        ws = Span(line, c_start, c_end).words
        overlap = min(x1, max(w.x1 for w in ws)) - max(x0, min(w.x0 for w in ws))
        if overlap > best_overlap:
            best, best_overlap = Span(line, c_start, c_end), overlap
    return best


def label_value(layout: "Layout", hit: Hit) -> tuple[Span | None, float]:
    """A label's value: right of it, else below it; with a score for the position."""
    spans = label_values(layout, hit)
    return spans[0] if spans else (None, 0.0)


# Labels whose value is a date, which holds a digit whatever the language.
_DATE_KEYS = {"issue_date", "due_date", "delivery_date"}


def label_values(layout: "Layout", hit: Hit) -> list[tuple[Span, float]]:
    """Where a label's value may be, best first: right of it (two cells), then below."""
    out = [(span, RIGHT) for span in right_spans(hit, layout.hits(hit.line))]
    page_lines = layout.page_lines(hit.line)
    if not out and not layout.doc.pages[hit.line.page - 1].text_layer:
        level = _value_level(layout, hit, page_lines)
        if level is not None:
            out.append((level, LEVEL))
    lines = [ln for ln in page_lines if not layout.is_translation(ln)]
    # Under a label's translation, the value is a line further down.
    under = [ln.cy for ln in page_lines if layout.is_translation(ln) and 0 < ln.cy - hit.line.cy < 2.5 * hit.line.height]
    below = value_below(hit, lines, layout.pitch[hit.line.page], max(under, default=None))
    tail_value = _right_of_wrapped_tail(below) if below is not None and hit.key in _DATE_KEYS else None
    if tail_value is not None:
        below = tail_value
    elif below is not None and hit.key in _DATE_KEYS and not _DIGIT.search(below.text):
        # Letters where a date must be: a translation OCR could not read ("DUE DATE"
        # read "WR"), the value a line further down; or no date under the label at all
        # (a title under a label wrapped over its value), which a date's place never is.
        below = value_below(hit, [ln for ln in lines if ln is not below.line], layout.pitch[hit.line.page],
                            below.line.cy)
        below = below if below is not None and _DIGIT.search(below.text) else None
    if below is not None:
        out.append((below, BELOW))
    if not any(score == RIGHT for _, score in out) and hit.line in layout.block_lines:
        beside = _value_beside_wrapped(layout, hit, lines)
        if beside is not None:
            out.append((beside, WRAPPED))
    if not any(score in (RIGHT, LEVEL) for _, score in out):
        # A row of a label column whose value wraps over lines beside it, centred on the
        # label ("Sąskaitos faktūros / Nr." beside "KT 29885" between its two lines).
        near = _value_level(layout, hit, page_lines, reach=1.2 * layout.pitch[hit.line.page])
        if near is not None and all(near.line is not sp.line or near.start != sp.start for sp, _ in out):
            out.append((near, NEAR))
    return out


def _right_of_wrapped_tail(below: Span) -> Span | None:
    """The value right of a label's wrapped end: a narrow column wraps "Išrašymo data:"
    as "Išrašymo" over "data:  2026-03-14", whose first cell, a word or two of letters
    and its colon, is the label's, and whose next cell is the value."""
    line = below.line
    cell = line.cell_at(below.start)
    text = line.text[cell[0] : cell[1]].strip()
    if not text.endswith(":") or _DIGIT.search(text) or len(text.split()) > 2:
        return None
    after = [c for c in line.cells if c[0] >= cell[1]]
    return Span(line, *after[0]) if after and _DIGIT.search(line.text[after[0][0] : after[0][1]]) else None


def wrapped_parts(layout: "Layout", span: Span) -> Iterator[tuple[Span, bool]]:
    """The parts a value wrapped onto the line above or below in its narrow column
    ("20 de mayo de" over "2026", "RE-2026-" over "0412"): each run of words that starts
    where ``span`` starts, to the end of its cell, and is no label; with whether it stands
    above. A column beside may set one of its lines between the two."""
    line = span.line
    first = span.words[0]
    # Measured between the words: a column beside, grouped into the same lines, may set
    # the lines' centres apart from the words' ("RE-2026-" / "0412" beside a window address).
    height = max(line.height, first.y1 - first.y0)
    reach = max(1.5 * layout.pitch[line.page], 1.8 * height)
    cy = (first.y0 + first.y1) / 2
    for other in layout.page_lines(line):
        if other is line or abs(other.cy - line.cy) > 2 * reach:
            continue
        hits = layout.hits(other)
        for k, word in enumerate(other.words):
            start = other.starts[k]
            word_cy = (word.y0 + word.y1) / 2
            if abs(word_cy - cy) > reach or any(h.start <= start < h.end for h in hits):
                continue
            part = Span(other, start, other.cell_at(start)[1])
            # Starting where the value starts, or, right-aligned, ending where it ends.
            if abs(word.x0 - first.x0) > line.height and (
                    abs(part.words[-1].x1 - span.words[-1].x1) > line.height or start != other.cell_at(start)[0]):
                continue
            yield part, word_cy < cy


def _misread_label(text: str, keys: set[str]) -> bool:
    """Whether folded ``text`` is one of the keys' English label words as OCR misreads
    them: a few letters apart (a third of them at most), never a number."""
    letters = sum(ch.isalpha() for ch in text)
    if letters < 3 or letters < 0.6 * len(text.replace(" ", "")):
        return False
    for key in keys:
        for label in ENGLISH.get(key, []):
            if abs(len(label) - len(text)) <= 3 and edit_distance(text, label) <= max(1, len(label) // 3):
                return True
    return False


def _value_level(layout: "Layout", hit: Hit, lines: list[TextLine], reach: float | None = None) -> Span | None:
    """The value right of a label that OCR put on a line of its own, its value on the line
    of the column beside ("Pay by:" over "... LV64 RIKO 3890  2026-08-13"): the cell
    that starts right of the label at its height, with nothing of the label's line
    between them. With ``reach``, the nearest such cell within that distance up or down
    that is no label: a value wrapped over lines beside its label, centred on it."""
    words = hit.span.words
    x1, y0, y1 = max(w.x1 for w in words), min(w.y0 for w in words), max(w.y1 for w in words)
    height = y1 - y0
    width, _ = layout.page_size(hit.line.page)
    if any(w.x0 >= x1 for w in hit.line.words):
        return None  # the label's own line goes on: what is beyond is its, not a value
    best: tuple[tuple[float, float], Span] | None = None
    level = reach is None
    reach = 0.8 * height if reach is None else reach
    # Centred on the whole label: one wrapped over two lines ("Apmaksāt" over "līdz:")
    # sets its value between them.
    cy = hit.line.cy if level else layout.label_cy(hit)
    for line in lines:
        if line is hit.line or abs(line.cy - cy) > reach:
            continue
        for c_start, c_end in line.cells:
            cell = Span(line, c_start, c_end)
            first = cell.words[0]
            if not x1 < first.x0 < x1 + 0.25 * width or _debris(cell.text):
                continue
            if level:
                if min(first.y1, y1) - max(first.y0, y0) <= 0.5 * min(first.height, height):
                    continue
            elif any(h.start < c_end and h.end > c_start for h in layout.hits(line)):
                continue  # another row's label, not a value
            key = (abs(line.cy - cy), first.x0)
            if best is None or key < best[0]:
                best = (key, cell)
    return best[1] if best is not None else None


def _debris(text: str) -> bool:
    """A few marks OCR read out of nothing, or out of the line beside ("-U3-", ":")."""
    alnum = sum(ch.isalnum() for ch in text)
    return alnum < 3 and sum(not ch.isalnum() and not ch.isspace() for ch in text) >= alnum


def _value_beside_wrapped(layout: "Layout", hit: Hit, lines: list[TextLine]) -> Span | None:
    """The value right of a label that wraps in a narrow label column of a party block.

    "Registrikood / | Company code:" printed over two lines has its value in the value
    column, level with the middle of the label: the next line, right of the label. What
    that line has under the label must be more of the label (words without digits), not
    a label of its own ("Код НДС / VAT ID: LT98..." is the VAT code's line).
    """
    line, pitch = hit.line, layout.pitch[hit.line.page]
    words = Span(line, hit.start, hit.end).words
    if not words:
        return None
    x0, x1 = words[0].x0, words[-1].x1
    below = [ln for ln in lines if 0.5 * line.height < ln.cy - line.cy <= 1.2 * max(pitch, line.height)]
    if not below:
        return None
    nxt = min(below, key=lambda ln: ln.cy)
    if layout.hits(nxt):
        return None
    for c_start, c_end in nxt.cells:
        cell = Span(nxt, c_start, c_end)
        ws = cell.words
        if ws[0].x0 > x1:
            return cell.strip() if re.search(r"\d", cell.text) else None
        if ws[-1].x1 > x0 and re.search(r"\d", cell.text):
            return None
    return None


class Layout:
    """All pages as ``TextLine`` lists with their labels, and each page's line pitch.

    Labels of every dictionary are matched together on each line, so that a longer label
    of one kind masks a shorter one of another ("PVM mokėtojo kodas" is not "PVM").
    Lines claimed by the item table are ``excluded`` from header and totals search.
    """

    def __init__(self, doc: Document, labels: list[LabelDef]):
        self.doc = doc
        self.labels = labels
        self.lines: dict[int, list[TextLine]] = {}
        self.pitch: dict[int, float] = {}
        self.excluded: set[tuple[int, int]] = set()
        self._hits: dict[TextLine, list[Hit]] = {}
        # Lines re-made for a party block map to their block's lines (see parties/).
        self.block_lines: dict[TextLine, list[TextLine]] = {}
        for page in doc.pages:
            printed = page.lines() if page.text_layer else _regrouped(
                [Line(_decimals_joined(_unruled(ln.words))) for ln in page.lines()])
            printed = [ln for ln in printed if ln.words]  # a line that was nothing but a rule
            lines = [TextLine(page.number, i, words) for i, words in enumerate(_rejoin(printed))]
            self.lines[page.number] = lines
            self.pitch[page.number] = typical_pitch(lines)
        # Whether the document writes its numeric dates month first (see ``dates.month_first``).
        self.month_first = month_first(line.text for lines in self.lines.values() for line in lines)
        # Words of a label's translation printed under it ("Pirkėjas" over "Buyer"): part
        # of the label, neither a label of its own nor a value.
        self.translation_words: set[int] = set()
        # The first line's words of a label wrapped over two lines, with its hits: a party
        # block's lines, re-made from a column's words, read the label the same way.
        self._wrapped_heads: dict[tuple[int, ...], list[Hit]] = {}
        # The line of each wrapped label's second part, by its head's first word.
        self._wrapped_tails: dict[int, TextLine] = {}
        for lines in self.lines.values():
            for above, line in zip(lines, lines[1:]):
                if self._translates(line, above):
                    self.translation_words |= {id(w) for w in line.words}
                    self._hits[line] = []
        for lines in self.lines.values():
            for k, above in enumerate(lines):
                for line in lines[k + 1 : k + 3]:
                    self._join_wrapped_label(above, line, lines[k + 1 : line.index])

    def _join_wrapped_label(self, above: TextLine, line: TextLine, between: list[TextLine]) -> None:
        """A label wrapped over two lines of a narrow column ("Apmokėjimo / terminas",
        "Fecha de / vencimiento:") is one label on its first line: its value stands right
        of that line. The second line's part is the label's, neither a label nor a value.
        A value wrapped beside it may put a line between them (nothing of it in the label's
        column)."""
        if line.cy - above.cy > (1.6 + 1.1 * len(between)) * max(line.height, above.height):
            return
        for a_start, a_end in above.cells:
            # Labels are a few words and no digits; a value may follow in the label's cell,
            # a narrow gap apart ("Company 01234567" over "no.", "Raison Atelier Lumière"
            # over "sociale et Associés"): the label is the cell's first words.
            words = Span(above, a_start, a_end).words
            n = next((k for k, w in enumerate(words) if _DIGIT.search(w.text)), len(words))
            first = above.word_index_at(a_start)
            for k in range(min(n, 4), 0, -1):
                head = Span(above, a_start, above.ends[first + k - 1])
                if k < n and any(h.start < head.end < h.end for h in self.hits(above)):
                    continue  # a label of the line runs on past these words ("Total HT")
                if any(w.x1 > head.words[0].x0 and w.x0 < head.words[-1].x1 for ln in between for w in ln.words):
                    break
                if self._join_head(above, line, head, words[k].x0 if k < n else None):
                    break  # the next cell: side-by-side cards wrap the same label each

    def _join_head(self, above: TextLine, line: TextLine, head: Span, value_x0: float | None) -> bool:
        """Join ``head`` with the first words of the cell under it when together they make
        a label; True when they did. ``value_x0``: where the value beside a head of the
        cell's first words starts; the value goes on under it, right of the label's end
        (wrapped in its column), so two lines of a paragraph or a title over a label
        make no label."""
        a_start, a_end = head.start, head.end
        cover = [h for h in self.hits(above) if h.start < a_end and h.end > a_start]
        whole = bool(cover) and max(h.end for h in cover) >= a_end and min(h.start for h in cover) <= a_start \
            and all(h.label.weight >= 1 for h in cover)  # a label already, unless a longer one wraps on
        x0 = head.words[0].x0
        for b_start, b_end in line.cells:
            cell = Span(line, b_start, b_end)
            # Left-aligned, or right-aligned with the colon that ends a label column's
            # label ("Invoice" / "number:"), never a table's header ("Summa" / "km-ta").
            left = abs(cell.words[0].x0 - x0) <= 0.5 * line.height
            right = abs(cell.words[-1].x1 - head.words[-1].x1) <= 0.5 * line.height and cell.text.endswith(":")
            if value_x0 is None:
                if not (left or right):
                    continue
                ends = [b_end]  # the whole cell
            elif left:  # its first words, the value going on right of them
                first = line.word_index_at(b_start)
                ends = [line.ends[first + j - 1] for j in range(min(3, len(cell.words) - 1), 0, -1)]
            else:
                continue
            for t_end in ends:
                tail = Span(line, b_start, t_end)
                if len(tail.words) > 3 or _DIGIT.search(tail.text):
                    continue
                rest = cell.words[len(tail.words) :]
                if value_x0 is not None and abs(rest[0].x0 - value_x0) > 0.5 * line.height:
                    continue
                found = self._wrapped_kinds(head, tail, cover if whole else [])
                if found:
                    kept = [h for h in self.hits(above) if h.end <= a_start or h.start >= a_end]
                    self._hits[above] = sorted(kept + found, key=lambda h: h.start)
                    self._hits[line] = [h for h in self.hits(line) if h.end <= b_start or h.start >= t_end]
                    self.translation_words |= {id(w) for w in tail.words}
                    self._wrapped_heads[tuple(id(w) for w in head.words)] = found
                    self._wrapped_tails[id(head.words[0])] = line
                    return True
        return False

    def label_cy(self, hit: Hit) -> float:
        """The middle of a label's lines: its own, or halfway to its wrapped second part."""
        tail = self._wrapped_tails.get(id(hit.span.words[0])) if hit.span.words else None
        return hit.line.cy if tail is None else (hit.line.cy + tail.cy) / 2

    def _wrapped_kinds(self, head: Span, tail: Span, cover: list[Hit]) -> list[Hit]:
        """Every kind of label the two parts name together: "Sąskaitos / Nr." labels an
        invoice number and an account alike, and the value decides (as ``_best_cover``
        keeps both). Kinds a label the head already is covers whole are not repeated."""
        joined = f"{head.folded} {tail.folded}"
        lead = joined[:2].replace("rn", "m")
        found: dict[str, Hit] = {}
        for d in self.labels:
            if d.head is not None and d.head != lead or d.key in found or d.key in ("seller", "buyer") \
                    or any(h.key == d.key for h in cover):
                continue
            m = d.pattern.match(joined)
            if m is None or m.end() <= len(head.folded) + 1 or not re.fullmatch(r"[\s:.]*", joined[m.end() :]):
                continue
            found[d.key] = Hit(d, head.line, head.start, head.end, tuple(m.groupdict().items()))
        return list(found.values())

    def _translates(self, line: TextLine, above: TextLine) -> bool:
        """Whether a line is nothing but translations of the labels right above it.

        Each cell stands under a label of the line above and is a label of the same kind,
        or, as OCR misreads it ("Se11er", "Cornpany c0de"), within a few letters of one
        of that kind's English words."""
        if line.cy - above.cy > 2.2 * max(line.height, above.height):
            return False
        labels = self.hits(above)
        if not labels:
            return False
        hits = self.hits(line)
        for c_start, c_end in line.cells:
            cell = Span(line, c_start, c_end)
            x0, x1 = cell.words[0].x0, cell.words[-1].x1
            over = {h.key for h in labels if min(x1, h.span.words[-1].x1) - max(x0, h.span.words[0].x0) > 0}
            if not over:
                return False
            inside = [h for h in hits if c_start <= h.start < c_end]
            covered = sum(h.end - h.start for h in inside if h.key in over)
            text = cell.text.strip(" /:()")
            if covered >= 0.8 * len(text.replace(" ", "")) and all(h.key in over for h in inside):
                continue
            if sum(h.end - h.start for h in inside if h.key not in over and h.end <= c_end) \
                    >= 0.8 * len(text.replace(" ", "")):
                return False  # a label of its own kind ("Customer" under "Customer no.: 10233")
            if not _misread_label(fold(text), over):
                return False
        return True


    def is_translation(self, line: TextLine) -> bool:
        return bool(line.words) and all(id(w) in self.translation_words for w in line.words)

    def hits(self, line: TextLine) -> list[Hit]:
        """Labels on a line (computed once per line object)."""
        found = self._hits.get(line)
        if found is None:
            found = self._hits[line] = [h for h in find_hits(line, self.labels)
                                        if not _stray_word(h) and not self._split_off(h)]
            page_lines = self.lines.get(line.page, [])
            if self._wrapped_heads and not (line.index < len(page_lines) and page_lines[line.index] is line):
                found[:] = self._with_wrapped_labels(line, found)
        return found

    def _split_off(self, hit: Hit) -> bool:
        """Whether a short heading word without its colon ("DE") is a piece of a phrase
        that OCR set on the next line ("Nº" / "DE" / "FACTURA" across two lines): a word
        of a line less than a line's height away touches it."""
        if hit.key not in ("seller", "buyer") or hit.label.weight >= 1 or hit.label.lang == "en" \
                or ":" in hit.line.text[hit.start : hit.end + 2]:
            return False
        words = Span(hit.line, hit.start, hit.end).words
        x0, x1, h = words[0].x0, words[-1].x1, hit.line.height
        return any(other is not hit.line and abs(other.cy - hit.line.cy) < h
                   and any(w.x1 > x0 - h and w.x0 < x1 + h for w in other.words)
                   for other in self.lines.get(hit.line.page, []))

    def _with_wrapped_labels(self, line: TextLine, found: list[Hit]) -> list[Hit]:
        """A block line's hits with the labels wrapped over two lines of the page that it
        holds the first line of ("Įmonės" over "kodas")."""
        for start, end in line.cells:
            ids = [id(w) for w in Span(line, start, end).words]
            k = next((k for k in range(len(ids), 0, -1) if tuple(ids[:k]) in self._wrapped_heads), None)
            if k is not None:  # the label opens the cell; a value may follow in it
                end = line.ends[line.word_index_at(start) + k - 1]
                found = [h for h in found if h.end <= start or h.start >= end] + \
                    [Hit(h.label, line, start, end, h.groups) for h in self._wrapped_heads[tuple(ids[:k])]]
        return sorted(found, key=lambda h: h.start)

    def page_lines(self, line: TextLine) -> list[TextLine]:
        """The lines ``line`` is to be read with: its block's lines, else its page's."""
        return self.block_lines.get(line, self.lines[line.page])

    def iter_lines(self, include_excluded: bool = False) -> Iterator[TextLine]:
        for number in sorted(self.lines):
            for line in self.lines[number]:
                if include_excluded or (line.page, line.index) not in self.excluded:
                    yield line

    def iter_hits(self, *keys: str) -> Iterator[Hit]:
        """Hits with the given keys on non-excluded lines, in reading order."""
        for line in self.iter_lines():
            for hit in self.hits(line):
                if hit.key in keys:
                    yield hit

    def page_size(self, number: int) -> tuple[float, float]:
        page = self.doc.pages[number - 1]
        return page.width, page.height


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


def _decimals_joined(words: list[Word]) -> list[Word]:
    """An amount OCR broke at its decimal separator: "416, 82" and "4677 ,89" are one number;
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
                (re.fullmatch(r"\d+[.,]", prev.text) and re.fullmatch(r"\d{2}\)?", w.text))
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
