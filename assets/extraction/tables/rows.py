"""Reading the rows of a table by column position.

Each line under the header is split into cells (see ``lines.TextLine``) and every cell
goes to the column it overlaps. A cell that straddles two columns (a right-aligned
quantity printed close to a left-aligned unit: "10 vnt.") is split word by word. The
table ends at the first totals label or a large vertical gap.

A line with an amount starts an item; a line with only text continues the description of
the item above (descriptions wrap). A table that runs to the bottom of a page without
reaching its totals may continue on the next page: without a repeated header, the
previous page's columns are carried over and rows are read from the first line that
reads as an item.
"""

from __future__ import annotations

import re

from ...ocr.model import Word
from ..amounts import find_amounts
from ..layout import Layout
from ..lines import Span, TextLine
from ..thresholds import CONTINUATION_TOP, FIRST_ROW_GAP_PITCHES, MAX_ROW_GAP_PITCHES
from .model import AMOUNT_KEYS, Column, Row, Table
from .text import is_attribute

_STOP_KEYS = {"net", "vat", "gross", "payable", "amount_in_words", "prepaid"}






def continuation(layout: Layout, previous: Table, number: int, lines: list[TextLine]) -> Table | None:
    """Rows of a table carried over from the previous page without a repeated header."""
    _, height = layout.page_size(number)
    for k, line in enumerate(lines):
        if line.cy > CONTINUATION_TOP * height:
            return None
        if any(h.key in _STOP_KEYS and h.start == line.cell_at(h.start)[0] for h in layout.hits(line)):
            return None  # the totals that follow the table on its last page, not rows
        cells = _assign(line, previous.columns)
        numeric = [key for key in (*AMOUNT_KEYS, "quantity", "vatAmount") if _has_number(cells.get(key))]
        if len(numeric) >= 2 and any(_has_number(cells.get(key), cents=True) for key in AMOUNT_KEYS):
            table = Table(number, None, previous.columns, [])
            # Rows start here; the header's place is taken by the line above.
            used, table.open_end = read_rows(layout, table, lines[k:], start_cy=line.cy - layout.pitch[number])
            for ln in used:
                layout.excluded.add((number, ln.index))
            return table if table.rows else None
    return None


def read_rows(layout: Layout, table: Table, following: list[TextLine],
               start_cy: float | None = None) -> tuple[list[TextLine], bool]:
    """Rows under the header; returns the lines used and whether the table ran to the
    bottom of the page (nothing but page furniture after it), i.e. may continue."""
    pitch = layout.pitch[table.page]
    following, parts = _join_split_rows(following)
    used: list[TextLine] = []
    prev_cy = start_cy if start_cy is not None else table.header.cy  # type: ignore[union-attr]
    pending: Row | None = None
    stopped = False
    for line in following:
        # A header is often set apart from its first row by a rule and some space.
        gap = MAX_ROW_GAP_PITCHES if used else FIRST_ROW_GAP_PITCHES
        if line.cy - prev_cy > gap * pitch:
            stopped = True
            break
        cells = _assign(line, table.columns)
        if not cells:
            stopped = True
            break
        numeric = [k for k in (*AMOUNT_KEYS, "quantity", "vatAmount") if _has_number(cells.get(k))]
        # A totals label opening a cell ends the table, unless the line reads as an item
        # (numbers in two columns): "PVM deklaracijos parengimas  1  50,00  50,00".
        if len(numeric) < 2 and any(h.key in _STOP_KEYS and h.start == line.cell_at(h.start)[0]
                                    for h in layout.hits(line)):
            stopped = True
            break
        prev_cy = line.cy
        used.append(line)
        # An item: an amount with cents, or (OCR having garbled the cents) a description
        # with numbers in two columns.
        if any(_has_number(cells.get(k), cents=True) for k in AMOUNT_KEYS) or (
                "description" in cells and len(numeric) >= 2):
            row = pending or Row()
            pending = None
            for key, spans in cells.items():
                row.cells.setdefault(key, []).extend(spans)
            row.lines.append(line)
            table.rows.append(row)
        elif "description" in cells and set(cells) <= {"description", "code", "lineNo", "unit"}:
            # A wrapped description: belongs to the item above, or to the next one when
            # the table starts with it.
            target = table.rows[-1] if table.rows else (pending := pending or Row())
            if target is not pending and (target.closed or is_attribute(line)):
                target.closed = True  # "Bruttopreis : 80,0006" and the notes after it: not its text
            else:
                target.cells.setdefault("description", []).extend(cells["description"])
            target.lines.append(line)
        elif len(line.text.replace(" ", "")) <= 3 and not numeric:
            continue  # OCR debris between rows ("NR", "TO", a stray quote): neither row nor end
        else:
            stopped = True
            break
    open_end = not stopped or _only_page_furniture(layout, table.page, following[len(used):])
    return [part for ln in used for part in parts.get(id(ln), [ln])], open_end and bool(table.rows)


