"""Item tables found by what their numbers do, whatever the language and layout.

1. **Rows by arithmetic.** A line is an item when three of its numbers multiply out
   (``numbers.products``). Consecutive item lines that no totals label, party heading or
   new header separates are one table.
2. **Columns by alignment.** The numbers of a table's item lines are clustered by their
   horizontal extent (right-, left- or centre-aligned values of one column overlap), and
   the columns that the rows' products fall into by majority are the factors and the
   amount. Which factor is the quantity is told by the values (quantities are mostly
   whole numbers, prices have cents); a column title, when one stands above, breaks ties.
3. **The other columns by what they do**: a rate whose share of the amount is another
   column (VAT rate and VAT amount), the amount plus that (gross), a running 1, 2, 3 at
   the left (line numbers), a discount where the product needed one.

A receipt prints "2 x 1,50" inside its description: its items carry a multiplication
sign between the factors and have no columns but the amounts'. A header row above the
table, found by its titles, is only a hint (which factor is the quantity, where the item
code and unit are); its lines are kept out of the header-field search with the table's.
``rows`` then reads each item with the text around it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from core import vat_rates

from ..amounts import CURRENCY_WORD
from ..layout import Layout
from ..lines import TextLine
from .headers import find_header
from .items import repair_row
from .model import Column
from .numbers import TIMES, Num, Product, line_numbers, products

# VAT rates printed in the EU (and 0): a column of these beside the amount is the rate.
VAT_RATES = vat_rates.eu_rates() | {vat_rates.ZERO}
STOP_KEYS = {"net", "vat", "gross", "payable", "amount_in_words", "prepaid", "seller", "buyer"}
RECEIPT_MARK = re.compile(rf"^[{TIMES}]$")
_MAX_ITEM_GAP_PITCHES = 10  # a description may run over many lines between two items
_MATCH = Decimal("0.02")


@dataclass
class ItemLine:
    """A line whose numbers multiply out (``found``), with the product the table chose."""

    line: TextLine
    nums: list[Num]
    found: list[Product]
    product: Product | None = None
    # The printed lines it was read from, when not ``line`` alone (a receipt's item over two).
    sources: tuple[TextLine, ...] = ()
    single: bool = False  # a till's item of one: text and its amount, no factors

    @property
    def printed(self) -> tuple[TextLine, ...]:
        return self.sources or (self.line,)

    def role_numbers(self) -> set[int]:
        p = self.product
        if p is None:
            return set()
        return {p.left, p.right, p.amount} | ({p.discount} if p.discount is not None else set())


@dataclass
class Frame:
    """A table found by structure: its item lines, columns and the header over it."""

    page: int
    items: list[ItemLine]
    columns: list[Column]  # numeric columns, and the code/unit titles of the header
    header_lines: list[TextLine]
    receipt: bool = False


@dataclass
class _Cluster:
    x0: float
    x1: float
    members: list[Num] = field(default_factory=list)
    key: str | None = None


def find_frames(layout: Layout, page: int, lines: list[TextLine]) -> list[Frame]:
    """The tables of a page that arithmetic finds."""
    frames = []
    groups = _groups(layout, lines)
    for group in groups:
        header_lines, hints = _header_above(layout, lines, group[0].printed[0])
        if _is_receipt(group):
            for item in group:
                item.product = receipt_product(item)
            group = _with_singles(layout, lines, group)
            frames.append(Frame(page, group, _receipt_columns(group), header_lines, receipt=True))
            continue
        columns = _tabular_columns(group, hints)
        if columns is not None:
            frames.append(Frame(page, group, columns, header_lines))
    taken = {id(printed) for group in groups for item in group for printed in item.printed}
    for group in _summed_slips(layout, lines, taken):
        frames.append(Frame(page, group, _receipt_columns(group), [], receipt=True))
    return frames


def is_stop(layout: Layout, line: TextLine) -> bool:
    """A totals label or a party heading opening a cell of the line ends a table."""
    return any(h.key in STOP_KEYS and h.start == line.cell_at(h.start)[0] for h in layout.hits(line))


def _groups(layout: Layout, lines: list[TextLine]) -> list[list[ItemLine]]:
    """Item lines, grouped into tables: consecutive ones with nothing between that ends a table."""
    groups: list[list[ItemLine]] = []
    current: list[ItemLine] = []
    pitch = layout.pitch[lines[0].page] if lines else 10.0
    previous: TextLine | None = None
    for line in lines:
        found = products(nums := line_numbers(line))
        stop = not found and is_stop(layout, line)  # "PVM deklaracija  1  50,00  50,00" is an item
        split = None if found or previous is None else _split_item(previous, line)
        if split is not None:
            if current and current[-1].line is previous:
                current.pop()
            current.append(split)
        elif found:
            if current and line.cy - current[-1].line.cy > _MAX_ITEM_GAP_PITCHES * pitch:
                groups.append(current)
                current = []
            current.append(ItemLine(line, nums, found))
        elif current and (stop or find_header([line], 0) is not None):
            groups.append(current)
            current = []
        previous = line
    if current:
        groups.append(current)
    return groups


def _split_item(above: TextLine, line: TextLine) -> ItemLine | None:
    """A receipt's item printed over two lines: "Pienas ..... 2,58" over "2 x 1,29".

    Read as one line, description and factors first and the amount last, so that it
    multiplies out like an item printed on one line.
    """
    nums, top = line_numbers(line), line_numbers(above)
    if len(nums) != 2 or not top or top[-1].decimals < 2 or products(top):
        return None
    rest = line.text[: nums[0].start] + line.text[nums[1].end :]
    if not _MARK_BETWEEN.fullmatch(line.text[nums[0].end : nums[1].start]) or re.search(r"[^\W\d_]{3}", rest):
        return None  # the lower line is its factors and nothing else
    amount = top[-1]
    merged = [w for w in above.words if w not in amount.span.words] + list(line.words) + list(amount.span.words)
    joined = TextLine(above.page, above.index, merged)
    found = products(joined_nums := line_numbers(joined))
    item = ItemLine(joined, joined_nums, found, sources=(above, line))
    return item if receipt_product(item) is not None else None


def _header_above(layout: Layout, lines: list[TextLine], first: TextLine) -> tuple[list[TextLine], list[Column]]:
    """The header row over the first item (up to four lines above it): its lines and titles."""
    pitch = layout.pitch[first.page]
    k = lines.index(first)
    for start in range(max(0, k - 4), k):
        if first.cy - lines[start].cy > 5 * pitch:
            continue
        found = find_header(lines, start)
        if found is not None:
            columns, header_lines = found
            if lines.index(header_lines[-1]) < k:
                return header_lines, columns
    return [], []


# ---------------------------------------------------------------- columns of a table


def _clusters(nums: list[Num]) -> list[_Cluster]:
    """Numbers grouped into columns by overlapping horizontal extent."""
    out: list[_Cluster] = []
    for num in sorted(nums, key=lambda n: n.extent[0]):
        x0, x1 = num.extent
        if out and x0 <= out[-1].x1 + 0.1 * num.line.height:
            out[-1].x1 = max(out[-1].x1, x1)
            out[-1].members.append(num)
        else:
            out.append(_Cluster(x0, x1, [num]))
    return out


def _in_cluster(cluster: _Cluster, num: Num) -> bool:
    """A member, or a number among words (a quantity OCR glued to its description) that
    stands in the cluster's column."""
    if any(m is num for m in cluster.members):
        return True
    return num.in_text and min(num.x1, cluster.x1) - max(num.x0, cluster.x0) > 0


