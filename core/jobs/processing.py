"""State changes of a job while the pipeline works on it (interface.md 3.1).

`claim` counts an attempt in its own committed transaction before any work starts, so a
run that dies mid-job leaves a trace: the replacement run retries the job, and after
`max_attempts` interrupted attempts the job fails instead of looping forever. `complete`
and `fail` each commit in one transaction: the invoice row or the error, the job's
terminal state, the credit charge or release, the outbox event, and the consumed offset.
Both are idempotent on the job id: a job that is already terminal is left alone.
"""

from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa

from core import ids, outbox
from core.billing import credits
from core.books import duplicates, extraction_comparisons, invoices
from core.jobs import completion, offsets
from core.books.clients import ClientRef, team_clients
from core.clock import utcnow
from core.jobs.records import FAILED, PROCESSING, actor_of, event_job, update_job
from core.modes import Mode
from core.store.db import Store
from core.store.tables import invoices as invoices_table
from core.store.tables import jobs
from schemas.invoice import ExtractedInvoice


@dataclass(frozen=True)
class Position:
    """Where a message came from: committing it moves the consumer past it."""

    topic: str
    partition: int
    offset: int
    topic_id: str | None

    def commit(self, conn: sa.Connection) -> None:
        offsets.store(conn, self.topic, self.partition, self.offset + 1, self.topic_id)


# Statements built once: a stream run runs them for every job while it holds the write lock.
# Locked for the rest of the transaction (PostgreSQL; SQLite's writer is one at a time
# already): two workers that got the same job (a resent message, a run replaced while its
# predecessor still reads) decide one after the other, so the second sees the first's
# terminal state and charges nothing.
_JOB = sa.select(jobs).where(jobs.c.id == sa.bindparam("job_id")).with_for_update()
_INSERT_INVOICE = invoices_table.insert()
_DOCUMENT = sa.select(invoices_table.c.document).where(invoices_table.c.id == sa.bindparam("invoice_id"))


def _job(conn: sa.Connection, job_id: str) -> dict | None:
    row = conn.execute(_JOB, {"job_id": job_id}).mappings().first()
    return dict(row) if row else None


NEEDS_REVIEW = "needs_review"


def _processing_job(conn: sa.Connection, job_id: str, position: Position | None) -> dict | None:
    """The job if it is still `processing` and not held for review; otherwise move past its
    message and say None (a held job is finished by its review, never by a worker)."""
    job = _job(conn, job_id)
    if job is None or job["status"] != PROCESSING or job["held_at"] is not None:
        if position is not None:
            position.commit(conn)
        return None
    return job


def claim(store: Store, job_id: str, max_attempts: int, position: Position | None = None) -> dict | None:
    """Start an attempt; None when there is nothing to do (unknown, parked or finished job)."""
    with store.write() as conn:
        job = _processing_job(conn, job_id, position)
        if job is None:
            return None
        if job["attempts"] >= max_attempts:
            _fail(conn, job, f"processing was interrupted {job['attempts']} times; giving up", position)
            return None
        now = utcnow()
        update_job(conn, job_id, attempts=job["attempts"] + 1, started_at=now, updated_at=now)
        job["attempts"] += 1
        return job


Assess = Callable[[dict, "str | None", list[ClientRef]], dict]
"""The client-assignment gate: (invoice DTO, the upload's client, the team's clients of the
mode) -> the DTO's `assignment` object. The pipeline passes `assets.assignment`'s."""


def _assignment(conn: sa.Connection, job: dict, dto: dict, previous: dict | None, assess: Assess | None) -> dict:
    """The assignment of a freshly read invoice. A reprocess keeps an assignment that a review
    resolved (the bookkeeper's decision outlives a re-read); otherwise the gate decides."""
    before = (previous or {}).get("assignment") or {}
    if before.get("resolution"):
        return before
    if assess is None:
        return dto["assignment"]
    return assess(dto, job["client_id"], team_clients(conn, job["team_id"], Mode(job["mode"])))


