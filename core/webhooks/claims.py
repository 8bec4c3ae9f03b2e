"""Leases on due deliveries: how several dispatchers share the work (ARCHITECTURE
"Events and webhooks", "Scale-out").

A dispatcher claims due deliveries with one conditional UPDATE (`status = pending`, lease
absent or lapsed): on SQLite the write lock serialises claimers, on PostgreSQL the second
UPDATE re-reads the row after the first commits and no longer matches, so exactly one
dispatcher holds a delivery and only it attempts. The claim counts the attempt and
writes its row before anything is sent; the dispatcher renews its leases while it works.
A dispatcher that dies mid-attempt loses nothing: its lease lapses, another claims the
delivery, marks the attempt that never reported as interrupted, and tries again
(at-least-once; receivers deduplicate on the event id). Every schedule lives in
`next_attempt_at`, so restarts keep it.
"""

import random
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa

from core.access.sealing import sealer_for
from core.clock import utcnow
from core.store.db import Store
from core.store.tables import webhook_deliveries as deliveries
from core.store.tables import webhook_delivery_attempts as attempts
from core.store.tables import webhook_endpoints as endpoints
from core.store.tables import webhook_payloads as payloads
from core.webhooks import CANCELLED, DEAD_LETTERED, DELIVERED, MAX_ATTEMPTS, PENDING
from core.webhooks.endpoints import signing_secrets
from core.webhooks.transport import Outcome

INTERRUPTED = "interrupted: the dispatcher stopped before the attempt reported"
NO_SECRET = "refused: the endpoint's signing secret cannot be opened (its sealing key is missing from the key file)"
JITTER = 0.1  # +-10 %: spreads retries of a burst without blurring the schedule


@dataclass(frozen=True)
class Claim:
    delivery_id: str
    endpoint_id: str
    lease_token: str
    attempt_id: int
    number: int
    event_id: str
    url: str
    secrets: tuple[str, ...]
    body: str


def retry_delay(number: int, delays_s: tuple[float, ...]) -> timedelta:
    """Wait after the `number`-th failed attempt."""
    base = delays_s[min(number, len(delays_s)) - 1]
    return timedelta(seconds=base * random.uniform(1 - JITTER, 1 + JITTER))


def _lapsed(now: datetime):
    return sa.or_(deliveries.c.lease_until.is_(None), deliveries.c.lease_until < now)


