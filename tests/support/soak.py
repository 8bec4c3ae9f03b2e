"""Soak helpers: many live uploads sent at a steady rate by a few client threads (retried
under one Idempotency-Key after a refusal a retry can cure), and the checks that nothing was
lost: every admitted upload terminal, the ledger exact, every event delivered under one id."""

import dataclasses
import json
import threading
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path

import requests
import sqlalchemy as sa
from standardwebhooks.webhooks import Webhook

from core.billing import credits
from core.store.db import Store
from core.store.tables import (
    credit_ledger,
    jobs,
    outbox,
    stream_leases,
    webhook_deliveries,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TERMINAL = ("completed", "failed", "cancelled")
RETRYABLE = {429, 500, 502, 503, 504}


def invoice_files(folder: Path) -> list[tuple[str, bytes]]:
    """A few distinct born-digital invoices."""
    from tests.fixtures.make_fixtures import INVOICES, build_invoice_pdf

    digital, stacked = INVOICES["invoice_digital"], INVOICES["invoice_scan"]
    made = [
        ("invoice_digital.pdf", (FIXTURES / "invoice_digital.pdf").read_bytes()),
        ("sv-000124.pdf", build_invoice_pdf(dataclasses.replace(digital, number="000124"))),
        ("bi-004517.pdf", build_invoice_pdf(stacked)),
        ("bi-004518.pdf", build_invoice_pdf(dataclasses.replace(stacked, number="004518"))),
    ]
    assert len({data for _, data in made}) == len(made)
    for name, data in made:
        (folder / name).write_bytes(data)
    return made


@dataclasses.dataclass
class Outcome:
    n: int
    job_id: str | None = None
    final: str = ""
    answered: float = 0.0  # seconds since start, when the last answer came
    attempts: list[tuple[float, str]] = dataclasses.field(default_factory=list)  # (seconds since start, outcome)


class Uploader:
    """Upload number n is sent at t0 + n / rate_per_s, with its own Idempotency-Key, and
    retried with that key for up to budget_s after a refusal a retry can cure."""

    def __init__(self, base: str, key: str, files: list[tuple[str, bytes]], rate_per_s: float, budget_s: float):
        self.base, self.key, self.files = base, key, files
        self.rate_per_s, self.budget_s = rate_per_s, budget_s
        self.run_id = uuid.uuid4().hex[:8]
        self.local = threading.local()
        self.stopping = threading.Event()  # the test failed: the clients stop retrying
        self.t0 = 0.0

    def _session(self) -> requests.Session:
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
        return self.local.session

    def send(self, n: int) -> Outcome:
        time.sleep(max(0.0, self.t0 + n / self.rate_per_s - time.monotonic()))
        if self.stopping.is_set():
            return Outcome(n, final="not sent")
        name, data = self.files[n % len(self.files)]
        headers = {"Authorization": f"Bearer {self.key}", "Idempotency-Key": f"soak-{self.run_id}-{n}"}
        outcome, deadline, pause = Outcome(n), time.monotonic() + self.budget_s, 0.2
        while True:
            at = time.monotonic() - self.t0
            try:
                resp = self._session().post(f"{self.base}/invoices", headers=headers,
                                            files={"file": (name, data, "application/pdf")}, timeout=15)
            except requests.RequestException as exc:
                outcome.attempts.append((at, f"error {type(exc).__name__}"))
                self.local.session = requests.Session()
                retry, wait = True, pause
            else:
                code = problem_code(resp)
                outcome.attempts.append((at, f"{resp.status_code} {code}".strip()))
                if resp.status_code == 202:
                    outcome.job_id, outcome.final = resp.json()["jobId"], "202"
                    outcome.answered = time.monotonic() - self.t0
                    return outcome
                retry = resp.status_code in RETRYABLE or code == "idempotency.request_in_progress"
                wait = min(float(resp.headers.get("Retry-After") or pause), 2.0)
            if not retry or time.monotonic() + wait > deadline or self.stopping.is_set():
                outcome.final, outcome.answered = outcome.attempts[-1][1], time.monotonic() - self.t0
                return outcome
            time.sleep(wait)
            pause = min(pause * 2, 2.0)


def problem_code(resp: requests.Response) -> str:
    if resp.headers.get("Content-Type", "").startswith("application/problem+json"):
        try:
            return resp.json().get("code", "")
        except ValueError:
            return ""
    return ""


def alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def holders(store: Store) -> dict[int, int | None]:
    """The pid of the stream run holding each partition group's lease."""
    with store.read() as conn:
        return {r.group_id: r.holder_pid for r in conn.execute(sa.select(stream_leases.c.group_id, stream_leases.c.holder_pid))}


def wait_for(check, timeout_s: float, pause: float = 0.2):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(pause)
    return None


def team_jobs(store: Store, team: str) -> dict:
    with store.read() as conn:
        rows = conn.execute(sa.select(jobs.c.id, jobs.c.status, jobs.c.attempts)
                            .where(jobs.c.team_id == team, jobs.c.mode == "live")).all()
    return {r.id: r for r in rows}


def wait_terminal(store: Store, team: str, timeout_s: float) -> tuple[dict, bool]:
    """The team's live jobs once all are terminal (or as they are when timeout_s ran out)."""
    def all_terminal():
        found = team_jobs(store, team)
        return found if all(j.status in TERMINAL for j in found.values()) else None

    drained = wait_for(all_terminal, timeout_s, 0.5)
    return (drained or team_jobs(store, team)), bool(drained)


def check_ledger(store: Store, team: str, now: dict, granted: int) -> dict:
    """One hold and one charge per completed (or review-cancelled) job, one hold and one
    release per failed one, nothing charged twice, the balance what the charges leave."""
    with store.read() as conn:
        rows = conn.execute(sa.select(credit_ledger.c.job_id, credit_ledger.c.kind, sa.func.count())
                            .where(credit_ledger.c.team_id == team, credit_ledger.c.job_id.is_not(None))
                            .group_by(credit_ledger.c.job_id, credit_ledger.c.kind)).all()
        balance = credits.balance(conn, team)
    ledger: dict[str, dict[str, int]] = defaultdict(dict)
    for job_id, kind, n in rows:
        ledger[job_id][kind] = n
    statuses = Counter(j.status for j in now.values())
    expected = {"completed": {"hold": 1, "charge": 1}, "cancelled": {"hold": 1, "charge": 1},
                "failed": {"hold": 1, "release": 1}}
    wrong = {j: (job.status, ledger.get(j, {})) for j, job in now.items() if ledger.get(j, {}) != expected[job.status]}
    strays = sorted(set(ledger) - set(now))
    charged_twice = [j for j, kinds in ledger.items() if kinds.get("charge", 0) > 1]
    charges = sum(kinds.get("charge", 0) for kinds in ledger.values())
    assert not charged_twice, charged_twice
    assert not strays, strays[:5]
    assert not wrong, dict(list(wrong.items())[:10])
    assert charges == statuses["completed"] + statuses["cancelled"]
    assert balance == {"balance": granted - charges, "held": 0, "available": granted - charges}, balance
    return {"charges": charges, "releases": sum(k.get("release", 0) for k in ledger.values()), "balance": balance}


def team_events(store: Store, team: str) -> dict:
    with store.read() as conn:
        return {r.event_id: r for r in conn.execute(
            sa.select(outbox.c.event_id, outbox.c.event_type, outbox.c.job_id)
            .where(outbox.c.kind == "event", outbox.c.team_id == team, outbox.c.mode == "live"))}


def check_events(store: Store, team: str, now: dict, receiver, path: str, endpoint: dict, timeout_s: float) -> dict:
    """One event of each type per job, a finishing event for every completed or failed job;
    each event reached the receiver, always with the same body under its id, signed, and its
    delivery is recorded delivered."""
    events = team_events(store, team)
    per_job = Counter((e.job_id, e.event_type) for e in events.values())
    assert all(n == 1 for n in per_job.values()), [k for k, n in per_job.items() if n > 1][:5]
    finished = {e.job_id for e in events.values() if e.event_type in ("invoice.processed", "invoice.failed")}
    should = {j for j, job in now.items() if job.status in ("completed", "failed")}
    assert finished == should, (sorted(should - finished)[:5], sorted(finished - should)[:5])

    delivered = wait_for(lambda: set(events) <= {r.event_id for r in receiver.received(path)}, timeout_s, 0.5)
    got = receiver.received(path)
    by_id: dict[str, set[str]] = defaultdict(set)
    for r in got:
        by_id[r.event_id].add(json.dumps(r.json, sort_keys=True))
    missing = set(events) - set(by_id)
    assert delivered and not missing, f"{len(missing)} of {len(events)} events never arrived: {sorted(missing)[:5]}"
    assert set(by_id) <= set(events), sorted(set(by_id) - set(events))[:5]
    unstable = {i: len(bodies) for i, bodies in by_id.items() if len(bodies) > 1}
    assert not unstable, unstable
    verifier = Webhook(endpoint["secret"])
    for r in got:
        envelope = verifier.verify(r.body, r.headers)
        assert envelope["id"] == r.event_id and envelope["type"] == events[r.event_id].event_type
    with store.read() as conn:
        states = Counter(conn.execute(
            sa.select(webhook_deliveries.c.status).where(webhook_deliveries.c.endpoint_id == endpoint["id"])).scalars())
    assert states == {"delivered": len(events)}, states
    return {"events": len(events), "received": len(got), "ids": len(by_id)}
