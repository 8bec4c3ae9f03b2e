"""The document rules core applies through `core.rules.InvoiceRules`."""

from assets.assignment import assess, reassess_for
from assets.extraction.validation import overall, validate
from core.rules import InvoiceRules


def _revalidate(invoice: dict) -> tuple[dict, dict]:
    confidence = dict((invoice.get("confidence") or {}).get("fields") or {})
    warnings: list[str] = []
    checks = validate(invoice, confidence, warnings)
    return {"checks": checks, "warnings": warnings}, {"overall": overall(confidence), "fields": confidence}


RULES = InvoiceRules(
    assess=lambda invoice, client_id, clients: assess(invoice, client_id, clients).as_dto(),
    reassess_for=lambda invoice, destination, clients: reassess_for(invoice, destination, clients).as_dto(),
    revalidate=_revalidate,
)
