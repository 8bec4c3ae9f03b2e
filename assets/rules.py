"""The document rules core applies through `core.rules.InvoiceRules`."""

from decimal import Decimal

from assets.assignment import assess, reassess_for
from assets.extraction.tables.items import _row_consistent
from assets.extraction.validation import overall, validate
from core.rules import InvoiceRules


def _dec(value) -> Decimal | None:
    try:
        return Decimal(str(value)) if value not in (None, "") else None
    except ArithmeticError:
        return None


def _revalidate(invoice: dict) -> tuple[dict, dict]:
    """The checks of an edited invoice, every one the reading made among them: a line's
    arithmetic (quantity x unit price - discount = amount) is checked again from its
    values, as the reading checked it from the printed ones."""
    confidence = dict((invoice.get("confidence") or {}).get("fields") or {})
    warnings: list[str] = []
    consistent = [_row_consistent(_dec(line.get("quantity")), _dec(line.get("unitPrice")),
                                  _dec(line.get("discount")), _dec(line.get("netAmount")))
                  for line in invoice.get("lines") or []]
    checks = validate(invoice, confidence, warnings, lines_consistent=consistent)
    return {"checks": checks, "warnings": warnings}, {"overall": overall(confidence), "fields": confidence}


RULES = InvoiceRules(
    assess=lambda invoice, client_id, clients: assess(invoice, client_id, clients).as_dto(),
    reassess_for=lambda invoice, destination, clients: reassess_for(invoice, destination, clients).as_dto(),
    revalidate=_revalidate,
)
