"""Line items: find the table by its header row, then read rows by column position.

The header row is the most reliable thing about an item table: several column titles
("Pavadinimas", "Kiekis", "Kaina", "Suma") on one line. Their x-ranges define the columns;
each following line is split into cells (see ``fields.TextLine``) and every cell goes to
the column it overlaps. A cell that straddles two columns (a right-aligned quantity
printed close to a left-aligned unit: "10 vnt.") is split word by word. The table ends at
the first totals label or a large vertical gap.

A line with an amount starts an item; a line with only text continues the description of
the item above (descriptions wrap). Lines claimed by the table are excluded from header
and totals search, so the column title "Suma be PVM" is not mistaken for the net total.

First version limits: one table per page, single-line headers, no carry-over of the
column layout to a next page that repeats no header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from .amounts import decimal_str, find_amounts, money_str, parse_amount
from .fields import Layout, Span, TextLine, find_hits
from .labels import TABLE_COLUMNS

_AMOUNT_KEYS = ("netAmount", "grossAmount", "unitPrice")
_STOP_KEYS = {"net", "vat", "gross", "payable", "amount_in_words", "prepaid"}
_MAX_ROW_GAP_PITCHES = 2.6
_HEADER_EXTRAS = {"EUR", "€", "USD", "%"}


@dataclass
class Column:
    key: str
    x0: float
    x1: float


@dataclass
class Row:
    cells: dict[str, list[Span]] = field(default_factory=dict)
    lines: list[TextLine] = field(default_factory=list)

    def text(self, key: str) -> str | None:
        spans = self.cells.get(key)
        if not spans:
            return None
        return " ".join(s.text for s in spans).strip() or None

    def span(self, key: str) -> Span | None:
        spans = self.cells.get(key)
        return spans[0] if spans else None


@dataclass
class Table:
    page: int
    header: TextLine
    columns: list[Column]
    rows: list[Row]


def detect_tables(layout: Layout) -> list[Table]:
    """Find at most one item table per page and mark its lines as excluded."""
    tables = []
    for number, lines in sorted(layout.lines.items()):
        for idx, line in enumerate(lines):
            columns = _header_columns(line)
            if columns is None:
                continue
            table = Table(number, line, columns, [])
            used = _read_rows(layout, table, lines[idx + 1 :])
            layout.excluded.add((number, line.index))
            for row_line in used:
                layout.excluded.add((number, row_line.index))
            tables.append(table)
            break
    return tables


def _header_columns(line: TextLine) -> list[Column] | None:
    """Columns if ``line`` looks like an item-table header, else None.

    A header has at least three different column titles, one of them a description and
    one a quantity or amount, and titles cover most of its text.
    """
    hits = find_hits(line, TABLE_COLUMNS)
    keys = {h.key for h in hits}
    if len(keys) < 3 or "description" not in keys or not keys & {"quantity", *_AMOUNT_KEYS}:
        return None
    covered = sum(len(h.line.text[h.start : h.end].replace(" ", "")) for h in hits)
    total = len(line.text.replace(" ", ""))
    # Units/currencies next to titles ("Kaina, EUR") are not titles but belong there.
    extras = sum(len(w.text) for w in line.words if w.text.strip(",.()").upper() in _HEADER_EXTRAS)
    if covered + extras < 0.7 * total:
        return None
    columns = []
    for h in hits:
        ws = h.span.words
        col = Column(h.key, min(w.x0 for w in ws), max(w.x1 for w in ws))
        if any(c.key == col.key for c in columns):
            continue
        columns.append(col)
    columns.sort(key=lambda c: c.x0)
    return columns


def _read_rows(layout: Layout, table: Table, following: list[TextLine]) -> list[TextLine]:
    pitch = layout.pitch[table.page]
    used: list[TextLine] = []
    prev_cy = table.header.cy
    pending: Row | None = None
    for line in following:
        if line.cy - prev_cy > _MAX_ROW_GAP_PITCHES * pitch:
            break
        cells = _assign(line, table.columns)
        if not cells:
            break
        numeric = [k for k in (*_AMOUNT_KEYS, "quantity", "vatAmount") if _has_number(cells.get(k))]
        # A totals label opening a cell ends the table, unless the line reads as an item
        # (numbers in two columns): "PVM deklaracijos parengimas  1  50,00  50,00".
        if len(numeric) < 2 and any(h.key in _STOP_KEYS and h.start == line.cell_at(h.start)[0]
                                    for h in layout.hits(line)):
            break
        prev_cy = line.cy
        used.append(line)
        if any(_has_number(cells.get(k), cents=True) for k in _AMOUNT_KEYS):
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
            target.cells.setdefault("description", []).extend(cells["description"])
            target.lines.append(line)
        else:
            break
    return used


def _assign(line: TextLine, columns: list[Column]) -> dict[str, list[Span]]:
    """Cells of a row line, by column key (see module docstring)."""
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
        for w, s, e in zip(line.words, line.starts, line.ends):
            if s >= c_start and e <= c_end:
                over = [(min(w.x1, c.x1) - max(w.x0, c.x0), c) for c in columns]
                best_overlap, col = max(over, key=lambda t: t[0])
                if best_overlap <= 0:
                    col = _nearest(columns, w.cx)
                spans = out.setdefault(col.key, [])
                if spans and spans[-1].end + 1 == s:  # extend the previous word's span
                    spans[-1] = Span(line, spans[-1].start, e)
                else:
                    spans.append(Span(line, s, e))
    return out


def _has_number(spans: list[Span] | None, cents: bool = False) -> bool:
    if not spans:
        return False
    found = find_amounts(" ".join(s.text for s in spans))
    return any(m.has_decimals for m in found) if cents else bool(found)


def _nearest(columns: list[Column], x: float) -> Column:
    def distance(c: Column) -> float:
        return 0.0 if c.x0 <= x <= c.x1 else min(abs(x - c.x0), abs(x - c.x1))

    return min(columns, key=distance)


def _money(row: Row, key: str) -> tuple[Decimal | None, Span | None]:
    text = row.text(key)
    if text is None:
        return None, None
    found = [m for m in find_amounts(text) if m.has_decimals] or find_amounts(text)
    if not found:
        return None, None
    return found[-1].value, row.span(key)


def _quantity(text: str | None) -> tuple[Decimal | None, str | None]:
    """Quantity and a unit glued to it ("10 vnt.", "2,5kg")."""
    if not text:
        return None, None
    m = re.match(r"\s*(-?\d[\d ]*(?:[.,]\d+)?)\s*(.*)$", text)
    if not m:
        return None, None
    return parse_amount(m.group(1), money=False), (m.group(2).strip() or None)


def table_items(table: Table) -> list[dict]:
    """DTO lines from a table; each dict also carries private ``_spans`` for sources."""
    items = []
    for n, row in enumerate(table.rows, 1):
        quantity, glued_unit = _quantity(row.text("quantity"))
        unit_price, price_span = _money(row, "unitPrice")
        net, net_span = _money(row, "netAmount")
        gross, gross_span = _money(row, "grossAmount")
        vat_amount, _ = _money(row, "vatAmount")
        discount, _ = _money(row, "discount")
        rate_text = row.text("vatRate")
        rate = None
        if rate_text:
            found = find_amounts(rate_text.replace("%", " "), money=False)
            rate = found[0].value if found else None
        line_no = row.text("lineNo")
        unit = row.text("unit") or glued_unit
        items.append({
            "lineNo": int(line_no.strip(".")) if line_no and line_no.strip(".").isdigit() else n,
            "code": row.text("code"),
            "barcode": row.text("barcode"),
            "description": row.text("description"),
            "kind": None,
            "quantity": decimal_str(quantity),
            "unit": unit.lower() if unit else None,
            "unitPrice": money_str(unit_price),
            "discount": money_str(discount),
            "netAmount": money_str(net),
            "vatRate": decimal_str(rate),
            "vatAmount": money_str(vat_amount),
            "grossAmount": money_str(gross),
            "vatClassifier": None,
            "_spans": {"netAmount": net_span, "unitPrice": price_span, "grossAmount": gross_span,
                       "description": row.span("description"), "quantity": row.span("quantity")},
            "_check": _row_consistent(quantity, unit_price, discount, net),
        })
    return items


def _row_consistent(quantity, unit_price, discount, net) -> bool | None:
    """quantity x unit price - discount = net amount (to a cent or 0.5 %), when all printed."""
    if quantity is None or unit_price is None or net is None:
        return None
    expected = quantity * unit_price - (discount or 0)
    return abs(expected - net) <= max(Decimal("0.01"), abs(net) * Decimal("0.005"))
