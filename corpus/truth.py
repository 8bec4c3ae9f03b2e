"""Ground truth in the invoice DTO's shape (spec/invoice.md) for a generated invoice.

Only what the document prints is filled; values are DTO strings ("1234.50", "21",
"2026-03-14"), so the harness compares extracted and expected values as they are.
"""

from __future__ import annotations

from decimal import Decimal

from .spec import CENT, InvoiceSpec, PartySpec


def money(value: Decimal | None) -> str | None:
    return None if value is None else format(value.quantize(CENT), "f")


def plain(value: Decimal | None) -> str | None:
    if value is None:
        return None
    normal = value.normalize()
    return str(normal.quantize(Decimal(1))) if normal == normal.to_integral() else format(normal, "f")


def _party(p: PartySpec, printed: dict) -> dict:
    if printed.get("shown") is False:  # a receipt without the buyer: nothing to read
        return {"name": None, "companyCode": None, "vatCode": None,
                "address": {"street": None, "city": None, "postalCode": None, "country": None, "text": None},
                "iban": None, "bank": None, "swift": None}
    return {
        "name": p.name,
        "companyCode": p.company_code,
        "vatCode": p.vat_code,
        "address": {"street": p.street, "city": p.city, "postalCode": p.postal_code,
                    "country": p.country, "text": None},
        "iban": p.iban if printed.get("iban") else None,
        "bank": p.bank if printed.get("bank") else None,
        "swift": p.swift if printed.get("swift") else None,
    }


def truth(spec: InvoiceSpec, printed: dict) -> dict:
    """The expected DTO. ``printed`` says which optional things the layout drew
    (``seller``/``buyer``: {"iban": bool, ...}, or {"shown": False} for a party the
    document does not print; ``due``/``delivery``/``lines``: bool)."""
    lines = []
    for n, item in enumerate(spec.items, 1):
        lines.append({
            "lineNo": n,
            "code": item.code if printed.get("codes") else None,
            "description": item.description,
            "kind": item.kind,
            "quantity": plain(item.quantity),
            "unit": item.unit.lower(),
            "unitPrice": money(item.unit_price),
            "discount": money(item.discount) if printed.get("discounts") else None,
            "netAmount": money(item.net),
            "vatRate": plain(item.vat_rate) if printed.get("line_rates") else None,
        })
    return {
        "documentType": spec.doc_type,
        "language": spec.language,
        "series": spec.series,
        "number": spec.number,
        "invoiceNumber": spec.invoice_number,
        "issueDate": spec.issue.isoformat(),
        "dueDate": spec.due.isoformat() if spec.due and printed.get("due", True) else None,
        "deliveryDate": spec.delivery.isoformat() if spec.delivery and printed.get("delivery", True) else None,
        "currency": spec.currency,
        "orderReference": spec.order_reference if printed.get("order") else None,
        "seller": _party(spec.seller, printed.get("seller", {})),
        "buyer": _party(spec.buyer, printed.get("buyer", {})),
        "lines": lines if printed.get("lines", True) else [],
        "vatBreakdown": [{"rate": plain(r), "taxableAmount": money(b), "vatAmount": money(v)}
                         for r, b, v in spec.breakdown()],
        "totals": {"net": money(spec.net), "vat": money(spec.vat), "gross": money(spec.gross)},
    }
