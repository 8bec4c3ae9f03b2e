"""What each warehouse table reads from the operational store for one UTC day, and how many
rows the store holds for that day (the row-count checks compare the two).

A row belongs to the day it was created: a job to its admission day, an invoice to the day
it was first read, a delivery to the day its event fanned out. Later changes of a row
(a job that finishes after midnight, an edit next week) reach the warehouse when its day is
materialised again: today every few minutes, yesterday once more after midnight, older
days by a backfill.
"""

from collections.abc import Mapping
from datetime import datetime

import sqlalchemy as sa

from core.clock import as_utc
from core.jobs.records import CANCELLED, COMPLETED, FAILED
from core.store.tables import credit_ledger, extraction_comparisons, invoices, jobs, outbox, webhook_deliveries


def _created_in(table: sa.Table, start: datetime, end: datetime):
    return sa.and_(table.c.created_at >= start, table.c.created_at < end)


def _seconds(later: datetime | None, earlier: datetime | None) -> float | None:
    return (as_utc(later) - as_utc(earlier)).total_seconds() if later and earlier else None


def _utc(value: datetime | None) -> datetime | None:
    return as_utc(value) if value is not None else None


_PARKED = sa.exists().where(
    outbox.c.job_id == jobs.c.id, outbox.c.kind == "event", outbox.c.event_type == "invoice.awaiting_credits"
)
# A job held for client-assignment review: when it was first held (invoice.review_required).
_FIRST_REVIEW = (
    sa.select(sa.func.min(outbox.c.created_at))
    .where(outbox.c.job_id == jobs.c.id, outbox.c.kind == "event", outbox.c.event_type == "invoice.review_required")
    .scalar_subquery()
)
# A parked job holds its credit when it resumes; every other live job at admission.
_FIRST_HOLD = (
    sa.select(sa.func.min(credit_ledger.c.created_at))
    .where(credit_ledger.c.job_id == jobs.c.id, credit_ledger.c.kind == "hold")
    .scalar_subquery()
)


def job_rows(conn: sa.Connection, start: datetime, end: datetime) -> list[dict]:
    query = (
        sa.select(jobs, _PARKED.label("parked"), _FIRST_HOLD.label("first_hold"), _FIRST_REVIEW.label("first_review"))
        .where(_created_in(jobs, start, end)).order_by(jobs.c.id)
    )
    return [_job_row(row) for row in conn.execute(query).mappings()]


def _job_row(row: Mapping) -> dict:
    parked = bool(row["parked"])
    resumed_at = _utc(row["first_hold"]) if parked else None
    unparked_at = resumed_at or (row["finished_at"] if row["status"] == CANCELLED else None)
    finished = row["status"] in (COMPLETED, FAILED)
    began = resumed_at or row["created_at"]
    review_held_at = _utc(row["first_review"])
    # read: held for review, else finished (completed or failed); review: held -> resolved
    read_at = review_held_at or (row["finished_at"] if finished else None)
    resolved_at = row["finished_at"] if review_held_at is not None and row["status"] in (COMPLETED, CANCELLED) else None
    return {
        "mode": row["mode"], "job_id": row["id"], "team_id": row["team_id"], "client_id": row["client_id"],
        "status": row["status"], "source_file": row["source_file"], "mime_type": row["mime_type"],
        "size_bytes": row["size_bytes"], "attempts": row["attempts"], "invoice_id": row["invoice_id"],
        "error_message": row["error_message"], "held": row["held_at"] is not None, "parked": parked,
        "created_at": as_utc(row["created_at"]), "resumed_at": resumed_at, "started_at": _utc(row["started_at"]),
        "finished_at": _utc(row["finished_at"]), "updated_at": as_utc(row["updated_at"]),
        "parked_seconds": _seconds(unparked_at, row["created_at"]) if parked else None,
        "latency_seconds": _seconds(row["finished_at"], began) if finished else None,
        "review_held_at": review_held_at,
        "reading_seconds": _seconds(read_at, began),
        "review_wait_seconds": _seconds(resolved_at, review_held_at),
    }


