"""Admission of uploads (interface.md 3.1 and 4; ARCHITECTURE "Transactions + outbox").

The files are already in the blob store (fsynced). One write transaction then checks the
team's queue depth (processing + parked jobs of the caller's mode; above the ceiling the
whole request is refused with ingestion.queue_full and no job is created), and for each
file holds one credit when the team's available balance covers it, else parks the job as
`awaiting_credits` and fires `invoice.awaiting_credits` once (live mode only). It inserts
the jobs, their Kafka outbox rows and events, and stores the idempotent response. Publishing
happens after commit; if it fails the upload has still succeeded and the reconciler sends it.
"""

from contextlib import contextmanager
from dataclasses import dataclass

import sqlalchemy as sa

from core import errors, ids, metrics, outbox, text
from core.access.actors import Actor
from core.access.auth import Principal
from core.billing import credits
from core.blobs import Blobs
from core.books.clients import resolve_client
from core.clock import iso_ms, utcnow
from core.jobs import idempotency, uploads
from core.jobs.records import AWAITING_CREDITS, PROCESSING, event_job
from core.jobs.uploads import request_fingerprint
from core.modes import Mode
from core.settings import Settings
from core.store.db import Store
from core.store.scoping import bound_scope, in_bound_mode
from core.store.tables import jobs
from schemas import messages

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
    sending: outbox.KafkaRow | None  # the upload message to send, for a job that runs now


@dataclass(frozen=True)
class IncomingFile:
    """A file part that passed its own checks, at its position in the request."""

    index: int
    data: bytes
    filename: str
    mime_type: str


@dataclass(frozen=True)
class RejectedFile:
    """A batch file refused on its own (type, size, name); the others go on."""

    index: int
    filename: str
    error: errors.ServiceError


@dataclass(frozen=True)
class UploadRequest:
    files: tuple[IncomingFile, ...]
    rejected: tuple[RejectedFile, ...] = ()
    client_header: str | None = None
    scenario: str | None = None
    idempotency_key: str | None = None
    request_id: str | None = None
    batch: bool = False
    actor: Actor | None = None  # who sends it when no key does: a member in the dashboard (source `ui`)

    def fingerprint(self) -> str:
        """The request body as Idempotency-Key compares it (refused files included)."""
        files = [(f.data, f.filename, f.mime_type) for f in self.files]
        files += [(b"", r.filename, r.error.code) for r in self.rejected]
        return request_fingerprint(files, self.client_header, self.scenario)


@dataclass(frozen=True)
class UploadResponse:
    status: int
    body: dict
    replayed: bool = False


def incoming_file(index: int, data: bytes, filename: str | None, declared_type: str | None) -> IncomingFile:
    """A file part checked on its own: its type decided by its bytes, its name cleaned of
    control and bidirectional characters (core/text.py) and held to the byte limit."""
    mime_type = uploads.decide_mime_type(data, declared_type)
    name = text.stripped(filename or "").strip() or f"upload.{uploads.ACCEPTED_TYPES[mime_type]}"
    uploads.check_filename(name)
    return IncomingFile(index, data, name, mime_type)


@contextmanager
def in_flight(counters, principal: Principal):
    """Hold one of the plan's slots for uploads in flight while the body is read and admitted
    (reading it is what costs); a team already at its ceiling is refused before any work."""
    if counters is None:  # no counter store configured: no ceiling, as the counters fail open
        yield
        return
    slot = f"uploads:{principal.team_id}:{principal.mode.value}"
    with counters.slot(slot, principal.plan.concurrent_uploads) as free:
        if not free:
            raise errors.UploadConcurrentLimitExceeded(
                f"The team already has {principal.plan.concurrent_uploads} uploads in flight; retry when one finishes.",
                retry_after=1,
            )
        yield


def upload_message(job: dict, request_id: str | None = None) -> dict:
    """The Kafka message of invoices.uploads: {jobId, teamId, mode, blob, submittedAt} and the
    id of the request that uploaded it (absent when no request did), for the stream run's log.
    Built by the contract's one builder (schemas/messages.py), which reprocessing shares."""
    return messages.upload_message(
        job["id"], job["team_id"], job["mode"], job["blob_key"], iso_ms(job["created_at"]), request_id
    )


# Statements of the admission transaction, built once: building one per request cost more
# CPU than running it, and it ran while the process held the store's write lock.
_QUEUE_DEPTH = (
    sa.select(sa.func.count()).select_from(jobs)
    .where(in_bound_mode(jobs), jobs.c.status.in_(QUEUED_STATUSES), jobs.c.held_at.is_(None))
)
_INSERT_JOB = jobs.insert()


def queue_depth(conn: sa.Connection, team_id: str, mode: Mode) -> int:
    """Jobs waiting for the pipeline: processing or parked. A job held for review waits for a
    person, not for the pipeline, so it does not fill the queue."""
    return conn.execute(_QUEUE_DEPTH, bound_scope(team_id, mode)).scalar_one()


def start_processing(conn: sa.Connection, settings: Settings, job: dict, request_id: str | None = None) -> outbox.KafkaRow:
    """Write the upload message of a job that may run now, on the next partition in turn:
    one team's burst spreads over every partition and stream run, evenly."""
    message = upload_message(job, request_id)
    partition = outbox.deal_partition(settings.topic_partitions)
    return outbox.add_kafka(conn, settings.uploads_topic, job["id"], message, job["id"], partition)


