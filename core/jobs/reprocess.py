"""Reprocessing: running a job's document through the pipeline again.

Two doors, one path. `POST /invoices/{id}/reprocess` re-reads a completed invoice (the
partner pays for it now: one credit is held at once, 402 credits.insufficient when the
available balance cannot cover it, because a reprocess never parks); the operator command
`invoices admin job reprocess` retries a failed job. Either way the job returns to
`processing` and a message goes to `invoices.reprocess` through the outbox, where a sensor
batches requests into micro-batch runs keyed by their offset range.
"""

import sqlalchemy as sa

from core import errors, outbox
from core.access.admin import AdminError
from core.access.auth import Principal
from core.billing import credits
from core.blobs import open_blobs
from core.clock import iso_ms, utcnow
from core.jobs.admission import upload_message
from core.jobs.records import FAILED, PROCESSING
from core.kafka import Publisher
from core.modes import Mode
from core.settings import Settings
from core.store.db import Store
from core.store.scoping import in_client, in_mode
from core.store.tables import invoices, jobs


def _restart(conn: sa.Connection, settings: Settings, job: dict) -> outbox.KafkaRow:
    conn.execute(
        jobs.update().where(jobs.c.id == job["id"]).values(
            status=PROCESSING, attempts=0, error_message=None, finished_at=None, updated_at=utcnow()
        )
    )
    return outbox.add_kafka(conn, settings.reprocess_topic, job["team_id"], upload_message(job), job["id"])


def _publish(settings: Settings, store: Store, row: outbox.KafkaRow) -> bool:
    return Publisher(settings, store).publish_row(row)


def request(settings: Settings, store: Store, job_id: str) -> dict:
    """Operator retry of a failed job (holding a credit again in live mode)."""
    with store.write() as conn:
        job = conn.execute(sa.select(jobs).where(jobs.c.id == job_id)).mappings().first()
        if job is None:
            raise AdminError(f"no job {job_id}")
        if job["status"] != FAILED:
            raise AdminError(f"job {job_id} is {job['status']}; only failed jobs are reprocessed")
        if job["mode"] == Mode.LIVE.value:
            store.lock_team(conn, job["team_id"])
            if not credits.try_hold(conn, job["team_id"], job_id):
                raise AdminError(f"team {job['team_id']} has no available credit for {job_id}")
        row = _restart(conn, settings, dict(job))
    published = _publish(settings, store, row)
    return {"jobId": job_id, "status": PROCESSING, "published": published}


def request_invoice(settings: Settings, store: Store, principal: Principal, invoice_id: str) -> dict:
    """Partner-requested re-read of a completed invoice; paid now, never parked."""
    if principal.billing_suspended and principal.mode is Mode.LIVE:
        raise errors.BillingSuspended("Paid processing is suspended for this team; reads keep working.")
    with store.write() as conn:
        invoice = conn.execute(
            sa.select(invoices.c.id, invoices.c.job_id, invoices.c.document)
            .where(in_mode(invoices, principal.team_id, principal.mode), in_client(invoices, principal.client_id),
                   invoices.c.id == invoice_id)
        ).first()
        if invoice is None:
            raise errors.InvoiceNotFound(f"No invoice {invoice_id} for this team.")
        job = conn.execute(sa.select(jobs).where(jobs.c.id == invoice.job_id)).mappings().first()
        if job is None:  # the job passed its retention window, and its file went before it
            raise errors.ReprocessUnavailable("The source file of this invoice is no longer retained.")
        job = dict(job)
        if job["status"] == PROCESSING:
            raise errors.InvoiceNotEditable("The invoice is still being processed; try again when it is completed.")
        if job["file_purged_at"] is not None or not open_blobs(settings.blob_location).exists(job["blob_key"]):
            raise errors.ReprocessUnavailable("The source file of this invoice is no longer retained.")
        if principal.mode is Mode.LIVE:
            store.lock_team(conn, principal.team_id)
            if not credits.try_hold(conn, principal.team_id, job["id"]):
                raise errors.CreditsInsufficient("Reprocessing costs one credit and the available balance is 0.")
        document = {**invoice.document, "status": PROCESSING, "updatedAt": iso_ms(utcnow())}
        conn.execute(invoices.update().where(invoices.c.id == invoice_id).values(status=PROCESSING, document=document))
        row = _restart(conn, settings, job)
    _publish(settings, store, row)
    return {"jobId": job["id"], "invoiceId": invoice_id, "status": PROCESSING}
