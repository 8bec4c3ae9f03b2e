"""The header row of an item table: column titles and their x-ranges.

The header row is the most reliable thing about a table that has one: several column
titles ("Pavadinimas", "Kiekis", "Kaina", "Suma") on one line. Titles may wrap over two
or three printed lines ("Kaina" over "be PVM"): the lines under a candidate header are
merged column by column when that yields more titles. OCR's misreadings of single-word
titles ("Ouantity") and its gluing of two titles ("Kainabe") are undone here.
"""

from __future__ import annotations

from ...ocr.model import Word
from ..amounts import find_amounts
from ..hits import find_hits
from ..labels import TABLE_COLUMNS
from ..lines import Span, TextLine
from ..normalize import edit_distance, fold
from ..thresholds import HEADER_LINES, HEADER_SPAN_HEIGHTS
from .model import AMOUNT_KEYS, Column

_HEADER_EXTRAS = {"EUR", "€", "USD", "%"}




def find_header(lines: list[TextLine], idx: int) -> tuple[list[Column], list[TextLine]] | None:
    """The header starting at ``lines[idx]`` (one to ``HEADER_LINES`` printed lines: titles
    stacked in a column, "Art-Nr-Kunde" over "Art-Nr-Lief." over "Art-Nr" over "(Art)"), or None."""
    first = lines[idx]
    if not find_hits(first, TABLE_COLUMNS):
        return None
    best: tuple[list[Column], list[TextLine]] | None = None
    group = [first]
    for k in range(idx, min(idx + HEADER_LINES, len(lines))):
        if k > idx:
            nxt, above = lines[k], group[-1]
            # Each title line within a few heights of the one above: a header of four
            # stacked lines is as tall as four lines, however many there are.
            if nxt.page != first.page or nxt.cy - above.cy > HEADER_SPAN_HEIGHTS * max(above.height, nxt.height):
                break
            if any(m.has_decimals for m in find_amounts(nxt.text)):
                break  # an item row ("Prekė 1  2  5,00"), not the rest of a title
            group = group + [nxt]
        line = group[0] if len(group) == 1 else _merge_lines(group)
        columns = _header_columns(line)
        # A title's second line ("be PVM", "tarifas") adds no column but belongs to the header.
        if columns is not None and (best is None or len(columns) >= len(best[0])):
            best = (columns, list(group))
    return best


def _merge_lines(group: list[TextLine]) -> TextLine:
    """One virtual line whose words are the header's titles joined column by column.

    Words of all lines are clustered by horizontal position: a word joins a title when it
    overlaps it, or follows a word of its own line closer than half a character height
    (a title's next word). Words of another line beside a title, however close, start a
    new one: "Pos" and "Art-Nr-Kunde" are two columns, one printed a line higher. Each
    cluster's words are read top to bottom, left to right, and laid side by side within
    the cluster's x-range, so that ``find_hits`` sees "Kaina be PVM" where the page shows
    "Kaina" over "be PVM".
    """
    height = max(ln.height for ln in group)
    order = {id(w): (k, w.x0) for k, ln in enumerate(group) for w in ln.words}
    words = sorted((w for ln in group for w in ln.words), key=lambda w: w.x0)
    clusters: list[list[Word]] = []
    right = float("-inf")
    line_right: dict[int, float] = {}  # per printed line, where the current title's words end
    for w in words:
        k = order[id(w)][0]
        beside = w.x0 <= line_right.get(k, float("-inf")) + 0.45 * height
        if beside and w.x0 > right and _two_titles([v for v in clusters[-1] if order[id(v)][0] == k], w):
            beside = False  # "Art-Nr-Lief. Beschreibung" set one space apart: two columns
        if clusters and (w.x0 <= right or beside):
            clusters[-1].append(w)
            right = max(right, w.x1)
            line_right[k] = max(line_right.get(k, float("-inf")), w.x1)
        else:
            clusters.append([w])
            right = w.x1
            line_right = {k: w.x1}
    merged: list[Word] = []
    y0, y1 = group[0].y0, group[0].y1
    for cluster in clusters:
        cluster.sort(key=lambda w: order[id(w)])
        x0, x1 = min(w.x0 for w in cluster), max(w.x1 for w in cluster)
        if len({order[id(w)][0] for w in cluster}) == len(cluster) > 1:
            # One word per printed line ("Art-Nr-Kunde" over "Art-Nr-Lief." over "Art-Nr"):
            # titles of one column stacked, each standing for the column's whole width.
            merged += [Word(w.text, x0, y0, x1, y1, w.conf) for w in cluster]
            continue
        step = (x1 - x0) / len(cluster)
        for k, w in enumerate(cluster):
            merged.append(Word(w.text, x0 + k * step, y0, x0 + (k + 1) * step - 0.01, y1, w.conf))
    return TextLine(group[0].page, group[0].index, merged)


