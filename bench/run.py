"""`make bench`: latency and throughput of the real stack on this machine.

Boots a private stack (Tansu, gunicorn, Dagster daemon with its stream runs) in a
temporary INVOICES_HOME, waits until every partition group has a live stream run, then
measures:
- upload → completed latency (p50/p95) for a one-page digital PDF and for a scanned page,
  sequentially, as a partner polling GET /jobs every 20 ms sees it, and as the store saw
  it (job created → finished);
- a burst of N digital PDFs uploaded by 8 concurrent clients: uploads accepted per second
  and invoices completed per minute (first upload → last completion);
- API throughput with the rate limits on (bench/load.py, locust in its own process):
  GET /jobs/{id} per second with p99, uploads of a 100 KB PDF per second, and scanned
  pages processed per minute, sustained;
- webhooks (bench/webhooks.py): event commit → receipt at a fast local HTTPS receiver
  (p50/p95) and deliveries per second for a burst. `--only webhooks` measures just these
  and keeps the other figures of latest.json; `--only api` likewise measures just the API
  load (on the same private stack, stream runs included);
- what an invoice costs (bench/cost.py): CPU-milliseconds per digital invoice end to end and
  CPU-seconds per scanned page, summed over every process of the stack less its idle CPU, and
  scanned pages per minute against the machine's Tesseract limit. `--only cost` measures just
  these.

- the store at a million invoices (bench/million.py): every measured route on a seeded
  million-invoice store against the same on an empty one, both served at once, turn
  about. `--only million` measures just these (`--million-invoices 20000` for a miniature);
  with `--store postgres` on a throw-away PostgreSQL (`million_postgres` in the report).

`--store postgres` measures the same stack twice in one run, first on SQLite and then on a
throw-away PostgreSQL cluster (Debian's binaries, as the tests' PostgreSQL fixture makes
one), and writes the PostgreSQL figures beside SQLite's with their ratios: the two are
measured on the same machine minutes apart, so the ratio means something even where the
absolute figures move with the machine's load.
"""

import argparse
import contextlib
import json
import os
import platform
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

import sqlalchemy as sa

from bench import cost as cost_bench
from bench import load
from bench import million as million_bench
from bench import webhooks as webhook_bench
from bench.stats import percentile
from core.store.db import Store
from core.store.tables import jobs, stream_leases
from tests.support.postgres import TemporaryCluster
from tests.support.stack import Stack

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
RESULTS = ROOT / "bench" / "results"
TARGETS = {
    "digital_p50_s": 1.5,
    "burst_per_minute": 300,
    "get_job_per_second": 1500,
    "get_job_p99_ms": 50,
    "uploads_100k_per_second": 200,
    "scan_pages_per_minute": 60,
    "idle_after_load_cores": 0.3,  # sensors and polls; a spinning thread takes a core
    **webhook_bench.TARGETS,
}
# PostgreSQL against SQLite on the same machine in the same run (--store postgres)
POSTGRES_TARGETS = {"postgres_uploads_ratio": 0.70, "postgres_completed_ratio": 0.70}


def wait_for_stream_runs(stack: Stack, store: Store, groups: int, timeout_s: float = 180) -> None:
    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        with store.read() as conn:
            live = conn.execute(
                sa.select(sa.func.count()).select_from(stream_leases).where(stream_leases.c.holder.is_not(None))
            ).scalar_one()
        if live >= groups:
            return
        time.sleep(0.5)
    raise TimeoutError(f"stream runs did not start\n{stack.logs_tail()}")


def server_latency(store: Store, job_ids: list[str]) -> list[float]:
    with store.read() as conn:
        rows = conn.execute(sa.select(jobs.c.created_at, jobs.c.finished_at).where(jobs.c.id.in_(job_ids))).all()
    return [(r.finished_at - r.created_at).total_seconds() for r in rows if r.finished_at]