def invoice_documents(conn: sa.Connection, start: datetime, end: datetime) -> list[tuple[Mapping, dict]]:
    """(store row, document) of every invoice first read that day, in one snapshot."""
    rows = conn.execute(sa.select(invoices).where(_created_in(invoices, start, end)).order_by(invoices.c.id))
    return [(row, row["document"] if isinstance(row["document"], dict) else {}) for row in rows.mappings()]


def ledger_rows(conn: sa.Connection, start: datetime, end: datetime) -> list[dict]:
    """Ledger rows with the mode of their job; a grant has no job and only live mode spends
    credits, so it is live."""
    mode = sa.func.coalesce(jobs.c.mode, "live").label("mode")
    query = (
        sa.select(credit_ledger, mode)
        .select_from(credit_ledger.outerjoin(jobs, jobs.c.id == credit_ledger.c.job_id))
        .where(_created_in(credit_ledger, start, end)).order_by(credit_ledger.c.id)
    )
    return [{**row, "created_at": as_utc(row["created_at"])} for row in conn.execute(query).mappings()]


def delivery_rows(conn: sa.Connection, start: datetime, end: datetime) -> list[dict]:
    query = sa.select(webhook_deliveries).where(_created_in(webhook_deliveries, start, end))
    return [
        {
            "mode": row["mode"], "delivery_id": row["id"], "endpoint_id": row["endpoint_id"],
            "team_id": row["team_id"], "event_id": row["event_id"], "event_type": row["event_type"],
            "is_test": row["is_test"], "redelivery_of": row["redelivery_of"], "status": row["status"],
            "attempts": row["attempts"], "last_status_code": row["last_status_code"],
            "last_error": row["last_error"], "created_at": as_utc(row["created_at"]),
            "delivered_at": _utc(row["delivered_at"]),
            "delivery_seconds": _seconds(row["delivered_at"], row["created_at"]),
        }
        for row in conn.execute(query.order_by(webhook_deliveries.c.id)).mappings()
    ]


# The agreement per field, never the values (they go with the file, core.jobs.retention).
_COMPARISON = [c for c in extraction_comparisons.c if c.name not in ("pairs", "page_text")]


def comparison_rows(conn: sa.Connection, start: datetime, end: datetime) -> list[Mapping]:
    """The page-versus-XML comparisons of the documents read that day (fields, no values)."""
    query = (sa.select(*_COMPARISON).where(_created_in(extraction_comparisons, start, end))
             .order_by(extraction_comparisons.c.job_id))
    return list(conn.execute(query).mappings())


def compared_fields(comparison: Mapping) -> dict:
    fields = comparison["fields"]
    return {path: value for path, value in fields.items() if isinstance(value, dict)} if isinstance(fields, dict) else {}


def _count(conn: sa.Connection, table: sa.Table, start: datetime, end: datetime) -> int:
    return conn.execute(sa.select(sa.func.count()).select_from(table).where(_created_in(table, start, end))).scalar_one()


_PARTS = {"invoice_lines": "lines", "invoice_vat_breakdown": "vatBreakdown"}
_TABLES = {"jobs": jobs, "invoices": invoices, "credit_ledger": credit_ledger,
           "webhook_deliveries": webhook_deliveries, "extraction_quality": invoices}


def store_count(
    conn: sa.Connection, table: str, start: datetime, end: datetime, documents: list | None = None
) -> int:
    """How many rows of `table` the store holds for the day (for extraction_quality: documents
    read; for extraction_agreement: fields compared). Lines and VAT rows are counted in the
    invoice documents, those already read in the same transaction when given."""
    if table == "extraction_agreement":
        return sum(len(compared_fields(row)) for row in comparison_rows(conn, start, end))
    if table in _PARTS:
        documents = documents if documents is not None else invoice_documents(conn, start, end)
        return sum(sum(1 for item in doc.get(_PARTS[table]) or [] if isinstance(item, dict)) for _, doc in documents)
    return _count(conn, _TABLES[table], start, end)
