"""The invoice record (../spec/invoice.md) as stored and as partners read it."""

from collections.abc import Callable
from dataclasses import asdict, dataclass

import sqlalchemy as sa

from core import errors, pagination
from core.clock import iso_ms
from core.modes import Mode
from core.store.scoping import in_client, in_mode
from core.store.tables import invoices, jobs
from schemas.invoice import ExtractedInvoice

COMPLETED = "completed"


def build_dto(invoice_id: str, job: dict, extracted: ExtractedInvoice, now) -> dict:
    """Wrap what extraction read with the identity, ownership and lifecycle fields."""
    dto = {
        "id": invoice_id,
        "status": COMPLETED,
        "mode": job["mode"],
        "jobId": job["id"],
        "clientId": job["client_id"],
        "sourceFile": job["source_file"],
    }
    dto.update(extracted.dto())
    dto["assignment"] = {"status": None, "clientId": job["client_id"], "reasonCodes": [], "candidates": []}
    dto["history"] = []
    dto["createdAt"] = dto["updatedAt"] = iso_ms(now)
    return dto


def _row(conn: sa.Connection, team_id: str, mode: Mode, invoice_id: str, client_id: str | None = None):
    row = conn.execute(
        sa.select(invoices.c.document, invoices.c.version, invoices.c.status, invoices.c.job_id,
                  invoices.c.assignment_status, invoices.c.updated_at)
        .where(in_mode(invoices, team_id, mode), in_client(invoices, client_id), invoices.c.id == invoice_id)
    ).first()
    if row is None:
        raise errors.InvoiceNotFound(f"No invoice {invoice_id} for this team.")
    return row


def locked_row(conn: sa.Connection, team_id: str, mode: Mode, invoice_id: str, client_id: str | None = None):
    """The invoice row, locked for the rest of the write transaction (PostgreSQL; SQLite's
    BEGIN IMMEDIATE already serialises writers), so two changes of it never interleave.
    `client_id` confines a client-scoped key to its client's invoices."""
    row = conn.execute(
        sa.select(invoices)
        .where(in_mode(invoices, team_id, mode), in_client(invoices, client_id), invoices.c.id == invoice_id)
        .with_for_update()
    ).mappings().first()
    if row is None:
        raise errors.InvoiceNotFound(f"No invoice {invoice_id} for this team.")
    return row


def get_invoice(conn: sa.Connection, team_id: str, mode: Mode, invoice_id: str) -> dict:
    return _row(conn, team_id, mode, invoice_id).document


def get_versioned(
    conn: sa.Connection, team_id: str, mode: Mode, invoice_id: str, client_id: str | None = None,
) -> tuple[dict, int]:
    """The DTO and its version (the ETag that PATCH's If-Match compares)."""
    row = _row(conn, team_id, mode, invoice_id, client_id)
    return row.document, row.version


def get_status(conn: sa.Connection, team_id: str, mode: Mode, invoice_id: str, client_id: str | None = None) -> dict:
    """GET /invoices/{id}/status: the light answer for polling."""
    row = _row(conn, team_id, mode, invoice_id, client_id)
    return {
        "id": invoice_id, "status": row.status, "jobId": row.job_id,
        "assignment": {"status": row.assignment_status}, "updatedAt": iso_ms(row.updated_at),
    }


# `processing` covers an invoice held in client-assignment review; `discarded` one that a
# review discarded; `awaiting_credits` lists parked uploads (jobs without an invoice yet).
INVOICE_STATUSES = ("processing", COMPLETED, "discarded", "awaiting_credits")
ASSIGNMENT_STATUSES = ("needs_review", "confirmed", "exempt", "discarded")


def _summary(doc: dict) -> dict:
    totals = doc.get("totals") or {}
    return {
        "id": doc["id"], "status": doc["status"], "jobId": doc.get("jobId"), "clientId": doc.get("clientId"),
        "sourceFile": doc.get("sourceFile"), "invoiceNumber": doc.get("invoiceNumber"),
        "issueDate": doc.get("issueDate"), "currency": doc.get("currency"), "gross": totals.get("gross"),
        "direction": doc.get("direction"), "assignmentStatus": (doc.get("assignment") or {}).get("status"),
        "sellerName": (doc.get("seller") or {}).get("name"), "buyerName": (doc.get("buyer") or {}).get("name"),
        "createdAt": doc.get("createdAt"),
    }


def _parked(row) -> dict:
    """A parked upload listed among invoices: no invoice exists yet, so `id` is null."""
    return {
        "id": None, "status": "awaiting_credits", "jobId": row["id"], "clientId": row["client_id"],
        "sourceFile": row["source_file"], "invoiceNumber": None, "issueDate": None, "currency": None,
        "gross": None, "direction": None, "assignmentStatus": None, "sellerName": None, "buyerName": None,
        "createdAt": iso_ms(row["created_at"]),
    }