def _two_titles(run: list[Word], word: Word) -> bool:
    """Whether ``word`` starts a column of its own beside ``run``, the words a title so
    far holds on its line: both are whole titles and together they are none ("Pos" and
    "Art-Nr-Kunde", "Art-Nr-Lief." and "Beschreibung" in a monospaced header one space
    apart), where "Unit" and "Price" are also one title, "Unit price"."""
    if not run:
        return False
    return _title_key(run) is not None and _title_key([word]) is not None and _title_key([*run, word]) is None


def _title_key(words: list[Word]) -> str | None:
    """The key of the one title ``words`` spell whole, or None."""
    line = TextLine(0, 0, words)
    hits = find_hits(line, TABLE_COLUMNS)
    if len(hits) == 1 and hits[0].start == 0 and hits[0].end >= len(line.text.rstrip(".:")):
        return hits[0].key
    if len(words) == 1:
        return _qualified_title(words[0], line)
    return None


# Single-word titles that OCR misreads by a letter ("Ouantity", "Kiekls", "Aprasyrnas").
_FUZZY_TITLES = {
    "quantity": "quantity", "kiekis": "quantity", "description": "description", "pavadinimas": "description",
    "aprasymas": "description", "amount": "netAmount", "vertė": "netAmount", "verte": "netAmount",
    "price": "unitPrice", "kaina": "unitPrice", "discount": "discount", "nuolaida": "discount",
    "artikulas": "code", "product": "description",
}


def _fuzzy_title(word: str) -> str | None:
    text = fold(word).strip(".,:;()")
    if len(text) < 5:
        return None
    for title, key in _FUZZY_TITLES.items():
        if abs(len(title) - len(text)) <= 1 and edit_distance(text, title) <= (1 if len(title) < 8 else 2):
            return key
    for title, key in _FUZZY_TITLES.items():
        if text.startswith(title) and key == "unitPrice":  # "Kainabe" (OCR glued "Kaina be")
            return key
    return None


def _qualified_title(word: Word, cell: TextLine) -> str | None:
    """The key of a title a word opens with a hyphen after it, the rest qualifying it:
    "Art-Nr-Kunde" and "Art-Nr-Lief." (the buyer's and the seller's article numbers) are
    the title "Art-Nr", whose key they take."""
    text = word.text
    for cut in (k for k, ch in enumerate(text) if ch == "-" and k > 1):
        head = TextLine(cell.page, cell.index, [Word(text[:cut], word.x0, word.y0, word.x1, word.y1, word.conf)])
        hits = find_hits(head, TABLE_COLUMNS)
        if hits and hits[0].start == 0 and hits[0].end == cut:
            return hits[0].key
    return None


# Titles OCR glues together when the space between them is narrow.
_GLUED = {"kainabe": ("Kaina", "be"), "sumabe": ("Suma", "be"), "sumasu": ("Suma", "su"),
          "vertebe": ("Vertė", "be"), "matovnt.": ("Mato", "vnt."), "matovnt": ("Mato", "vnt.")}


def _unglue(words: list[Word]) -> list[Word]:
    out = []
    for w in words:
        parts = _GLUED.get(fold(w.text).rstrip(",:"))
        if parts is None:
            out.append(w)
            continue
        step = (w.x1 - w.x0) / len("".join(parts))
        x = w.x0
        for part in parts:
            out.append(Word(part, x, w.y0, x + step * len(part) - 0.01, w.y1, w.conf))
            x += step * len(part)
    return out


def _header_columns(line: TextLine) -> list[Column] | None:
    """Columns if ``line`` looks like an item-table header, else None.

    A header has at least three different column titles, one of them a description and
    one a quantity or amount, and titles cover most of its text. Titles are matched
    cell by cell, so "Unit" and "Price" in two columns are not read as "Unit price";
    a single-word title misread by one letter still counts.
    """
    found: list[tuple[str, list[Word]]] = []
    covered = 0
    for c_start, c_end in line.cells:
        words = _unglue(Span(line, c_start, c_end).words)
        cell = TextLine(line.page, line.index, words)
        hits = find_hits(cell, TABLE_COLUMNS)
        in_hits: set[int] = set()
        for h in hits:
            ws = h.span.words
            found.append((h.key, ws))
            in_hits.update(id(w) for w in ws)
            covered += len(cell.text[h.start : h.end].replace(" ", ""))
        for w in words:
            if id(w) not in in_hits:
                key = _fuzzy_title(w.text) or _qualified_title(w, cell)
                if key is not None:
                    found.append((key, [w]))
                    covered += len(w.text)
    keys = {key for key, _ in found}
    if len(keys) < 3 or "description" not in keys or not keys & {"quantity", *AMOUNT_KEYS}:
        return None
    total = len(line.text.replace(" ", ""))
    # Units/currencies next to titles ("Kaina, EUR") are not titles but belong there.
    extras = sum(len(w.text) for w in line.words if w.text.strip(",.()").upper() in _HEADER_EXTRAS)
    if covered + extras < 0.7 * total:
        return None
    columns: list[Column] = []
    for key, ws in found:
        col = Column(key, min(w.x0 for w in ws), max(w.x1 for w in ws))
        if any(c.key == col.key for c in columns):
            continue
        columns.append(col)
    columns.sort(key=lambda c: c.x0)
    return columns