def _tabular_columns(group: list[ItemLine], hints: list[Column]) -> list[Column] | None:
    clusters = _clusters([n for item in group for n in item.nums if not n.in_text])
    clean = [(item, p) for item in group for p in item.found
             if not any(item.nums[k].in_text for k in (p.left, p.right, p.amount))]
    votes: Counter[tuple] = Counter()
    for item in group:
        seen = {_triple(clusters, item, p) for it, p in clean if it is item}
        votes.update(seen)
    if not votes:
        return None
    # Most rows agree; among equals, the rightmost amount, no discount, and factors nearest
    # the amount: a running line number left of the description is no quantity, even where
    # it equals one (item 2 of "2  Gelierzucker  1,4500  -2 Stk  -2,90").
    (left, right, amount, discount), _ = max(
        votes.items(), key=lambda kv: (kv[1], kv[0][2], kv[0][3] is None, min(kv[0][:2])))
    for item in group:
        item.product = next((p for p in item.found if _fits(clusters, item, p, (left, right, amount))), None)
    quantity, price = _orient(clusters[left], clusters[right], hints)
    chosen = [item.product for item in group if item.product is not None]
    gross = sum(1 for p in chosen if p.rate is not None) * 2 > len(chosen)
    quantity.key, price.key = "quantity", "unitPrice"
    clusters[amount].key = "grossAmount" if gross else "netAmount"
    if discount is not None:
        clusters[discount].key = "discount"
    if gross:  # the rate column is the one the products used
        rates = [item.nums[item.product.rate] for item in group if item.product and item.product.rate is not None]
        rate_cluster = next((c for c in clusters if c.key is None and any(_in_cluster(c, n) for n in rates)), None)
        if rate_cluster is not None:
            rate_cluster.key = "vatRate"
    else:
        _name_others(clusters, amount, hints)
    columns = [Column(c.key, c.x0, c.x1) for c in clusters if c.key is not None]
    titled = next((c for c in hints if c.key == "description"), None)
    for c in hints:
        if c.key in ("code", "barcode", "unit"):
            # A wide title ("Artikelnummer") must not reach over the description's words.
            x1 = min(c.x1, titled.x0 - 1) if titled is not None and c.x0 < titled.x0 else c.x1
            columns.append(Column(c.key, c.x0, x1))
    return sorted(columns, key=lambda c: c.x0)


