"""Item tables found by what their numbers do, whatever the language and layout.

1. **Rows by arithmetic.** A line is an item when three of its numbers multiply out
   (``numbers.products``). Consecutive item lines that no totals label, party heading or
   new header separates are one table.
2. **Columns by alignment and arithmetic** (``columns``): the clusters of aligned numbers
   the rows' products fall into are the factors and the amount; the other columns are
   named by what they do (rate, VAT, gross, line numbers, discount).

A receipt prints "2 x 1,50" inside its description: its items carry a multiplication
sign between the factors and have no columns but the amounts'. A header row above the
table, found by its titles, is only a hint (which factor is the quantity, where the item
code and unit are); its lines are kept out of the header-field search with the table's.
``rows`` then reads each item with the text around it.
"""

from __future__ import annotations

import re

from ..amounts import CURRENCY_WORD
from ..layout import Layout
from ..lines import TextLine
from ..thresholds import MAX_ITEM_GAP_PITCHES
from .columns import AMOUNT_MATCH, tabular_columns
from .headers import find_header
from .items import repair_row
from .model import Column, Frame, ItemLine
from .numbers import TIMES, Num, Product, line_numbers, products

STOP_KEYS = {"net", "vat", "gross", "payable", "amount_in_words", "prepaid", "seller", "buyer"}
RECEIPT_MARK = re.compile(rf"^[{TIMES}]$")


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
        columns = tabular_columns(group, hints)
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
    exact = bool(lines) and layout.doc.pages[lines[0].page - 1].text_layer
    for line in lines:
        found = products(nums := line_numbers(line), exact)
        stop = not found and is_stop(layout, line)  # "PVM deklaracija  1  50,00  50,00" is an item
        split = None if found or previous is None else _split_item(previous, line)
        if split is not None:
            if current and current[-1].line is previous:
                current.pop()
            current.append(split)
        elif found:
            if current and line.cy - current[-1].line.cy > MAX_ITEM_GAP_PITCHES * pitch:
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
                and abs(sum(i.nums[-1].value for i in run) - total[-1].value) <= AMOUNT_MATCH \
                and not _header_above(layout, lines, run[0].line)[0]:
            found.append(run)
        run = [item] if item is not None else []
    return found
