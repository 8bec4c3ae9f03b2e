"""What an invoice costs: CPU-milliseconds per digital invoice end to end and CPU-seconds per
scanned page, summed over every process of the stack, so the figures compare across
machines where rates per second do not; and the machine's Tesseract limit (the CPU-seconds
of reading one page alone, read right before and after the scanned batch), against which the
stack's scanned pages per minute are put.

The stack is the real one (`tests.support.stack.Stack`): nginx-less gunicorn, the broker,
Redis, the Dagster daemon with its code server and stream runs, and the webhook dispatcher
delivering every event to a local HTTPS receiver. Every process the stack started is a
descendant of this one; a sampler thread reads their CPU times four times a second, so a
process that ends between two marks still counts up to its last sample. The stack's idle
CPU (sensors ticking, stream runs polling the broker) is measured first and subtracted: it
is paid per hour, not per invoice, and is reported on its own.

    python -m bench.cost [--digital N] [--scans N]
"""

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil

from core.access.auth import authenticate
from core.store.db import Store
from core.webhooks import endpoints
from schemas.webhooks import EVENT_TYPES, EndpointCreate
from tests.support.stack import Stack
from tests.support.webhook_receiver import Receiver
from tests.support.webhooks import LOOPBACK

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
RESULTS = ROOT / "bench" / "results"
TARGETS = {"digital_cpu_ms_per_invoice": 30, "scan_share_of_tesseract_limit": 0.85}
SAMPLE_S = 0.25
# The reference machine's speed: the CPU-seconds it takes to read the benchmark's scan alone
# (this project's two-core development machine at its usual speed).
REFERENCE_TESSERACT_S = 1.2
ROUNDS = 3  # digital rounds, each between two reference pages


class StackCpu:
    """CPU seconds (user + system) used by every descendant of this process (or of `root` and
    `root` itself) since it started."""

    def __init__(self, root: psutil.Process | None = None):
        self.root = root
        self._last: dict[tuple[int, float], float] = {}
        self._labels: dict[tuple[int, float], str] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="stack-cpu", daemon=True)

    def __enter__(self) -> "StackCpu":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(SAMPLE_S):
            self.sample()

    def sample(self) -> None:
        try:
            procs = (psutil.Process().children(recursive=True) if self.root is None
                     else [self.root, *self.root.children(recursive=True)])
        except psutil.Error:  # the root has ended: what was sampled stands
            return
        for proc in procs:
            try:
                times = proc.cpu_times()
                key = (proc.pid, proc.create_time())
                if key not in self._labels:
                    self._labels[key] = _label(proc.cmdline())
            except psutil.Error:
                continue
            with self._lock:
                self._last[key] = times.user + times.system

    def total(self) -> float:
        return sum(self.by_part().values())

    def by_part(self) -> dict[str, float]:
        """CPU seconds so far per part of the stack (api, stream-run, broker, ...)."""
        self.sample()
        parts: dict[str, float] = {}
        with self._lock:
            for key, seconds in self._last.items():
                parts[self._labels[key]] = parts.get(self._labels[key], 0.0) + seconds
        return parts


_PARTS = (  # the first word found in a process's command line names its part
    ("gunicorn", "api"), ("multiprocessing", "stream-run"), ("execute_run", "stream-run"), ("grpc", "code-server"),
    ("code-server", "code-server"),
    ("watch_orphans", "daemon"), ("tail -F", "daemon"),
    ("dagster-daemon", "daemon"), ("webhooks", "webhooks"), ("redis", "redis"), ("broker", "broker"),
    ("tansu", "broker"),
)


def _label(cmdline: list[str]) -> str:
    words = " ".join(cmdline)
    return next((part for word, part in _PARTS if word in words), words.split(" ")[0].rsplit("/", 1)[-1] or "other")


def _wait_all(stack: Stack, key: str, job_ids: list[str], timeout_s: float) -> None:
    with ThreadPoolExecutor(8) as pool:
        states = list(pool.map(lambda j: stack.wait_job(key, j, timeout_s=timeout_s)["status"], job_ids))
    assert states.count("completed") == len(job_ids), f"not every job completed: {states}"


def _wait_events(receiver: Receiver, count: int, timeout_s: float = 120.0) -> None:
    deadline = time.monotonic() + timeout_s
    while len(receiver.received("/cost")) < count:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{len(receiver.received('/cost'))} of {count} webhook events arrived")
        time.sleep(0.05)


