"""Outbox events become deliveries (ARCHITECTURE "Events and webhooks").

One transaction per batch: for every event row not yet fanned out, one delivery per
matching endpoint (same team and mode, type subscribed, enabled, `sourceFilter` passed, and
for an endpoint of one client, an event of that client's job),
the event's body stored once, and the row marked. A row is taken with a conditional
UPDATE (`fanned_out_at IS NULL`), so two dispatchers fanning out at once never make
two deliveries of one event; the loser simply skips the row.
"""

from collections.abc import Iterable

import sqlalchemy as sa

from core.clock import utcnow
from core.modes import Mode
from core.store.db import Store
from core.store.scoping import in_mode
from core.store.tables import NOT_FANNED_OUT, jobs, outbox, webhook_deliveries, webhook_endpoints
from core.webhooks import deliveries, payloads

BATCH = 200


def source_matches(source_filter, source: str | None, api_key_id: str | None) -> bool:
    """interface.md 6 rule 6: `any`, `api`, `ui`, or the key that caused the change."""
    if isinstance(source_filter, dict):
        return api_key_id is not None and source_filter.get("apiKeyId") == api_key_id
    return source_filter == "any" or source_filter == source


def matching(endpoints: Iterable[dict], event: dict, client_id: str | None = None) -> list[dict]:
    """`client_id`: the client of the event's job (None: a team-wide event, for team-wide
    endpoints only)."""
    return [
        e for e in endpoints
        if event["event_type"] in e["events"] and source_matches(e["source_filter"], event["source"], event["api_key_id"])
        and (e["client_id"] is None or e["client_id"] == client_id)
    ]


def _pending_events(store: Store, limit: int) -> list[dict]:
    with store.read() as conn:
        rows = conn.execute(
            sa.select(outbox.c.id)
            .where(NOT_FANNED_OUT)
            .order_by(outbox.c.id)
            .limit(limit)
        ).scalars().all()
    return list(rows)


def _take(conn: sa.Connection, row_id: int, now) -> dict | None:
    taken = conn.execute(
        outbox.update().where(outbox.c.id == row_id, outbox.c.fanned_out_at.is_(None)).values(fanned_out_at=now)
    ).rowcount
    if not taken:
        return None
    return dict(conn.execute(sa.select(outbox).where(outbox.c.id == row_id)).mappings().one())


class _Endpoints:
    """Enabled endpoints per (team, mode), read once per batch."""

    def __init__(self, conn: sa.Connection):
        self.conn, self.cache = conn, {}

    def of(self, team_id: str, mode: str) -> list[dict]:
        key = (team_id, mode)
        if key not in self.cache:
            rows = self.conn.execute(
                sa.select(webhook_endpoints).where(
                    in_mode(webhook_endpoints, team_id, Mode(mode)),
                    webhook_endpoints.c.enabled.is_(True), webhook_endpoints.c.deleted_at.is_(None),
                )
            ).mappings().all()
            self.cache[key] = [dict(r) for r in rows]
        return self.cache[key]

    def client_of(self, event: dict) -> str | None:
        """The client of the event's job, read only when an endpoint of one client could want it."""
        wanted = any(e["client_id"] is not None for e in self.of(event["team_id"], event["mode"]))
        if not wanted or event["job_id"] is None:
            return None
        return self.conn.execute(sa.select(jobs.c.client_id).where(jobs.c.id == event["job_id"])).scalar_one_or_none()


def fan_out(store: Store, limit: int = BATCH) -> int:
    """Fan out up to `limit` events; returns how many events were taken."""
    ids = _pending_events(store, limit)
    if not ids:
        return 0
    taken = 0
    with store.write() as conn:
        now, endpoints = utcnow(), _Endpoints(conn)
        for row_id in ids:
            event = _take(conn, row_id, now)
            if event is None:
                continue
            taken += 1
            targets = matching(endpoints.of(event["team_id"], event["mode"]), event, endpoints.client_of(event))
            if not targets:
                continue
            payloads.store(conn, event["team_id"], event["mode"], event["payload"], event["created_at"])
            rows = [deliveries.new_row(e, event["event_id"], event["event_type"], now) for e in targets]
            conn.execute(webhook_deliveries.insert(), rows)
    return taken
