"""Line items: the item tables of a document and the lines they hold.

``detect_tables`` reads each page twice over. First by structure (``structure``): item
rows found by their arithmetic, columns by alignment and by what their values do, a
header row only as a hint; this reads tables in any language and layout, receipts
included. Then by header (``headers``, ``rows``): a header row of known column titles
over lines that arithmetic cannot confirm (tables of amounts without quantities); such a
table that runs off the bottom of a page is carried over to the next. Lines claimed by a
table are excluded from the search for header fields and totals, so the column title
"Suma be PVM" is not mistaken for the net total; a bare amount that is the sum of the items
above it closes them (``_closed_by_their_sum``), its lines handed back to the totals. ``table_items`` turns a table's rows
into the DTO's lines (``items``).
"""

from __future__ import annotations

from ..amounts import find_amounts
from ..layout import Layout
from .headers import find_header
from .items import quantities_as_delivered, repair_row, table_items
from .model import Column, LineItem, Row, Table
from .reading import read_frame
from .rows import continuation, read_rows
from .structure import find_frames

__all__ = ["detect_tables", "table_items", "quantities_as_delivered", "repair_row", "Column", "LineItem", "Row",
           "Table"]


def detect_tables(layout: Layout) -> list[Table]:
    """Find the item tables of every page and mark their lines as excluded."""
    tables: list[Table] = []
    for number in sorted(layout.lines):
        before = tables[-1] if tables and tables[-1].page == number - 1 else None
        found = _structural(layout, number, before)
        lines = [ln for ln in layout.lines[number] if (number, ln.index) not in layout.excluded]
        idx = 0
        while idx < len(lines):
            header = find_header(lines, idx)
            if header is None:
                idx += 1
                continue
            columns, header_lines = header
            table = Table(number, header_lines[0], columns, [])
            last = lines.index(header_lines[-1])
            # Rows are measured from the header's last line (a title wrapped over four lines is
            # one header, its first row as far under its last line as under a one-line header).
            used, table.open_end = read_rows(layout, table, lines[last + 1 :], start_cy=header_lines[-1].cy)
            for ln in (*header_lines, *used):
                layout.excluded.add((number, ln.index))
            if table.rows:
                found.append(table)
            idx = last + 1 + len(used)
        if not found and tables and tables[-1].open_end and tables[-1].page == number - 1:
            table = continuation(layout, tables[-1], number, lines)
            if table is not None:
                found.append(table)
        tables += sorted(found, key=lambda t: min(ln.cy for row in t.rows for ln in row.lines))
    for table in tables:
        table.text_layer = layout.doc.pages[table.page - 1].text_layer
    for number in sorted(layout.lines):
        _closed_by_their_sum(layout, [t for t in tables if t.page == number])
    return [table for table in tables if table.rows]


def _closed_by_their_sum(layout: Layout, tables: list[Table]) -> None:
    """A row of a bare amount (no quantity or price beside it) that is the sum of every row's
    above it on its page (two at least, in its table or one before it; items with their
    factors among them) is the items' total, not an item, and so is every row after it in
    its table: its label OCR misread past reading ("llase 30.993,90" for "Base", "Caota IVA
    4%" under it) let a table run on into the totals, or read net and VAT, adding up to the
    gross under them, as a till's items. Those rows leave the table, and their lines are the
    totals' again. A till's items of one (10, 20, 30) have no factors and stay."""
    running, counted, factored = 0, 0, False
    for table in tables:
        key = "netAmount" if any(row.cells.get("netAmount") for row in table.rows) else "grossAmount"
        for k, row in enumerate(table.rows):
            found = [m for m in find_amounts(row.text(key) or "") if m.has_decimals]
            if not found:
                continue
            value = found[-1].value
            bare = not row.cells.get("quantity") and not row.cells.get("unitPrice")
            if bare and factored and counted >= 2 and value == running and value:
                for cut in table.rows[k:]:
                    for line in cut.lines:
                        layout.excluded.discard((line.page, line.index))
                del table.rows[k:]
                return
            running += value
            counted += 1
            factored = factored or not bare


def _structural(layout: Layout, page: int, before: Table | None) -> list[Table]:
    """Tables that arithmetic finds on a page. ``before``, the last table of the page
    before, lends its description column to a table carried over without titles whose
    rows print no text of their own beside their numbers."""
    lines = [ln for ln in layout.lines[page] if (page, ln.index) not in layout.excluded]
    tables = []
    for frame in find_frames(layout, page, lines):
        carried = next((c for c in before.columns if c.key == "description"), None) \
            if before is not None and not tables else None
        table, used = read_frame(layout, lines, frame, carried)
        for ln in used:
            layout.excluded.add((page, ln.index))
        if table.rows:
            tables.append(table)
    return tables