def complete(
    store: Store, job: dict, extracted: ExtractedInvoice, position: Position | None = None, assess: Assess | None = None,
    comparison=None,
) -> str | None:
    """Record the invoice, then finish the job or hold it for review; returns the invoice id
    (None if the job was already terminal or is held). `comparison`, the page reading of an
    embedded e-invoice against its XML, is saved in the same transaction, beside the invoice."""
    with store.write() as conn:
        current = _processing_job(conn, job["id"], position)
        if current is None:
            return None
        now = utcnow()
        previous = None
        if current["invoice_id"] is None:
            invoice_id = ids.new_id("inv", Mode(current["mode"]))
            conn.execute(_INSERT_INVOICE, dict(
                id=invoice_id, team_id=current["team_id"], mode=current["mode"], client_id=current["client_id"],
                job_id=current["id"], status=PROCESSING, document={}, created_at=now, updated_at=now,
            ))
        else:  # a reprocess: the invoice keeps its id and creation time, its content is replaced
            invoice_id = current["invoice_id"]
            previous = conn.execute(_DOCUMENT, {"invoice_id": invoice_id}).scalar_one()
        dto = invoices.build_dto(invoice_id, current, extracted, now)
        if previous:
            dto["createdAt"] = previous.get("createdAt", dto["createdAt"])
            dto["history"] = previous.get("history", [])
        dto["assignment"] = _assignment(conn, current, dto, previous, assess)
        dto["clientId"] = dto["assignment"].get("clientId", current["client_id"])
        duplicates.flag(conn, current["team_id"], Mode(current["mode"]), invoice_id, dto, current["blob_key"])
        if comparison is not None:  # the page reading against the embedded XML, beside the invoice
            extraction_comparisons.save(conn, current, invoice_id, comparison, now)
        if dto["assignment"].get("status") == NEEDS_REVIEW:
            completion.hold(conn, current, dto, actor_of(current))
        else:
            completion.finish(conn, current, dto, actor_of(current))
        if position is not None:
            position.commit(conn)
        return invoice_id


def _fail(conn: sa.Connection, job: dict, message: str, position: Position | None) -> None:
    now = utcnow()
    update_job(conn, job["id"], status=FAILED, error_message=message, updated_at=now, finished_at=now)
    if job["mode"] == Mode.LIVE.value:
        credits.release(conn, job["team_id"], job["id"])
    if job["invoice_id"] is not None:
        # A failed reprocess: the invoice keeps its previous content (section 6: data.invoice).
        document = conn.execute(_DOCUMENT, {"invoice_id": job["invoice_id"]}).scalar_one()
        document = completion.save_document(conn, job["invoice_id"], dict(document), invoices.COMPLETED)
        data = {"invoice": document}
    else:
        data = {"job": event_job({**job, "status": FAILED, "error_message": message})}
    outbox.add_event(conn, job["team_id"], Mode(job["mode"]), "invoice.failed", data, job["id"], actor_of(job))
    if position is not None:
        position.commit(conn)


def fail(store: Store, job: dict, message: str, position: Position | None = None) -> bool:
    """Fail the job with `error.message`, release its hold; False if it was already terminal."""
    with store.write() as conn:
        current = _processing_job(conn, job["id"], position)
        if current is None:
            return False
        _fail(conn, current, message, position)
        return True


def skip(store: Store, position: Position) -> None:
    """Move past a message that names no job we can work on."""
    with store.write() as conn:
        position.commit(conn)


def unfinished_job_ids(conn: sa.Connection) -> list[str]:
    """Jobs a worker still has to read (held ones wait for their review, not for a worker)."""
    rows = conn.execute(
        sa.select(jobs.c.id).where(jobs.c.status == PROCESSING, jobs.c.held_at.is_(None)).order_by(jobs.c.created_at)
    )
    return [r.id for r in rows]
