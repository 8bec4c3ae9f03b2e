"""Shared counters: request rates per key, failed attempts per source, uploads in flight.

Every gunicorn worker of every API node counts in one Redis/Valkey server, so a limit holds
for the service, not per process. Request rates use the `limits` library's sliding-window
counter (two keys per window, one round trip per hit); uploads in flight are a sorted set of
request tokens whose scores are their start times, so a worker killed mid-upload cannot hold
a slot longer than `UPLOAD_SLOT_TTL_S`.

When the counter store is unreachable the limits fail open: an outage of a protective
counter must not take the API down with it. The failure is logged and counted
(`invoices_counter_errors_total`), and `/readyz` reports the store.
"""

import logging
import math
import threading
import time
import uuid
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import redis
from limits import RateLimitItem, RateLimitItemPerHour, RateLimitItemPerMinute, RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import RedisStorage
from limits.strategies import SlidingWindowCounterRateLimiter

log = logging.getLogger(__name__)

PREFIX = "invoices"
UPLOAD_SLOT_TTL_S = 300  # longer than any upload may take (gunicorn's timeout is 120 s)
SOCKET_TIMEOUT_S = 0.5
LEASE_S = 1.0
MAX_LEASE_SHARE = 0.01
MAX_LEASES = 50_000

_ITEMS = {60: RateLimitItemPerMinute, 3600: RateLimitItemPerHour}

# Takes a slot when fewer than ARGV[2] are held; a slot older than ARGV[3] seconds is dropped.
_ACQUIRE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[3])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""


class CounterStoreError(Exception):
    """The counter store did not answer (raised only by `Counters.ping`)."""


@dataclass(frozen=True)
class Window:
    """One policy's state after a request: the IETF RateLimit fields' q, w, r and t."""

    name: str
    limit: int
    seconds: int
    remaining: int
    reset_s: int


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    windows: tuple[Window, ...] = ()

    @property
    def retry_after(self) -> int:
        """Seconds until every exhausted window has room again."""
        return max((w.reset_s for w in self.windows if w.remaining <= 0), default=1) or 1


ALLOW = Verdict(True)


@dataclass(frozen=True)
class Policy:
    """`limit` requests per `seconds` (60 or 3600), named as in RateLimit-Policy."""

    name: str
    limit: int
    seconds: int

    def item(self) -> RateLimitItem:
        make = _ITEMS.get(self.seconds)
        if make is not None:
            return make(self.limit)
        return RateLimitItemPerSecond(self.limit, self.seconds)


class _Lease:
    """Tokens a worker took from a shared window at once, spent locally within `LEASE_S`.

    A lease starts at one token and doubles while the key keeps spending it within its
    second, halving when it expires unspent, up to 1 % of the limit (`MAX_LEASE_SHARE`), so
    a key at hundreds of requests per second costs a few round trips per second, a quiet
    key is counted exactly, and a limit under 200 is always counted one by one. The price:
    tokens a worker took but did not spend count as used, so a busy key may be refused up
    to 1 % of its limit per worker early.
    """

    def __init__(self, size: int, tokens: int, taken_at: float, remaining: int, reset_s: int):
        self.size, self.tokens, self.taken_at = size, tokens, taken_at
        self.remaining, self.reset_s = remaining, reset_s

    def usable(self, now: float) -> bool:
        return self.tokens > 0 and now - self.taken_at < LEASE_S

    def window(self, policy: Policy, now: float) -> Window:
        reset = max(0, self.reset_s - int(now - self.taken_at))
        return Window(policy.name, policy.limit, policy.seconds, self.remaining + self.tokens, reset)

    @staticmethod
    def next_size(spent: "_Lease | None", policy: Policy) -> int:
        ceiling = max(1, int(policy.limit * MAX_LEASE_SHARE))
        if spent is None:
            return 1
        size = spent.size * 2 if spent.tokens <= 0 else spent.size // 2
        return max(1, min(size, ceiling))


