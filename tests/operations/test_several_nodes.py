"""Several nodes on one box: two API nodes (two gunicorns, each with its workers) behind one
front, two webhook dispatchers and four stream groups, all on one PostgreSQL store, one
broker and one S3-protocol server. 2,000 live uploads (INVOICES_SOAK_UPLOADS sets another number) go through the front; halfway one node
of each kind is SIGKILLed: an API node (its master with its workers), a dispatcher and a
stream run. The killed API node and dispatcher stay down, the rest carries on; Dagster
replaces the stream run.

Afterwards every admitted upload is terminal, the ledger is exact, every event reached the
HTTPS receiver under one id, and the work was spread: each API node accepted uploads, each
dispatcher delivered events, each stream group took jobs. The figures are printed
(`pytest -s` shows them).
"""

import os
import re
import signal
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest
import requests
import sqlalchemy as sa

from core.store.db import Store
from core.store.tables import outbox, webhook_deliveries, webhook_delivery_attempts
from schemas.webhooks import EVENT_TYPES
from tests.support.processes import Managed, free_port, wait_for_port
from tests.support.s3 import S3Server
from tests.support.soak import (
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
from tests.support.webhooks import start_dispatcher

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.timeout(900)]

# 2,000 uploads over 85 s: on a quiet 2-core machine the four stream runs finish them 24 s
# after the last answer (2.5 minutes in all, the stack's start included); a busier machine
# takes longer, hence the timeout.
UPLOADS = int(os.environ.get("INVOICES_SOAK_UPLOADS", "2000"))
CLIENTS = 8
RATE_PER_S = UPLOADS / 85  # the uploads are spread over about 85 s; the kills land halfway
UPLOAD_BUDGET_S = 80.0  # one upload's retries: longer than an orphaned Idempotency-Key claim (60 s)
GROUPS = 4
DRAIN_BUDGET_S = 200.0  # after the last upload's answer, for the jobs and then for the deliveries
ACCEPTED_202 = re.compile(r'POST /external/v1/invoices HTTP/1\.[01]\\?" 202 ')


@pytest.fixture
def postgres_url():
    """A fresh database on INVOICES_TEST_POSTGRES_URL's server, else a throw-away cluster."""
    server = os.environ.get("INVOICES_TEST_POSTGRES_URL")
    if not server:
        from tests.support.postgres import TemporaryCluster

        with TemporaryCluster() as url:
            yield url
        return
    name = f"invoices_nodes_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield sa.make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def nodes(tmp_path, postgres_url):
    started = time.monotonic()
    receiver = Receiver(tmp_path).start()
    s3 = S3Server(tmp_path / "s3-logs")
    (tmp_path / "s3-logs").mkdir()
    procs: list[Managed] = []
    stack = store = None
    try:
        s3.__enter__()
        bucket = s3.bucket()
        app_ports = [free_port(), free_port()]
        hooks_env = {
            "INVOICES_WEBHOOK_ALLOW_LOOPBACK": "1", "INVOICES_WEBHOOK_CA_FILE": str(receiver.ca_file),
            "INVOICES_WEBHOOK_POLL_S": "0.05", "INVOICES_WEBHOOK_LEASE_S": "3", "INVOICES_WEBHOOK_RETRY_DELAYS": "0.5",
            "INVOICES_WEBHOOK_TIMEOUT_S": "5",
        }
        stack = Stack(
            tmp_path / "node-1", front=True,
            INVOICES_DATABASE_URL=postgres_url, INVOICES_BLOB_URL=f"s3://{bucket}/uploads", **s3.env,
            INVOICES_SEALING_KEYS_FILE=str(tmp_path / "sealing_keys"),  # every node shares it
            INVOICES_FRONT_UPSTREAM=",".join(f"127.0.0.1:{p}" for p in app_ports),
            INVOICES_STREAM_GROUPS=str(GROUPS), INVOICES_LEASE_TTL_S="4", INVOICES_ACCESS_LOG="1",
            INVOICES_APP_PORT=str(app_ports[0]), **hooks_env,
        )
        stack.init()
        stack.start_broker()
        # the API nodes: each a gunicorn of its own (its master, its workers, its control
        # socket and metrics under a home of its own), the same store, blobs and counters
        api = []
        for n, port in enumerate(app_ports, 1):
            home = tmp_path / f"node-{n}"
            (home / "metrics").mkdir(parents=True, exist_ok=True)
            env = {**stack.env, "INVOICES_HOME": str(home), "INVOICES_APP_PORT": str(port),
                   "PROMETHEUS_MULTIPROC_DIR": str(home / "metrics")}
            node = Managed(f"api-{n}", [str(BIN / "gunicorn"), "-c", "api/gunicorn_conf.py"], env, stack.logs, ROOT)
            procs.append(node.start())
            api.append(node)
        for node, port in zip(api, app_ports):
            wait_for_port(port, 60, node.proc)
        stack.front.start()
        procs.append(stack.front)
        wait_for_port(stack.api_port, 20, stack.front.proc)
        stack.start_daemon()
        procs.append(stack.daemon)
        dispatchers = [start_dispatcher(f"webhooks-{n}", {**stack.env, **hooks_env}, stack.logs) for n in (1, 2)]
        procs.extend(dispatchers)
        store = Store(postgres_url)
        consuming = wait_for(lambda: len([p for p in holders(store).values() if alive(p)]) == GROUPS, 200, 0.5)
        assert consuming, f"the stream runs did not start: {holders(store)}\n{stack.daemon.tail(60)}"
        print(f"\nstack up (2 API nodes behind the front, 2 dispatchers, {GROUPS} stream groups, PostgreSQL, "
              f"S3) after {time.monotonic() - started:.1f} s")
        yield {"stack": stack, "api": api, "dispatchers": dispatchers, "store": store, "receiver": receiver,
               "files": invoice_files(tmp_path)}
    finally:
        if store is not None:
            store.dispose()
        for proc in reversed(procs):
            proc.stop(timeout_s=30 if proc.name == "daemon" else 10)
        if stack is not None:
            stack.broker.stop()
        # stream runs the daemon launched and a stop did not reach
        for pid in _stray_runs(tmp_path):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        s3.__exit__(None, None, None)
        receiver.stop()