def _check_enum(name: str, value: str | None, allowed: tuple[str, ...]) -> None:
    if value is not None and value not in allowed:
        raise errors.InvalidBody(
            f"{name} must be one of {', '.join(allowed)}.", errors=[errors.field_error(name, "validation.invalid_enum")]
        )


def list_invoices(
    conn: sa.Connection, team_id: str, mode: Mode, status: str | None, page: pagination.Page,
    assignment: str | None = None, client_id: str | None = None,
) -> tuple[list[dict], str | None]:
    """Newest first, by `status` and `assignment` status. `status=awaiting_credits` lists
    parked uploads (their jobs), since their invoices do not exist until the credits arrive
    and OCR has run. `client_id` confines a client-scoped key to its client."""
    _check_enum("status", status, INVOICE_STATUSES)
    _check_enum("assignment", assignment, ASSIGNMENT_STATUSES)
    if status == "awaiting_credits" and assignment is not None:
        return [], None  # a parked upload has no invoice, so no assignment yet
    filters = {"status": status, "assignment": assignment} if assignment else {"status": status}
    if status == "awaiting_credits":
        query = sa.select(jobs).where(in_mode(jobs, team_id, mode), in_client(jobs, client_id), jobs.c.status == status)
        return pagination.fetch(conn, query, jobs.c.id, page, filters, _parked, item_key="jobId")
    query = _invoice_query(team_id, mode, Search(status=status, assignment=assignment)).where(in_client(invoices, client_id))
    return pagination.fetch(conn, query, invoices.c.id, page, filters, lambda row: _summary(row["document"]))


@dataclass(frozen=True)
class Search:
    """What the dashboard's invoice list filters by, beyond the API's `status` and `assignment`:
    the client, the issue date range (`YYYY-MM-DD`, inclusive) and a text found in the
    number, a party's name or the file name."""

    status: str | None = None
    assignment: str | None = None
    client_id: str | None = None
    issued_from: str | None = None
    issued_to: str | None = None
    text: str | None = None

    def as_filters(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v}


def _invoice_query(team_id: str, mode: Mode, search: Search) -> sa.Select:
    doc = invoices.c.document
    query = sa.select(invoices.c.id, invoices.c.document).where(in_mode(invoices, team_id, mode))
    if search.status is not None:
        query = query.where(invoices.c.status == search.status)
    if search.assignment is not None:
        query = query.where(invoices.c.assignment_status == search.assignment)
    if search.client_id:
        query = query.where(invoices.c.client_id == search.client_id)
    if search.issued_from:
        query = query.where(doc["issueDate"].as_string() >= search.issued_from)
    if search.issued_to:
        query = query.where(doc["issueDate"].as_string() <= search.issued_to)
    if search.text:
        pattern = f"%{search.text.strip()}%"
        fields = (doc["invoiceNumber"], doc["sourceFile"], doc[("seller", "name")], doc[("buyer", "name")])
        query = query.where(sa.or_(*(field.as_string().ilike(pattern) for field in fields)))
    return query


def search_invoices(
    conn: sa.Connection, team_id: str, mode: Mode, search: Search, page: pagination.Page,
    to_item: Callable[[dict], dict],
) -> tuple[list[dict], str | None]:
    """Newest first, like `list_invoices`; `to_item` shapes each document for its reader."""
    _check_enum("status", search.status, INVOICE_STATUSES[:-1])
    _check_enum("assignment", search.assignment, ASSIGNMENT_STATUSES)
    query = _invoice_query(team_id, mode, search)
    return pagination.fetch(conn, query, invoices.c.id, page, search.as_filters(), lambda row: to_item(row["document"]))


def source_file(conn: sa.Connection, team_id: str, mode: Mode, invoice_id: str, client_id: str | None = None) -> dict:
    """Where the invoice's uploaded file lies: {blobKey, mimeType, purged} (retention may
    have removed the file; the invoice stays)."""
    row = conn.execute(
        sa.select(jobs.c.blob_key, jobs.c.mime_type, jobs.c.file_purged_at)
        .select_from(invoices.join(jobs, jobs.c.id == invoices.c.job_id))
        .where(in_mode(invoices, team_id, mode), in_client(invoices, client_id), invoices.c.id == invoice_id)
    ).first()
    if row is None:
        raise errors.InvoiceNotFound(f"No invoice {invoice_id} for this team.")
    return {"blobKey": row.blob_key, "mimeType": row.mime_type, "purged": row.file_purged_at is not None}
