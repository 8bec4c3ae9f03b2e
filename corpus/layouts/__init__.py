"""Layout families: how an invoice is arranged on the page, by three PDF producers, and
which families the engine may be tuned on.

``canvas_families`` draws with reportlab (absolute positions, manual page breaks);
``html_families`` writes HTML + CSS that WeasyPrint lays out; ``chromium_families``
writes HTML that Chromium prints. Every family function takes the specification, its
print style and a random generator, and returns ``(pdf_bytes, printed)`` where
``printed`` tells the truth writer which optional values were drawn.

**The split is by family.** A reader tuned on documents of a layout learns that layout
(where the buyer sits, what the totals are called); holding out documents of the same
families measures memory, not reading. So whole families are held out: ``HELDOUT`` lists
them, every document of those families is in the held-out split, and every other
document is in the tune split. The held-out families are chosen among those added after
the engine was last tuned (all of the first twelve were seen in tuning, so none of them
can be held out honestly), and cover each producer and each kind of document a tune
family also has (invoices, bilingual labels, receipts, credit notes, a foreign currency),
so the held-out score says how the engine does on arrangements it has never seen, not on
kinds of documents it was never shown at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import canvas_families, chromium_families, html_families


@dataclass(frozen=True)
class Family:
    name: str
    draw: Callable
    producer: str  # reportlab / weasyprint / chromium
    kind: str = "invoice"  # invoice / bilingual / receipt / credit_note / export / totals_only
    multi_page: bool = True  # may carry a table long enough to run over pages
    always_long: bool = False  # always does (photos excepted: a photo is one page)


_KINDS = {
    "totals_only": {"kind": "totals_only", "multi_page": False},
    "bilingual_side": {"kind": "bilingual"}, "bilingual_stacked": {"kind": "bilingual"},
    "bilingual_grid": {"kind": "bilingual"}, "bilingual_form": {"kind": "bilingual"},
    "till_receipt": {"kind": "receipt", "multi_page": False}, "cash_slip": {"kind": "receipt", "multi_page": False},
    "mono_receipt": {"kind": "receipt", "multi_page": False},
    "pos_slip": {"kind": "receipt", "multi_page": False},
    "credit_memo": {"kind": "credit_note"},
    "export_invoice": {"kind": "export"},
    "long_ledger": {"always_long": True},
}


def _families() -> dict[str, Family]:
    out = {}
    for producer, module in (("reportlab", canvas_families), ("weasyprint", html_families),
                             ("chromium", chromium_families)):
        for name, draw in module.FAMILIES.items():
            out[name] = Family(name, draw, producer, **_KINDS.get(name, {}))
    return out


FAMILIES: dict[str, Family] = _families()
PRODUCERS = {name: family.producer for name, family in FAMILIES.items()}

# Ten of the thirty families: never tuned on (see the module docstring).
HELDOUT = frozenset({
    "window_address", "bilingual_stacked", "till_receipt", "cards", "export_invoice", "credit_memo",  # chromium
    "cash_slip", "parties_bottom",  # weasyprint
    "bilingual_form", "letterhead_right",  # reportlab
})


def split_of_family(name: str) -> str:
    return "heldout" if name in HELDOUT else "tune"
