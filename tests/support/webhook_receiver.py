"""A real HTTPS webhook receiver on loopback for tests and benchmarks.

A threaded http.server behind TLS with a certificate from a throw-away trustme CA (the
dispatcher trusts it through INVOICES_WEBHOOK_CA_FILE). It records every request it gets
and answers each path from a script: a status code, `("sleep", s, status)` to answer late,
or the default 200 once the script runs out.
"""

import json
import socket
import ssl
import threading
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import trustme


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float  # time.time() when the headers were read

    @property
    def json(self) -> dict:
        return json.loads(self.body)

    @property
    def event_id(self) -> str:
        return self.headers["webhook-id"]


@dataclass
class _State:
    scripts: dict[str, deque] = field(default_factory=lambda: defaultdict(deque))
    received: list[Received] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as real receivers do
    state: _State

    def setup(self) -> None:
        super().setup()
        # headers and body go out as two writes; without this, Nagle holds the body back
        # until the client's delayed ACK (~40 ms), which real servers avoid the same way
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
        at = time.time()
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        with self.state.lock:
            self.state.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body, at))
            script = self.state.scripts[self.path]
            action = script.popleft() if script else 200
        if isinstance(action, tuple) and action[0] == "sleep":
            time.sleep(action[1])
            action = action[2] if len(action) > 2 else 200
        self._answer(int(action))

    def _answer(self, status: int) -> None:
        payload = json.dumps({"received": True, "status": status}).encode()
        try:
            self.send_response(status)
            if 300 <= status < 400:
                self.send_header("Location", "https://localhost/elsewhere")
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
        except OSError:
            pass  # the dispatcher gave up (timeout) or was killed

    def log_message(self, *args) -> None:
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        pass  # clients refusing our certificate or vanishing mid-request are part of the tests


class Receiver:
    def __init__(self, directory: Path, hostnames: tuple[str, ...] = ("localhost", "127.0.0.1")):
        self.ca = trustme.CA()
        self.ca_file = directory / "webhook-ca.pem"
        self.ca.cert_pem.write_to_path(str(self.ca_file))
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.ca.issue_cert(*hostnames).configure_cert(context)
        self.state = _State()
        handler = type("Handler", (_Handler,), {"state": self.state})
        self.server = _Server(("127.0.0.1", 0), handler)
        # the handshake happens in the request's own thread, so a slow client cannot stall accept()
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True, do_handshake_on_connect=False)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def start(self) -> "Receiver":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def url(self, path: str = "/hook") -> str:
        return f"https://localhost:{self.port}{path}"

    def script(self, path: str, *actions) -> None:
        """Answers for the next requests to `path`, in order (then 200)."""
        with self.state.lock:
            self.state.scripts[path].extend(actions)

    def received(self, path: str | None = None) -> list[Received]:
        with self.state.lock:
            return [r for r in self.state.received if path is None or r.path == path]

    def wait_for(self, count: int, path: str | None = None, timeout_s: float = 15.0) -> list[Received]:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            got = self.received(path)
            if len(got) >= count:
                return got
            time.sleep(0.02)
        raise TimeoutError(f"{len(self.received(path))} of {count} requests to {path or 'any path'} after {timeout_s} s")
