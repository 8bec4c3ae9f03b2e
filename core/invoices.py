"""The invoice record (../spec/invoice.md) as stored and as partners read it."""

import sqlalchemy as sa

from core import errors, pagination
from core.clock import iso_ms
from core.modes import Mode
from core.store.scoping import in_mode
from core.store.tables import invoices, jobs

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


INVOICE_STATUSES = (COMPLETED, "awaiting_credits")


def _summary(doc: dict) -> dict:
    totals = doc.get("totals") or {}
    return {
        "id": doc["id"], "status": doc["status"], "jobId": doc.get("jobId"), "clientId": doc.get("clientId"),
        "sourceFile": doc.get("sourceFile"), "invoiceNumber": doc.get("invoiceNumber"),
        "issueDate": doc.get("issueDate"), "currency": doc.get("currency"), "gross": totals.get("gross"),
        "createdAt": doc.get("createdAt"),
    }


def _parked(row) -> dict:
    """A parked upload listed among invoices: no invoice exists yet, so `id` is null."""
    return {
        "id": None, "status": "awaiting_credits", "jobId": row["id"], "clientId": row["client_id"],
        "sourceFile": row["source_file"], "invoiceNumber": None, "issueDate": None, "currency": None,
        "gross": None, "createdAt": iso_ms(row["created_at"]),
    }


def list_invoices(conn: sa.Connection, team_id: str, mode: Mode, status: str | None, page: pagination.Page) -> tuple[list[dict], str | None]:
    """Newest first. `status=awaiting_credits` lists parked uploads (their jobs), since
    their invoices do not exist until the credits arrive and OCR has run."""
    if status is not None and status not in INVOICE_STATUSES:
        raise errors.InvalidBody(
            f"status must be one of {', '.join(INVOICE_STATUSES)}.",
            errors=[errors.field_error("status", "validation.invalid_enum")],
        )
    if status == "awaiting_credits":
        query = sa.select(jobs).where(in_mode(jobs, team_id, mode), jobs.c.status == status)
        if page.after is not None:
            query = query.where(jobs.c.id < page.after)
        rows = conn.execute(query.order_by(jobs.c.id.desc()).limit(page.limit + 1)).mappings().all()
        items, last_key = [_parked(r) for r in rows[: page.limit]], "jobId"
    else:
        query = sa.select(invoices.c.id, invoices.c.document).where(in_mode(invoices, team_id, mode))
        if status is not None:
            query = query.where(invoices.c.status == status)
        if page.after is not None:
            query = query.where(invoices.c.id < page.after)
        rows = conn.execute(query.order_by(invoices.c.id.desc()).limit(page.limit + 1)).all()
        items, last_key = [_summary(r.document) for r in rows[: page.limit]], "id"
    more = len(rows) > page.limit
    return items, (pagination.encode(items[-1][last_key], {"status": status}) if more else None)
