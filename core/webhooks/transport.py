"""One HTTPS attempt to a webhook receiver, pinned to the address the SSRF guard approved.

Built on httpcore, the connection layer under httpx, because it lets us own the network
backend: `PinnedBackend.connect_tcp` never resolves a name; it dials only the addresses the
guard approved for this thread's attempt, while the URL keeps the host name, so the Host
header, SNI and certificate check all use the name. A connection kept alive was opened
the same way, to an address that passed the guard; before it is reused the guard runs
again on the current DNS answer.

The receiver has 30 seconds in all (interface.md 6 rule 5), not 30 seconds per read: a
receiver that trickles bytes cannot hold a worker longer, because every read and write
of the attempt gets only what is left of its deadline. 3xx answers are failures and are
never followed. The first 1 KB of the answer is kept for the partner to read.
"""

import ssl
import threading
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import certifi
import httpcore

from core import errors
from core.clock import utcnow
from core.webhooks.urls import Target, UrlGuard

RESPONSE_PREFIX = 1024
DRAIN_LIMIT = 64 * 1024  # read this much of an answer so the connection can be reused
KEEPALIVE_S = 4.0  # below the 5 s idle timeout common in servers, to avoid reusing a closing socket


@dataclass(frozen=True)
class Outcome:
    started_at: datetime
    finished_at: datetime
    duration_ms: int
    status_code: int | None = None
    error: str | None = None
    response: str | None = None

    @property
    def delivered(self) -> bool:
        return self.error is None and self.status_code is not None and 200 <= self.status_code < 300


class _Pin(threading.local):
    host: str | None = None
    addresses: tuple[str, ...] = ()
    deadline: float = 0.0


class _DeadlineStream(httpcore.NetworkStream):
    """Gives every read and write only what is left of the current attempt's deadline."""

    def __init__(self, inner: httpcore.NetworkStream, pin: _Pin):
        self.inner, self.pin = inner, pin

    def _left(self, timeout: float | None, exc: type[Exception]) -> float:
        left = self.pin.deadline - time.monotonic()
        if left <= 0:
            raise exc("the attempt ran out of time")
        return left if timeout is None else min(timeout, left)

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self.inner.read(max_bytes, self._left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self.inner.write(buffer, self._left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self.inner.close()

    def start_tls(self, ssl_context: ssl.SSLContext, server_hostname: str | None = None,
                  timeout: float | None = None) -> httpcore.NetworkStream:
        left = self._left(timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self.inner.start_tls(ssl_context, server_hostname, left), self.pin)

    def get_extra_info(self, info: str):
        return self.inner.get_extra_info(info)


class PinnedBackend(httpcore.NetworkBackend):
    def __init__(self):
        self.pin = _Pin()
        self._inner = httpcore.SyncBackend()

    def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                    socket_options=None) -> httpcore.NetworkStream:
        """Each approved address in the resolver's order (e.g. ::1, then 127.0.0.1)."""
        if self.pin.host is None or host.lower() != self.pin.host:
            raise httpcore.ConnectError(f"refused: no address approved for {host}")
        failure: Exception | None = None
        for address in self.pin.addresses:
            left = self.pin.deadline - time.monotonic()
            if left <= 0:
                raise httpcore.ConnectTimeout("the attempt ran out of time")
            try:
                stream = self._inner.connect_tcp(address, port, left if timeout is None else min(timeout, left),
                                                 local_address, socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
                continue
            return _DeadlineStream(stream, self.pin)
        raise failure or httpcore.ConnectError(f"refused: no address approved for {host}")

    def connect_unix_socket(self, path: str, timeout: float | None = None, socket_options=None):
        raise httpcore.ConnectError("refused: webhooks never use unix sockets")

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


def ssl_context(ca_file: Path | None) -> ssl.SSLContext:
    """The public CAs (certifi, as httpx uses), plus INVOICES_WEBHOOK_CA_FILE if set."""
    context = ssl.create_default_context(cafile=certifi.where())
    if ca_file is not None:
        context.load_verify_locations(cafile=str(ca_file))
    return context


def _host_header(target: Target) -> bytes:
    host = f"[{target.host}]" if ":" in target.host else target.host
    return (host if target.port == 443 else f"{host}:{target.port}").encode("ascii")


def _error(exc: Exception, timeout_s: float) -> str:
    if isinstance(exc, errors.ServiceError):
        return f"refused: {exc.code}: {exc.detail}"
    if isinstance(exc, httpcore.TimeoutException):
        return f"timeout: no complete answer within {timeout_s:g} s"
    if isinstance(exc, httpcore.ConnectError):
        return f"connection failed: {exc}"
    if isinstance(exc, (httpcore.NetworkError, httpcore.ProtocolError)):
        return f"{type(exc).__name__}: {exc}"
    return f"error: {type(exc).__name__}: {exc}"


class Sender:
    """POSTs signed bodies; safe to share between threads."""

    def __init__(self, guard: UrlGuard, timeout_s: float = 30.0, ca_file: Path | None = None, max_connections: int = 64):
        self.guard, self.timeout_s = guard, timeout_s
        self.backend = PinnedBackend()
        self.pool = httpcore.ConnectionPool(
            ssl_context=ssl_context(ca_file), max_connections=max_connections, keepalive_expiry=KEEPALIVE_S,
            network_backend=self.backend,
        )

    def send(self, url: str, headers: dict[str, str], body: bytes) -> Outcome:
        started, t0 = utcnow(), time.monotonic()
        status = response = error = None
        try:
            target = self.guard.check(url)
            addresses = self.guard.resolve(target)
            if not addresses:
                raise httpcore.ConnectError(f"DNS: {target.host} does not resolve")
            status, response = self._post(target, tuple(addresses), t0 + self.timeout_s, headers, body)
        except Exception as exc:  # every failure is an outcome to record, never a crash
            error = _error(exc, self.timeout_s)[:300]
        duration = int((time.monotonic() - t0) * 1000)
        if status is not None and not 200 <= status < 300 and error is None:
            error = f"redirect not followed (HTTP {status})" if 300 <= status < 400 else f"HTTP {status}"
        return Outcome(started, utcnow(), duration, status, error, response)

    def _post(self, target: Target, addresses: tuple[str, ...], deadline: float, headers: dict[str, str],
              body: bytes) -> tuple[int, str]:
        pin = self.backend.pin
        pin.host, pin.addresses, pin.deadline = target.host, addresses, deadline
        url = httpcore.URL(scheme=b"https", host=target.host.encode("ascii"), port=target.port, target=target.target)
        raw_headers = [(b"host", _host_header(target))] + [(k.encode(), v.encode()) for k, v in headers.items()]
        timeout = {"connect": self.timeout_s, "read": self.timeout_s, "write": self.timeout_s, "pool": self.timeout_s}
        try:
            with self.pool.stream("POST", url, headers=raw_headers, content=body, extensions={"timeout": timeout}) as resp:
                return resp.status, _read_prefix(resp)
        finally:
            pin.host, pin.addresses = None, ()

    def close(self) -> None:
        self.pool.close()


def _read_prefix(response: httpcore.Response) -> str:
    """The first 1 KB of the answer; the status already counts, so a body that breaks off
    or runs past the deadline changes nothing about the outcome."""
    prefix, seen = bytearray(), 0
    try:
        for chunk in response.iter_stream():
            prefix += chunk[: max(0, RESPONSE_PREFIX - len(prefix))]
            seen += len(chunk)
            if seen > DRAIN_LIMIT:
                break
    except (httpcore.NetworkError, httpcore.TimeoutException, httpcore.ProtocolError):
        pass
    return prefix.decode("utf-8", errors="replace")