def _batch(stack: Stack, cpu: StackCpu, receiver: Receiver, key: str, path: Path, n: int, idle_per_s: float) -> dict:
    """Upload `n` copies (four at a time) and wait for each one's webhook event; the stack's CPU
    over that span less its idle CPU, per document (then every job is checked completed)."""
    before_events = len(receiver.received("/cost"))
    started, parts_before = time.monotonic(), cpu.by_part()
    cpu_before = sum(parts_before.values())
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: stack.upload(key, path), range(n)))
    assert all(a.status_code == 202 for a in answers), [a.text for a in answers if a.status_code != 202][:1]
    _wait_events(receiver, before_events + n, timeout_s=600)  # a partner told by webhook polls nothing
    parts_after = cpu.by_part()
    elapsed, used = time.monotonic() - started, sum(parts_after.values()) - cpu_before
    _wait_all(stack, key, [a.json()["jobId"] for a in answers], timeout_s=60)
    by_part = {part: round(1000 * (seconds - parts_before.get(part, 0.0)) / n, 1) for part, seconds in parts_after.items()}
    return {"documents": n, "wall_s": round(elapsed, 1), "cpu_s": round(used, 2),
            "cpu_ms_per_document_by_part": dict(sorted(by_part.items(), key=lambda kv: -kv[1])),
            "cpu_s_idle_share": round(idle_per_s * elapsed, 2),
            "cpu_ms_per_document": round(1000 * max(0.0, used - idle_per_s * elapsed) / n, 1),
            "per_minute": round(60 * n / elapsed, 1)}


def _reference_page_s(scan: bytes) -> float:
    """The CPU-seconds of reading the scan once in this process (the machine's speed now)."""
    from assets.ocr import read_document

    cpu0 = time.process_time()
    read_document(scan, "image/png")
    return time.process_time() - cpu0


def tesseract_limit(scan: Path, pages: int = 3) -> dict:
    """Reading the scan alone in this process (the pipeline's reader, Tesseract inside):
    CPU-seconds per page, and the pages per minute all cores could read doing nothing else."""
    from assets.ocr import read_document

    data = scan.read_bytes()
    read_document(data, "image/png")  # models and language data loaded
    return _limit(sum(_reference_page_s(data) for _ in range(pages)) / pages)


def _limit(per_page: float) -> dict:
    """The pages per minute all cores could read at ``per_page`` CPU-seconds a page."""
    cores = os.cpu_count() or 1
    return {"cpu_s_per_page": round(per_page, 2), "cores": cores, "pages_per_minute": round(60 * cores / per_page, 1)}


