"""Idempotency-Key handling (interface.md 4, rule 2; limits in section 8).

A request with a key first claims the key in its own short transaction (`in_progress`).
The admission transaction then stores the response with the job, so the cached answer and
the job it names commit together. A repeat with the same body gets the cached response; a
different body gets 409 key_reused_with_different_params; a repeat while the original still
runs gets 409 request_in_progress. A claim whose request died is taken over after
`LOCK_SECONDS`; a request that failed with an error gives its claim back, so the caller can
correct the request and retry with the same key.

When the store behind the keys cannot be reached, the request is refused before anything
is done: 503 idempotency.backend_unavailable with Retry-After.
"""

import logging

from dataclasses import dataclass
from datetime import timedelta

import sqlalchemy as sa

from core import errors, limits
from core.clock import as_utc, utcnow
from core.modes import Mode
from core.store.db import Store
from core.store.tables import idempotency_records as records

log = logging.getLogger(__name__)

LOCK_SECONDS = 60
BACKEND_RETRY_AFTER_S = 5
MAX_KEY_BYTES = limits.IDEMPOTENCY_KEY_BYTES


def validate_key(key: str) -> None:
    if not key or len(key.encode("utf-8")) > MAX_KEY_BYTES or not key.isprintable():
        raise errors.InvalidIdempotencyKey("Idempotency-Key must be 1-255 printable characters.")


@dataclass(frozen=True)
class Claim:
    team_id: str
    mode: Mode
    key: str
    request_hash: str

    def _where(self):
        return sa.and_(records.c.team_id == self.team_id, records.c.mode == self.mode.value, records.c.key == self.key)


def claim(store: Store, claim: Claim) -> tuple[int, dict] | None:
    """Claim the key, or return the cached (status, body) of a finished identical request."""
    try:
        return _claim(store, claim)
    except sa.exc.IntegrityError:
        raise
    except sa.exc.DBAPIError as exc:
        raise errors.IdempotencyBackendUnavailable(
            "Idempotency keys cannot be checked right now; the request was not executed. Retry later.",
            retry_after=BACKEND_RETRY_AFTER_S,
        ) from exc


def _claim(store: Store, claim: Claim) -> tuple[int, dict] | None:
    now = utcnow()
    with store.write() as conn:
        row = conn.execute(sa.select(records).where(claim._where())).mappings().first()
        if row is not None:
            if row["request_hash"] != claim.request_hash:
                raise errors.IdempotencyKeyReused("This Idempotency-Key was used with a different request body.")
            if row["state"] == "completed":
                return int(row["response_status"]), dict(row["response_body"])
            if as_utc(row["locked_until"]) > now:
                raise errors.IdempotencyInProgress(
                    "A request with this Idempotency-Key is still in progress.", retry_after=1
                )
            conn.execute(records.update().where(claim._where()).values(locked_until=now + timedelta(seconds=LOCK_SECONDS)))
            return None
        try:
            with conn.begin_nested():
                conn.execute(
                    records.insert().values(
                        team_id=claim.team_id, mode=claim.mode.value, key=claim.key, request_hash=claim.request_hash,
                        state="in_progress", created_at=now, locked_until=now + timedelta(seconds=LOCK_SECONDS),
                    )
                )
        except sa.exc.IntegrityError as exc:  # PostgreSQL: a concurrent request claimed it first
            raise errors.IdempotencyInProgress(
                "A request with this Idempotency-Key is still in progress.", retry_after=1
            ) from exc
    return None


def complete(conn: sa.Connection, claim: Claim, status: int, body: dict) -> None:
    """Store the response; called inside the transaction that creates what it names."""
    conn.execute(records.update().where(claim._where()).values(state="completed", response_status=status, response_body=body))


def abandon(store: Store, claim: Claim) -> None:
    """Give the key back after a failed request; if the store cannot be reached, the claim
    simply expires after LOCK_SECONDS."""
    try:
        with store.write() as conn:
            conn.execute(records.delete().where(claim._where(), records.c.state == "in_progress"))
    except sa.exc.DBAPIError:
        log.warning("could not release Idempotency-Key claim %s; it expires in %s s", claim.key, LOCK_SECONDS)