def _triple(clusters: list[_Cluster], item: ItemLine, p: Product) -> tuple:
    def index(k: int) -> int:
        return next(i for i, c in enumerate(clusters) if any(m is item.nums[k] for m in c.members))

    return index(p.left), index(p.right), index(p.amount), None if p.discount is None else index(p.discount)


def _fits(clusters: list[_Cluster], item: ItemLine, p: Product, chosen: tuple[int, int, int]) -> bool:
    return all(_in_cluster(clusters[c], item.nums[k]) for c, k in zip(chosen, (p.left, p.right, p.amount)))


def _orient(a: _Cluster, b: _Cluster, hints: list[Column]) -> tuple[_Cluster, _Cluster]:
    """(quantity, price) of the two factor columns: a title says which, else the values
    (quantities are mostly whole, prices have cents or a price's four decimals, "9,9000"),
    else the order (quantity first)."""
    for c, other in ((a, b), (b, a)):
        hint = _hint(c, hints)
        if hint == "quantity":
            return c, other
        if hint == "unitPrice":
            return other, c

    def whole(c: _Cluster) -> float:
        # 1,500 kg or 2,5 h may be quantities; 12,40 and 9,9000 are prices.
        return sum(1.0 if m.decimals == 0 else 0.5 if m.decimals in (1, 3) else 0.0
                   for m in c.members) / len(c.members)

    return (b, a) if whole(b) > whole(a) else (a, b)


def _hint(cluster: _Cluster, hints: list[Column]) -> str | None:
    best, overlap = None, 0.0
    for col in hints:
        o = min(cluster.x1, col.x1) - max(cluster.x0, col.x0)
        if o > overlap:
            best, overlap = col.key, o
    return best