def _digital_rounds(stack: Stack, cpu: StackCpu, receiver: Receiver, key: str, n: int, idle_per_s: float) -> dict:
    """The digital invoices in up to three rounds, the machine's speed read (one reference page)
    before the first and after each: a shared machine's speed drifted by 40 % within an hour
    and by 25 % within minutes, so each round is put at the reference speed by the pages read
    beside it, and the median round is the figure that compares across runs and machines."""
    scan = (FIXTURES / "invoice_scan.png").read_bytes()
    _reference_page_s(scan)  # models and language data loaded
    rounds = [n // ROUNDS + (1 if i < n % ROUNDS else 0) for i in range(ROUNDS)]
    speed, done = [_reference_page_s(scan)], []
    for size in (r for r in rounds if r):
        done.append(_batch(stack, cpu, receiver, key, FIXTURES / "invoice_digital.pdf", size, idle_per_s))
        speed.append(_reference_page_s(scan))
    per_round = [
        {"documents": b["documents"], "cpu_ms_per_document": b["cpu_ms_per_document"],
         "reference_page_cpu_s": round((speed[i] + speed[i + 1]) / 2, 2),
         "cpu_ms_per_document_at_reference_speed": round(
             b["cpu_ms_per_document"] * REFERENCE_TESSERACT_S * 2 / (speed[i] + speed[i + 1]), 1)}
        for i, b in enumerate(done)
    ]
    wall, used, idle = (sum(b[k] for b in done) for k in ("wall_s", "cpu_s", "cpu_s_idle_share"))
    by_part: dict[str, float] = {}
    for b in done:
        for part, ms in b["cpu_ms_per_document_by_part"].items():
            by_part[part] = by_part.get(part, 0.0) + ms * b["documents"] / n
    return {"documents": n, "wall_s": round(wall, 1), "cpu_s": round(used, 2),
            "cpu_ms_per_document_by_part": {k: round(v, 1) for k, v in sorted(by_part.items(), key=lambda kv: -kv[1])},
            "cpu_s_idle_share": round(idle, 2),
            "cpu_ms_per_document": round(1000 * max(0.0, used - idle) / n, 1),
            "per_minute": round(60 * n / wall, 1) if wall else None,
            "rounds": per_round,
            "cpu_ms_per_document_at_reference_speed": statistics.median(
                r["cpu_ms_per_document_at_reference_speed"] for r in per_round)}


def _scan_batch(stack: Stack, cpu: StackCpu, receiver: Receiver, key: str, n: int, idle_per_s: float) -> dict:
    """The scanned pages, and the machine's Tesseract limit read right before and after them
    (a reference page each, in this process): the share of the limit compares the batch with
    the machine's speed at the time, which drifts by a quarter within minutes."""
    scan = (FIXTURES / "invoice_scan.png").read_bytes()
    before = _reference_page_s(scan)
    batch = _batch(stack, cpu, receiver, key, FIXTURES / "invoice_scan.png", n, idle_per_s)
    limit = _limit((before + _reference_page_s(scan)) / 2)
    return {**batch, "tesseract_limit_beside": limit,
            "share_of_tesseract_limit": round(batch["per_minute"] / limit["pages_per_minute"], 2)}


def measure(digital: int = 600, scans: int = 60, idle_s: float = 10.0) -> dict:
    with tempfile.TemporaryDirectory(prefix="invoices-cost-") as tmp:
        home = Path(tmp)
        receiver = Receiver(home).start()
        # the service's default key cache (the test stack turns it off, so that a test's change
        # of access bites at once): a partner's every request is not a store lookup
        stack = Stack(home / "home", INVOICES_AUTH_CACHE_S="1")
        try:
            stack.start()
            stack.start_webhooks(INVOICES_WEBHOOK_ALLOW_LOOPBACK="1", INVOICES_WEBHOOK_CA_FILE=str(receiver.ca_file))
            team = stack.provision(credits=100_000)
            stack.cli("admin", "team", "plan", "set", team["team"], "--requests-per-minute", "100000",
                      "--requests-per-hour", "1000000", "--queue-depth", "100000", "--concurrent-uploads", "64")
            store = Store(f"sqlite:///{home / 'home' / 'store.db'}")
            principal = authenticate(store, team["live"], "127.0.0.1")
            endpoints.create(store, LOOPBACK, principal, EndpointCreate(url=receiver.url("/cost"), events=list(EVENT_TYPES)))
            with StackCpu() as cpu:
                # warm-up: stream runs started, first reads done, the dispatcher's TLS session open
                warm = stack.upload(team["live"], FIXTURES / "invoice_digital.pdf").json()["jobId"]
                _wait_all(stack, team["live"], [warm], timeout_s=300)
                _wait_events(receiver, 1)
                cpu_idle0 = cpu.total()
                time.sleep(idle_s)
                idle_per_s = (cpu.total() - cpu_idle0) / idle_s
                result = {
                    "idle_cpu_ms_per_s": round(1000 * idle_per_s, 1),
                    "digital": _digital_rounds(stack, cpu, receiver, team["live"], digital, idle_per_s),
                    "scan": _scan_batch(stack, cpu, receiver, team["live"], scans, idle_per_s),
                }
            store.dispose()
        finally:
            stack.stop()
            receiver.stop()
    result["tesseract_alone"] = tesseract_limit(FIXTURES / "invoice_scan.png")
    result["reference_tesseract_cpu_s_per_page"] = REFERENCE_TESSERACT_S
    result["targets"] = TARGETS
    result["meets"] = {
        # at the reference machine's speed: a fast hour must not meet the target by itself
        "digital_cpu_ms_per_invoice":
            result["digital"]["cpu_ms_per_document_at_reference_speed"] <= TARGETS["digital_cpu_ms_per_invoice"],
        "scan_share_of_tesseract_limit": result["scan"]["share_of_tesseract_limit"] >= TARGETS["scan_share_of_tesseract_limit"],
    }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--digital", type=int, default=600,
                        help="digital PDFs, in three rounds (a few seconds of work each: fewer, and the machine's noise is the figure)")
    parser.add_argument("--scans", type=int, default=60,
                        help="scanned pages (a few dozen: the first page's wait and the last event's are not the rate)")
    args = parser.parse_args()
    result = measure(args.digital, args.scans)
    RESULTS.mkdir(parents=True, exist_ok=True)
    text = json.dumps(result, indent=2)
    (RESULTS / "cost.json").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
