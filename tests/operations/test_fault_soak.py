"""Fault soak: 500 live uploads through the front while supervised processes are killed in
turn (SIGKILL) and supervisord or their parent starts them again: a gunicorn worker, the
webhook dispatcher, a stream run's process, the broker and Redis.

Afterwards every admitted upload is terminal, the ledger is exact (one hold and one charge
per completed job, one hold and one release per failed one, nothing charged twice, the
balance the API reports matches), and every event reached the HTTPS receiver at least once
under one stable event id. The figures are printed (`pytest -s` shows them).
"""

import dataclasses
import json
import os
import signal
import socket
import subprocess
import threading
import time
import uuid
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
import sqlalchemy as sa
from standardwebhooks.webhooks import Webhook

from core import credits
from core.store.db import Store
from core.store.tables import credit_ledger, jobs, outbox, stream_leases, webhook_deliveries
from schemas.webhooks import EVENT_TYPES
from tests.support.processes import Managed, free_port, wait_for_port
from tests.support.stack import BIN, ROOT, Stack
from tests.support.webhook_receiver import Receiver

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.timeout(360)]

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
UPLOADS = 500
CLIENTS = 6
RATE_PER_S = 14.0  # the uploads are spread over about 36 s, so that every fault lands among them
FAULTS = ("api worker", "webhook dispatcher", "stream run", "broker", "redis")
FIRST_FAULT_S, FAULT_GAP_S = 4.0, 7.0
UPLOAD_BUDGET_S = 80.0  # one upload's retries: longer than an orphaned Idempotency-Key claim (60 s)
TEST_BUDGET_S = 320.0  # everything but stopping the stack
GROUPS = 2
TERMINAL = ("completed", "failed", "cancelled")
RETRYABLE = {429, 500, 502, 503, 504}


# --- the uploads: a few distinct born-digital invoices ---------------------------------------
def _invoice_files(folder: Path) -> list[tuple[str, bytes]]:
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
    """CLIENTS threads sending UPLOADS uploads at RATE_PER_S, each with its own
    Idempotency-Key, retried with that key after a refusal a retry can cure."""

    def __init__(self, stack: Stack, key: str, files: list[tuple[str, bytes]]):
        self.stack, self.key, self.files = stack, key, files
        self.run_id = uuid.uuid4().hex[:8]
        self.local = threading.local()
        self.stopping = threading.Event()  # the test failed: the clients stop retrying
        self.t0 = 0.0

    def _session(self) -> requests.Session:
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
        return self.local.session

    def send(self, n: int) -> Outcome:
        due = self.t0 + n / RATE_PER_S
        time.sleep(max(0.0, due - time.monotonic()))
        if self.stopping.is_set():
            return Outcome(n, final="not sent")
        name, data = self.files[n % len(self.files)]
        headers = {"Authorization": f"Bearer {self.key}", "Idempotency-Key": f"soak-{self.run_id}-{n}"}
        outcome, deadline, pause = Outcome(n), time.monotonic() + UPLOAD_BUDGET_S, 0.2
        while True:
            at = time.monotonic() - self.t0
            try:
                resp = self._session().post(f"{self.stack.base}/invoices", headers=headers,
                                            files={"file": (name, data, "application/pdf")}, timeout=15)
            except requests.RequestException as exc:
                outcome.attempts.append((at, f"error {type(exc).__name__}"))
                self.local.session = requests.Session()
                retry, wait = True, pause
            else:
                code = _problem_code(resp)
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


def _problem_code(resp: requests.Response) -> str:
    if resp.headers.get("Content-Type", "").startswith("application/problem+json"):
        try:
            return resp.json().get("code", "")
        except ValueError:
            return ""
    return ""


# --- the supervised processes ------------------------------------------------------------------
class Supervised:
    def __init__(self, stack: Stack, proc: Managed):
        self.stack, self.proc = stack, proc
        self.conf = stack.home / "supervisor" / "supervisord.conf"

    def pid(self, program: str) -> int:
        out = subprocess.run([str(BIN / "supervisorctl"), "-c", str(self.conf), "pid", program],
                             capture_output=True, text=True, timeout=10)
        text = out.stdout.strip()
        return int(text) if text.isdigit() else 0


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError, PermissionError):
                continue
            if int(stat[1]) == pid and stat[0] != "Z":
                found.append(int(entry.name))
    return sorted(found)


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def _holders(store: Store) -> dict[int, int | None]:
    with store.read() as conn:
        return {r.group_id: r.holder_pid for r in conn.execute(sa.select(stream_leases.c.group_id, stream_leases.c.holder_pid))}


