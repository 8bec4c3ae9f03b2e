"""Reading the rows of a table that structure found: numbers by role, text by position.

Each item line is one row. Its numbers take the roles of the columns they stand in (the
factors and amount of its own product first). Its words, split at those numbers, are
the line number, an item code, the description and a unit: the description is the text
left of the row's first number, after a line number and a code, so numbers inside it
("Vis inox 5 x 40") stay in it; a short word in a run of its own is the unit.

Text-only lines inside the description's column continue a description: the item's
above them, or the item's below when that one has no text of its own (receipts and
tables that print an item's numbers on its last line). What such a line is (more text,
a detail in smaller type, an attribute with an amount and the notes after it) is told
by ``text``. A line that breaks the arithmetic (OCR misread a factor, or the printed
amount is off by cents) is still a row when its numbers stand in the table's columns:
``items.repair_row`` restores a misread factor later.
"""

from __future__ import annotations

import re

from ..layout import Layout
from ..lines import Span, TextLine
from ..thresholds import MAX_BROKEN_GAP_PITCHES, MAX_WRAPPED
from .items import repair_row
from .model import Column, Frame, ItemLine, Row, Table
from .numbers import Num, line_numbers
from .structure import is_stop, receipt_marks
from .text import (
    Sizing,
    _continue,
    _detail,
    _is_detail,
    _is_text_line,
    _is_unit,
    _part,
    is_attribute,
)

# An item code before the description: capitals then digits ("KD48314", "P-1387", "SKU-9374").
_ITEM_CODE = re.compile(r"^[A-Z]{1,4}-?\d{3,}[A-Z]?$|^[A-Z]{1,4}-$")  # "SKU-" over "54998" too
_TEXT_KEYS = ("description", "code", "unit", "barcode")


def read_frame(layout: Layout, lines: list[TextLine], frame: Frame,
               carried: Column | None = None) -> tuple[Table, list[TextLine]]:
    """The table of a frame and the lines it takes (header included). ``carried`` is the
    description column of the table this one continues from the page before, for rows
    whose text stands only on the lines under their numbers."""
    table = Table(frame.page, frame.header_lines[0] if frame.header_lines else None, frame.columns, [])
    by_line = {id(printed): item for item in frame.items for printed in item.printed}
    start, end = lines.index(frame.items[0].printed[0]), lines.index(frame.items[-1].printed[-1])
    # Rows between the header and the first item whose arithmetic OCR broke are the table's too.
    head_end = lines.index(frame.header_lines[-1]) + 1 if frame.header_lines and frame.header_lines[-1] in lines \
        else start
    broken = {k: item for k in range(head_end, start) if (item := _broken_item(lines[k], table)) is not None}
    first_item, start = start, min(broken, default=start)
    if not frame.receipt:
        end = _last_broken_row(layout, lines, end, table)
    rows: dict[int, Row] = {}
    second: set[int] = set()  # the other printed lines of items read from two
    for k in range(start, end + 1):
        if k in second:
            continue
        item = broken.get(k) if k < first_item else by_line.get(id(lines[k])) or _broken_item(lines[k], table)
        if item is not None:
            rows[k] = _row(item, table, len(rows) + 1)
            second |= {lines.index(p) for p in item.printed[1:]}
    _codes_by_position(list(rows.values()))
    desc = _description_column(rows.values(), table)
    if desc is None and carried is not None and not frame.header_lines and not frame.receipt:
        desc = carried
    if desc is None and frame.receipt:
        # A receipt whose items print their text on the line above: the text runs from the
        # slip's left edge to the amounts.
        amounts = next(c for c in table.columns if c.key == "netAmount")
        desc = Column("description", min(item.line.x0 for item in frame.items), amounts.x0 - 1)
    sizing = Sizing.of(layout.doc.pages[frame.page - 1], rows.values())  # how a line's type size is told
    region = list(range(start, end + 1))
    region = _around(layout, lines, start, -1, desc, not rows[start].cells.get("description"), frame.receipt) \
        + region + _around(layout, lines, end, +1, desc, True)
    pending: list[TextLine] = []  # text lines waiting to learn whose description they are
    used: list[TextLine] = list(frame.header_lines)
    for k in region:
        line = lines[k]
        if k in second:
            used.append(line)
            continue
        row = rows.get(k)
        if row is not None:
            if pending:
                if not row.cells.get("description") or not table.rows:
                    row.cells["description"] = [_part(ln, None if frame.receipt else desc) for ln in pending] \
                        + row.cells.get("description", [])
                    row.lines = pending + row.lines
                else:
                    _continue(table.rows[-1], _wrapped(pending, desc, frame.receipt), desc, sizing)
                pending = []
            table.rows.append(row)
            used.append(line)
        elif _is_text_line(line, desc, frame.receipt):
            if table.rows and not pending and (table.rows[-1].closed or is_attribute(line)):
                _continue(table.rows[-1], [line], desc, sizing)
            elif table.rows and _is_detail(line, table.rows[-1], sizing):
                _detail(table.rows[-1], line)
            else:
                pending.append(line)
            used.append(line)
        elif table.rows and not frame.receipt and is_attribute(line):
            # An attribute whose amount stands under the price ("Bruttopreis :  5,5000"): the
            # text before it was the item's, what follows it is the item's notes.
            _continue(table.rows[-1], [*_wrapped(pending, desc, frame.receipt), line], desc, sizing)
            pending = []
            used.append(line)
    pending = _wrapped(pending, desc, frame.receipt)
    if pending and table.rows:
        _continue(table.rows[-1], pending, desc, sizing)
    table.columns = sorted([*table.columns, *([desc] if desc else [])], key=lambda c: c.x0)
    return table, used


