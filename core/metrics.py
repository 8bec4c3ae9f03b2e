"""Prometheus metrics of every process of the stack, gathered on one page.

Processes on one node (gunicorn workers, stream runs, the webhook dispatcher) write their
samples to memory-mapped files in `PROMETHEUS_MULTIPROC_DIR` (prometheus-client's
multiprocess mode; `make run` sets it to `$INVOICES_HOME/metrics` and `invoices init` empties
it). The API's `GET /metrics` merges them, so one scrape per node sees the API, the pipeline
and the dispatcher without a pushgateway or extra ports. Without the variable (the CLI, unit
tests) the metrics live in the process and cost nothing.

What a scrape reads from the store (jobs by status, queue depth) is collected at scrape
time by `StoreCollector`, so it is right even after every process restarted.
"""

import os

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily

LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
PAGE_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)

HTTP_REQUESTS = Counter(
    "invoices_http_requests_total", "HTTP requests answered by the API.", ["route", "method", "status", "mode"]
)
HTTP_LATENCY = Histogram(
    "invoices_http_request_duration_seconds", "Time to answer an HTTP request.", ["route", "method", "mode"],
    buckets=LATENCY_BUCKETS,
)
UPLOADS = Counter("invoices_uploads_total", "Files admitted by uploads, by resulting job status.", ["mode", "status"])
JOBS_FINISHED = Counter(
    "invoices_jobs_finished_total", "Jobs that reached a terminal status in the pipeline.", ["mode", "status"]
)
PROCESSING_SECONDS = Histogram(
    "invoices_processing_seconds_per_page", "Reading and extraction time per page.", ["engine"], buckets=PAGE_BUCKETS
)
OCR_SECONDS = Histogram(
    "invoices_ocr_seconds_per_page", "OCR time per page of documents without a text layer.", ["engine"],
    buckets=PAGE_BUCKETS,
)
WEBHOOK_ATTEMPTS = Counter(
    "invoices_webhook_attempts_total", "Webhook delivery attempts by outcome.", ["outcome"]
)
COUNTER_ERRORS = Counter(
    "invoices_counter_errors_total", "Calls to the shared counter store that failed (limits not applied).", ["what"]
)


def multiprocess_dir() -> str | None:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


def exposition(*collectors) -> bytes:
    """The text exposition of every process of this node plus the given collectors."""
    registry = CollectorRegistry()
    if multiprocess_dir():
        multiprocess.MultiProcessCollector(registry)
    else:
        from prometheus_client import REGISTRY

        registry = REGISTRY
    for collector in collectors:
        registry.register(collector)
    try:
        return generate_latest(registry)
    finally:
        for collector in collectors:
            registry.unregister(collector)


def process_dead(pid: int) -> None:
    """gunicorn's child_exit: drop a dead worker's live gauges (counters stay summed)."""
    if multiprocess_dir():
        multiprocess.mark_process_dead(pid)


class StoreCollector:
    """Jobs by status and queue depth, per mode, read from the store at scrape time."""

    def __init__(self, read_counts):
        self.read_counts = read_counts  # () -> (jobs {(mode, status): n}, depth {mode: n})

    def collect(self):
        jobs, depth = self.read_counts()
        by_status = GaugeMetricFamily("invoices_jobs", "Jobs in the store by status.", labels=["mode", "status"])
        for (mode, status), n in sorted(jobs.items()):
            by_status.add_metric([mode, status], n)
        queue = GaugeMetricFamily("invoices_queue_depth", "Jobs waiting for the pipeline (processing or parked).", labels=["mode"])
        for mode, n in sorted(depth.items()):
            queue.add_metric([mode], n)
        yield by_status
        yield queue
