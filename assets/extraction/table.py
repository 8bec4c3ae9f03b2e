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

Column titles may wrap over two or three printed lines ("Kaina" over "be PVM"): the
lines under a candidate header are merged column by column when that yields more titles.
A page may hold several tables. A table that runs to the bottom of a page without
reaching its totals continues on the next page: with a repeated header it is found
again; without one, the previous page's columns are carried over and rows are read
from the first line that reads as an item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from .amounts import decimal_str, find_amounts, money_str, parse_amount
from ..ocr.model import Word
from .fields import Layout, Span, TextLine, find_hits
from .labels import TABLE_COLUMNS
from .normalize import fold

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
    header: TextLine | None  # None for a continuation without a repeated header
    columns: list[Column]
    rows: list[Row]
    open_end: bool = False  # ran to the bottom of the page without a totals label


# Header lines merged into one header: within this many line heights of the first.
_HEADER_SPAN_HEIGHTS = 2.6
# A continuation's first row must be in the top part of the page.
_CONTINUATION_TOP = 0.45


def detect_tables(layout: Layout) -> list[Table]:
    """Find the item tables of every page and mark their lines as excluded."""
    tables: list[Table] = []
    for number, lines in sorted(layout.lines.items()):
        found_on_page = False
        idx = 0
        while idx < len(lines):
            header = _find_header(lines, idx)
            if header is None:
                idx += 1
                continue
            columns, header_lines = header
            table = Table(number, header_lines[0], columns, [])
            last = lines.index(header_lines[-1])
            used, open_end = _read_rows(layout, table, lines[last + 1 :])
            table.open_end = open_end
            for ln in (*header_lines, *used):
                layout.excluded.add((number, ln.index))
            tables.append(table)
            found_on_page = True
            idx = last + 1 + len(used)
        if not found_on_page and tables and tables[-1].open_end and tables[-1].page == number - 1:
            table = _continuation(layout, tables[-1], number, lines)
            if table is not None:
                tables.append(table)
    return tables


def _continuation(layout: Layout, previous: Table, number: int, lines: list[TextLine]) -> Table | None:
    """Rows of a table carried over from the previous page without a repeated header."""
    _, height = layout.page_size(number)
    for k, line in enumerate(lines):
        if line.cy > _CONTINUATION_TOP * height:
            return None
        if any(h.key in _STOP_KEYS and h.start == line.cell_at(h.start)[0] for h in layout.hits(line)):
            return None  # the totals that follow the table on its last page, not rows
        cells = _assign(line, previous.columns)
        numeric = [key for key in (*_AMOUNT_KEYS, "quantity", "vatAmount") if _has_number(cells.get(key))]
        if len(numeric) >= 2 and any(_has_number(cells.get(key), cents=True) for key in _AMOUNT_KEYS):
            table = Table(number, None, previous.columns, [])
            # Rows start here; the header's place is taken by the line above.
            used, table.open_end = _read_rows(layout, table, lines[k:], start_cy=line.cy - layout.pitch[number])
            for ln in used:
                layout.excluded.add((number, ln.index))
            return table if table.rows else None
    return None