def _wrapped(pending: list[TextLine], desc: Column | None, receipt: bool) -> list[TextLine]:
    """Text lines that continue the item above. On a till slip only those within the
    description's column: a line across the slip is an item's text whose numbers OCR lost."""
    return [ln for ln in pending if _is_text_line(ln, desc)] if receipt else pending


def _codes_by_position(rows: list[Row]) -> None:
    """An item code no title announced: a first word that stands where the other rows'
    codes stand, left of where their descriptions start ("SKU" over "11930")."""
    starts = sorted(row.cells["description"][0].words[0].x0 for row in rows if "code" in row.cells
                    and row.cells.get("description"))
    if len(starts) < 2:
        return
    x0 = starts[len(starts) // 2]
    for row in rows:
        spans = row.cells.get("description")
        if "code" in row.cells or not spans:
            continue
        span = spans[0]
        words = span.words
        if len(words) > 1 and words[0].x1 < x0 - words[0].height and words[1].x0 >= x0 - words[0].height:
            cut = span.text.index(words[0].text) + len(words[0].text)
            row.cells["code"] = [span.sub(0, cut)]
            row.cells["description"] = [span.sub(cut, len(span.text)).strip(" ") or span]


def _description_column(rows, table: Table) -> Column | None:
    """Where the descriptions stand: from the leftmost one to the first number right of it."""
    spans = [s for row in rows for s in row.cells.get("description", [])]
    if not spans:
        return None
    x0 = min(s.words[0].x0 for s in spans)
    right = [c.x0 for c in table.columns if c.x0 > x0 + 1 and c.key not in ("code", "barcode")]
    x1 = min(right, default=max(s.words[-1].x1 for s in spans) + 1) - 1
    return Column("description", x0, max(x1, max(s.words[-1].x1 for s in spans)))


def _around(layout: Layout, lines: list[TextLine], k: int, step: int, desc: Column | None,
            wanted: bool, receipt: bool = False) -> list[int]:
    """Text lines right above the first item (a receipt's description, when the item's own
    line has none) or right under the last one (its description wrapped)."""
    if not wanted or desc is None:
        return []
    out: list[int] = []
    near = lines[k]
    j = k + step
    while 0 <= j < len(lines) and len(out) < MAX_WRAPPED:
        line = lines[j]
        gap = abs(line.cy - near.cy)
        # A line that opens with a label is no description; one that mentions a label word
        # inside its text ("... pagal sutartį Nr. 2026/15") still is, and so does the rest
        # of a word broken at its hyphen ("Art-Nr-" over "Lieferant").
        broken_word = step > 0 and bool(re.search(r"[^\W\d_]-$", near.text.rstrip()))
        if gap > 1.6 * max(layout.pitch[line.page], near.height) or not broken_word and (
                is_stop(layout, line) or any(h.start == 0 for h in layout.hits(line))):
            break
        if (line.page, line.index) in layout.excluded or not _is_text_line(line, desc, receipt):
            break
        out.append(j)
        near = line
        j += step
    return sorted(out)


def _last_broken_row(layout: Layout, lines: list[TextLine], end: int, table: Table) -> int:
    """The table's last line, past its last item by arithmetic: rows under it whose product
    does not hold but whose numbers fill the quantity, price and amount columns, before the
    table's end (a totals label, a party heading or a gap of many lines). On a text layer
    the numbers are as printed (an amount off by the cents, "20 x 2,7700 = 55,46"); read by
    OCR, only a row that a slip of one factor explains is an item (``items.repair_row``),
    not words and numbers OCR made of something else."""
    pitch = layout.pitch[lines[end].page]
    exact = layout.doc.pages[lines[end].page - 1].text_layer
    for j in range(end + 1, len(lines)):
        line = lines[j]
        if line.cy - lines[end].cy > MAX_BROKEN_GAP_PITCHES * pitch or is_stop(layout, line):
            break
        values = {}
        for n in line_numbers(line):
            values.setdefault(_column_of(n, table), n.value)
        if {"quantity", "unitPrice", "netAmount"} <= set(values) and _broken_item(line, table) is not None \
                and re.search(r"[^\W\d_]{3}", line.text) \
                and (exact or repair_row(values["quantity"], values["unitPrice"], None, values["netAmount"])[2]):
            end = j
    return end




def _broken_item(line: TextLine, table: Table) -> ItemLine | None:
    """A line without arithmetic whose numbers fill the amount column and one more."""
    nums = line_numbers(line)
    keys = {_column_of(n, table) for n in nums} - {None, "lineNo"}
    if "netAmount" in keys and len(keys) >= 2 and any(n.decimals >= 2 for n in nums):
        return ItemLine(line, nums, [])
    return None


def _column_of(num: Num, table: Table) -> str | None:
    """The numeric column a number stands in, if any (none for a number among words)."""
    if num.in_text:
        return None
    best = _overlapping(num.x0, num.x1, table)
    if best is None:
        # Its digits beside the column, its cell in it: "20 Stk" set further left than the
        # "20 Stk" the column was measured on, the two cells overlapping by their unit.
        start, end = num.line.cell_at(num.start)
        words = Span(num.line, start, end).words
        if sum(1 for n in line_numbers(num.line) if start <= n.start < end) == 1:
            best = _overlapping(words[0].x0, words[-1].x1, table)
    return best


def _overlapping(x0: float, x1: float, table: Table) -> str | None:
    """The key of the numeric column that overlaps most of ``x0``-``x1``, if any."""
    best, overlap = None, 0.0
    for col in table.columns:
        o = min(x1, col.x1) - max(x0, col.x0)
        if o > overlap and col.key not in _TEXT_KEYS:
            best, overlap = col, o
    return best.key if best is not None else None


def _row(item: ItemLine, table: Table, ordinal: int) -> Row:
    """One item's cells: its numbers by role, then its text by position."""
    row = Row(lines=[item.line], single=item.single)
    taken: set[int] = set()
    skip: set[int] = set()
    p = item.product
    if p is not None:
        swapped = _column_of(item.nums[p.left], table) == "unitPrice" or \
            _column_of(item.nums[p.right], table) == "quantity"
        quantity, price = (p.right, p.left) if swapped else (p.left, p.right)
        roles = {"quantity": quantity, "unitPrice": price, "netAmount" if p.rate is None else "grossAmount": p.amount}
        if p.discount is not None:
            roles["discount"] = p.discount
        if p.rate is not None:
            roles["vatRate"] = p.rate
        for key, idx in roles.items():
            row.cells[key] = [item.nums[idx].span]
            taken.add(idx)
        skip = set(receipt_marks(item, p) or [])
    for idx, num in enumerate(item.nums):
        key = None if idx in taken else _column_of(num, table)
        if key is not None and key not in row.cells:
            row.cells[key] = [num.span]
            taken.add(idx)
    _text(item, row, taken, skip, table, ordinal)
    return row


def _text(item: ItemLine, row: Row, taken: set[int], skip: set[int], table: Table, ordinal: int) -> None:
    """Line number, code, description and unit from the words that are not the row's numbers."""
    line = item.line
    number_words = {id(w) for idx in taken for w in item.nums[idx].span.words}
    first_x0 = min((s.words[0].x0 for key, spans in row.cells.items() if key != "lineNo" for s in spans),
                   default=line.x1 + 1)
    runs = _runs(line, number_words, skip)
    before = [r for r in runs if line.words[r[0]].x0 < first_x0]
    after = [r for r in runs if line.words[r[0]].x0 >= first_x0]
    lead = before[0] if before else []
    more = before[1:]
    if lead and "lineNo" not in row.cells and (lead[1:] or more) and (
            _is_line_no(line.words[lead[0]].text, ordinal)
            or re.fullmatch(r"\d{1,3}", line.words[lead[0]].text) and len(lead) > 1
            and _ITEM_CODE.match(line.words[lead[1]].text)):
        row.cells["lineNo"] = [_words(line, lead[:1])]
        lead = lead[1:] or (more.pop(0) if more else [])
    elif lead and len(lead) > 1 and (lead[2:] or more) and len(line.words[lead[0]].text) <= 3 \
            and not line.words[lead[0]].text.isdigit() and _ITEM_CODE.match(line.words[lead[1]].text):
        # A few letters before an item code and its description ("N SKU-71060 Buhalterinės
        # ..."): the row's number OCR could not read, no part of the description.
        lead = lead[1:]
    code_col = next((c for c in table.columns if c.key == "code"), None)
    if lead and (lead[1:] or more):
        w = line.words[lead[0]]
        under_code = code_col is not None and min(w.x1, code_col.x1) - max(w.x0, code_col.x0) > 0
        if under_code or _ITEM_CODE.match(w.text):
            # A code of several words ("Toolbox 0815") is every word of the run under its title.
            n = 1
            while under_code and n < len(lead) - (0 if more else 1) \
                    and line.words[lead[n]].x1 <= code_col.x1 + line.words[lead[n]].height:
                n += 1
            row.cells["code"] = [_words(line, lead[:n])]
            lead = lead[n:] or (more.pop(0) if more else [])
    unit_col = next((c for c in table.columns if c.key == "unit"), None)
    if lead and len(lead) > 1 and unit_col is not None and not more:
        w = line.words[lead[-1]]
        if min(w.x1, unit_col.x1) - max(w.x0, unit_col.x0) > 0 and _is_unit(w.text):
            more = [[lead[-1]]]  # a unit printed close to a long description
            lead = lead[:-1]
    description = list(lead)
    for run in more:
        if description and "unit" not in row.cells and _is_unit(_text_of(line, run)):
            row.cells["unit"] = [_words(line, run)]
        else:
            description += run  # the description, OCR having split it at a wide space
    if not description:
        # The quantity printed first ("Aantal  Product  Prijs  Totaal"): the text between it
        # and the next number ("2,99 EUR/kg" after the price is no description).
        starts = sorted(s.words[0].x0 for key, spans in row.cells.items() if key != "lineNo" for s in spans)
        second_x0 = starts[1] if len(starts) > 1 else line.x1 + 1
        wordy = [r for r in after if re.search(r"[^\W\d_]{3}", _text_of(line, r)) and not _is_unit(_text_of(line, r))
                 and line.words[r[-1]].x1 < second_x0]
        if wordy:
            description = wordy[0]
            after = [r for r in after if r is not wordy[0]]
    if description:
        row.cells["description"] = [_words(line, description)]
    for run in after:
        if "unit" not in row.cells and _is_unit(_text_of(line, run)):
            row.cells["unit"] = [_words(line, run)]


def _runs(line: TextLine, number_words: set[int], skip: set[int]) -> list[list[int]]:
    """Word indices of the line's text, in runs broken at cell gaps and at the row's numbers."""
    runs: list[list[int]] = []
    current: list[int] = []
    cell_ends = {e for _, e in line.cells}
    for k, w in enumerate(line.words):
        if id(w) in number_words or k in skip:
            if current:
                runs.append(current)
            current = []
            continue
        current.append(k)
        if line.ends[k] in cell_ends:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def _text_of(line: TextLine, run: list[int]) -> str:
    return line.text[line.starts[run[0]] : line.ends[run[-1]]]


def _words(line: TextLine, run: list[int]) -> Span:
    return Span(line, line.starts[run[0]], line.ends[run[-1]])


def _is_line_no(text: str, ordinal: int) -> bool:
    """"3." anywhere, or a bare "3" on about the third row of a table; OCR's "1B," and
    "1.7." for "18." and "17." too."""
    m = re.fullmatch(r"(\d{1,3})(\.?)", text)
    if m is not None:
        return m.group(2) == "." or abs(int(m.group(1)) - ordinal) <= 1
    return bool(re.fullmatch(r"(?=.*\d)[\dBOSZIl£]{1,3}[.,]|\d\.\d\.", text))
