"""Line items: the item tables of a document and the lines they hold.

``detect_tables`` finds every table, page by page: by its header row (``headers``), its
rows read by column position (``rows``); a table that runs off the bottom of a page is
carried over to the next. Lines claimed by a table are excluded from the search for
header fields and totals, so the column title "Suma be PVM" is not mistaken for the net
total. ``table_items`` turns a table's rows into the DTO's lines (``items``).
"""

from __future__ import annotations

from ..fields import Layout
from .headers import find_header
from .items import repair_row, table_items
from .model import Column, Row, Table
from .rows import continuation, read_rows

__all__ = ["detect_tables", "table_items", "repair_row", "Column", "Row", "Table"]


def detect_tables(layout: Layout) -> list[Table]:
    """Find the item tables of every page and mark their lines as excluded."""
    tables: list[Table] = []
    for number, lines in sorted(layout.lines.items()):
        found_on_page = False
        idx = 0
        while idx < len(lines):
            header = find_header(lines, idx)
            if header is None:
                idx += 1
                continue
            columns, header_lines = header
            table = Table(number, header_lines[0], columns, [])
            last = lines.index(header_lines[-1])
            used, open_end = read_rows(layout, table, lines[last + 1 :])
            table.open_end = open_end
            for ln in (*header_lines, *used):
                layout.excluded.add((number, ln.index))
            tables.append(table)
            found_on_page = True
            idx = last + 1 + len(used)
        if not found_on_page and tables and tables[-1].open_end and tables[-1].page == number - 1:
            table = continuation(layout, tables[-1], number, lines)
            if table is not None:
                tables.append(table)
    return tables
