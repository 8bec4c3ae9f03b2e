"""The access generation: one number in the shared counter store that every change of access
(a key revoked, suspended or reactivated, a team suspended, its billing suspended or its API
access switched, a plan changed) increments before the command returns.

Each API worker remembers valid keys for INVOICES_AUTH_CACHE_S (core.access.auth.PrincipalCache),
together with the generation it knew before looking the key up; a remembered key is used
only while the generation is still the same, so the very next request after a change, on
any worker of any node, looks the key up again.

A worker does not ask the counter store for the generation on every request: one listener
thread per process subscribes to `CHANNEL`, and a change increments the number and publishes
it in one atomic script, then waits until every subscribed listener has acknowledged it
(`ACK_WAIT_S` at most). So when the command returns, every live worker already knows the
new number, and a read costs no round trip. While a listener is not subscribed (starting,
or the counter store restarting) the worker reads the number with one GET per request, as a
listener that missed messages must; once subscribed again it reads the number afresh.

When the counter store cannot be reached the cache falls back to its lifetime alone (a
change then bites within INVOICES_AUTH_CACHE_S), and a command whose increment failed says
so in the log; the store is not asked again for `RETRY_S` after a failure, so an outage adds
no delay to every request.
"""

import logging
import os
import threading
import time

import redis

from core.billing.ratelimits import PREFIX, SOCKET_TIMEOUT_S

log = logging.getLogger(__name__)

KEY = f"{PREFIX}:access-generation"
CHANNEL = f"{PREFIX}:access-changes"
RETRY_S = 1.0
ACK_WAIT_S = 2.0
ACK_TTL_S = 60
IDLE_PING_S = 30.0  # a listener that heard nothing for this long pings, once

# Incrementing and publishing in one script keeps the messages in the order of the numbers,
# so a listener never steps back to an older generation.
_CHANGE = """
local generation = redis.call('INCR', KEYS[1])
local listeners = redis.call('PUBLISH', ARGV[1], generation)
return {generation, listeners}
"""

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


def _ack_key(generation: int) -> str:
    return f"{PREFIX}:access-acks:{generation}"


class _Listener:
    """The process's subscription: `known` is the generation while subscribed, else None."""

    def __init__(self, url: str):
        self.url = url
        self.known: int | None = None
        self.subscribed = False
        self.thread = threading.Thread(target=self._run, name="access-generation", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        delay = RETRY_S
        while True:
            self.subscribed = False
            try:
                self._listen()
            except (redis.RedisError, ValueError, OSError) as exc:
                log.debug("access listener down (%s); reading the generation per request", exc.__class__.__name__)
            self.known = None
            delay = RETRY_S if self.subscribed else min(delay * 2, 8 * RETRY_S)
            time.sleep(delay)

    def _listen(self) -> None:
        # A connection of its own with no read timeout: it waits for messages for hours.
        connection = redis.Redis.from_url(self.url, socket_connect_timeout=SOCKET_TIMEOUT_S, socket_keepalive=True,
                                          health_check_interval=30)
        pubsub = connection.pubsub()
        try:
            pubsub.subscribe(CHANNEL)
            confirmed = pubsub.get_message(timeout=5.0)  # subscribed from here on: nothing is missed
            if not confirmed or confirmed["type"] != "subscribe":
                raise redis.ConnectionError("no subscription confirmed")
            value = _client(self.url).get(KEY)
            self.known = int(value) if value is not None else 0
            self.subscribed = True
            while True:
                message = pubsub.get_message(timeout=IDLE_PING_S)
                if message is None:
                    pubsub.ping()  # a dead connection shows here, not hours later
                    continue
                if message["type"] != "message":
                    continue  # the ping's pong: answering it with another ping would never end
                generation = int(message["data"])
                self.known = generation if self.known is None else max(self.known, generation)
                acks = _client(self.url).pipeline(transaction=False)
                acks.incr(_ack_key(generation)).expire(_ack_key(generation), ACK_TTL_S).execute()
        finally:
            self.known = None
            pubsub.close()
            connection.close()


_listeners: dict[tuple[int, str], _Listener] = {}
_listeners_lock = threading.Lock()


def _listener(url: str) -> _Listener:
    """One per process and store; a forked worker starts its own (threads do not survive a fork)."""
    key = (os.getpid(), url)
    listener = _listeners.get(key)
    if listener is None:
        with _listeners_lock:
            listener = _listeners.get(key)
            if listener is None:
                listener = _listeners[key] = _Listener(url)
    return listener


class AccessGeneration:
    """The current generation as a worker knows it (None: unknown, the store is unreachable)."""

    def __init__(self, url: str, listen: bool = True):
        self.url = url
        self.listen = listen
        self._down_until = 0.0

    def current(self) -> int | None:
        if self.listen:
            known = _listener(self.url).known
            if known is not None:
                return known
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
    """Increment the generation and wait until every listening worker knows it, so the next
    request anywhere looks its key up again. False (and a warning) when the counter store
    cannot be reached or a listener did not answer within ACK_WAIT_S."""
    if url is None:
        from core.settings import settings

        url = settings().redis_url
    client = _client(url)
    try:
        generation, listeners = client.eval(_CHANGE, 1, KEY, CHANNEL)
        deadline = time.monotonic() + ACK_WAIT_S
        while listeners and int(client.get(_ack_key(generation)) or 0) < listeners:
            if time.monotonic() > deadline:
                log.warning("access change %s acknowledged by fewer than its %s listeners within %s s; the others "
                            "honour it within INVOICES_AUTH_CACHE_S", generation, listeners, ACK_WAIT_S)
                return False
            time.sleep(0.002)
        return True
    except redis.RedisError as exc:
        log.warning("access change not announced (counter store unreachable: %s); workers honour it "
                    "within INVOICES_AUTH_CACHE_S", exc.__class__.__name__)
        return False