def admit(
    store: Store,
    settings: Settings,
    principal: Principal,
    uploads: list[Upload],
    claim: idempotency.Claim | None = None,
    request: UploadRequest | None = None,
) -> list[Admitted]:
    """Decide every file of a request in one transaction: run, park, or refuse them all.
    The API and the dashboard both come here, so credits, parking and queue depth are
    decided the same way whoever uploads.

    The transaction is shared with the admissions that the process's other threads make
    meanwhile (`Store.write_together`): one commit for all of them, each in its own savepoint.
    """
    if principal.billing_suspended and principal.mode is Mode.LIVE:
        raise errors.BillingSuspended("Paid processing is suspended for this team; reads keep working.")
    return store.write_together(lambda conn: _decide(conn, store, settings, principal, uploads, claim, request))


def _decide(
    conn: sa.Connection,
    store: Store,
    settings: Settings,
    principal: Principal,
    uploads: list[Upload],
    claim: idempotency.Claim | None,
    request: UploadRequest | None,
) -> list[Admitted]:
    store.lock_team(conn, principal.team_id)  # credits and queue depth decided one at a time
    depth = queue_depth(conn, principal.team_id, principal.mode)
    ceiling = principal.plan.queue_depth
    if depth + len(uploads) > ceiling:
        raise errors.QueueFull(
            f"{depth} job(s) are queued for this team in {principal.mode.value} mode "
            f"(ceiling {ceiling}); retry after a short, jittered delay.",
            retry_after=settings.queue_retry_after_s,
        )
    actor = (request.actor if request else None) or Actor.api(principal.key_id)
    admitted: list[Admitted] = []
    for upload in uploads:
        now = utcnow()
        job_id = ids.new_id("job", principal.mode)
        if principal.mode is Mode.TEST:
            status = PROCESSING  # test mode never parks and never touches credits
        else:
            status = PROCESSING if credits.try_hold(conn, principal.team_id, job_id) else AWAITING_CREDITS
        row = dict(
            id=job_id, team_id=principal.team_id, mode=principal.mode.value, client_id=upload.client_id,
            api_key_id=principal.key_id, user_id=actor.user_id, status=status, source_file=upload.filename, blob_key=upload.blob_key,
            mime_type=upload.mime_type, size_bytes=upload.size_bytes, test_scenario=upload.test_scenario,
            created_at=now, updated_at=now,
        )
        conn.execute(_INSERT_JOB, row)
        sending = None
        if status == PROCESSING:
            sending = start_processing(conn, settings, row, request.request_id if request else None)
        elif principal.mode is Mode.LIVE:
            outbox.add_event(
                conn, principal.team_id, principal.mode, "invoice.awaiting_credits", {"job": event_job(row)}, job_id, actor,
            )
        admitted.append(Admitted(job_id, upload.filename, status, sending))
    if claim is not None and request is not None:
        status_code, body = _response(request, admitted)
        idempotency.complete(conn, claim, status_code, body)
    return admitted


def receive(store: Store, blobs: Blobs, publisher: outbox.OutboxPublisher, settings, principal: Principal,
            request: UploadRequest) -> UploadResponse:
    """Claim the Idempotency-Key, store the files, admit them in one transaction, publish.

    Once this returns, every admitted job reaches a terminal state whatever crashes: the
    files are fsynced before the transaction that names them commits, and a message the
    broker did not take is sent by the reconciler. A failure after the claim gives the key
    back, so the same request can be retried with it.
    """
    client_id = resolve_client(store, principal, request.client_header)
    claim = None
    if request.idempotency_key is not None:
        claim = idempotency.Claim(principal.team_id, principal.mode, request.idempotency_key, request.fingerprint())
        cached = idempotency.claim(store, claim)
        if cached is not None:
            return UploadResponse(*cached, replayed=True)
    try:
        batch = [
            Upload(f.filename, f.mime_type, _store_file(blobs, f.data), len(f.data), client_id, request.scenario)
            for f in request.files
        ]
        admitted = admit(store, settings, principal, batch, claim, request)
    except Exception as exc:
        if claim is not None:
            idempotency.abandon(store, claim)
        if isinstance(exc, sa.exc.DBAPIError):
            raise errors.UploadFailed("The upload could not be recorded; retry with the same Idempotency-Key.") from exc
        raise
    for item in admitted:
        metrics.UPLOADS.labels(principal.mode.value, item.status).inc()
        if item.sending is not None:
            publisher.publish_soon(item.sending)
    return UploadResponse(*_response(request, admitted))


def _store_file(blobs: Blobs, data: bytes) -> str:
    try:
        return blobs.put(data)
    except OSError as exc:
        raise errors.UploadFailed("The file could not be stored; retry with the same Idempotency-Key.") from exc


def _response(request: UploadRequest, admitted: list) -> tuple[int, dict]:
    """202 with the one job (2.3), or 207 with a result per file in request order (2.4)."""
    if not request.batch:
        return 202, {"jobId": admitted[0].job_id, "status": admitted[0].status}
    results = [
        (r.index, {"filename": r.filename, "jobId": None, "status": "rejected",
                   "error": {"code": r.error.code, "detail": r.error.detail}})
        for r in request.rejected
    ]
    results += [(f.index, {"filename": a.filename, "jobId": a.job_id, "status": a.status})
                for f, a in zip(request.files, admitted)]
    return 207, {
        "results": [body for _, body in sorted(results, key=lambda pair: pair[0])],
        "accepted": len(admitted),
        "rejected": len(request.rejected),
        "awaitingCredits": sum(1 for a in admitted if a.status == "awaiting_credits"),
    }
