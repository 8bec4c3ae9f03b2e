"""Admission of uploads (interface.md 3.1 and 4; ARCHITECTURE "Transactions + outbox").

The files are already in the blob store (fsynced). One write transaction then checks the
team's queue depth (processing + parked jobs of the caller's mode; above the ceiling the
whole request is refused with ingestion.queue_full and no job is created), and for each
file holds one credit when the team's available balance covers it, else parks the job as
`awaiting_credits` and fires `invoice.awaiting_credits` once (live mode only). It inserts
the jobs, their Kafka outbox rows and events, and stores the idempotent response. Publishing
happens after commit; if it fails the upload has still succeeded and the reconciler sends it.
"""

from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa

from core import credits, errors, idempotency, ids, outbox
from core.actors import Actor
from core.auth import Principal
from core.clock import iso_ms, utcnow
from core.jobs import AWAITING_CREDITS, PROCESSING, event_job
from core.modes import Mode
from core.settings import Settings
from core.store.db import Store
from core.store.scoping import in_mode
from core.store.tables import jobs

QUEUED_STATUSES = (PROCESSING, AWAITING_CREDITS)


@dataclass(frozen=True)
class Upload:
    filename: str
    mime_type: str
    blob_key: str
    size_bytes: int
    client_id: str | None
    test_scenario: str | None


@dataclass(frozen=True)
class Admitted:
    job_id: str
    filename: str
    status: str
    outbox_id: int | None
    message: dict | None


def upload_message(job: dict) -> dict:
    """The Kafka message of invoices.uploads: {jobId, teamId, mode, blob, submittedAt}."""
    return {
        "jobId": job["id"],
        "teamId": job["team_id"],
        "mode": job["mode"],
        "blob": job["blob_key"],
        "submittedAt": iso_ms(job["created_at"]),
    }


def queue_depth(conn: sa.Connection, team_id: str, mode: Mode) -> int:
    """Jobs waiting for the pipeline: processing or parked. A job held for review waits for a
    person, not for the pipeline, so it does not fill the queue."""
    return conn.execute(
        sa.select(sa.func.count()).select_from(jobs)
        .where(in_mode(jobs, team_id, mode), jobs.c.status.in_(QUEUED_STATUSES), jobs.c.held_at.is_(None))
    ).scalar_one()


def start_processing(conn: sa.Connection, settings: Settings, job: dict) -> tuple[int, dict]:
    """Write the upload message of a job that may run now; returns (outbox id, message)."""
    message = upload_message(job)
    return outbox.add_kafka(conn, settings.uploads_topic, job["team_id"], message, job["id"]), message


def admit(
    store: Store,
    settings: Settings,
    principal: Principal,
    uploads: list[Upload],
    claim: idempotency.Claim | None = None,
    respond: Callable[[list[Admitted]], tuple[int, dict]] | None = None,
) -> list[Admitted]:
    if principal.billing_suspended and principal.mode is Mode.LIVE:
        raise errors.BillingSuspended("Paid processing is suspended for this team; reads keep working.")
    admitted: list[Admitted] = []
    with store.write() as conn:
        store.lock_team(conn, principal.team_id)  # credits and queue depth decided one at a time
        depth = queue_depth(conn, principal.team_id, principal.mode)
        if depth + len(uploads) > settings.queue_depth_limit:
            raise errors.QueueFull(
                f"{depth} job(s) are queued for this team in {principal.mode.value} mode "
                f"(ceiling {settings.queue_depth_limit}); retry after a short, jittered delay.",
                retry_after=settings.queue_retry_after_s,
            )
        for upload in uploads:
            now = utcnow()
            job_id = ids.new_id("job", principal.mode)
            if principal.mode is Mode.TEST:
                status = PROCESSING  # test mode never parks and never touches credits
            else:
                status = PROCESSING if credits.try_hold(conn, principal.team_id, job_id) else AWAITING_CREDITS
            row = dict(
                id=job_id, team_id=principal.team_id, mode=principal.mode.value, client_id=upload.client_id,
                api_key_id=principal.key_id, status=status, source_file=upload.filename, blob_key=upload.blob_key,
                mime_type=upload.mime_type, size_bytes=upload.size_bytes, test_scenario=upload.test_scenario,
                created_at=now, updated_at=now,
            )
            conn.execute(jobs.insert().values(**row))
            outbox_id = message = None
            if status == PROCESSING:
                outbox_id, message = start_processing(conn, settings, row)
            elif principal.mode is Mode.LIVE:
                outbox.add_event(
                    conn, principal.team_id, principal.mode, "invoice.awaiting_credits", {"job": event_job(row)}, job_id,
                    Actor.api(principal.key_id),
                )
            admitted.append(Admitted(job_id, upload.filename, status, outbox_id, message))
        if claim is not None and respond is not None:
            status_code, body = respond(admitted)
            idempotency.complete(conn, claim, status_code, body)
    return admitted
