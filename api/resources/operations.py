"""Probes and metrics, outside /external/v1 and without an API key: a load balancer, an
orchestrator and Prometheus call them, not partners."""

import hmac
import ipaddress
import os

import falcon

from core import errors, health, metrics
from core.billing.ratelimits import Counters
from core.jobs.records import status_counts
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
    """GET /metrics: Prometheus text exposition of every process of this node.

    With INVOICES_METRICS_TOKEN set, only a scrape that sends it as a bearer token is
    answered; without it, only a loopback peer is (the front, deploy/nginx/invoices.conf,
    lets only loopback clients through in that case)."""

    bearer_auth = False

    def __init__(self, store: Store):
        self.store = store
        self.collector = metrics.StoreCollector(self._counts)
        self.token = os.environ.get("INVOICES_METRICS_TOKEN", "").strip()

    def _allowed(self, req: falcon.Request) -> None:
        if self.token:
            scheme, _, given = (req.get_header("Authorization") or "").partition(" ")
            if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(), self.token.encode()):
                raise errors.Unauthorized("Send the metrics token (INVOICES_METRICS_TOKEN) as a bearer token.")
            return
        try:
            loopback = ipaddress.ip_address(req.remote_addr or "").is_loopback
        except ValueError:
            loopback = False
        if not loopback:
            raise errors.Forbidden("Metrics are answered to loopback clients only (or set INVOICES_METRICS_TOKEN).")

    def _counts(self):
        with self.store.read() as conn:
            return status_counts(conn)

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        self._allowed(req)
        resp.content_type = "text/plain; version=0.0.4; charset=utf-8"
        resp.data = metrics.exposition(self.collector)