def _join_split_rows(lines: list[TextLine]) -> tuple[list[TextLine], dict[int, list[TextLine]]]:
    """Lines at the same height joined into one: OCR boxes of uneven height sometimes
    split one printed row in two lines. Returns the lines and, for joined ones, their parts."""
    out: list[TextLine] = []
    parts: dict[int, list[TextLine]] = {}
    for line in lines:
        last = out[-1] if out else None
        if last is not None and abs(line.cy - last.cy) < 0.6 * max(line.height, last.height):
            joined = TextLine(line.page, last.index, sorted(last.words + line.words, key=lambda w: w.x0))
            parts[id(joined)] = parts.pop(id(last), [last]) + [line]
            out[-1] = joined
        else:
            out.append(line)
    return out, parts


def _only_page_furniture(layout: Layout, page: int, rest: list[TextLine]) -> bool:
    """Whether what follows a table is only what prints at the foot of every page
    ("Tęsinys kitame puslapyje", "Puslapis 1 iš 2", a footer) rather than totals."""
    _, height = layout.page_size(page)
    for line in rest:
        if any(h.key in _STOP_KEYS for h in layout.hits(line)):
            return False
        if line.cy < 0.85 * height and not re.search(r"(?i)tęsinys|continued|puslapis|page\s*\d", line.text):
            return False
    return True


_NUMERIC_KEYS = {"quantity", "unitPrice", "discount", "vatRate", "vatAmount", "netAmount", "grossAmount"}


_NUMERIC_TOKEN = re.compile(r"^[-−(]?\d[\d.,' ]*%?\)?$")


def _assign(line: TextLine, columns: list[Column]) -> dict[str, list[Span]]:
    """Cells of a row line, by column key (see module docstring).

    A cell that overlaps several column titles is two or more values printed close
    together ("zinc plated, box of 100   9", "vnt. 8"): numbers at its ends go to the
    numeric column they align with (numbers are right-aligned under their title, or
    at least overlap it), and the words left over stay together in one column.
    """
    out: dict[str, list[Span]] = {}
    for c_start, c_end in line.cells:
        cell = Span(line, c_start, c_end)
        ws = cell.words
        x0, x1 = min(w.x0 for w in ws), max(w.x1 for w in ws)
        overlapping = [c for c in columns if min(x1, c.x1) - max(x0, c.x0) > 0]
        if len(overlapping) <= 1:
            col = overlapping[0] if overlapping else _nearest(columns, (x0 + x1) / 2)
            out.setdefault(col.key, []).append(cell)
            continue
        for key, span in _split_cell(line, c_start, c_end, columns, overlapping):
            out.setdefault(key, []).append(span)
    return out


def _group_numbers(items: list, height: float) -> list:
    """Join the words of one space-grouped number ("-10 082,72" is two words) into one item."""
    out: list = []
    for w, s, e in items:
        if out:
            pw, ps, pe = out[-1]
            if re.fullmatch(r"[-−(]?\d{1,3}", pw.text) and re.match(r"\d{3}(?:[.,]\d{1,2})?\)?$", w.text) \
                    and w.x0 - pw.x1 < 0.6 * height:
                out[-1] = (Word(f"{pw.text} {w.text}", pw.x0, min(pw.y0, w.y0), w.x1, max(pw.y1, w.y1),
                                min(pw.conf, w.conf)), ps, e)
                continue
        out.append((w, s, e))
    return out


