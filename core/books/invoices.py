"""The invoice record (../spec/invoice.md) as stored and as partners read it."""

import re
import unicodedata
from collections.abc import Callable
from dataclasses import asdict, dataclass

import sqlalchemy as sa

from core import errors, pagination
from core.clock import iso_ms
from core.modes import Mode
from core.store.scoping import in_client, in_mode
from core.store.tables import invoices, issue_date, jobs
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
        "duplicateOf": doc.get("duplicateOf"), "createdAt": doc.get("createdAt"),
    }


def _parked(row) -> dict:
    """A parked upload listed among invoices: no invoice exists yet, so `id` is null."""
    return {
        "id": None, "status": "awaiting_credits", "jobId": row["id"], "clientId": row["client_id"],
        "sourceFile": row["source_file"], "invoiceNumber": None, "issueDate": None, "currency": None,
        "gross": None, "direction": None, "assignmentStatus": None, "sellerName": None, "buyerName": None,
        "duplicateOf": None, "createdAt": iso_ms(row["created_at"]),
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
    number, a party's name, VAT code or company code, or the file name: without regard to
    case or accents (`saules` finds `Saulės`), and also with spaces and punctuation
    ignored (`sf20260042` finds `SF-2026-0042`)."""

    status: str | None = None
    assignment: str | None = None
    client_id: str | None = None
    issued_from: str | None = None
    issued_to: str | None = None
    text: str | None = None
    duplicates: bool = False  # only invoices that repeat an earlier one

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
        query = query.where(issue_date() >= search.issued_from)
    if search.issued_to:
        query = query.where(issue_date() <= search.issued_to)
    if search.duplicates:
        query = query.where(doc["duplicateOf"].as_string().is_not(None))
    return query


_TEXT_FIELDS = ("invoiceNumber", "sourceFile", ("seller", "name"), ("buyer", "name"), ("seller", "vatCode"),
                ("buyer", "vatCode"), ("seller", "companyCode"), ("buyer", "companyCode"))


def folded(value) -> str:
    """Lower case, accents off, spaces collapsed: `UAB „Saulės vėjas“` -> `uab „saules vejas“`."""
    text = unicodedata.normalize("NFKD", str(value or ""))
    return " ".join("".join(c for c in text if not unicodedata.combining(c)).casefold().split())


def _bare(text: str) -> str:
    return re.sub(r"[\W_]+", "", text)


def _text_page(conn: sa.Connection, query: sa.Select, page: pagination.Page, text: str) -> list[str]:
    """The ids of the page's invoices (one more than the page, to tell a next one) whose
    number, file, party names or codes hold `text`; read newest first, only as far as needed."""
    wanted = folded(text)
    bare = _bare(wanted)
    doc = invoices.c.document
    columns = [doc[path].as_string() for path in _TEXT_FIELDS]
    scan = query.with_only_columns(invoices.c.id, *columns)
    if page.after is not None:
        scan = scan.where(invoices.c.id < page.after)
    found: list[str] = []
    for row in conn.execute(scan.order_by(invoices.c.id.desc())):
        values = [folded(v) for v in row[1:] if v]
        if any(wanted in v for v in values) or (len(bare) >= 3 and any(bare in _bare(v) for v in values)):
            found.append(row[0])
            if len(found) > page.limit:
                break
    return found


def search_invoices(
    conn: sa.Connection, team_id: str, mode: Mode, search: Search, page: pagination.Page,
    to_item: Callable[[dict], dict],
) -> tuple[list[dict], str | None]:
    """Newest first, like `list_invoices`; `to_item` shapes each document for its reader."""
    _check_enum("status", search.status, INVOICE_STATUSES[:-1])
    _check_enum("assignment", search.assignment, ASSIGNMENT_STATUSES)
    query = _invoice_query(team_id, mode, search)
    if search.text and search.text.strip():
        query = query.where(invoices.c.id.in_(_text_page(conn, query, page, search.text)))
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
