"""Line items: the item tables of a document and the lines they hold.

``detect_tables`` reads each page twice over. First by structure (``structure``): item
rows found by their arithmetic, columns by alignment and by what their values do, a
header row only as a hint; this reads tables in any language and layout, receipts
included. Then by header (``headers``, ``rows``): a header row of known column titles
over lines that arithmetic cannot confirm (tables of amounts without quantities); such a
table that runs off the bottom of a page is carried over to the next. Lines claimed by a
table are excluded from the search for header fields and totals, so the column title
"Suma be PVM" is not mistaken for the net total. ``table_items`` turns a table's rows
into the DTO's lines (``items``).
"""

from __future__ import annotations

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
    return tables


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