def _split_cell(line: TextLine, c_start: int, c_end: int, columns: list[Column],
                overlapping: list[Column]) -> list[tuple[str, Span]]:
    items = [(w, s, e) for w, s, e in zip(line.words, line.starts, line.ends) if s >= c_start and e <= c_end]
    height = line.height
    items = _group_numbers(items, height)
    taken: set[str] = set()
    tail: list[tuple[str, Span]] = []
    head: list[tuple[str, Span]] = []

    def numeric_column(w) -> Column | None:
        best, best_d = None, 1.5 * height
        for c in columns:
            if c.key not in _NUMERIC_KEYS or c.key in taken:
                continue
            if min(w.x1, c.x1) - max(w.x0, c.x0) > 0:
                d = abs(w.x1 - c.x1) * 0.5
            else:
                d = abs(w.x1 - c.x1)
            if d < best_d:
                best, best_d = c, d
        return best

    while len(items) > 1 and _NUMERIC_TOKEN.match(items[-1][0].text):
        col = numeric_column(items[-1][0])
        if col is None:
            break
        w, s, e = items.pop()
        taken.add(col.key)
        tail.insert(0, (col.key, Span(line, s, e)))
    while len(items) > 1 and _NUMERIC_TOKEN.match(items[0][0].text):
        w = items[0][0]
        over = [c for c in columns if (c.key in _NUMERIC_KEYS or c.key == "lineNo") and c.key not in taken
                and (min(w.x1, c.x1) - max(w.x0, c.x0) > 0
                     or (c.key == "lineNo" and abs(w.x0 - c.x0) < 1.5 * height))]
        if not over:
            break
        _, s, e = items.pop(0)
        taken.add(over[0].key)
        head.append((over[0].key, Span(line, s, e)))
    code_col = next((c for c in columns if c.key == "code"), None)
    if code_col is not None and len(items) > 1 and re.search(r"\d", items[0][0].text) and \
            re.search(r"[A-Za-z]", items[0][0].text) and items[0][0].x0 < code_col.x1 + height:
        # An item code printed right before the description ("PR61408 Kavos pupelės").
        _, s0, e0 = items.pop(0)
        taken.add("code")
        head.append(("code", Span(line, s0, e0)))
    unit_col = next((c for c in columns if c.key == "unit" and c.key not in taken), None)
    if unit_col is not None and len(items) > 1:
        w = items[-1][0]
        first_x0 = items[0][0].x0
        if len(w.text) <= 8 and not _NUMERIC_TOKEN.match(w.text) and first_x0 < unit_col.x0 - height \
                and min(w.x1, unit_col.x1) - max(w.x0, unit_col.x0) > 0:
            # A unit printed right after a long description ("... box of 100 vnt.").
            _, s1, e1 = items.pop()
            taken.add("unit")
            tail.insert(0, ("unit", Span(line, s1, e1)))
    if items:
        first = items[0][0]
        rest_x1 = first.x1  # the leftover words belong where their first word starts
        free = [c for c in overlapping if c.key not in taken] or [c for c in columns if c.key not in taken] or columns
        text_cols = [c for c in free if c.key not in _NUMERIC_KEYS]
        is_number = all(_NUMERIC_TOKEN.match(w.text) for w, _, _ in items)
        pool = text_cols if text_cols and not is_number else free
        over = [(min(rest_x1, c.x1) - max(first.x0, c.x0), c) for c in pool]
        best_overlap, col = max(over, key=lambda t: t[0])
        if best_overlap <= 0:
            col = min(pool, key=lambda c: abs(c.x0 - first.x0))
        desc = next((c for c in pool if c.key == "description"), None)
        if col.key == "code" and desc is not None:
            # A code and its description close together ("Toolbox 0815 Stahlcoil"): the words
            # from the first one under the description's title on are the description.
            cut = next((k for k, (w, _, _) in enumerate(items) if k and w.x0 >= desc.x0 - height / 2), None)
            if cut is not None:
                head.append(("code", Span(line, items[0][1], items[cut - 1][2])))
                col, items = desc, items[cut:]
        head.append((col.key, Span(line, items[0][1], items[-1][2])))
    return head + tail


def _has_number(spans: list[Span] | None, cents: bool = False) -> bool:
    if not spans:
        return False
    found = find_amounts(" ".join(s.text for s in spans))
    return any(m.has_decimals for m in found) if cents else bool(found)


def _nearest(columns: list[Column], x: float) -> Column:
    def distance(c: Column) -> float:
        return 0.0 if c.x0 <= x <= c.x1 else min(abs(x - c.x0), abs(x - c.x1))

    return min(columns, key=distance)
