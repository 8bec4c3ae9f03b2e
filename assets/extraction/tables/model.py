"""What an item table is once found: columns with their x-ranges, and rows of cells."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..lines import Span, TextLine

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
