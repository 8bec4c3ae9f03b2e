"""The webhook dispatcher: the `webhooks` process of `make run` (`invoices webhooks run`).

One loop does every store write of the process, in short batched transactions (fan out
new events, claim due deliveries, record finished attempts, renew leases); a pool of
threads does the HTTP. Concurrency is bounded per process (INVOICES_WEBHOOK_CONCURRENCY)
and per endpoint (INVOICES_WEBHOOK_ENDPOINT_CONCURRENCY): a slow or dead endpoint holds
at most its own few threads, for at most the 30-second deadline each, and the claim query
skips endpoints that are busy, so everyone else's deliveries keep flowing. Any number of
dispatchers may run against one store (see claims.py).
"""

import os
import queue
import signal
import socket
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from core import logs, metrics
from core.clock import utcnow
from core.settings import Settings
from core.store.db import Store, get_store
from core.webhooks import claims, fanout, signing
from core.webhooks.claims import Claim
from core.webhooks.transport import Outcome, Sender
from core.webhooks.urls import UrlGuard

# structlog: each line is one JSON object with these fields (core/logs.py), never JSON in a string
log = logs.get_logger("invoices.webhooks")

SWEEP_EVERY_S = 5.0
REPORT_EVERY_S = 30.0
STOP_GRACE_S = 10.0


