"""Admission of an upload (interface.md 3.1 and 4; ARCHITECTURE "Transactions + outbox").

The file is already in the blob store (fsynced). One write transaction then: holds one
credit when the team's available balance covers it (else the job parks as
`awaiting_credits` and `invoice.awaiting_credits` fires once), inserts the job, its
Kafka outbox row and any event, and stores the idempotent response. Publishing happens
after commit; if it fails the upload has still succeeded and the reconciler publishes.
"""

from dataclasses import dataclass

from core import credits, idempotency, ids, outbox
from core.auth import Principal
from core.clock import iso_ms, utcnow
from core.jobs import AWAITING_CREDITS, PROCESSING, event_job
from core.modes import Mode
from core.settings import Settings
from core.store.db import Store
from core.store.tables import jobs


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
    status: str
    outbox_id: int | None
    message: dict | None


def upload_message(job_id: str, principal: Principal, upload: Upload, submitted_at) -> dict:
    """The Kafka message of invoices.uploads: {jobId, teamId, mode, blob, submittedAt}."""
    return {
        "jobId": job_id,
        "teamId": principal.team_id,
        "mode": principal.mode.value,
        "blob": upload.blob_key,
        "submittedAt": iso_ms(submitted_at),
    }


def admit(
    store: Store,
    settings: Settings,
    principal: Principal,
    upload: Upload,
    claim: idempotency.Claim | None,
) -> Admitted:
    now = utcnow()
    job_id = ids.new_id("job", principal.mode)
    with store.write() as conn:
        if principal.mode is Mode.TEST:
            status = PROCESSING  # test mode never parks and never touches credits
        else:
            store.lock_team(conn, principal.team_id)
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
            message = upload_message(job_id, principal, upload, now)
            outbox_id = outbox.add_kafka(conn, settings.uploads_topic, principal.team_id, message, job_id)
        elif principal.mode is Mode.LIVE:
            outbox.add_event(conn, principal.team_id, principal.mode, "invoice.awaiting_credits", event_job(row), job_id)
        if claim is not None:
            idempotency.complete(conn, claim, 202, {"jobId": job_id, "status": status})
    return Admitted(job_id=job_id, status=status, outbox_id=outbox_id, message=message)
