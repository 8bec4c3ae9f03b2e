"""Jobs as partners see them (interface.md 2.2) and the lookups the API needs."""

import sqlalchemy as sa

from core import errors, pagination
from core.access.actors import SYSTEM, Actor
from core.clock import iso_ms
from core.modes import Mode
from core.store.scoping import bound_scope, in_bound_mode, in_client, in_mode
from core.store.tables import jobs

PROCESSING, COMPLETED, FAILED, AWAITING_CREDITS = "processing", "completed", "failed", "awaiting_credits"
# A parked job cancelled by an operator; interface.md leaves the name to us.
CANCELLED = "cancelled"
TERMINAL = frozenset({COMPLETED, FAILED, CANCELLED})
STATUSES = (PROCESSING, COMPLETED, FAILED, AWAITING_CREDITS, CANCELLED)


def job_dto(row) -> dict:
    return {
        "id": row["id"],
        "status": row["status"],
        "sourceFile": row["source_file"],
        "clientId": row["client_id"],
        "invoiceId": row["invoice_id"],
        "error": {"message": row["error_message"]} if row["status"] in (FAILED, CANCELLED) else None,
        "createdAt": iso_ms(row["created_at"]),
        "updatedAt": iso_ms(row["updated_at"]),
    }


def actor_of(job) -> Actor:
    """Events of a job's processing are caused by its upload: the key that sent it, or the
    member who uploaded it in the dashboard."""
    if job.get("api_key_id"):
        return Actor.api(job["api_key_id"])
    return Actor.ui(job["user_id"]) if job.get("user_id") else SYSTEM


def event_job(row) -> dict:
    """data.job of events (section 6, rule 1): id, status, sourceFile, createdAt, error when failed."""
    data = {"id": row["id"], "status": row["status"], "sourceFile": row["source_file"], "createdAt": iso_ms(row["created_at"])}
    if row["status"] == FAILED:
        data["error"] = {"message": row["error_message"]}
    return data


# Built once: GET /jobs/{id} is the route partners poll hardest.
_ONE_JOB = sa.select(jobs).where(in_bound_mode(jobs), jobs.c.id == sa.bindparam("job_id"))
_ONE_CLIENT_JOB = _ONE_JOB.where(jobs.c.client_id == sa.bindparam("scope_client_id"))
_UPDATE_ONE = jobs.update().where(jobs.c.id == sa.bindparam("job_id"))


def update_job(conn: sa.Connection, job_id: str, **values) -> None:
    """Set columns of one job. The statement is built once: the pipeline changes every job
    two or three times while it holds the store's write lock."""
    conn.execute(_UPDATE_ONE, {"job_id": job_id, **values})


def get_job(conn: sa.Connection, team_id: str, mode: Mode, job_id: str, client_id: str | None = None) -> dict:
    """One job; `client_id` confines a client-scoped key to its client's jobs."""
    params = {**bound_scope(team_id, mode), "job_id": job_id}
    if client_id is None:
        row = conn.execute(_ONE_JOB, params).mappings().first()
    else:
        row = conn.execute(_ONE_CLIENT_JOB, {**params, "scope_client_id": client_id}).mappings().first()
    if row is None:
        raise errors.JobNotFound(f"No job {job_id} for this team.")
    return job_dto(row)


def validate_status(status: str | None) -> None:
    if status is not None and status not in STATUSES:
        raise errors.InvalidBody(
            f"status must be one of {', '.join(STATUSES)}.",
            errors=[errors.field_error("status", "validation.invalid_enum")],
        )


def list_jobs(
    conn: sa.Connection, team_id: str, mode: Mode, status: str | None, page: pagination.Page,
    client_id: str | None = None,
) -> tuple[list[dict], str | None]:
    """Newest first; `nextCursor` continues after the last item. `client_id` confines a
    client-scoped key to its client's jobs."""
    query = sa.select(jobs).where(in_mode(jobs, team_id, mode), in_client(jobs, client_id))
    if status is not None:
        query = query.where(jobs.c.status == status)
    return pagination.fetch(conn, query, jobs.c.id, page, {"status": status}, job_dto)


def status_counts(conn: sa.Connection) -> tuple[dict[tuple[str, str], int], dict[str, int]]:
    """Jobs per (mode, status), and per mode those waiting for the pipeline (queue depth:
    processing or parked, not held for review), over every team: what /metrics reports."""
    by_status = conn.execute(
        sa.select(jobs.c.mode, jobs.c.status, sa.func.count()).group_by(jobs.c.mode, jobs.c.status)
    ).all()
    depth = conn.execute(
        sa.select(jobs.c.mode, sa.func.count())
        .where(jobs.c.status.in_((PROCESSING, AWAITING_CREDITS)), jobs.c.held_at.is_(None))
        .group_by(jobs.c.mode)
    ).all()
    return {(m, s): n for m, s, n in by_status}, {m: n for m, n in depth}