def _stray_runs(tmp_path) -> list[int]:
    found = []
    mark = str(tmp_path).encode()
    for entry in os.scandir("/proc"):
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                with open(f"/proc/{entry.name}/environ", "rb") as fh:
                    if mark in fh.read():
                        found.append(int(entry.name))
            except OSError:
                continue
    return found


def _kill_one_of_each(ctx: dict, t0: float, at_s: float, faults: dict, failed: threading.Event) -> None:
    """At t0 + at_s: SIGKILL API node 2 (master and workers), dispatcher 2 and the stream run
    of group 1; then wait until Dagster has replaced the run."""
    while time.monotonic() < t0 + at_s:
        if failed.is_set():
            return
        time.sleep(0.1)
    faults["killed"], faults["killed at"] = time.monotonic() - t0, datetime.now(UTC)
    ctx["api"][1].kill()
    ctx["dispatchers"][1].kill()
    victim = holders(ctx["store"]).get(1)
    assert alive(victim), holders(ctx["store"])
    os.kill(victim, signal.SIGKILL)
    faults["run"] = victim
    def replaced() -> bool:
        pid = holders(ctx["store"]).get(1)
        return pid != victim and alive(pid)

    back = wait_for(replaced, 120, 0.2)
    faults["run back"] = (time.monotonic() - t0) if back else None


def _share(counts: dict, names: list[str]) -> str:
    total = sum(counts.get(n, 0) for n in names) or 1
    return ", ".join(f"{n} {counts.get(n, 0)} ({100 * counts.get(n, 0) / total:.0f} %)" for n in names)


