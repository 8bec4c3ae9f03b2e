"""The body of an event as its deliveries send it (interface.md 2.9, 6 rules 1 and 3).

The envelope was fixed in the outbox when the state change committed, so `data.invoice`
is the DTO as it was then, not as it is when an attempt happens. It is serialised once,
here, and every attempt of every delivery of the event sends these exact bytes. Over
1 MB the minimal envelope goes instead: `data.invoice` = {id, status} and `oversized`.
Bodies are kept 30 days (interface.md 8); after that a redelivery is refused.
"""

import json
from datetime import datetime, timedelta

import sqlalchemy as sa

from core import limits
from core.clock import utcnow
from core.events import MAX_PAYLOAD_BYTES
from core.store.tables import webhook_payloads

RETENTION = timedelta(days=limits.DELIVERY_PAYLOAD_RETENTION_DAYS)


def serialise(envelope: dict) -> tuple[str, bool]:
    """(body, oversized)."""
    body = json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))
    if len(body.encode()) <= MAX_PAYLOAD_BYTES or "invoice" not in envelope.get("data", {}):
        return body, False
    invoice = envelope["data"]["invoice"]
    minimal = {**envelope, "data": {"invoice": {"id": invoice.get("id"), "status": invoice.get("status")}}, "oversized": True}
    return json.dumps(minimal, ensure_ascii=False, separators=(",", ":")), True


def row(team_id: str, mode: str, envelope: dict, created_at: datetime) -> dict:
    """The stored body of an event, as a row of `webhook_payloads` (its `body` is what is sent)."""
    body, oversized = serialise(envelope)
    return dict(event_id=envelope["id"], team_id=team_id, mode=mode, event_type=envelope["type"], body=body,
                oversized=oversized, created_at=created_at)


def store(conn: sa.Connection, team_id: str, mode: str, envelope: dict, created_at: datetime) -> None:
    conn.execute(webhook_payloads.insert(), [row(team_id, mode, envelope, created_at)])


def drop_expired(conn: sa.Connection, now: datetime | None = None) -> int:
    """Forget the bodies of events older than the retention; returns how many."""
    now = now or utcnow()
    result = conn.execute(
        webhook_payloads.update()
        .where(webhook_payloads.c.created_at < now - RETENTION, webhook_payloads.c.body.is_not(None))
        .values(body=None, dropped_at=now)
    )
    return result.rowcount