def _find_header(lines: list[TextLine], idx: int) -> tuple[list[Column], list[TextLine]] | None:
    """The header starting at ``lines[idx]`` (one to three printed lines), or None."""
    first = lines[idx]
    if not find_hits(first, TABLE_COLUMNS):
        return None
    best: tuple[list[Column], list[TextLine]] | None = None
    group = [first]
    for k in range(idx, min(idx + 3, len(lines))):
        if k > idx:
            nxt = lines[k]
            if nxt.page != first.page or nxt.cy - first.cy > _HEADER_SPAN_HEIGHTS * max(first.height, nxt.height):
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

    Words of all lines are clustered by horizontal position (words closer than half a
    character height belong to one title); each cluster's words are read top to bottom,
    left to right, and laid side by side within the cluster's x-range, so that
    ``find_hits`` sees "Kaina be PVM" where the page shows "Kaina" over "be PVM".
    """
    height = max(ln.height for ln in group)
    order = {id(w): (k, w.x0) for k, ln in enumerate(group) for w in ln.words}
    words = sorted((w for ln in group for w in ln.words), key=lambda w: w.x0)
    clusters: list[list[Word]] = []
    right = float("-inf")
    for w in words:
        if clusters and w.x0 <= right + 0.45 * height:
            clusters[-1].append(w)
            right = max(right, w.x1)
        else:
            clusters.append([w])
            right = w.x1
    merged: list[Word] = []
    y0, y1 = group[0].y0, group[0].y1
    for cluster in clusters:
        cluster.sort(key=lambda w: order[id(w)])
        x0, x1 = min(w.x0 for w in cluster), max(w.x1 for w in cluster)
        step = (x1 - x0) / len(cluster)
        for k, w in enumerate(cluster):
            merged.append(Word(w.text, x0 + k * step, y0, x0 + (k + 1) * step - 0.01, y1, w.conf))
    return TextLine(group[0].page, group[0].index, merged)


# Single-word titles that OCR misreads by a letter ("Ouantity", "Kiekls", "Aprasyrnas").
_FUZZY_TITLES = {
    "quantity": "quantity", "kiekis": "quantity", "description": "description", "pavadinimas": "description",
    "aprasymas": "description", "amount": "netAmount", "vertė": "netAmount", "verte": "netAmount",
    "price": "unitPrice", "kaina": "unitPrice", "discount": "discount", "nuolaida": "discount",
    "artikulas": "code", "product": "description",
}


def _edit_distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _fuzzy_title(word: str) -> str | None:
    text = fold(word).strip(".,:;()")
    if len(text) < 5:
        return None
    for title, key in _FUZZY_TITLES.items():
        if abs(len(title) - len(text)) <= 1 and _edit_distance(text, title) <= (1 if len(title) < 8 else 2):
            return key
    for title, key in _FUZZY_TITLES.items():
        if text.startswith(title) and key == "unitPrice":  # "Kainabe" (OCR glued "Kaina be")
            return key
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
                key = _fuzzy_title(w.text)
                if key is not None:
                    found.append((key, [w]))
                    covered += len(w.text)
    keys = {key for key, _ in found}
    if len(keys) < 3 or "description" not in keys or not keys & {"quantity", *_AMOUNT_KEYS}:
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


def _read_rows(layout: Layout, table: Table, following: list[TextLine],
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
        if line.cy - prev_cy > _MAX_ROW_GAP_PITCHES * pitch:
            stopped = True
            break
        cells = _assign(line, table.columns)
        if not cells:
            stopped = True
            break
        numeric = [k for k in (*_AMOUNT_KEYS, "quantity", "vatAmount") if _has_number(cells.get(k))]
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
        if any(_has_number(cells.get(k), cents=True) for k in _AMOUNT_KEYS) or (
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


def _money(row: Row, key: str) -> tuple[Decimal | None, Span | None]:
    text = row.text(key)
    if text is None:
        return None, None
    text = re.sub(r"(\d[.,]) (\d{2})(?!\d)", r"\1\2", text)  # OCR's "371, 11"
    found = [m for m in find_amounts(text) if m.has_decimals] or find_amounts(text)
    if not found:
        return None, None
    return found[-1].value, row.span(key)


def _quantity(text: str | None) -> tuple[Decimal | None, str | None]:
    """Quantity and a unit printed in the same cell ("10 vnt.", "2,5kg", "val. 8")."""
    if not text:
        return None, None
    m = re.match(r"\s*(-?\d[\d ]*(?:[.,]\d+)?)\s*(.*)$", text)
    if not m:
        m = re.match(r"\s*([^\W\d][^\s\d]{0,6})\s+(-?\d+(?:[.,]\d+)?)\s*$", text)
        if not m:
            return None, None
        return parse_amount(m.group(2), money=False), m.group(1)
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
        rate = _rate_value(row.text("vatRate"))
        line_no = row.text("lineNo")
        unit = row.text("unit") or glued_unit
        quantity, unit_price, repaired = repair_row(quantity, unit_price, discount, net)
        items.append({
            "lineNo": int(line_no.strip(".")) if line_no and line_no.strip(".").isdigit() else n,
            "code": row.text("code"),
            "barcode": row.text("barcode"),
            "description": row.text("description"),
            "kind": _kind(row.text("description"), unit),
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
            "_repaired": repaired,
        })
    return items


def _digits(value: Decimal) -> str:
    return re.sub(r"\D", "", format(value.normalize(), "f"))


def _nice(value: Decimal, places: int) -> Decimal | None:
    """``value`` when it has at most ``places`` decimals (to rounding noise), else None."""
    rounded = value.quantize(Decimal(1).scaleb(-places))
    return rounded if abs(rounded - value) < Decimal("0.0000001") else None


def repair_row(quantity: Decimal | None, price: Decimal | None, discount: Decimal | None,
               net: Decimal | None) -> tuple[Decimal | None, Decimal | None, list[str]]:
    """Quantity or unit price, read wrong or not at all, restored by the row's arithmetic.

    net = quantity x price - discount. With the net amount and one of the two factors
    read, the other is their quotient when that is a printable number (a quantity with at
    most 3 decimals, a price with at most 2). A factor that was read is replaced only
    when the quotient differs from it by an OCR-sized slip (at most two digits), e.g.
    "151" for "1", "1113,57" for "1173,57". Returns the fields repaired, so their
    confidence can say so; a row that cannot be made to add up is left as read.
    """
    if net is None or net == 0:
        return quantity, price, []
    base = net + (discount or Decimal(0))
    consistent = quantity is not None and price is not None and _row_consistent(quantity, price, discount, net)
    if consistent:
        return quantity, price, []
    def slip(read: Decimal, derived: Decimal) -> bool:
        a, b = _digits(read), _digits(derived)
        return _edit_distance(a, b) <= (1 if len(a) <= 2 else 2)

    if price and price != 0:
        q = _nice(base / price, 3)
        if q is not None and q != 0 and (quantity is None or slip(quantity, q)):
            return q.normalize(), price, ["quantity"]
    if quantity and quantity != 0:
        p = _nice(base / quantity, 2)
        if p is not None and p > 0 and (price is None or slip(price, p)):
            return quantity, p, ["unitPrice"]
    return quantity, price, []


# "21%" as OCR reads it with the Lithuanian model: "2146", "214", "21 96"; "9%": "996", "94".
_OCR_RATE = re.compile(r"^(21|12|9|6|5|0)(?:%|46|96|4|6|9|o|%o|0[0-9o]{1,2}|9[0-9o]{1,2})?$")
_SERVICE_UNITS = {"val", "val.", "h", "hr", "hrs", "hour", "hours", "men", "men.", "mėn", "mėn.", "month", "months",
                  "d.", "d", "day", "days", "reis.", "trip", "page", "psl."}
_GOODS_UNITS = {"vnt", "vnt.", "pcs", "pc", "pcs.", "kg", "g", "t", "m", "m2", "m²", "m3", "m³", "l", "kompl.",
                "kompl", "pak.", "pak", "por.", "set", "box", "roll", "maiš.", "dėž.", "rul."}
_SERVICE_WORDS = re.compile(r"(?i)paslaug|service|konsultav|consult|nuoma|rent|priežiūr|maintenance|"
                            r"transport|freight|darbai|mokymai|training|licencij|subscription|hosting|valymas")


def _rate_value(text: str | None) -> Decimal | None:
    """A line's VAT rate: "21 %", "21%", "9", and OCR's readings of "%" after a rate."""
    if not text:
        return None
    compact = text.replace(" ", "").strip(".")
    m = re.fullmatch(r"(-?\d{1,2}(?:[.,]\d{1,2})?)(?:%|proc\.?)?", compact)
    if m and Decimal(m.group(1).replace(",", ".")) <= 30:  # no VAT rate is higher
        return Decimal(m.group(1).replace(",", "."))
    m = _OCR_RATE.match(compact)
    return Decimal(m.group(1)) if m else None


def _kind(description: str | None, unit: str | None) -> str | None:
    """Goods or service when the unit or the wording tells ("val." is time, "vnt." pieces)."""
    u = (unit or "").lower()
    if u in _SERVICE_UNITS or (description and _SERVICE_WORDS.search(description)):
        return "service"
    if u in _GOODS_UNITS:
        return "goods"
    return None


def _row_consistent(quantity, unit_price, discount, net) -> bool | None:
    """quantity x unit price - discount = net amount (to a cent or 0.5 %), when all printed."""
    if quantity is None or unit_price is None or net is None:
        return None
    expected = quantity * unit_price - (discount or 0)
    return abs(expected - net) <= max(Decimal("0.01"), abs(net) * Decimal("0.005"))