def sequential_latency(stack: Stack, key: str, path: Path, n: int, store: Store) -> dict:
    client_s, ids = [], []
    for _ in range(n):
        t0 = time.perf_counter()
        resp = stack.upload(key, path)
        job_id = resp.json()["jobId"]
        while True:
            status = stack.get(key, f"/jobs/{job_id}").json()["status"]
            if status in ("completed", "failed"):
                break
            time.sleep(0.02)
        client_s.append(time.perf_counter() - t0)
        assert status == "completed", f"{job_id} {status}"
        ids.append(job_id)
    server_s = server_latency(store, ids)
    return {
        "n": n,
        "client_p50_s": round(percentile(client_s, 0.5), 3),
        "client_p95_s": round(percentile(client_s, 0.95), 3),
        "server_p50_s": round(percentile(server_s, 0.5), 3),
        "server_p95_s": round(percentile(server_s, 0.95), 3),
    }


def burst(stack: Stack, key: str, path: Path, n: int, store: Store) -> dict:
    data = path.read_bytes()
    import requests

    session_headers = {"Authorization": f"Bearer {key}"}

    def one(i: int) -> str:
        resp = requests.post(
            f"{stack.base}/invoices", headers=session_headers,
            files={"file": (f"burst-{i}.pdf", data, "application/pdf")}, timeout=60,
        )
        assert resp.status_code == 202, resp.text
        return resp.json()["jobId"]

    t0 = time.perf_counter()
    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(one, range(n)))
    upload_s = time.perf_counter() - t0
    while True:
        with store.read() as conn:
            done = conn.execute(
                sa.select(sa.func.count()).select_from(jobs).where(jobs.c.id.in_(ids), jobs.c.status.in_(["completed", "failed"]))
            ).scalar_one()
        if done == n:
            break
        if time.perf_counter() - t0 > 900:
            raise TimeoutError(f"burst: {done}/{n} done after 900 s")
        time.sleep(0.1)
    with store.read() as conn:
        first_created, last_finished, failed = conn.execute(
            sa.select(sa.func.min(jobs.c.created_at), sa.func.max(jobs.c.finished_at),
                      sa.func.sum(sa.case((jobs.c.status == "failed", 1), else_=0)))
            .where(jobs.c.id.in_(ids))
        ).one()
    span = (last_finished - first_created).total_seconds()
    return {
        "n": n,
        "failed": int(failed or 0),
        "uploads_per_second": round(n / upload_s, 1),
        "upload_phase_s": round(upload_s, 2),
        "completed_per_minute": round(n / span * 60, 1),
        "first_upload_to_last_completed_s": round(span, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--digital", type=int, default=20, help="sequential digital PDFs")
    parser.add_argument("--scans", type=int, default=5, help="sequential scanned pages")
    parser.add_argument("--burst", type=int, default=200, help="digital PDFs in the burst")
    parser.add_argument("--load-seconds", type=int, default=20, help="duration of each locust run")
    parser.add_argument("--users", type=int, default=16, help="concurrent users of each locust run")
    parser.add_argument("--scan-pages", type=int, default=30, help="scanned pages for the sustained rate")
    parser.add_argument("--webhook-events", type=int, default=500, help="events in the webhook burst")
    parser.add_argument("--cost-digital", type=int, default=600,
                        help="digital PDFs whose CPU cost is measured (in three rounds)")
    parser.add_argument("--cost-scans", type=int, default=60, help="scanned pages whose CPU cost and rate are measured")
    parser.add_argument("--million-invoices", type=int, default=1_000_000,
                        help="uploads seeded into the large store of the million benchmark "
                             "(0: a full run leaves the million benchmark out)")
    parser.add_argument("--million-requests", type=int, default=200,
                        help="requests per single-resource route of the million benchmark (lists and pages: half)")
    parser.add_argument("--only", choices=["all", "api", "webhooks", "cost", "million"], default="all")
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite",
                        help="postgres: measure on SQLite, then on a throw-away PostgreSQL, in one run")
    parser.add_argument("--out", type=Path, default=RESULTS / "latest.json", help="where the report goes")
    args = parser.parse_args()
    if args.only == "webhooks":
        write_report(_webhooks_only(args.webhook_events), _previous_report(args.out), args.out)
        return
    if args.only == "million":
        previous = _previous_report(args.out)
        previous["results"]["million" if args.store == "sqlite" else "million_postgres"] = _million(args, args.store)
        write_report(previous["results"].get("webhooks"), previous, args.out)
        return
    if args.only == "cost":
        previous = _previous_report(args.out)
        previous["results"]["cost"] = _cost(args)
        write_report(previous["results"].get("webhooks"), previous, args.out)
        return
    groups = int(os.environ.get("INVOICES_STREAM_GROUPS", "2"))
    if args.only == "api":
        previous = _previous_report(args.out)
        previous["results"]["api_load"] = {"measuredAt": _now(), "machine": _machine(),
                                           **measure(args, groups, "sqlite", api_only=True)}
        write_report(previous["results"]["webhooks"], previous, args.out)
        return
    results = measure(args, groups, "sqlite")
    results["cost"] = _cost(args)
    if args.million_invoices:
        results["million"] = _million(args)
    report = {"measuredAt": _now(), "machine": _machine(), "streamGroups": groups, "results": results}
    if args.store == "postgres":
        results["postgres"] = measure(args, groups, "postgres")
        report["postgresVsSqlite"] = ratios(results, results["postgres"])
        if args.million_invoices:
            results["million_postgres"] = _million(args, "postgres")
    write_report(_webhooks_only(args.webhook_events), report, args.out)


@contextlib.contextmanager
def database(kind: str, home: Path) -> Iterator[str]:
    """The store's URL: SQLite in the stack's home, or a database on a throw-away cluster."""
    if kind == "sqlite":
        yield f"sqlite:///{home / 'store.db'}"
        return
    with TemporaryCluster() as server:
        admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(sa.text('CREATE DATABASE "invoices_bench"'))
        admin.dispose()
        yield sa.make_url(server).set(database="invoices_bench").render_as_string(hide_password=False)


def measure(args, groups: int, kind: str, api_only: bool = False) -> dict:
    """Every figure of one store, on a private stack started for it."""
    with tempfile.TemporaryDirectory(prefix="invoices-bench-") as home, database(kind, Path(home)) as url:
        stack = Stack(Path(home), INVOICES_STREAM_GROUPS=str(groups), INVOICES_AUTH_CACHE_S="1",
                      INVOICES_DATABASE_URL=url)
        store = None
        try:
            t0 = time.monotonic()
            stack.start()
            store = Store(url)
            wait_for_stream_runs(stack, store, groups)
            ready_s = time.monotonic() - t0
            team = stack.provision(credits=1_000_000)  # the load test uploads as fast as it can
            stack.upload(team["live"], FIXTURES / "invoice_digital.pdf")  # warm-up
            time.sleep(2)
            if api_only:
                return load.measure(stack, team, store, FIXTURES, args.load_seconds, args.scan_pages, args.users)
            return {
                "store": kind,
                "digital_pdf_latency": sequential_latency(stack, team["live"], FIXTURES / "invoice_digital.pdf", args.digital, store),
                "scan_latency": sequential_latency(stack, team["live"], FIXTURES / "invoice_scan.png", args.scans, store),
                "digital_burst": burst(stack, team["live"], FIXTURES / "invoice_digital.pdf", args.burst, store),
                "api_load": load.measure(stack, team, store, FIXTURES, args.load_seconds, args.scan_pages, args.users),
                "stack_ready_s": round(ready_s, 1),
            }
        finally:
            stack.stop()
            if store is not None:
                store.dispose()


def ratios(sqlite: dict, postgres: dict) -> dict:
    """PostgreSQL's figures as a share of SQLite's (higher is better for each)."""
    def share(a: float | None, b: float | None) -> float | None:
        return round(a / b, 3) if a is not None and b else None

    return {
        "burst_uploads_per_second": share(postgres["digital_burst"]["uploads_per_second"],
                                          sqlite["digital_burst"]["uploads_per_second"]),
        "completed_per_minute": share(postgres["digital_burst"]["completed_per_minute"],
                                      sqlite["digital_burst"]["completed_per_minute"]),
        "uploads_100k_per_second": share(postgres["api_load"]["upload_100k_pdf"]["requests_per_second"],
                                         sqlite["api_load"]["upload_100k_pdf"]["requests_per_second"]),
        "get_job_per_second": share(postgres["api_load"]["get_job"]["requests_per_second"],
                                    sqlite["api_load"]["get_job"]["requests_per_second"]),
    }


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _machine() -> dict:
    return {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()}


def _webhooks_only(events: int = 500) -> dict:
    with tempfile.TemporaryDirectory(prefix="invoices-bench-webhooks-") as home:
        measured = webhook_bench.run(Path(home), burst_events=events)
    return {"measuredAt": _now(), "machine": _machine(), **measured}


def _cost(args) -> dict:
    measured = cost_bench.measure(args.cost_digital, args.cost_scans)
    measured.pop("targets")
    return {"measuredAt": _now(), "machine": _machine(), **measured}


def _million(args, store: str = "sqlite") -> dict:
    measured = million_bench.measure(args.million_invoices, args.million_requests, store=store)
    return {"measuredAt": _now(), "machine": _machine(), **measured}


def _previous_report(path: Path) -> dict:
    return json.loads(path.read_text()) if path.exists() else {"results": {}}


def write_report(webhooks: dict | None, report: dict, path: Path) -> None:
    results = report["results"]
    report["targets"] = TARGETS
    meets = {}
    if webhooks is not None:
        results["webhooks"] = webhooks
        meets["webhook_p50_s"] = webhooks["event_to_receipt"]["p50_s"] <= TARGETS["webhook_p50_s"]
        meets["webhook_deliveries_per_second"] = (webhooks["burst"]["deliveries_per_second"]
                                                  >= TARGETS["webhook_deliveries_per_second"])
    if "digital_pdf_latency" in results:
        meets["digital_p50_s"] = results["digital_pdf_latency"]["client_p50_s"] <= TARGETS["digital_p50_s"]
        meets["burst_per_minute"] = results["digital_burst"]["completed_per_minute"] >= TARGETS["burst_per_minute"]
        api = results["api_load"]
        meets["get_job_per_second"] = api["get_job"]["requests_per_second"] >= TARGETS["get_job_per_second"]
        meets["get_job_p99_ms"] = (api["get_job"]["p99_ms"] or float("inf")) < TARGETS["get_job_p99_ms"]
        meets["uploads_100k_per_second"] = api["upload_100k_pdf"]["requests_per_second"] >= TARGETS["uploads_100k_per_second"]
        meets["scan_pages_per_minute"] = (api["scans_sustained"]["pages_per_minute"] or 0) >= TARGETS["scan_pages_per_minute"]
        if "idle_after_load" in api:
            meets["idle_after_load_cores"] = api["idle_after_load"]["cores"] <= TARGETS["idle_after_load_cores"]
    if "cost" in results:
        report["targets"] = {**report["targets"], **cost_bench.TARGETS}
        meets.update(results["cost"]["meets"])
    if "million" in results:
        report["targets"] = {**report["targets"], **million_bench.TARGETS}
        meets.update(results["million"]["meets"])
    if "million_postgres" in results:
        report["targets"] = {**report["targets"], **million_bench.TARGETS}
        meets.update({f"{name}_postgres": met for name, met in results["million_postgres"]["meets"].items()})
    if "postgresVsSqlite" in report:
        report["targets"] = {**report["targets"], **POSTGRES_TARGETS}
        shares = report["postgresVsSqlite"]
        meets["postgres_uploads_ratio"] = (shares["uploads_100k_per_second"] or 0) >= POSTGRES_TARGETS["postgres_uploads_ratio"]
        meets["postgres_completed_ratio"] = (shares["completed_per_minute"] or 0) >= POSTGRES_TARGETS["postgres_completed_ratio"]
    report["meets"] = meets
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(report, indent=2)
    path.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