def test_two_api_nodes_two_dispatchers_four_groups_survive_a_kill_of_each_and_share_the_work(nodes):
    stack, store, receiver = nodes["stack"], nodes["store"], nodes["receiver"]
    granted = UPLOADS + 40
    acct = stack.provision(credits=granted)
    team = acct["team"]
    stack.cli("admin", "team", "plan", "set", team, "--requests-per-minute", "1000000", "--requests-per-hour",
              "100000000", "--concurrent-uploads", "64", "--queue-depth", "100000")
    hooks_key = stack.cli("admin", "key", "create", "--team", team, "--mode", "live", "--scopes",
                          "webhook:read,webhook:manage")["key"]
    created = requests.post(f"{stack.base}/webhooks", headers={"Authorization": f"Bearer {hooks_key}"}, timeout=10,
                            json={"url": receiver.url("/nodes"), "events": list(EVENT_TYPES), "sourceFilter": "any"})
    assert created.status_code == 201, created.text
    endpoint = created.json()

    # --- uploads through the front; one node of each kind killed halfway ---------------------
    uploader = Uploader(stack.base, acct["live"], nodes["files"], RATE_PER_S, UPLOAD_BUDGET_S)
    uploader.t0 = time.monotonic()
    faults: dict = {}
    failed = threading.Event()
    with ThreadPoolExecutor(CLIENTS) as pool:
        futures = [pool.submit(uploader.send, n) for n in range(UPLOADS)]
        try:
            _kill_one_of_each(nodes, uploader.t0, UPLOADS / 2 / RATE_PER_S, faults, failed)
        except BaseException:
            uploader.stopping.set()
            raise
        outcomes = [f.result() for f in futures]
    sent_s = max(o.answered for o in outcomes)
    assert faults.get("run back"), f"the killed stream run was not replaced: {holders(store)}\n{stack.daemon.tail(60)}"
    assert nodes["api"][1].proc.poll() is not None and nodes["dispatchers"][1].proc.poll() is not None

    accepted = {o.job_id for o in outcomes if o.job_id}
    refused = [o for o in outcomes if not o.job_id]
    answers = Counter(a[1] for o in outcomes for a in o.attempts)
    assert not refused, Counter(o.final for o in refused)

    # --- every admitted upload is terminal; the ledger is exact ------------------------------
    now, drained = wait_terminal(store, team, DRAIN_BUDGET_S)
    drain_s = time.monotonic() - uploader.t0 - sent_s
    print(f"terminal: {sum(j.status in ('completed', 'failed', 'cancelled') for j in now.values())} of {len(now)} "
          f"jobs, {drain_s:.1f} s after the last upload answer")
    assert drained, f"jobs not terminal: {dict(Counter(j.status for j in now.values()))}\n{stack.daemon.tail(40)}"
    assert accepted == set(now), (sorted(accepted - set(now))[:5], sorted(set(now) - accepted)[:5])
    # --- the work was spread ------------------------------------------------------------------
    per_node = {f"api-{n}": len(ACCEPTED_202.findall(node.log_path.read_text(errors="replace")))
                for n, node in enumerate(nodes["api"], 1)}
    assert sum(per_node.values()) >= len(accepted), per_node
    with store.read() as conn:
        attempts = conn.execute(
            sa.select(webhook_delivery_attempts.c.dispatcher, webhook_delivery_attempts.c.started_at)
            .join(webhook_deliveries, webhook_deliveries.c.id == webhook_delivery_attempts.c.delivery_id)
            .where(webhook_deliveries.c.endpoint_id == endpoint["id"])).all()
        partitions = dict(conn.execute(
            sa.select(outbox.c.job_id, outbox.c.partition)
            .where(outbox.c.kind == "kafka", outbox.c.job_id.in_(list(accepted)), outbox.c.partition.is_not(None))).all())
    pids = {d.proc.pid: f"webhooks-{n}" for n, d in enumerate(nodes["dispatchers"], 1)}
    per_dispatcher: Counter = Counter()
    before_kill: Counter = Counter()  # while both dispatchers were up
    for holder, started in attempts:
        name = pids.get(int(holder.split(":")[1]), holder)
        per_dispatcher[name] += 1
        if (started if started.tzinfo else started.replace(tzinfo=UTC)) < faults["killed at"]:
            before_kill[name] += 1
    per_group = Counter(f"group {p % GROUPS}" for p in partitions.values())
    assert set(partitions) == accepted, len(accepted - set(partitions))
    node_names, dispatcher_names = list(per_node), list(pids.values())
    group_names = [f"group {g}" for g in range(GROUPS)]

    print(f"accepted per API node: {_share(per_node, node_names)}")
    print(f"delivery attempts per dispatcher: {_share(per_dispatcher, dispatcher_names)}; "
          f"before the kill {_share(before_kill, dispatcher_names)}")
    print(f"jobs per stream group: {_share(per_group, group_names)}")

    # --- the ledger is exact; every event delivered under one id ---------------------------
    statuses = Counter(j.status for j in now.values())
    ledger = check_ledger(store, team, now, granted)
    me = stack.get(acct["live"], "/me/credits").json()
    assert (me["balance"], me["held"], me["parked"]) == (granted - ledger["charges"], 0, 0), me

    hooks = check_events(store, team, now, receiver, "/nodes", endpoint, DRAIN_BUDGET_S)
    delivered_s = time.monotonic() - uploader.t0 - sent_s

    print(f"uploads: {UPLOADS} by {CLIENTS} clients in {sent_s:.1f} s ({len(accepted) / sent_s:.1f} accepted/s, "
          f"{len(now) / (sent_s + drain_s):.1f} jobs/s completed end to end); "
          f"{sum(len(o.attempts) > 1 for o in outcomes)} needed a retry; every answer: {dict(answers)}")
    print(f"killed at {faults['killed']:.1f} s: api-2 (master and workers), webhooks-2, the stream run of group 1 "
          f"(pid {faults['run']}, replaced after {faults['run back'] - faults['killed']:.1f} s)")
    print(f"jobs: {dict(statuses)}; {sum(j.attempts > 1 for j in now.values())} processed more than once; "
          f"terminal {drain_s:.1f} s after the last upload answer, every event delivered after {delivered_s:.1f} s")
    print(f"ledger: {ledger['charges']} charges, {ledger['releases']} releases, 0 charged twice; "
          f"balance {ledger['balance']['balance']} of {granted}")
    print(f"webhooks: {hooks['events']} events, {hooks['received']} deliveries received, {hooks['ids']} distinct ids")

    # each node of a kind did a fair part of its kind's work (the killed ones until they died):
    # the front alternates between the API nodes, the dispatchers race for the same deliveries,
    # and the jobs' keys spread them over the partitions of the four groups
    assert all(per_node[n] >= 0.15 * len(accepted) for n in node_names), per_node
    assert set(per_dispatcher) == set(dispatcher_names), per_dispatcher
    assert sum(before_kill.values()) >= 50, before_kill
    assert all(before_kill[n] >= 0.25 * sum(before_kill.values()) for n in dispatcher_names), before_kill
    assert all(per_group[g] >= 0.15 * len(accepted) for g in group_names), per_group
