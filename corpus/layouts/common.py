"""What every producer shares: the item table's column set, the cell texts, the totals rows."""

from __future__ import annotations

import random

from ..spec import InvoiceSpec, ItemSpec
from ..text import Style

COLUMN_SETS = [
    ["lineNo", "description", "quantity", "unit", "unitPrice", "netAmount"],
    ["code", "description", "quantity", "unit", "unitPrice", "netAmount"],
    ["lineNo", "code", "description", "unit", "quantity", "unitPrice", "netAmount"],
    ["description", "quantity", "unitPrice", "netAmount"],
    ["lineNo", "description", "unit", "quantity", "unitPrice", "vatRate", "netAmount"],
]
NUMERIC = {"lineNo", "quantity", "unitPrice", "discount", "vatRate", "netAmount", "vatAmount"}
# Relative widths of the columns.
WEIGHTS = {"lineNo": 0.5, "code": 1.1, "description": 4.2, "quantity": 0.8, "unit": 0.8,
           "unitPrice": 1.2, "discount": 1.0, "vatRate": 0.8, "netAmount": 1.3}


def choose_columns(spec: InvoiceSpec, rng: random.Random) -> list[str]:
    columns = list(rng.choice(COLUMN_SETS))
    if len({i.vat_rate for i in spec.items}) > 1 and "vatRate" not in columns:
        columns.insert(columns.index("netAmount"), "vatRate")
    if any(i.discount for i in spec.items):
        columns.insert(columns.index("netAmount"), "discount")
    if "unit" not in columns and rng.random() < 0.5:
        columns.insert(columns.index("quantity") + 1, "unit")
    return columns


def cell_text(key: str, n: int, item: ItemSpec, style: Style) -> str:
    if key == "lineNo":
        return f"{n}." if style.colon else str(n)
    if key == "code":
        return item.code or ""
    if key == "description":
        return item.description
    if key == "quantity":
        return style.qty(item.quantity)
    if key == "unit":
        return item.unit
    if key == "unitPrice":
        return style.money(item.unit_price)
    if key == "discount":
        return style.money(item.discount) if item.discount else ""
    if key == "vatRate":
        return f"{style.rate(item.vat_rate)}%"
    if key == "netAmount":
        return style.money(item.net)
    raise KeyError(key)


def printed_flags(spec: InvoiceSpec, columns: list[str], seller_pairs, buyer_pairs, **extra) -> dict:
    """The ``printed`` dict for ``truth.truth`` from what a family drew."""
    def party(pairs, p):
        values = " ".join(v for _, v in pairs).replace(" ", "")
        return {"iban": bool(p.iban) and p.iban in values, "bank": bool(p.bank) and p.bank.replace(" ", "") in values,
                "swift": bool(p.swift) and p.swift in values}
    flags = {
        "codes": "code" in columns, "line_rates": "vatRate" in columns, "discounts": "discount" in columns,
        "seller": party(seller_pairs, spec.seller), "buyer": party(buyer_pairs, spec.buyer),
    }
    flags.update(extra)
    return flags


def date_rows(spec: InvoiceSpec, style: Style) -> list[tuple[str, str]]:
    """The labelled dates and references an invoice prints next to its number."""
    out = [(style.label("issue"), style.date(spec.issue))]
    if spec.due:
        out.append((style.label("due"), style.date(spec.due)))
    if spec.delivery:
        out.append((style.label("delivery"), style.date(spec.delivery)))
    if spec.order_reference:
        out.append((style.label("order"), spec.order_reference))
    if spec.credited_invoice:
        out.append((style.label("credited"), spec.credited_invoice))
    return out


def totals_rows(spec: InvoiceSpec, style: Style) -> list[tuple[str, str]]:
    rows = [(style.label("net"), style.money(spec.net, True))]
    breakdown = spec.breakdown()
    for rate, _, vat in breakdown:
        rows.append((style.label("vat", rate=style.rate(rate)), style.money(vat, True)))
    if len(breakdown) > 1:
        rows.append((style.label("vat_total"), style.money(spec.vat, True)))
    rows.append((style.label("gross"), style.money(spec.gross, True)))
    return rows


def receipt_rows(spec: InvoiceSpec, style: Style) -> list[tuple[str, str, str]]:
    """Receipt item lines without a table frame: (description, "qty x price", net amount);
    a discount is printed after the price ("2 x 3,50 -0,70")."""
    rows = []
    for item in spec.items:
        middle = f"{style.qty(item.quantity)} x {style.money(item.unit_price)}"
        if item.discount:
            middle += f" {style.money(-item.discount)}"
        rows.append((item.description, middle, style.money(item.net)))
    return rows