def _name_others(clusters: list[_Cluster], amount: int, hints: list[Column]) -> None:
    """Line number, VAT rate, VAT amount and gross amount columns, by what they do."""
    left_edge = min(c.x0 for c in clusters if c.key is not None)
    rest = [c for c in clusters if c.key is None]
    nets = {id(m.line): abs(m.value) for m in clusters[amount].members}

    def first(test, right_of_factors: bool = True) -> _Cluster | None:
        for c in rest:
            if c.key is None and (c.x0 > left_edge) == right_of_factors and _share(c, test) >= 0.6:
                return c
        return None

    line_no = first(lambda m: m.decimals == 0 and 0 < m.value < 1000, right_of_factors=False)
    if line_no is not None and len({m.value for m in line_no.members}) == len(line_no.members):
        line_no.key = "lineNo"  # a running 1, 2, 3 left of the factors
    # Right of the factors, or left of them when printed with "%" ("TVA  P.U. HT  Qté").
    rate_col = first(lambda m: m.percent or (m.value in VAT_RATES and m.decimals <= 1)) \
        or first(lambda m: m.percent and m.value in VAT_RATES, right_of_factors=False)
    if rate_col is not None:
        rate_col.key = "vatRate"
    rates = {id(m.line): m.value for m in (rate_col.members if rate_col else [])}

    def is_vat(m: Num) -> bool:
        net = nets.get(id(m.line))
        rate = rates.get(id(m.line))
        candidates = [rate] if rate is not None else [r for r in VAT_RATES if r]
        return bool(net) and any(abs(net * r / 100 - abs(m.value)) <= _MATCH for r in candidates)

    vat_col = first(is_vat)
    if vat_col is not None:
        vat_col.key = "vatAmount"
    vats = {id(m.line): abs(m.value) for m in (vat_col.members if vat_col else [])}

    def is_gross(m: Num) -> bool:
        net, vat, rate = nets.get(id(m.line)), vats.get(id(m.line)), rates.get(id(m.line))
        return net is not None and (
            (vat is not None and abs(net + vat - abs(m.value)) <= _MATCH)
            or (rate is not None and abs(net * (100 + rate) / 100 - abs(m.value)) <= _MATCH))

    gross_col = first(is_gross)
    if gross_col is not None:
        gross_col.key = "grossAmount"
    for c in rest:
        hint = _hint(c, hints)
        if c.key is None and c.x0 > left_edge and hint in ("vatRate", "vatAmount", "grossAmount", "discount") \
                and not any(o.key == hint for o in clusters):
            c.key = hint


def _share(cluster: _Cluster, test) -> float:
    return sum(1 for m in cluster.members if test(m)) / len(cluster.members)


# ---------------------------------------------------------------- receipts


def _is_receipt(group: list[ItemLine]) -> bool:
    """Items printed as "description  2 x 1,50  3,00": the factors carry a multiplication sign."""
    return 2 * sum(1 for item in group if receipt_product(item) is not None) > len(group)


def receipt_product(item: ItemLine) -> Product | None:
    return next((p for p in item.found if receipt_marks(item, p) is not None), None)


# OCR may set a dot, colon or dash beside the sign ("3 x: 2,49", "3-x:1,29").
_MARK_BETWEEN = re.compile(rf"\s*(?:[^\W\d_]{{1,4}}\.?\s+)?[-.:,]?[{TIMES}][-.:,]?\s*")


def receipt_marks(item: ItemLine, p: Product) -> list[int] | None:
    """The words between a product's factors when they are a multiplication sign, maybe
    after the quantity's unit ("2 x", "2 vnt. x", "1,234 kg x"); no words when the sign
    is glued to them ("2x1,29"); None when the factors carry no sign."""
    q, pr = item.nums[p.left], item.nums[p.right]
    line = item.line
    if not _MARK_BETWEEN.fullmatch(line.text[q.end : pr.start]):
        return None
    return [k for k, (s, e) in enumerate(zip(line.starts, line.ends)) if s >= q.end and e <= pr.start]


def _receipt_columns(group: list[ItemLine]) -> list[Column]:
    """A receipt has no columns but its amounts'."""
    amounts = [a for item in group if (a := _slip_amount(item)) is not None]
    return [Column("netAmount", min(n.x0 for n in amounts), max(n.x1 for n in amounts))] if amounts else []


def _slip_amount(item: ItemLine) -> Num | None:
    """A receipt item's amount: its product's, or the one amount of an item of one."""
    if item.product is not None:
        return item.nums[item.product.amount]
    return item.nums[-1] if item.single else None


# What a till prints after an item's amount: its tax group ("2,58 A", "A1", "B*"), a currency.
TAX_MARK = re.compile(r"\*?[A-ZА-Я]\d?\*?")
_FACTOR_SIGN = re.compile(rf"(?:^|[\d\s])[{TIMES}](?:\s*\d|\s*$)")  # "2 x", "Зх X 728, 71": factors
_SLIP_TAIL = re.compile(rf"(?:\s+(?:{TAX_MARK.pattern}|{CURRENCY_WORD.pattern}))*\s*")


