"""Webhook delivery measures for `make bench`: event commit → receipt latency at a fast
local HTTPS receiver, and deliveries per second for a burst.

The dispatcher is the real process (`invoices webhooks run`) with its production settings
(poll 0.1 s, 32 threads, 4 per endpoint); only the loopback receiver and its CA are
allowed in. The receiver runs in this process, so it shares the machine's cores with the
dispatcher, as a receiver on the same host would.
"""

import random
import time
from pathlib import Path

import psutil

from bench.stats import percentile
from core import outbox
from core.modes import Mode
from core.store.db import Store
from core.store.migrate import upgrade
from tests.support.webhook_receiver import Receiver
from tests.support.webhooks import dispatcher_env, make_team, start_dispatcher

TARGETS = {"webhook_p50_s": 0.5, "webhook_deliveries_per_second": 200}
PRODUCTION = {  # undo the test defaults of dispatcher_env: measure what `make run` runs
    "INVOICES_WEBHOOK_RETRY_DELAYS": "", "INVOICES_WEBHOOK_TIMEOUT_S": "30", "INVOICES_WEBHOOK_LEASE_S": "60",
    "INVOICES_WEBHOOK_POLL_S": "0.1",
}


def _arrival(receiver: Receiver, event_id: str, timeout_s: float = 30.0) -> float:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for r in receiver.received("/latency"):
            if r.event_id == event_id:
                return r.at
        time.sleep(0.005)
    raise TimeoutError(f"{event_id} did not arrive within {timeout_s} s")


def _latency(team, receiver: Receiver, n: int) -> dict:
    """Events one at a time, each after a random pause, so they land at random moments of
    the dispatcher's poll loop as real events do (not in step with it)."""
    seconds, rng = [], random.Random(7)
    for _ in range(n):
        time.sleep(rng.uniform(0.0, 0.2))
        envelope = team.fire()
        committed = time.time()  # fire() returns once its transaction has committed
        seconds.append(_arrival(receiver, envelope["id"]) - committed)
    return {"n": n, "p50_s": round(percentile(seconds, 0.5), 3), "p95_s": round(percentile(seconds, 0.95), 3)}


def _burst(team, receiver: Receiver, events: int, endpoints: int, dispatcher_pid: int) -> dict:
    """One transaction writes every event, as a busy pipeline batch would; deliveries per
    second run from its commit to the last receipt."""
    cpu = psutil.Process(dispatcher_pid)
    cpu_before = sum(cpu.cpu_times()[:2])
    before = len(receiver.received())
    with team.store.write() as conn:
        for _ in range(events):
            outbox.add_event(conn, team.team_id, Mode.LIVE, "invoice.failed", {"job": {"id": "job_bench"}}, None)
    committed = time.time()
    total = events * endpoints
    got = receiver.wait_for(before + total, timeout_s=300)[before:]
    last = max(r.at for r in got)
    cpu_s = sum(cpu.cpu_times()[:2]) - cpu_before
    return {
        "events": events,
        "endpoints": endpoints,
        "deliveries": total,
        "commit_to_last_receipt_s": round(last - committed, 2),
        "deliveries_per_second": round(total / (last - committed), 1),
        "dispatcher_cpu_ms_per_delivery": round(cpu_s / total * 1000, 2),
    }


def run(home: Path, latency_n: int = 50, burst_events: int = 500, burst_endpoints: int = 4) -> dict:
    url = f"sqlite:///{home / 'store.db'}"
    upgrade(url)
    store, receiver = Store(url), Receiver(home).start()
    env = {**dispatcher_env(home, receiver.ca_file, url), **PRODUCTION}
    env = {k: v for k, v in env.items() if v != ""}
    dispatcher = start_dispatcher("webhooks-bench", env, home / "logs")
    try:
        team = make_team(store, "UAB Greitis")
        team.endpoint(receiver.url("/latency"), events=["invoice.processed"])
        for i in range(burst_endpoints):
            team.endpoint(receiver.url(f"/burst-{i}"), events=["invoice.failed"])
        _arrival(receiver, team.fire()["id"])  # warm-up: the dispatcher's first connection and TLS session
        latency = _latency(team, receiver, latency_n)
        burst = _burst(team, receiver, burst_events, burst_endpoints, dispatcher.proc.pid)
        return {"event_to_receipt": latency, "burst": burst}
    finally:
        dispatcher.stop()
        receiver.stop()
        store.dispose()
