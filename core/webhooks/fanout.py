"""Outbox events become deliveries (ARCHITECTURE "Events and webhooks").

One transaction per batch: for every event row not yet fanned out, one delivery per
matching endpoint (same team and mode, type subscribed, enabled, `sourceFilter` passed, and
for an endpoint of one client, an event of that client's job),
the event's body stored once, and the row marked. The batch is taken with one conditional
UPDATE (`fanned_out_at IS NULL`) that returns the rows it changed, so two dispatchers
fanning out at once never make two deliveries of one event; the loser simply skips the row.
A dispatcher with free workers leases the new deliveries in the same transaction
(`claims.lease_new`) and attempts them at once.
"""

from collections.abc import Iterable
from dataclasses import dataclass

import sqlalchemy as sa

from core.clock import utcnow
from core.modes import Mode
from core.store.db import Store
from core.store.scoping import in_mode
from core.store.tables import NOT_FANNED_OUT, jobs, outbox, webhook_endpoints, webhook_payloads
from core.webhooks import deliveries, payloads
from core.webhooks.claims import Claim, Lease, lease_new

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


def _take(conn: sa.Connection, row_ids: list[int], now) -> list[dict]:
    taken = conn.execute(
        outbox.update().where(outbox.c.id.in_(row_ids), outbox.c.fanned_out_at.is_(None))
        .values(fanned_out_at=now).returning(*outbox.c)
    ).mappings().all()
    return sorted((dict(r) for r in taken), key=lambda r: r["id"])


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


@dataclass(frozen=True)
class Fanned:
    events: int  # events taken
    claims: list[Claim]  # new deliveries leased to the caller, to attempt now
    waiting: int  # new deliveries left pending (no worker was free for them)


def fan_out(store: Store, limit: int = BATCH) -> int:
    """Fan out up to `limit` events; returns how many events were taken."""
    return fan_out_leasing(store, None, limit).events


def fan_out_leasing(store: Store, lease: Lease | None, limit: int = BATCH) -> Fanned:
    """Fan out up to `limit` events; the new deliveries `lease` admits are leased to it."""
    ids = _pending_events(store, limit)
    if not ids:
        return Fanned(0, [], 0)
    with store.write() as conn:
        now, endpoints = utcnow(), _Endpoints(conn)
        events = _take(conn, ids, now)
        bodies, new = [], []
        for event in events:
            targets = matching(endpoints.of(event["team_id"], event["mode"]), event, endpoints.client_of(event))
            if not targets:
                continue
            body = payloads.row(event["team_id"], event["mode"], event["payload"], event["created_at"])
            bodies.append(body)
            new += [(deliveries.new_row(e, event["event_id"], event["event_type"], now), e, body["body"]) for e in targets]
        if bodies:
            conn.execute(webhook_payloads.insert(), bodies)
        leased = lease_new(conn, store, lease, new, now)
    return Fanned(len(events), leased, len(new) - len(leased))
