"""The store's side of the page-versus-XML comparisons (assets.einvoice.shadow).

A comparison is saved in the transaction that records its invoice, one per job (a job read
again replaces it). Its `fields` (agreement and the page's confidence per field, no values)
stay for the warehouse's `extraction_agreement`; its `pairs` and `page_text` repeat the
document's content, so they go when the uploaded file goes (core.jobs.retention.purge_files) or
the invoice is deleted.
"""

import dataclasses
from collections.abc import Iterable
from datetime import datetime

import sqlalchemy as sa

from core.store.tables import extraction_comparisons

COLUMNS = ("producer", "syntax", "language", "engine", "duration_ms", "fields", "pairs", "page_text")

_DELETE = extraction_comparisons.delete().where(extraction_comparisons.c.job_id == sa.bindparam("job"))
_INSERT = extraction_comparisons.insert()


def save(conn: sa.Connection, job: dict, invoice_id: str, comparison, now: datetime) -> None:
    """Record `comparison` (an `assets.einvoice.shadow.Comparison`) for the job's reading."""
    values = dataclasses.asdict(comparison)
    conn.execute(_DELETE, {"job": job["id"]})
    conn.execute(_INSERT, {
        "job_id": job["id"], "invoice_id": invoice_id, "team_id": job["team_id"], "mode": job["mode"],
        **{key: values[key] for key in COLUMNS}, "created_at": now, "purged_at": None,
    })


def forget_content(conn: sa.Connection, now: datetime, *, job_ids: Iterable[str] = (),
                   invoice_id: str | None = None) -> int:
    """Clear the pairs and page text of the jobs' (or the invoice's) comparisons; the
    agreement per field stays. Returns how many comparisons lost their content."""
    job_ids = list(job_ids)
    where = (extraction_comparisons.c.job_id.in_(job_ids) if invoice_id is None
             else extraction_comparisons.c.invoice_id == invoice_id)
    if invoice_id is None and not job_ids:
        return 0
    return conn.execute(
        extraction_comparisons.update()
        .where(where, extraction_comparisons.c.purged_at.is_(None))
        .values(pairs=sa.null(), page_text=None, purged_at=now)
    ).rowcount
