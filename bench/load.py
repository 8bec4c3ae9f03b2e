"""API throughput under a real load generator (locust, headless, in its own process), with the
rate limits on: every request is counted against the team's plan in the counter store, the
plan being set high enough that none is refused, so what is measured is the cost of the
checks, not their refusals.

- `GET /jobs/{id}` with a live key: requests per second and p50/p99 latency;
- `POST /invoices` of a ~100 KB PDF (each one different bytes, so every upload really writes
  and fsyncs its blob): uploads accepted per second;
- the stack's CPU once the load has drained (`idle_after_load`): what it burns doing nothing,
  where a thread that never rests shows (an API worker's listener once answered its own
  pings for good, and every rate above fell by half without any of them saying why);
- scanned pages processed per minute, sustained: a queue of scanned pages fed to the stream
  runs, measured from the first completion to the last.
"""

import csv
import os
import subprocess
import tempfile
import time
from pathlib import Path

import requests
import sqlalchemy as sa

from bench.cost import StackCpu
from core.store.db import Store
from core.store.tables import jobs
from tests.support.stack import BIN, ROOT, Stack

LOCUSTFILE = ROOT / "bench" / "locustfile.py"
PDF_BYTES = 100 * 1024


def padded_pdf(source: Path, folder: Path) -> Path:
    """The digital fixture padded with a PDF comment to about 100 KB (still a valid PDF)."""
    data = source.read_bytes()
    pad = max(0, PDF_BYTES - len(data) - 2)
    path = folder / "invoice_100k.pdf"
    path.write_bytes(data + b"\n%" + b"0" * pad)
    return path


def run_locust(stack: Stack, user_class: str, users: int, seconds: int, env: dict) -> dict:
    with tempfile.TemporaryDirectory(prefix="invoices-locust-") as tmp:
        prefix = Path(tmp) / "run"
        subprocess.run(
            [str(BIN / "locust"), "-f", str(LOCUSTFILE), "--headless", "-u", str(users), "-r", str(users),
             "-t", f"{seconds}s", "--host", f"http://127.0.0.1:{stack.api_port}", "--csv", str(prefix),
             "--only-summary", "--loglevel", "WARNING", user_class],
            cwd=ROOT, env={**os.environ, **env}, check=True, capture_output=True, timeout=seconds + 60,
        )
        with open(f"{prefix}_stats.csv", newline="") as fh:
            rows = [row for row in csv.DictReader(fh) if row["Name"] == "Aggregated"]
    row = rows[0]
    return {
        "users": users,
        "seconds": seconds,
        "requests": int(row["Request Count"]),
        "failures": int(row["Failure Count"]),
        "requests_per_second": round(float(row["Requests/s"]), 1),
        "p50_ms": _percentile(row["50%"]),
        "p99_ms": _percentile(row["99%"]),
    }


def _percentile(value: str) -> float | None:
    """Locust writes N/A for a run in which no request finished (None then)."""
    return None if value in ("", "N/A") else float(value)


def scans_per_minute(stack: Stack, key: str, scan: Path, store: Store, pages: int) -> dict:
    ids = [stack.upload(key, scan).json()["jobId"] for _ in range(pages)]
    deadline = time.monotonic() + 60 + pages * 10
    while time.monotonic() < deadline:
        with store.read() as conn:
            rows = conn.execute(
                sa.select(jobs.c.status, jobs.c.finished_at).where(jobs.c.id.in_(ids))
            ).all()
        if all(r.status in ("completed", "failed") for r in rows):
            break
        time.sleep(0.5)
    finished = sorted(r.finished_at for r in rows if r.finished_at)
    span = (finished[-1] - finished[0]).total_seconds()
    return {
        "pages": pages,
        "failed": sum(1 for r in rows if r.status == "failed"),
        "pages_per_minute": round((len(finished) - 1) / span * 60, 1) if span > 0 else None,
    }


def measure(stack: Stack, team: dict, store: Store, fixtures: Path, seconds: int, scan_pages: int,
            users: int = 16) -> dict:
    ready = requests.get(f"http://127.0.0.1:{stack.api_port}/readyz", timeout=5).json()
    assert ready["checks"]["counters"]["ok"], f"the counter store is down, limits would not be on: {ready}"
    stack.cli("admin", "team", "plan", "set", team["team"], "--requests-per-minute", "10000000",
              "--requests-per-hour", "100000000", "--queue-depth", "1000000", "--concurrent-uploads", "256")
    job_id = stack.upload(team["live"], fixtures / "invoice_digital.pdf").json()["jobId"]
    stack.wait_job(team["live"], job_id)
    with tempfile.TemporaryDirectory(prefix="invoices-pdf-") as tmp:
        pdf = padded_pdf(fixtures / "invoice_digital.pdf", Path(tmp))
        env = {"BENCH_KEY": team["live"], "BENCH_JOB_ID": job_id, "BENCH_PDF": str(pdf)}
        reads = run_locust(stack, "JobReader", users, seconds, env)
        # Test mode first: every step of the upload path but the credit hold, with the
        # pipeline's work per job near zero, so the API's own rate shows. Then live mode,
        # where the stream runs read every uploaded PDF on the same two cores meanwhile.
        test_env = {**env, "BENCH_KEY": team["test"], "BENCH_CLIENT": team["test_client"]}
        test_uploads = run_locust(stack, "Uploader", users, seconds, test_env)
        _drain(store)
        uploads = run_locust(stack, "Uploader", users, seconds, env)
    _drain(store)
    idle = idle_after_load()
    scans = scans_per_minute(stack, team["live"], fixtures / "invoice_scan.png", store, scan_pages)
    return {"get_job": reads, "upload_100k_pdf": uploads, "upload_100k_pdf_test_mode": test_uploads,
            "idle_after_load": idle, "scans_sustained": scans}


def idle_after_load(seconds: float = 5.0) -> dict:
    """Cores the stack's processes use over `seconds` with nothing to do, per part."""
    with StackCpu() as cpu:
        before = cpu.by_part()
        time.sleep(seconds)
        after = cpu.by_part()
    by_part = {part: round((used - before.get(part, 0.0)) / seconds, 3) for part, used in after.items()}
    return {"seconds": seconds, "cores": round(sum(by_part.values()), 3),
            "by_part": dict(sorted(by_part.items(), key=lambda kv: -kv[1]))}


def _drain(store: Store, timeout_s: float = 600) -> None:
    """Wait until the uploads of the load test are processed, so scans run on a quiet stack."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with store.read() as conn:
            waiting = conn.execute(
                sa.select(sa.func.count()).select_from(jobs).where(jobs.c.status == "processing")
            ).scalar_one()
        if waiting == 0:
            return
        time.sleep(1)
