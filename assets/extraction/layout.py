"""The document as extraction reads it: every page's ``TextLine``s with their labels.

``Layout`` is built once per document: the lines of each page (OCR lines repaired, see
``lines``), each page's line pitch, the labels of every line (computed once per line),
labels wrapped over two lines joined into one, lines that only translate the labels above
them, and the lines the item table claimed (``excluded`` from header and totals search).
The readers of values (``fields``) and every field's extractor ask it for lines and labels.
"""

from __future__ import annotations

import re
from typing import Iterator

from ..ocr.model import Document, Line, median_of
from .dates import month_first
from .hits import Hit, _misread_label, _stray_word, find_hits
from .label_index import defs_for
from .labels import LabelDef
from .lines import (
    _DIGIT,
    Span,
    TextLine,
    _decimals_joined,
    _regrouped,
    _rejoin,
    _unruled,
    typical_pitch,
    without_logos,
)
from .misread_labels import with_misread_labels
from .normalize import fold


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
            if page.text_layer:
                printed = page.lines()
            else:
                text_height = median_of([w.height for w in page.words]) if page.words else 0.0
                printed = _regrouped([Line(_decimals_joined(_unruled(without_logos(ln.words, text_height))))
                                      for ln in page.lines()])
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
                if k < n and any(head.end <= h.start and h.end <= above.ends[first + n - 1]
                                 for h in self.hits(above)):
                    continue  # a label between these words and the value ("Total escl. VAT 30,830.38"): no head
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
        for d in defs_for(self.labels, {lead}):
            if d.key in found or d.key in ("seller", "buyer") or any(h.key == d.key for h in cover):
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
        return bool(line.words) and self.translation_words.issuperset(map(id, line.words))

    def hits(self, line: TextLine) -> list[Hit]:
        """Labels on a line (computed once per line object)."""
        found = self._hits.get(line)
        if found is None:
            found = find_hits(line, self.labels)
            if not self.doc.pages[line.page - 1].text_layer:
                found = with_misread_labels(line, found, self.labels)
            found = self._hits[line] = [h for h in found if not _stray_word(h) and not self._split_off(h)]
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
