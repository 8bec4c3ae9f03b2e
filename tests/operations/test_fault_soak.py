"""Fault soak: 500 live uploads through the front while supervised processes are killed in
turn (SIGKILL) and supervisord or their parent starts them again: a gunicorn worker, the
webhook dispatcher, a stream run's process, the broker and Redis.

Afterwards every admitted upload is terminal, the ledger is exact (one hold and one charge
per completed job, one hold and one release per failed one, nothing charged twice, the
balance the API reports matches), and every event reached the HTTPS receiver at least once
under one stable event id. The figures are printed (`pytest -s` shows them).
"""

import os
import signal
import socket
import subprocess
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from core.store.db import Store
from schemas.webhooks import EVENT_TYPES
from tests.support.processes import Managed, free_port, wait_for_port
from tests.support.soak import (
    TERMINAL,
    Uploader,
    alive,
    check_events,
    check_ledger,
    holders,
    invoice_files,
    wait_for,
    wait_terminal,
)
from tests.support.stack import BIN, ROOT, Stack
from tests.support.webhook_receiver import Receiver

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.timeout(360)]

UPLOADS = 500
CLIENTS = 6
RATE_PER_S = 14.0  # the uploads are spread over about 36 s, so that every fault lands among them
FAULTS = ("api worker", "webhook dispatcher", "stream run", "broker", "redis")
FIRST_FAULT_S, FAULT_GAP_S = 4.0, 7.0
UPLOAD_BUDGET_S = 80.0  # one upload's retries: longer than an orphaned Idempotency-Key claim (60 s)
TEST_BUDGET_S = 320.0  # everything but stopping the stack
GROUPS = 2


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
        held = {g: pid for g, pid in holders(store).items() if alive(pid)}
        assert held, f"no stream run holds a lease: {holders(store)}"
        group, victim = sorted(held.items())[0]
        os.kill(victim, signal.SIGKILL)
        return victim, lambda: (lambda pid: pid != victim and alive(pid))(holders(store).get(group))
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
        consuming = wait_for(lambda: len([p for p in holders(store).values() if alive(p)]) == GROUPS, 150, 0.5)
        assert consuming, f"the stream runs did not start\n{proc.tail(80)}"
        print(f"\nstack up (supervised, front, {GROUPS} stream groups) after {time.monotonic() - started:.1f} s")
        yield {"stack": stack, "sup": Supervised(stack, proc), "store": store, "receiver": receiver,
               "started": started, "files": invoice_files(tmp_path)}
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
    uploader = Uploader(stack.base, acct["live"], soak["files"], RATE_PER_S, UPLOAD_BUDGET_S)
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
    now, drained = wait_terminal(store, team, max(5.0, budget_end - 60 - time.monotonic()))
    drain_s = time.monotonic() - uploader.t0 - sent_s
    stuck = Counter(j.status for j in now.values() if j.status not in TERMINAL)
    assert drained, f"jobs not terminal after the drain budget: {dict(stuck)}\n{stack_tail(sup)}"
    assert accepted <= set(now), sorted(accepted - set(now))[:5]
    statuses = Counter(j.status for j in now.values())

    # --- the ledger is exact, the balance the partner sees too -----------------------------------
    ledger = check_ledger(store, team, now, granted)
    charges = ledger["charges"]
    me = stack.get(acct["live"], "/me/credits").json()
    assert (me["balance"], me["held"], me["parked"]) == (granted - charges, 0, 0), me

    # --- every event reached the receiver, each under one id, signed -----------------------------
    try:
        delivered = check_events(store, team, now, receiver, "/soak", endpoint,
                                 max(5.0, budget_end - time.monotonic()))
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n{stack_tail(sup)}") from None

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
          f"{ledger['releases']} releases for {statuses['failed']} failed, "
          f"0 charged twice; balance {ledger['balance']['balance']} of {granted}")
    print(f"webhooks: {delivered['events']} events, {delivered['received']} deliveries received, "
          f"{delivered['ids']} distinct ids, {delivered['received'] - delivered['ids']} duplicates, "
          f"0 ids with two payloads")


def stack_tail(sup: Supervised) -> str:
    return sup.proc.tail(80)