def due(store: Store, now: datetime, limit: int, skip_endpoints: Iterable[str] = (),
        skip_ids: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(delivery id, endpoint id) of due, unclaimed deliveries, oldest due first. Busy
    endpoints are skipped in the query itself, so one endpoint's backlog never hides the
    others'. Test sends go out even to a disabled endpoint; nothing else does."""
    query = (
        sa.select(deliveries.c.id, deliveries.c.endpoint_id)
        .join(endpoints, endpoints.c.id == deliveries.c.endpoint_id)
        .where(
            deliveries.c.status == PENDING, deliveries.c.next_attempt_at <= now, _lapsed(now),
            deliveries.c.attempts < MAX_ATTEMPTS, endpoints.c.deleted_at.is_(None),
            sa.or_(endpoints.c.enabled.is_(True), deliveries.c.is_test.is_(True)),
        )
        .order_by(deliveries.c.next_attempt_at)
        .limit(limit)
    )
    if skip_endpoints := list(skip_endpoints):
        query = query.where(deliveries.c.endpoint_id.not_in(skip_endpoints))
    if skip_ids := list(skip_ids):
        query = query.where(deliveries.c.id.not_in(skip_ids))
    with store.read() as conn:
        return [(r.id, r.endpoint_id) for r in conn.execute(query)]


def _won(conn: sa.Connection, delivery_ids: list[str], token: str) -> list[dict]:
    rows = conn.execute(
        sa.select(
            deliveries.c.id, deliveries.c.endpoint_id, deliveries.c.attempts, deliveries.c.event_id, endpoints.c.url,
            endpoints.c.secret, endpoints.c.previous_secret, endpoints.c.previous_secret_expires_at, payloads.c.body,
        )
        .join(endpoints, endpoints.c.id == deliveries.c.endpoint_id)
        .outerjoin(payloads, payloads.c.event_id == deliveries.c.event_id)
        .where(deliveries.c.id.in_(delivery_ids), deliveries.c.lease_token == token)
    ).mappings().all()
    return [dict(r) for r in rows]


def _close_interrupted(conn: sa.Connection, delivery_ids: list[str], now: datetime) -> None:
    """Only a delivery tried before can have an attempt that never reported."""
    if delivery_ids:
        conn.execute(
            attempts.update()
            .where(attempts.c.delivery_id.in_(delivery_ids), attempts.c.finished_at.is_(None))
            .values(finished_at=now, error=INTERRUPTED)
        )


def _cancel_expired(conn: sa.Connection, rows: list[dict], now: datetime) -> None:
    """A delivery whose payload passed the retention (e.g. its endpoint was disabled for a
    month) can never be sent; it ends without an attempt."""
    if rows:
        conn.execute(
            deliveries.update().where(deliveries.c.id.in_([r["id"] for r in rows])).values(
                status=CANCELLED, next_attempt_at=None, lease_holder=None, lease_token=None, lease_until=None,
                attempts=deliveries.c.attempts - 1, last_error="payload past the 30-day retention", updated_at=now,
            )
        )


def claim(store: Store, holder: str, delivery_ids: list[str], lease_s: float) -> list[Claim]:
    """Take what nobody holds among `delivery_ids`; the rest belongs to someone else now."""
    if not delivery_ids:
        return []
    token, now = uuid.uuid4().hex, utcnow()
    with store.write() as conn:
        conn.execute(
            deliveries.update()
            .where(deliveries.c.id.in_(delivery_ids), deliveries.c.status == PENDING, _lapsed(now),
                   deliveries.c.attempts < MAX_ATTEMPTS)
            .values(lease_holder=holder, lease_token=token, lease_until=now + timedelta(seconds=lease_s),
                    attempts=deliveries.c.attempts + 1, updated_at=now)
        )
        rows = _won(conn, delivery_ids, token)
        if not rows:
            return []
        _close_interrupted(conn, [r["id"] for r in rows if r["attempts"] > 1], now)
        _cancel_expired(conn, [r for r in rows if r["body"] is None], now)
        return _open_attempts(conn, sealer_for(store), holder, token, [r for r in rows if r["body"] is not None], now)


def _open_attempts(conn: sa.Connection, sealer, holder: str, token: str, rows: list[dict], now: datetime) -> list[Claim]:
    """The attempt rows of leased deliveries (written before anything is sent), and their claims.
    `rows`: the delivery's id, endpoint_id, attempts (this attempt's number) and event_id, its
    endpoint's url and secrets, and the body."""
    if not rows:
        return []
    made = conn.execute(
        attempts.insert().returning(attempts.c.id, attempts.c.delivery_id),
        [dict(delivery_id=r["id"], number=r["attempts"], dispatcher=holder, started_at=now) for r in rows],
    ).all()
    attempt_ids = {delivery_id: attempt_id for attempt_id, delivery_id in made}
    return [
        Claim(r["id"], r["endpoint_id"], token, attempt_ids[r["id"]], r["attempts"], r["event_id"], r["url"],
              _secrets(r, now, sealer), r["body"])
        for r in rows
    ]


def _secrets(endpoint: dict, now: datetime, sealer) -> tuple[str, ...]:
    """The endpoint's signing secrets; none when they cannot be opened (their sealing key is
    gone from the key file): the attempt then fails unsent (`NO_SECRET`), and only this
    endpoint's, never the transaction that leases everyone's deliveries with it."""
    try:
        return tuple(signing_secrets(endpoint, now, sealer))
    except Exception:  # a missing key (KeyError), a secret that does not decrypt (InvalidTag)
        return ()


@dataclass(frozen=True)
class Lease:
    """What a dispatcher takes on as its fan-out writes new deliveries: it attempts them at
    once, instead of a query finding them due and another transaction claiming them."""

    holder: str
    lease_s: float
    admit: Callable[[str], bool]  # an endpoint's id -> a worker is free for it now (and is taken)


def lease_new(conn: sa.Connection, store: Store, lease: Lease | None, new: list[tuple[dict, dict, str]],
              now: datetime) -> list[Claim]:
    """Insert new deliveries, those `lease` admits already leased to it with their first attempt
    counted and its row written, exactly as `claim` leaves a claimed one; the rest wait pending to
    be found due. `new`: (delivery row, its endpoint's row, the event's body)."""
    token, taken = uuid.uuid4().hex, []
    for row, endpoint, body in new:
        if lease is not None and lease.admit(row["endpoint_id"]):
            row.update(lease_holder=lease.holder, lease_token=token,
                       lease_until=now + timedelta(seconds=lease.lease_s), attempts=1)
            taken.append({**endpoint, **row, "body": body})
        else:
            row.update(lease_holder=None, lease_token=None, lease_until=None)
    if new:
        conn.execute(deliveries.insert(), [row for row, _, _ in new])
    if not taken:
        return []
    return _open_attempts(conn, sealer_for(store), lease.holder, token, taken, now)


def _next_state(claim_: Claim, outcome: Outcome, delays_s: tuple[float, ...]) -> dict:
    if outcome.delivered:
        return dict(status=DELIVERED, delivered_at=outcome.finished_at, next_attempt_at=None)
    if claim_.number >= MAX_ATTEMPTS:
        return dict(status=DEAD_LETTERED, delivered_at=None, next_attempt_at=None)
    return dict(status=PENDING, delivered_at=None, next_attempt_at=outcome.finished_at + retry_delay(claim_.number, delays_s))


# One statement each, executed for a whole batch: a busy dispatcher records hundreds of
# attempts a second, and building a statement per attempt would cost more than the SQL.
_FINISH_ATTEMPT = attempts.update().where(attempts.c.id == sa.bindparam("b_id")).values(
    started_at=sa.bindparam("b_started_at"), finished_at=sa.bindparam("b_finished_at"),
    duration_ms=sa.bindparam("b_duration_ms"), status_code=sa.bindparam("b_status_code"),
    error=sa.bindparam("b_error"), response_body=sa.bindparam("b_response"),
)
_SETTLE_DELIVERY = (
    deliveries.update()
    .where(deliveries.c.id == sa.bindparam("b_id"), deliveries.c.lease_token == sa.bindparam("b_token"),
           deliveries.c.status == PENDING)
    .values(status=sa.bindparam("b_status"), delivered_at=sa.bindparam("b_delivered_at"),
            next_attempt_at=sa.bindparam("b_next_attempt_at"), last_status_code=sa.bindparam("b_status_code"),
            last_error=sa.bindparam("b_error"), updated_at=sa.bindparam("b_now"),
            lease_holder=None, lease_token=None, lease_until=None)
)


def record(store: Store, results: list[tuple[Claim, Outcome]], delays_s: tuple[float, ...]) -> None:
    """Write the outcomes of finished attempts, all in one transaction. A delivery whose
    lease we lost (or that was cancelled meanwhile) keeps its state; its attempt row still
    tells what happened."""
    if not results:
        return
    now = utcnow()
    finished = [
        dict(b_id=c.attempt_id, b_started_at=o.started_at, b_finished_at=o.finished_at, b_duration_ms=o.duration_ms,
             b_status_code=o.status_code, b_error=o.error, b_response=o.response)
        for c, o in results
    ]
    settled = [
        {f"b_{k}": v for k, v in _next_state(c, o, delays_s).items()}
        | dict(b_id=c.delivery_id, b_token=c.lease_token, b_status_code=o.status_code, b_error=o.error, b_now=now)
        for c, o in results
    ]
    with store.write() as conn:
        conn.execute(_FINISH_ATTEMPT, finished)
        conn.execute(_SETTLE_DELIVERY, settled)


def extend(store: Store, holder: str, delivery_ids: list[str], lease_s: float) -> None:
    """Renew the leases of the attempts still running here."""
    if delivery_ids:
        with store.write() as conn:
            conn.execute(
                deliveries.update()
                .where(deliveries.c.id.in_(delivery_ids), deliveries.c.lease_holder == holder, deliveries.c.status == PENDING)
                .values(lease_until=utcnow() + timedelta(seconds=lease_s))
            )


def dead_letter_interrupted(store: Store) -> int:
    """The 8th attempt was interrupted: no attempt is left, so the delivery is dead-lettered."""
    now = utcnow()
    stuck = (deliveries.c.status == PENDING, deliveries.c.attempts >= MAX_ATTEMPTS, deliveries.c.lease_until < now)
    with store.read() as conn:
        ids = conn.execute(sa.select(deliveries.c.id).where(*stuck)).scalars().all()
    if not ids:
        return 0
    with store.write() as conn:
        done = conn.execute(
            deliveries.update().where(deliveries.c.id.in_(ids), *stuck).values(
                status=DEAD_LETTERED, next_attempt_at=None, lease_holder=None, lease_token=None, lease_until=None,
                last_error=INTERRUPTED, updated_at=now,
            )
        ).rowcount
        _close_interrupted(conn, list(ids), now)
    return done
