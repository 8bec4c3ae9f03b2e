"""What the service forgets, and when (interface.md 2.2, 3.1, 8). Invoices are kept.

Four sweeps, each a plain function of the store and a moment `now` (so tests move the
clock), each idempotent and done in batches so a large backlog never holds a long write
lock. The daily Dagster jobs of the retention domain call them and show what they swept.

- uploaded files of terminal jobs, `files_days` after the terminal state; the job keeps
  `file_purged_at`, and reprocessing its invoice answers 409 invoice.reprocess_unavailable;
  the page-versus-XML values and page text of its extraction comparison go with the file
  (core.books.extraction_comparisons), its agreement per field stays;
- jobs, `jobs_days` (the contract's 30) after their terminal state: GET /jobs/{id} is then
  404 job.not_found; their files go first;
- idempotency records after `idempotency_hours` (24): the key may then be used afresh;
- jobs parked for credits longer than `parked_days`: swept to `cancelled`, as a person
  would cancel them from the dashboard; they held no credit, so nothing is released.

Blobs are content-addressed and shared by identical uploads, so a file is removed only when
no job that still needs it points at it, and only when no upload touched it within
`blobs.REUSE_GRACE_S` (an upload of the same bytes that has not committed yet).
"""

from datetime import datetime, timedelta

import sqlalchemy as sa

from core.blobs import Blobs
from core.books import extraction_comparisons
from core.jobs.records import AWAITING_CREDITS, CANCELLED, TERMINAL
from core.settings import RetentionSettings
from core.store.db import Store
from core.store.tables import idempotency_records, jobs

BATCH = 500
PARKED_MESSAGE = "Cancelled after waiting {days:g} days for credits."


def purge_files(store: Store, blobs: Blobs, now: datetime, days: float) -> dict:
    """Remove the uploaded files of jobs terminal for longer than `days`."""
    cutoff = now - timedelta(days=days)
    purged_jobs = removed = kept = 0
    while True:
        with store.read() as conn:
            batch = conn.execute(
                sa.select(jobs.c.id, jobs.c.blob_key)
                .where(jobs.c.status.in_(TERMINAL), jobs.c.finished_at < cutoff, jobs.c.file_purged_at.is_(None))
                .order_by(jobs.c.finished_at).limit(BATCH)
            ).all()
        if not batch:
            break
        for key in sorted({row.blob_key for row in batch}):
            if _still_needed(store, key, cutoff):
                kept += 1
                continue
            removed += blobs.remove(key, now.timestamp())
        with store.write() as conn:
            ids = [row.id for row in batch]
            purged_jobs += conn.execute(jobs.update().where(jobs.c.id.in_(ids)).values(file_purged_at=now)).rowcount
            extraction_comparisons.forget_content(conn, now, job_ids=ids)
    return {"jobs": purged_jobs, "filesRemoved": removed, "filesStillShared": kept}


def _still_needed(store: Store, blob_key: str, cutoff: datetime) -> bool:
    """Another job points at the same bytes and is not yet past the window."""
    with store.read() as conn:
        return conn.execute(
            sa.select(jobs.c.id).where(
                jobs.c.blob_key == blob_key,
                sa.or_(jobs.c.status.not_in(TERMINAL), jobs.c.finished_at >= cutoff),
            ).limit(1)
        ).first() is not None


def delete_jobs(store: Store, blobs: Blobs, now: datetime, days: float) -> dict:
    """Delete jobs terminal for longer than `days` (their files first)."""
    files = purge_files(store, blobs, now, days)
    cutoff = now - timedelta(days=days)
    deleted = 0
    while True:
        with store.write() as conn:
            ids = conn.execute(
                sa.select(jobs.c.id).where(jobs.c.status.in_(TERMINAL), jobs.c.finished_at < cutoff).limit(BATCH)
            ).scalars().all()
            if not ids:
                break
            deleted += conn.execute(jobs.delete().where(jobs.c.id.in_(ids))).rowcount
    return {"jobsDeleted": deleted, "filesRemoved": files["filesRemoved"]}


def delete_idempotency_records(store: Store, now: datetime, hours: float) -> dict:
    cutoff = now - timedelta(hours=hours)
    with store.write() as conn:
        deleted = conn.execute(idempotency_records.delete().where(idempotency_records.c.created_at < cutoff)).rowcount
    return {"recordsDeleted": deleted}


def cancel_stale_parked(store: Store, now: datetime, days: float) -> dict:
    """Sweep jobs parked for credits longer than `days` to `cancelled` (terminal)."""
    cutoff = now - timedelta(days=days)
    with store.write() as conn:
        cancelled = conn.execute(
            jobs.update()
            .where(jobs.c.status == AWAITING_CREDITS, jobs.c.created_at < cutoff)
            .values(status=CANCELLED, error_message=PARKED_MESSAGE.format(days=days), updated_at=now, finished_at=now)
        ).rowcount
    return {"jobsCancelled": cancelled}


def sweep_all(store: Store, blobs: Blobs, now: datetime, settings: RetentionSettings) -> dict:
    """Every sweep once, in an order where each sees the previous one's result."""
    return {
        "parked": cancel_stale_parked(store, now, settings.parked_days),
        "files": purge_files(store, blobs, now, settings.files_days),
        "jobs": delete_jobs(store, blobs, now, settings.jobs_days),
        "idempotency": delete_idempotency_records(store, now, settings.idempotency_hours),
    }
