"""The numbers of a line, with their boxes, and the arithmetic that makes a line an item.

An item is recognised by what its numbers do, in any language and layout: quantity x
unit price = amount, less a discount printed as an amount or a percentage. Three numbers
of a line that multiply out to the cent almost never do so by chance, so this one
relation finds item rows that no column title announced (a receipt, a table headed in a
language the dictionaries lack, a header OCR garbled).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations

from .. import per_document
from ..amounts import find_amounts
from ..lines import Span, TextLine
from ..thresholds import MAX_NUMBERS, ROW_ROUNDING


@dataclass(frozen=True, slots=True)
class Num:
    """A number printed on a line: its value, where it is and how it is written."""

    value: Decimal
    line: TextLine
    start: int
    end: int
    decimals: int  # printed decimals: 0 for "12", 1 for "2,5", 2 for "12,50"
    percent: bool  # printed with "%"
    alt: Decimal | None = None  # the other reading of "1,500" (1500 or 1.5)
    in_text: bool = False  # printed inside a cell of words ("Vis inox 5 x 40"), not a cell of its own

    @property
    def span(self) -> Span:
        return Span(self.line, self.start, self.end)

    @property
    def x0(self) -> float:
        return min(w.x0 for w in self.span.words)

    @property
    def x1(self) -> float:
        return max(w.x1 for w in self.span.words)

    @property
    def extent(self) -> tuple[float, float]:
        """Where the number's column is: its cell's extent when the cell is the number and
        its unit ("20 Stk", "5 kg"). Such cells are aligned as a whole, so a quantity's
        digits stand left or right by the width of its unit, and only the cell tells the
        column."""
        c_start, c_end = self.line.cell_at(self.start)
        rest = (self.line.text[c_start : self.start] + " " + self.line.text[self.end : c_end]).split()
        if self.in_text or not rest or len(rest) > 2 or any(not _UNIT_WORD.fullmatch(w) for w in rest):
            return self.x0, self.x1
        words = Span(self.line, c_start, c_end).words
        return min(w.x0 for w in words), max(w.x1 for w in words)

    @property
    def readings(self) -> tuple[Decimal, ...]:
        return (self.value,) if self.alt is None else (self.value, self.alt)


def line_numbers(line: TextLine) -> list[Num]:
    """Every number of a line, left to right, read cell by cell.

    Reading per cell keeps a quantity and a price printed in neighbouring columns apart
    ("11   821,80" is two numbers, not the grouped 11 821,80). A line is asked about by
    every reader of tables: its numbers are read once per document.
    """
    return list(_numbers(line))


@per_document.memoized
def _numbers(line: TextLine) -> tuple[Num, ...]:
    out: list[Num] = []
    for c_start, c_end in line.cells:
        # "2x1,29": a multiplication sign glued to its factors (same length, so offsets hold).
        text = _GLUED_SIGN.sub(" ", line.text[c_start:c_end])
        in_text = len(_WORDY.findall(text)) >= 2 or any(len(w) > 6 for w in _WORDY.findall(text))
        for m in find_amounts(text):
            raw = text[m.start : m.end]
            alt = _other_reading(raw, m.value)
            percent = text[m.end :].lstrip().startswith("%")
            out.append(Num(m.value, line, c_start + m.start, c_start + m.end, _decimals(m.value, raw),
                           percent, alt, in_text))
    return tuple(out)


# A unit printed in a number's cell: letters, maybe a dot or a power ("Stk", "kg", "m²", "Std.",
# "Unit(s)"), or a UN/ECE code ("C62", "H87").
_UNIT_WORD = re.compile(r"[^\W\d_]{1,8}(?:\(s\))?\.?[²³]?|[A-Z][A-Z0-9]\d")


# Multiplication signs between a quantity and a price: "x", "×", "*", "@", and the Cyrillic
# "х" a Russian slip prints (or the Russian model reads).
TIMES = "x×X*@хХ"
# "2x1,29", "2x 1,29"; and the Russian model's "1х X 1,99" for "1 x 1,99" (the sign read twice).
_GLUED_SIGN = re.compile(r"(?<=\d)[x×*х](?=\d)|(?<=\d)[x×х](?= \d)|(?<=\d)[xх](?=\s+[xX×хХ]\s)")
# A word of letters: two cells' worth of them (or one long one) make a cell of text, in
# which numbers are part of the words ("Vis inox 5 x 40"), a unit beside a number does not.
_WORDY = re.compile(r"[^\W\d_]{2,}")


def _decimals(value: Decimal, raw: str) -> int:
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _other_reading(raw: str, value: Decimal) -> Decimal | None:
    """1.5 for "1,500" read as money (1500): a quantity may print three decimals."""
    m = re.fullmatch(r"-?\d{1,3}[.,](\d{3})", raw.strip("()-−–"))
    if m is None or value != value.to_integral():
        return None
    return value / 1000


@dataclass(frozen=True, slots=True)
class Product:
    """quantity x price (- discount) = amount among a line's numbers (indices into them)."""

    left: int
    right: int
    amount: int
    discount: int | None = None
    percent_discount: bool = False
    # The amount is gross: quantity x price (net) plus the line's VAT at the rate printed
    # as this number ("2  8,26  21 %  19,99", as marketplaces print their lines).
    rate: int | None = None


