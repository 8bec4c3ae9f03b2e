"""The access generation: one number in the shared counter store that every change of access
(a key revoked, suspended or reactivated, a team suspended, its billing suspended or its API
access switched, a plan changed) increments before the command returns.

Each API worker remembers valid keys for INVOICES_AUTH_CACHE_S (core.auth.PrincipalCache),
together with the generation it read before looking the key up; a remembered key is used
only while the generation is still the same, so the very next request after a change, on
any worker of any node, looks the key up again. Reading the generation is one GET on the
counter store per request.

When the counter store cannot be reached the cache falls back to its lifetime alone (a
change then bites within INVOICES_AUTH_CACHE_S, as before), and a command whose increment
failed says so in the log; the store is not asked again for `RETRY_S` after a failure, so an
outage adds no delay to every request.
"""

import logging
import threading
import time

import redis

from core.ratelimits import PREFIX, SOCKET_TIMEOUT_S

log = logging.getLogger(__name__)

KEY = f"{PREFIX}:access-generation"
RETRY_S = 1.0

_clients: dict[str, redis.Redis] = {}
_clients_lock = threading.Lock()


def _client(url: str) -> redis.Redis:
    with _clients_lock:
        client = _clients.get(url)
        if client is None:
            client = _clients[url] = redis.Redis.from_url(
                url, socket_timeout=SOCKET_TIMEOUT_S, socket_connect_timeout=SOCKET_TIMEOUT_S, health_check_interval=30
            )
        return client


class AccessGeneration:
    """The current generation as a worker reads it (None: unknown, the store is unreachable)."""

    def __init__(self, url: str):
        self.url = url
        self._down_until = 0.0

    def current(self) -> int | None:
        now = time.monotonic()
        if now < self._down_until:
            return None
        try:
            value = _client(self.url).get(KEY)
        except redis.RedisError as exc:
            self._down_until = now + RETRY_S
            log.warning("counter store unreachable (%s); cached keys live out their lifetime", exc.__class__.__name__)
            return None
        return int(value) if value is not None else 0


def changed(url: str | None = None) -> bool:
    """Increment the generation: every worker's remembered keys and team states are dropped.
    False (and a warning) when the counter store cannot be reached."""
    if url is None:
        from core.settings import settings

        url = settings().redis_url
    try:
        _client(url).incr(KEY)
        return True
    except redis.RedisError as exc:
        log.warning("access change not announced (counter store unreachable: %s); workers honour it "
                    "within INVOICES_AUTH_CACHE_S", exc.__class__.__name__)
        return False
