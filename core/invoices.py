"""The invoice record (../spec/invoice.md) as stored and as partners read it."""

import sqlalchemy as sa

from core import errors
from core.clock import iso_ms
from core.modes import Mode
from core.store.scoping import in_mode
from core.store.tables import invoices

COMPLETED = "completed"


def build_dto(invoice_id: str, job: dict, extracted: dict, now) -> dict:
    """Wrap what extraction read with the identity, ownership and lifecycle fields."""
    dto = {
        "id": invoice_id,
        "status": COMPLETED,
        "mode": job["mode"],
        "jobId": job["id"],
        "clientId": job["client_id"],
        "sourceFile": job["source_file"],
    }
    dto.update(extracted)
    dto["assignment"] = {"status": None, "clientId": job["client_id"], "reasonCodes": [], "candidates": []}
    dto["createdAt"] = dto["updatedAt"] = iso_ms(now)
    return dto


def get_invoice(conn: sa.Connection, team_id: str, mode: Mode, invoice_id: str) -> dict:
    row = conn.execute(
        sa.select(invoices.c.document).where(in_mode(invoices, team_id, mode), invoices.c.id == invoice_id)
    ).first()
    if row is None:
        raise errors.InvoiceNotFound(f"No invoice {invoice_id} for this team.")
    return row.document