def _wait(check, timeout_s: float, pause: float = 0.2):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(pause)
    return None


def _kill(name: str, sup: Supervised, store: Store) -> tuple[int, object]:
    """SIGKILL one process of the stack; returns its pid and a check that is true once the
    stack has replaced it."""
    s = sup.stack
    if name == "api worker":
        master = sup.pid("api")
        workers = _children(master)
        assert master and workers, sup.proc.tail(60)
        victim = workers[0]
        os.kill(victim, signal.SIGKILL)
        return victim, lambda: len([w for w in _children(master) if w != victim]) >= len(workers)
    if name == "stream run":
        holders = {g: pid for g, pid in _holders(store).items() if _alive(pid)}
        assert holders, f"no stream run holds a lease: {_holders(store)}"
        group, victim = sorted(holders.items())[0]
        os.kill(victim, signal.SIGKILL)
        return victim, lambda: (lambda pid: pid != victim and _alive(pid))(_holders(store).get(group))
    program, port = {"webhook dispatcher": ("webhooks", None), "broker": ("broker", s.broker_port),
                     "redis": ("redis", s.redis_port)}[name]
    victim = sup.pid(program)
    assert victim, sup.proc.tail(60)
    os.kill(victim, signal.SIGKILL)

    def back() -> bool:
        pid = sup.pid(program)
        if not pid or pid == victim:
            return False
        if port is None:
            return True
        with socket.socket() as sock:
            return sock.connect_ex(("127.0.0.1", port)) == 0

    return victim, back


def _kill_in_turn(sup: Supervised, store: Store, t0: float, faults: list[dict]) -> None:
    """One fault every FAULT_GAP_S while the uploads go on, without waiting for the previous
    process to be back (a stream run takes longest); then until every one is back."""

    def poll() -> None:
        for fault in faults:
            if fault["back"] is None and fault["check"]():
                fault["back"] = time.monotonic() - t0

    for n, name in enumerate(FAULTS):
        while time.monotonic() < t0 + FIRST_FAULT_S + n * FAULT_GAP_S:
            poll()
            time.sleep(0.2)
        killed_at = time.monotonic() - t0
        pid, check = _kill(name, sup, store)
        faults.append({"name": name, "pid": pid, "killed": killed_at, "back": None, "check": check})
    deadline = time.monotonic() + 60
    while any(f["back"] is None for f in faults) and time.monotonic() < deadline:
        poll()
        time.sleep(0.2)
    late = [(f["name"], f["pid"]) for f in faults if f["back"] is None]
    assert not late, f"not replaced 60 s after the last fault: {late}\n{sup.proc.tail(80)}"


# --- the test ----------------------------------------------------------------------------------
@pytest.fixture
def soak(tmp_path):
    started = time.monotonic()
    receiver = Receiver(tmp_path).start()
    stack = Stack(
        tmp_path / "home", front=True,
        INVOICES_REDIS_URL="",  # a Redis of its own: this test kills it
        INVOICES_STREAM_GROUPS=str(GROUPS), INVOICES_LEASE_TTL_S="4", INVOICES_UI_PORT=str(free_port()),
        INVOICES_WEBHOOK_ALLOW_LOOPBACK="1", INVOICES_WEBHOOK_CA_FILE=str(receiver.ca_file),
        INVOICES_WEBHOOK_POLL_S="0.05", INVOICES_WEBHOOK_LEASE_S="3", INVOICES_WEBHOOK_RETRY_DELAYS="0.5",
        INVOICES_WEBHOOK_TIMEOUT_S="5",
    )
    stack.init()
    argv = [str(BIN / "invoices"), "supervise", "--programs", "redis,broker,api,front,webhooks,dagster-daemon"]
    proc = Managed("supervisord", argv, stack.env, stack.logs, ROOT).start()
    store = Store(f"sqlite:///{stack.home / 'store.db'}")
    try:
        wait_for_port(stack.app_port, 60, proc.proc)
        wait_for_port(stack.api_port, 30, proc.proc)
        consuming = _wait(lambda: len([p for p in _holders(store).values() if _alive(p)]) == GROUPS, 150, 0.5)
        assert consuming, f"the stream runs did not start\n{proc.tail(80)}"
        print(f"\nstack up (supervised, front, {GROUPS} stream groups) after {time.monotonic() - started:.1f} s")
        yield {"stack": stack, "sup": Supervised(stack, proc), "store": store, "receiver": receiver,
               "started": started, "files": _invoice_files(tmp_path)}
    finally:
        store.dispose()
        proc.stop(timeout_s=40)
        receiver.stop()