class Dispatcher:
    def __init__(self, settings: Settings, store: Store, sender: Sender | None = None, holder: str | None = None):
        self.cfg, self.store = settings.webhooks, store
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        guard = UrlGuard(allow_loopback=self.cfg.allow_loopback)
        self.sender = sender or Sender(guard, self.cfg.timeout_s, self.cfg.ca_file, self.cfg.concurrency + 8)
        self.pool = ThreadPoolExecutor(self.cfg.concurrency, thread_name_prefix="webhook")
        self.inflight: dict[str, Claim] = {}
        self.per_endpoint: Counter[str] = Counter()
        self.results: queue.SimpleQueue[tuple[Claim, Outcome]] = queue.SimpleQueue()
        self.wake, self.stopping = threading.Event(), threading.Event()
        self.stats: Counter[str] = Counter()
        self._due = {"fan_out": 0.0, "claim": 0.0, "extend": 0.0, "sweep": 0.0,
                     "report": time.monotonic() + REPORT_EVERY_S}

    # --- the loop ---------------------------------------------------------------------------
    def run(self) -> None:
        log.info("dispatcher started", dispatcher=self.holder)
        while not self.stopping.is_set():
            self.wake.clear()  # before the step: a result that lands during it wakes the next wait
            try:
                busy = self.step()
            except Exception:  # the store may be briefly unavailable; nothing is lost by waiting
                log.exception("dispatcher step failed; retrying")
                busy = False
                self.stopping.wait(1.0)
            if not busy:
                self.wake.wait(self.cfg.poll_s)
        self.drain()

    def step(self) -> bool:
        recorded = self._record()
        fanned = self._fan_out()
        claimed = self._claim()
        self._maintain()
        return bool(recorded or fanned or claimed)

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()

    def drain(self, grace_s: float = STOP_GRACE_S) -> None:
        """Let running attempts finish and record them; whatever is still running after the
        grace keeps its lease until it lapses and is retried by whoever claims it next."""
        deadline = time.monotonic() + grace_s
        while self.inflight and time.monotonic() < deadline:
            self.wake.clear()
            self._record()
            self.wake.wait(0.05)
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.sender.close()
        log.info("dispatcher stopped", dispatcher=self.holder, **self.stats)

    # --- pieces -----------------------------------------------------------------------------
    def _fan_out(self) -> int:
        """An idle loop looks for new events at every wake-up; a loop kept busy by finishing
        attempts looks at most twice per poll interval, unless a backlog is being worked off.
        The new deliveries it has workers for are leased as they are written and sent now."""
        now = time.monotonic()
        if now < self._due["fan_out"]:
            return 0
        fanned = fanout.fan_out_leasing(self.store, claims.Lease(self.holder, self.cfg.lease_s, self._admission()))
        self._start(fanned.claims)
        self._due["fan_out"] = now if fanned.events else now + self.cfg.poll_s / 2
        if fanned.waiting:
            self._due["claim"] = now  # left pending for want of a worker: claimed as soon as one is free
        return fanned.events

    def _admission(self):
        """Admits a delivery while a worker is free, for this process and for its endpoint
        (the fan-out's new deliveries and the claim's due ones alike)."""
        free = self.cfg.concurrency - len(self.inflight)
        counts, cap = Counter(self.per_endpoint), self.cfg.endpoint_concurrency

        def admit(endpoint_id: str) -> bool:
            nonlocal free
            if free <= 0 or counts[endpoint_id] >= cap:
                return False
            free -= 1
            counts[endpoint_id] += 1
            return True

        return admit

    def _claim(self) -> int:
        """Deliveries the fan-out did not lease (retries, ones that waited for a worker, those of
        a dispatcher that died): looked for at most twice per poll interval, at once while there
        were some at the last look."""
        now = time.monotonic()
        free = self.cfg.concurrency - len(self.inflight)
        if free <= 0 or now < self._due["claim"]:
            return 0
        cap = self.cfg.endpoint_concurrency
        busy = [e for e, n in self.per_endpoint.items() if n >= cap]
        candidates = claims.due(self.store, utcnow(), free * 2, busy, list(self.inflight))
        self._due["claim"] = now if candidates else now + self.cfg.poll_s / 2
        admit = self._admission()
        picked = [delivery_id for delivery_id, endpoint_id in candidates if admit(endpoint_id)]
        return self._start(claims.claim(self.store, self.holder, picked, self.cfg.lease_s))

    def _start(self, won: list[Claim]) -> int:
        for item in won:
            self.inflight[item.delivery_id] = item
            self.per_endpoint[item.endpoint_id] += 1
            self.pool.submit(self._attempt, item)
        return len(won)

    def _attempt(self, item: Claim) -> None:
        try:
            if not item.secrets:  # never sent unsigned
                now = utcnow()
                outcome = Outcome(now, now, 0, error=claims.NO_SECRET)
            else:
                headers = signing.headers(list(item.secrets), item.event_id, utcnow(), item.body)
                outcome = self.sender.send(item.url, headers, item.body.encode())
        except Exception as exc:  # a result must come back for every claim
            now = utcnow()
            outcome = Outcome(now, now, 0, error=f"internal: {type(exc).__name__}: {exc}"[:300])
        self.results.put((item, outcome))
        self.wake.set()

    def _record(self) -> int:
        batch = []
        while True:
            try:
                batch.append(self.results.get_nowait())
            except queue.Empty:
                break
        if not batch:
            return 0
        try:
            claims.record(self.store, batch, self.cfg.retry_delays_s)
        except Exception:
            for item in batch:  # keep them for the next round; the lease still covers them
                self.results.put(item)
            raise
        for item, outcome in batch:
            del self.inflight[item.delivery_id]
            self.per_endpoint[item.endpoint_id] -= 1
            if self.per_endpoint[item.endpoint_id] <= 0:
                del self.per_endpoint[item.endpoint_id]
            result = "delivered" if outcome.delivered else "failed"
            self.stats[result] += 1
            metrics.WEBHOOK_ATTEMPTS.labels(result).inc()
        return len(batch)

    def _maintain(self) -> None:
        now = time.monotonic()
        if now >= self._due["extend"]:
            claims.extend(self.store, self.holder, list(self.inflight), self.cfg.lease_s)
            self._due["extend"] = now + self.cfg.lease_s / 3
        if now >= self._due["sweep"]:
            self.stats["dead_lettered_interrupted"] += claims.dead_letter_interrupted(self.store)
            self._due["sweep"] = now + SWEEP_EVERY_S
        if now >= self._due["report"]:
            log.info("dispatcher progress", dispatcher=self.holder, inflight=len(self.inflight), **self.stats)
            self._due["report"] = now + REPORT_EVERY_S


def run_forever(settings: Settings) -> None:
    """Run until SIGTERM or SIGINT, then finish what is running (up to 10 s) and leave."""
    dispatcher = Dispatcher(settings, get_store(settings.database_url))
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: dispatcher.stop())
    dispatcher.run()