class Counters:
    """The shared counter store. One instance per process; thread-safe (redis-py pools)."""

    def __init__(self, url: str, prefix: str = PREFIX):
        self.url, self.prefix = url, prefix
        self._pool = redis.ConnectionPool.from_url(
            url, socket_timeout=SOCKET_TIMEOUT_S, socket_connect_timeout=SOCKET_TIMEOUT_S, health_check_interval=30
        )
        self._storage = RedisStorage(url, connection_pool=self._pool, key_prefix=f"{prefix}:limits", wrap_exceptions=True)
        self._limiter = SlidingWindowCounterRateLimiter(self._storage)
        self._redis = redis.Redis(connection_pool=self._pool)
        self._acquire = self._redis.register_script(_ACQUIRE)
        self._leases: dict[tuple[str, Policy], _Lease] = {}
        self._lock = threading.Lock()

    def ping(self) -> None:
        try:
            self._redis.ping()
        except redis.RedisError as exc:
            raise CounterStoreError(str(exc)) from exc

    # --- request rates -------------------------------------------------------------------

    def hit(self, identity: str, policies: Sequence[Policy]) -> Verdict:
        """Count one request against each policy in turn; refused at the first full window.

        A worker takes the tokens of a busy key from the shared window in leases (see
        `_Lease`), so most requests cost no round trip. `limits` counts a hit only when it
        is admitted, so a client that backs off as told is let in again when the window
        says so. An admitted request reports the first (tightest) window; a refused one
        every window, read afresh, for an exact Retry-After.
        """
        try:
            reported = []
            for policy in policies:
                window = self._take(identity, policy)
                if window is None:
                    return Verdict(False, tuple(self.window(p, identity) for p in policies))
                reported.append(window)
            return Verdict(True, tuple(reported[:1]))
        except StorageError as exc:
            _store_failed("rate", exc)
            return ALLOW

    def _take(self, identity: str, policy: Policy) -> Window | None:
        """One token from this worker's lease on the policy's window, renewing it when spent."""
        with self._lock:
            lease = self._leases.get((identity, policy))
            now = time.monotonic()
            if lease is None or not lease.usable(now):
                lease = self._renew(identity, policy, lease, now)
                if lease is None:
                    return None
            lease.tokens -= 1
            return lease.window(policy, now)

    def _renew(self, identity: str, policy: Policy, spent: "_Lease | None", now: float) -> "_Lease | None":
        size = _Lease.next_size(spent, policy)
        while not self._limiter.hit(policy.item(), identity, policy.name, cost=size):
            if size == 1:
                self._leases.pop((identity, policy), None)
                return None
            size = 1  # the window has less room than a lease: take exactly one
        if len(self._leases) >= MAX_LEASES:
            self._leases.clear()
        after = self.window(policy, identity)
        lease = self._leases[(identity, policy)] = _Lease(size, size, now, after.remaining, after.reset_s)
        return lease

    def count(self, policy: Policy, *identity: str) -> bool:
        """Record one event; False (and nothing recorded) when the window is full."""
        return self._limiter.hit(policy.item(), *identity, policy.name)

    def has_room(self, policy: Policy, *identity: str) -> bool:
        return self._limiter.test(policy.item(), *identity, policy.name)

    def window(self, policy: Policy, *identity: str) -> Window:
        stats = self._limiter.get_window_stats(policy.item(), *identity, policy.name)
        reset = max(0, math.ceil(stats.reset_time - time.time()))
        return Window(policy.name, policy.limit, policy.seconds, max(0, stats.remaining), reset)

    def forget(self, policy: Policy, *identity: str) -> None:
        self._limiter.clear(policy.item(), *identity, policy.name)

    # --- uploads in flight ---------------------------------------------------------------

    @contextmanager
    def slot(self, name: str, limit: int):
        """Hold one of `limit` slots of `name` for the duration; yields False when none is free."""
        key, token = f"{self.prefix}:slots:{name}", uuid.uuid4().hex
        try:
            taken = bool(self._acquire(keys=[key], args=[time.time(), limit, UPLOAD_SLOT_TTL_S, token]))
        except redis.RedisError as exc:
            _store_failed("slots", exc)
            yield True
            return
        try:
            yield taken
        finally:
            if taken:
                try:
                    self._redis.zrem(key, token)
                except redis.RedisError as exc:  # the slot expires after UPLOAD_SLOT_TTL_S
                    _store_failed("slot", exc)


class FailedAttempts:
    """Blocks a source after `max_failures` failures inside `window_s` seconds.

    Used for API keys (auth.too_many_failed_attempts) and dashboard logins; counted in the
    shared store so an attacker gets `max_failures` guesses per window in all, however many
    workers and nodes answer.
    """

    def __init__(self, counters: Counters, namespace: str, max_failures: int, window_s: int):
        self.counters = counters
        self.policy = Policy(namespace, max_failures, window_s)

    def retry_after(self, source: str) -> int | None:
        """Seconds the source must wait, or None when it may try."""
        try:
            if self.counters.has_room(self.policy, source):
                return None
            return max(1, self.counters.window(self.policy, source).reset_s)
        except StorageError as exc:
            _store_failed("failed_attempts", exc)
            return None

    def record_failure(self, source: str) -> None:
        try:
            self.counters.count(self.policy, source)
        except StorageError as exc:
            _store_failed("failed_attempts", exc)

    def reset(self, source: str) -> None:
        """Forget a source's failures (after a successful login)."""
        try:
            self.counters.forget(self.policy, source)
        except StorageError as exc:
            _store_failed("failed_attempts", exc)


def _store_failed(what: str, exc: Exception) -> None:
    from core import metrics

    metrics.COUNTER_ERRORS.labels(what).inc()
    log.warning("counter store unreachable (%s); %s limit not applied: %s", exc.__class__.__name__, what, exc)