def test_uploads_survive_killed_processes_with_an_exact_ledger_and_every_event_delivered(soak):
    stack, sup, store, receiver = soak["stack"], soak["sup"], soak["store"], soak["receiver"]
    budget_end = soak["started"] + TEST_BUDGET_S
    granted = UPLOADS + 40
    acct = stack.provision(credits=granted)
    team = acct["team"]
    stack.cli("admin", "team", "plan", "set", team, "--requests-per-minute", "1000000", "--requests-per-hour",
              "100000000", "--concurrent-uploads", "64", "--queue-depth", "100000")
    hooks_key = stack.cli("admin", "key", "create", "--team", team, "--mode", "live", "--scopes",
                          "webhook:read,webhook:manage")["key"]
    created = requests.post(f"{stack.base}/webhooks", headers={"Authorization": f"Bearer {hooks_key}"}, timeout=10,
                            json={"url": receiver.url("/soak"), "events": list(EVENT_TYPES), "sourceFilter": "any"})
    assert created.status_code == 201, created.text
    endpoint = created.json()

    # --- uploads while the processes are killed in turn -------------------------------------
    uploader = Uploader(stack, acct["live"], soak["files"])
    uploader.t0 = time.monotonic()
    faults: list[dict] = []
    with ThreadPoolExecutor(CLIENTS) as pool:
        futures = [pool.submit(uploader.send, n) for n in range(UPLOADS)]
        try:
            _kill_in_turn(sup, store, uploader.t0, faults)
        except BaseException:
            uploader.stopping.set()
            raise
        outcomes = [f.result() for f in futures]
    sent_s = max(o.answered for o in outcomes)

    accepted = {o.job_id for o in outcomes if o.job_id}
    refused = [o for o in outcomes if not o.job_id]
    retried = [o for o in outcomes if len(o.attempts) > 1]
    answers = Counter(a[1] for o in outcomes for a in o.attempts)

    # --- every admitted upload reaches a terminal state ----------------------------------------
    def team_jobs() -> dict:
        with store.read() as conn:
            rows = conn.execute(sa.select(jobs.c.id, jobs.c.status, jobs.c.attempts)
                                .where(jobs.c.team_id == team, jobs.c.mode == "live")).all()
        return {r.id: r for r in rows}

    drained = _wait(lambda: (lambda js: js if all(j.status in TERMINAL for j in js.values()) else None)(team_jobs()),
                    max(5.0, budget_end - 60 - time.monotonic()), 0.5)
    now = team_jobs()
    drain_s = time.monotonic() - uploader.t0 - sent_s
    stuck = Counter(j.status for j in now.values() if j.status not in TERMINAL)
    assert drained, f"jobs not terminal after the drain budget: {dict(stuck)}\n{stack_tail(sup)}"
    assert accepted <= set(now), sorted(accepted - set(now))[:5]
    statuses = Counter(j.status for j in now.values())

    # --- the ledger is exact -------------------------------------------------------------------
    with store.read() as conn:
        rows = conn.execute(sa.select(credit_ledger.c.job_id, credit_ledger.c.kind, sa.func.count())
                            .where(credit_ledger.c.team_id == team, credit_ledger.c.job_id.is_not(None))
                            .group_by(credit_ledger.c.job_id, credit_ledger.c.kind)).all()
        balance = credits.balance(conn, team)
    ledger: dict[str, dict[str, int]] = defaultdict(dict)
    for job_id, kind, n in rows:
        ledger[job_id][kind] = n
    # a cancelled job is one whose invoice a review discarded: charged like a completed one
    expected = {"completed": {"hold": 1, "charge": 1}, "cancelled": {"hold": 1, "charge": 1},
                "failed": {"hold": 1, "release": 1}}
    wrong = {j: (job.status, ledger.get(j, {})) for j, job in now.items() if ledger.get(j, {}) != expected[job.status]}
    charged_twice = [j for j, kinds in ledger.items() if kinds.get("charge", 0) > 1]
    charges = sum(kinds.get("charge", 0) for kinds in ledger.values())
    assert not charged_twice, charged_twice
    assert not wrong, dict(list(wrong.items())[:10])
    assert charges == statuses["completed"] + statuses["cancelled"]
    assert balance == {"balance": granted - charges, "held": 0, "available": granted - charges}, balance
    me = stack.get(acct["live"], "/me/credits").json()
    assert (me["balance"], me["held"], me["parked"]) == (granted - charges, 0, 0), me

    # --- every event reached the receiver, each under one id ---------------------------------
    with store.read() as conn:
        events = {r.event_id: r for r in conn.execute(
            sa.select(outbox.c.event_id, outbox.c.event_type, outbox.c.job_id, outbox.c.payload)
            .where(outbox.c.kind == "event", outbox.c.team_id == team, outbox.c.mode == "live"))}
    per_job = Counter((e.job_id, e.event_type) for e in events.values())
    assert all(n == 1 for n in per_job.values()), [k for k, n in per_job.items() if n > 1][:5]
    finished = {e.job_id for e in events.values() if e.event_type in ("invoice.processed", "invoice.failed")}
    assert finished == {j for j, job in now.items() if job.status in ("completed", "failed")}

    delivered = _wait(lambda: set(events) <= {r.event_id for r in receiver.received("/soak")},
                      max(5.0, budget_end - time.monotonic()), 0.5)
    got = receiver.received("/soak")
    by_id: dict[str, set[str]] = defaultdict(set)
    for r in got:
        by_id[r.event_id].add(json.dumps(r.json, sort_keys=True))
    missing = set(events) - set(by_id)
    assert delivered and not missing, f"{len(missing)} events never arrived\n{stack_tail(sup)}"
    assert set(by_id) <= set(events), sorted(set(by_id) - set(events))[:5]
    unstable = {i: len(bodies) for i, bodies in by_id.items() if len(bodies) > 1}
    assert not unstable, unstable
    verifier = Webhook(endpoint["secret"])
    for r in got:
        envelope = verifier.verify(r.body, r.headers)
        assert envelope["id"] == r.event_id and envelope["type"] == events[r.event_id].event_type
    with store.read() as conn:
        delivery_states = Counter(conn.execute(
            sa.select(webhook_deliveries.c.status).where(webhook_deliveries.c.endpoint_id == endpoint["id"])).scalars())
    assert delivery_states == {"delivered": len(events)}, delivery_states

    # --- the figures -----------------------------------------------------------------------
    print(f"uploads: {UPLOADS} sent by {CLIENTS} clients in {sent_s:.1f} s; accepted {len(accepted)}, "
          f"refused {len(refused)} {dict(Counter(o.final for o in refused))}; "
          f"{len(retried)} needed a retry; every answer: {dict(answers)}")
    for f in faults:
        window = [a[1] for o in outcomes for a in o.attempts if f["killed"] <= a[0] <= f["back"] + 1.0]
        ok = sum(a == "202" for a in window)
        print(f"  {f['name']:<18} killed at {f['killed']:5.1f} s, replaced after {f['back'] - f['killed']:4.1f} s: "
              f"{ok} accepted, {len(window) - ok} refused meanwhile {dict(Counter(a for a in window if a != '202'))}")
    print(f"jobs: {dict(statuses)}; {sum(j.attempts > 1 for j in now.values())} processed more than once; "
          f"drained {drain_s:.1f} s after the last upload answer")
    print(f"ledger: {charges} charges for {statuses['completed']} completed, "
          f"{sum(k.get('release', 0) for k in ledger.values())} releases for {statuses['failed']} failed, "
          f"0 charged twice; balance {balance['balance']} of {granted}")
    print(f"webhooks: {len(events)} events, {len(got)} deliveries received, {len(by_id)} distinct ids, "
          f"{len(got) - len(by_id)} duplicates, 0 ids with two payloads")


def stack_tail(sup: Supervised) -> str:
    return sup.proc.tail(80)
