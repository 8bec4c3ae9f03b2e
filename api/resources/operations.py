"""Probes and metrics, outside /external/v1 and without an API key: a load balancer, an
orchestrator and Prometheus call them, not partners."""

import falcon

from core import health, metrics
from core.jobs import status_counts
from core.ratelimits import Counters
from core.store.db import Store


class Healthz:
    """GET /healthz: the process is up and answering."""

    bearer_auth = False

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        resp.media = {"status": "ok"}


class Readyz:
    """GET /readyz: 200 when the store and the broker are reachable, else 503 with the checks."""

    bearer_auth = False

    def __init__(self, store: Store, bootstrap: str, counters: Counters):
        self.store, self.bootstrap, self.counters = store, bootstrap, counters

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        ready, checks = health.readiness(self.store, self.bootstrap, self.counters)
        resp.status = 200 if ready else 503
        resp.media = {"status": "ready" if ready else "unavailable", "checks": checks}
        if not ready:
            resp.set_header("Retry-After", "5")


class Metrics:
    """GET /metrics: Prometheus text exposition of every process of this node."""

    bearer_auth = False

    def __init__(self, store: Store):
        self.store = store
        self.collector = metrics.StoreCollector(self._counts)

    def _counts(self):
        with self.store.read() as conn:
            return status_counts(conn)

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        resp.content_type = "text/plain; version=0.0.4; charset=utf-8"
        resp.data = metrics.exposition(self.collector)