def _single_item(layout: Layout, line: TextLine) -> ItemLine | None:
    """A till's item of one: its text, then its amount at the line's end ("Duona  1,99 A"),
    no factors printed. Not a line a label opens ("Nuolaida 0,50", "VISO 10,71")."""
    nums = line_numbers(line)
    money = [n for n in nums if n.decimals == 2]
    if len(money) != 1 or money[0] is not nums[-1] or money[0].in_text or money[0].value <= 0 \
            or not _SLIP_TAIL.fullmatch(line.text[money[0].end :]):
        return None
    before = line.text[: money[0].start]
    if not re.search(r"[^\W\d_]{3}", before) or _FACTOR_SIGN.search(before) \
            or any(h.start == 0 for h in layout.hits(line)):
        return None  # no text, factors (their price wrapped: "2 x" over "1,99"; OCR garbled), a label's value
    return ItemLine(line, nums, [], single=True)


def _misread_item(line: TextLine) -> ItemLine | None:
    """A till's "2 x 12,98  25,80 A" whose price or quantity OCR misread: factors with
    their sign and an amount that differ from multiplying out by a slip ``repair_row``
    can mend."""
    nums = line_numbers(line)
    if len(nums) != 3 or nums[-1].decimals != 2 or not _SLIP_TAIL.fullmatch(line.text[nums[-1].end :]) \
            or not _MARK_BETWEEN.fullmatch(line.text[nums[0].end : nums[1].start]):
        return None
    q, p, amount = (n.value for n in nums)
    if not repair_row(q, p, None, amount)[2]:
        return None
    return ItemLine(line, nums, [], product=Product(0, 1, 2))


def _with_singles(layout: Layout, lines: list[TextLine], group: list[ItemLine]) -> list[ItemLine]:
    """A receipt's items of one among (and right around) its items with factors, their
    amounts ending where the others' do. The text of a two-line item may stand between
    an item of one and the next item; a line of anything else ends the receipt."""
    ends = sorted(item.nums[item.product.amount].x1 for item in group if item.product is not None)
    if not ends:
        return group
    right, tol = ends[len(ends) // 2], 2 * group[0].line.height
    taken = {id(p) for item in group for p in item.printed}
    first, last = lines.index(group[0].printed[0]), lines.index(group[-1].printed[-1])

    def single(line: TextLine) -> ItemLine | None:
        if id(line) in taken:
            return None
        item = _single_item(layout, line) or _misread_item(line)
        return item if item is not None and abs(item.nums[-1].x1 - right) <= tol else None

    found = [item for k in range(first + 1, last) if (item := single(lines[k])) is not None]
    for step, start in ((-1, first - 1), (1, last + 1)):
        text = 0  # text lines passed since the last item of one
        k = start
        while 0 <= k < len(lines) and text <= 2 and not is_stop(layout, lines[k]):
            item = single(lines[k])
            if item is not None:
                found.append(item)
                text = 0
            elif step > 0 or any(n.decimals == 2 for n in line_numbers(lines[k])) \
                    or any(h.start == 0 for h in layout.hits(lines[k])):
                break  # under the items only items of one; above them a two-line item's text
            else:
                text += 1
            k += step
    order = {id(line): k for k, line in enumerate(lines)}
    return sorted(group + found, key=lambda item: order[id(item.printed[0])])


def _summed_slips(layout: Layout, lines: list[TextLine], taken: set[int]) -> list[list[ItemLine]]:
    """Receipts of items of one only: consecutive lines of text and an amount whose amounts
    add up to the total printed right under them, no table header over them (a table of
    amounts without quantities is read by its header)."""
    found = []
    run: list[ItemLine] = []
    for line in lines:
        item = _single_item(layout, line) if id(line) not in taken else None
        if item is not None and (not run or abs(item.nums[-1].x1 - run[0].nums[-1].x1) <= 2 * line.height):
            run.append(item)
            continue
        if len(run) >= 2 and is_stop(layout, line) and (total := line_numbers(line)) \
                and abs(sum(i.nums[-1].value for i in run) - total[-1].value) <= _MATCH \
                and not _header_above(layout, lines, run[0].line)[0]:
            found.append(run)
        run = [item] if item is not None else []
    return found