def products(nums: list[Num], exact: bool = False) -> list[Product]:
    """Every way three (or four) numbers of the line multiply out, the amount right of
    its factors and a discount between them and the amount. Signs are ignored: credit
    notes print negative amounts beside positive prices. On a text layer (``exact``) a
    price printed to three decimals or more may be per ten, hundred or thousand units
    (``per_price_basis``), and an item given free prints its price and amount as zeros
    (``_free_item``)."""
    if not 3 <= len(nums) <= MAX_NUMBERS:
        return []
    found = []
    for k in range(2, len(nums)):
        amount = abs(nums[k].value)
        if nums[k].percent:
            continue
        if amount == 0:
            if exact:
                found += _free_item(nums, k)
            continue
        for i, j in combinations(range(k), 2):
            if nums[i].percent or nums[j].percent:
                continue
            for qi in nums[i].readings:
                for pj in nums[j].readings:
                    product = abs(qi * pj)
                    if abs(product - amount) <= ROW_ROUNDING or (
                            exact and nums[k].decimals == 2
                            and per_price_basis(qi * pj, nums[k].value, max(nums[i].decimals, nums[j].decimals))):
                        found.append(Product(i, j, k))
                        continue
                    for d in range(j + 1, k):
                        disc = abs(nums[d].value)
                        if nums[d].percent:
                            if disc < 100 and abs(product * (100 - disc) / 100 - amount) <= ROW_ROUNDING:
                                found.append(Product(i, j, k, d, True))
                        elif 0 < disc < product and abs(product - disc - amount) <= ROW_ROUNDING:
                            found.append(Product(i, j, k, d))
                    for r, num in enumerate(nums):
                        if num.percent and 0 < num.value <= _MAX_RATE and r not in (i, j, k) \
                                and abs(product * (100 + num.value) / 100 - amount) <= _gross_slack(qi, num.value):
                            found.append(Product(i, j, k, rate=r))
    # Where the factors also make a net amount, that is the line's amount; the gross one
    # is another column (net, VAT and gross all printed).
    net_factors = {(p.left, p.right) for p in found if p.rate is None}
    found = [p for p in found if p.rate is None or (p.left, p.right) not in net_factors]
    return [p for p in dict.fromkeys(found) if _has_cents(nums, p)]


def _free_item(nums: list[Num], k: int) -> list[Product]:
    """An item delivered without charge: "10 Stk" at "0,0000" for "0,00", a price and an
    amount printed as zeros with their decimals beside a quantity that is not. A zero
    rate beside a base ("220,00  0  0,00" in a VAT breakdown) has no decimals: no item."""
    if nums[k].decimals != 2:
        return []
    for j in range(k):
        if nums[j].value != 0 or nums[j].decimals < 2 or nums[j].percent:
            continue
        # The quantity is the whole number next to the price, not the row's number before it.
        near = sorted((abs(i - j), i == 0, i) for i in range(k) if i != j and not nums[i].percent
                      and nums[i].value > 0 and nums[i].decimals == 0)
        if near:
            i = near[0][-1]
            return [Product(min(i, j), max(i, j), k)]
    return []


_MAX_RATE = Decimal(30)  # no VAT rate is higher
PRICE_BASES = (10, 100, 1000)  # "Preiseinheit": a price per so many units


def per_price_basis(product: Decimal, amount: Decimal, price_decimals: int) -> bool:
    """Whether quantity x price is the amount times a price basis: "10000 KWH" at
    "0,0520" (per ten) for "52,00". Only a price printed to three decimals or more, as a
    small price per unit is, and only as printed, never as OCR may have misread it (a
    lost decimal separator makes the same product)."""
    return price_decimals >= 3 and amount != 0 and any(
        abs(abs(product) / base - abs(amount)) <= ROW_ROUNDING for base in PRICE_BASES)


def _gross_slack(quantity: Decimal, rate: Decimal) -> Decimal:
    """How far a gross amount may stand from quantity x net price x (1 + rate): the net
    price was rounded to the cent from the gross one, a half cent per unit at most."""
    return ROW_ROUNDING + abs(quantity) * Decimal("0.005") * (100 + rate) / 100


def _has_cents(nums: list[Num], product: Product) -> bool:
    """Money is printed with cents: three integers that multiply out (an IBAN's groups,
    a date's parts) are not an item."""
    return any(nums[k].decimals >= 2 for k in (product.left, product.right, product.amount))


def multiplies_gross(quantity: Decimal | None, price: Decimal | None, rate: Decimal | None,
                     gross: Decimal | None) -> bool:
    """Whether quantity x net price plus VAT at ``rate`` makes the gross amount."""
    if quantity is None or price is None or rate is None or gross is None or gross == 0:
        return False
    return abs(abs(quantity * price) * (100 + rate) / 100 - abs(gross)) <= _gross_slack(quantity, rate)


def multiplies(quantity: Decimal | None, price: Decimal | None, amount: Decimal | None,
               discount: Decimal | None = None) -> bool:
    """Whether a row's printed values add up: quantity x price - discount = amount."""
    if quantity is None or price is None or amount is None or amount == 0:
        return False
    return abs(abs(quantity * price) - abs(discount or 0) - abs(amount)) <= ROW_ROUNDING
