"""Helpers for webhook tests and benchmarks: a team with webhook keys, endpoints made
through the domain (with a guard that admits the loopback receiver), events written to
the outbox as the pipeline writes them, and dispatcher processes."""

import time
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

from core import outbox
from core.access import admin
from core.access.actors import SYSTEM, Actor
from core.access.auth import Principal, authenticate
from core.modes import Mode
from core.store.db import Store
from core.store.tables import webhook_deliveries, webhook_delivery_attempts
from core.webhooks import endpoints
from core.webhooks.urls import UrlGuard
from schemas.webhooks import EVENT_TYPES, EndpointCreate
from tests.support.processes import Managed
from tests.support.stack import BIN, ROOT

SCOPES = ["invoice:read", "invoice:write", "webhook:read", "webhook:manage"]
LOOPBACK = UrlGuard(allow_loopback=True)


@dataclass
class Team:
    store: Store
    team_id: str
    live: Principal
    test: Principal
    live_key: str
    test_key: str

    def principal(self, mode: Mode) -> Principal:
        return self.live if mode is Mode.LIVE else self.test

    def endpoint(self, url: str, mode: Mode = Mode.LIVE, events=EVENT_TYPES, source_filter="any") -> dict:
        body = EndpointCreate(url=url, events=list(events), sourceFilter=source_filter)
        return endpoints.create(self.store, LOOPBACK, self.principal(mode), body)

    def fire(self, event_type: str = "invoice.processed", data: dict | None = None, mode: Mode = Mode.LIVE,
             actor: Actor = SYSTEM) -> dict:
        """An event as the pipeline writes it: in the outbox, inside a transaction."""
        data = data if data is not None else {"invoice": {"id": "inv_x", "status": "completed"}}
        with self.store.write() as conn:
            return outbox.add_event(conn, self.team_id, mode, event_type, data, None, actor)


def make_team(store: Store, name: str = "UAB Kabliukas") -> Team:
    team_id = admin.create_team(store, name)["teamId"]
    live = admin.create_key(store, team_id, Mode.LIVE, SCOPES)["key"]
    test = admin.create_key(store, team_id, Mode.TEST, SCOPES)["key"]
    return Team(store, team_id, authenticate(store, live, "127.0.0.1"), authenticate(store, test, "127.0.0.1"), live, test)


def dispatcher_env(home: Path, ca_file: Path, database_url: str | None = None, **extra: str) -> dict:
    import os

    env = {
        **os.environ,
        "INVOICES_HOME": str(home),
        "INVOICES_WEBHOOK_ALLOW_LOOPBACK": "1",
        "INVOICES_WEBHOOK_CA_FILE": str(ca_file),
        "INVOICES_WEBHOOK_RETRY_DELAYS": "0.05",
        "INVOICES_WEBHOOK_TIMEOUT_S": "1",
        "INVOICES_WEBHOOK_LEASE_S": "2",
        "INVOICES_WEBHOOK_POLL_S": "0.02",
        **extra,
    }
    if database_url:
        env["INVOICES_DATABASE_URL"] = database_url
    return env


def start_dispatcher(name: str, env: dict, logs: Path) -> Managed:
    logs.mkdir(parents=True, exist_ok=True)
    return Managed(name, [str(BIN / "invoices"), "webhooks", "run"], env, logs, ROOT).start()


def deliveries_of(store: Store, endpoint_id: str) -> list[dict]:
    with store.read() as conn:
        rows = conn.execute(
            sa.select(webhook_deliveries).where(webhook_deliveries.c.endpoint_id == endpoint_id).order_by(webhook_deliveries.c.id)
        ).mappings().all()
    return [dict(r) for r in rows]


def attempts_of(store: Store, delivery_id: str) -> list[dict]:
    with store.read() as conn:
        rows = conn.execute(
            sa.select(webhook_delivery_attempts)
            .where(webhook_delivery_attempts.c.delivery_id == delivery_id)
            .order_by(webhook_delivery_attempts.c.number, webhook_delivery_attempts.c.id)
        ).mappings().all()
    return [dict(r) for r in rows]


def wait_until(check, timeout_s: float = 15.0, what: str = "condition", logs=None):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"{what} not met after {timeout_s} s" + (f"\n{logs()}" if logs else ""))


def wait_status(store: Store, endpoint_id: str, status: str, count: int = 1, timeout_s: float = 15.0, logs=None) -> list[dict]:
    def done():
        rows = [d for d in deliveries_of(store, endpoint_id) if d["status"] == status]
        return rows if len(rows) >= count else None

    return wait_until(done, timeout_s, f"{count} {status} deliveries to {endpoint_id}", logs)
