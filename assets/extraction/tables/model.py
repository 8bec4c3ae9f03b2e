"""What the table stages hand each other: the item lines arithmetic found and the frame
they make (``structure``), and the table they become once read, columns with their
x-ranges and rows of cells (``reading``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..lines import Span, TextLine
from .numbers import Num, Product

# Columns whose values are money: a row with one of them (with cents) is an item.
AMOUNT_KEYS = ("netAmount", "grossAmount", "unitPrice")


@dataclass
class Column:
    key: str
    x0: float
    x1: float


@dataclass
class Row:
    cells: dict[str, list[Span]] = field(default_factory=dict)
    lines: list[TextLine] = field(default_factory=list)
    single: bool = False  # a till's item of one, printed without its factors
    # The description has ended: an attribute line ("Bruttopreis : 43,2000") was printed
    # under it, and what follows before the next item is its notes, not its text.
    closed: bool = False

    def text(self, key: str) -> str | None:
        spans = self.cells.get(key)
        if not spans:
            return None
        text = spans[0].text
        for span in spans[1:]:  # a word broken at its hyphen joins up again: "semi-" over "skimmed"
            text += ("" if re.search(r"[^\W_]-$", text) else " ") + span.text
        return text.strip() or None

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
    text_layer: bool = True  # read from the PDF's text (signs as printed), not by OCR


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
class LineItem:
    """An item line read from a table: its values in the DTO's shape (invoice.md "Line",
    ``values``) and what extraction knows of them besides, which the DTO does not carry:
    where each value was read (``spans``, for its source box and confidence), whether
    quantity x unit price makes the amount (``consistent``, None where a factor is
    missing), and which values the row's arithmetic restored (``repaired``)."""

    values: dict[str, object]
    spans: dict[str, Span | None] = field(default_factory=dict)
    consistent: bool | None = None
    repaired: list[str] = field(default_factory=list)
