"""Pairing labels with values by position.

Invoices are forms: a label ("Įmonės kodas:") is followed by its value either on the same
line, to its right, or on the line below, aligned with it. ``label_values`` gives every
place a label's value may be, best first, each with a score for where it was found:

* right of the label: the rest of its cell, else the next cell (``right_spans``);
* level with it on the line OCR gave the column beside, or half a line up or down;
* under it, in the overlapping cell of the next line (``value_below``);
* beside a label wrapped over two lines of a narrow column.

The lines, labels and layout these read live in ``lines``, ``hits`` and ``layout``.
"""

from __future__ import annotations

import re
from typing import Iterator

from .hits import Hit, find_hits, stands_as_heading
from .layout import Layout
from .lines import _DIGIT, Span, TextLine
from .thresholds import BELOW, BELOW_MAX_PITCH, LEVEL, NEAR, RIGHT, WRAPPED

# Readers outside extraction (the e-invoice cross-check, the language-pack tests) take the
# page's lines and labels from here.
__all__ = ["BELOW", "LEVEL", "NEAR", "RIGHT", "WRAPPED", "Layout", "Span", "TextLine", "find_hits",
           "label_value", "label_values", "right_spans", "stands_as_heading", "value_below", "value_right",
           "wrapped_parts"]



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
    return [(span, score * hit.trust) for span, score in out] if hit.misread else out


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
