"""The front (nginx, `invoices front`) before a real gunicorn, as `make run` starts them:
per-route body caps answered as problem+json by nginx itself, chunked bodies reaching the
app de-chunked, an access log without query strings, and slow clients that cannot starve
the API's workers."""

import json
import os
import re
import socket
import statistics
import time
from pathlib import Path

import pytest
import requests

from cli.front import render
from core.settings import load_settings
from tests.support.processes import Managed, free_port, wait_for_port
from tests.support.stack import BIN, ROOT, Stack

pytestmark = pytest.mark.e2e

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "invoice_digital.pdf"
MB = 1024 * 1024


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    """gunicorn on a private port, nginx on the public one; a broker for uploads, no daemon."""
    stack = Stack(tmp_path_factory.mktemp("front"), front=True, INVOICES_ACCESS_LOG="1",
                  INVOICES_TRUSTED_PROXIES="127.0.0.1")  # the test plays the TLS terminator too
    try:
        stack.init()
        if stack.redis is not None:
            stack.redis.start()
        stack.start_broker()
        stack.start_api()
        yield stack
    finally:
        stack.stop()


@pytest.fixture(scope="module")
def acct(front):
    team = front.cli("admin", "team", "create", "--name", "UAB Priekis")["teamId"]
    front.cli("admin", "credits", "grant", "--team", team, "--amount", "5")
    scopes = "invoice:read,invoice:write,webhook:manage"
    return front.cli("admin", "key", "create", "--team", team, "--mode", "live", "--scopes", scopes)["key"]


def _exchange(port: int, head: bytes, body: bytes = b"") -> tuple[int, dict, bytes]:
    """One raw request; the answer's status, headers and body (read until nginx closes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as sock:
        sock.sendall(head + body)
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except ConnectionResetError:
            pass
    raw_head, _, rest = data.partition(b"\r\n\r\n")
    lines = raw_head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    if headers.get("transfer-encoding") == "chunked":
        rest = _dechunk(rest)
    return int(lines[0].split()[1]), headers, rest


def _dechunk(data: bytes) -> bytes:
    out = b""
    while data:
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out, data = out + data[:size], data[size + 2:]
    return out


def _head(method: str, path: str, *, length: int | None = None, chunked: bool = False, key: str | None = None,
          content_type: str = "application/json") -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: invoices.test", "Connection: close", f"Content-Type: {content_type}"]
    if key:
        lines.append(f"Authorization: Bearer {key}")
    if length is not None:
        lines.append(f"Content-Length: {length}")
    if chunked:
        lines.append("Transfer-Encoding: chunked")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def _chunked(payload: bytes, size: int = 64 * 1024) -> bytes:
    parts = [b"%x\r\n%s\r\n" % (len(payload[i:i + size]), payload[i:i + size]) for i in range(0, len(payload), size)]
    return b"".join(parts) + b"0\r\n\r\n"


def _assert_problem(status: int, headers: dict, body: bytes, code: str, want_status: int, path: str) -> None:
    assert status == want_status, body
    assert headers["content-type"].startswith("application/problem+json")
    problem = json.loads(body)
    assert (problem["status"], problem["code"], problem["instance"]) == (want_status, code, path)
    assert problem["type"].endswith("/errors/error-registry") and problem["requestId"].startswith("req_")
    assert headers["x-request-id"] == problem["requestId"]


# --- body caps per route ---------------------------------------------------------------------
@pytest.mark.parametrize(("method", "path", "limit", "code"), [
    ("POST", "/external/v1/invoices", 50 * MB, "upload.payload_too_large"),
    ("POST", "/external/v1/invoices/batch", 500 * MB, "upload.payload_too_large"),
    ("POST", "/external/v1/webhooks", 1 * MB, "validation.failed"),
    ("PATCH", "/external/v1/invoices/inv_01abc", 1 * MB, "validation.failed"),
    ("POST", "/external/v1/contacts", 1 * MB, "validation.failed"),
    ("POST", "/app/login", 256 * 1024, "validation.failed"),
    ("POST", "/app/webhooks", 256 * 1024, "validation.failed"),
    ("POST", "/app/upload", 50 * MB, "upload.payload_too_large"),  # a dashboard upload: one file, as POST /invoices
])
def test_a_body_over_the_routes_cap_is_refused_by_the_front(front, method, path, limit, code):
    # announced by Content-Length: refused before a byte of the body is read
    status, headers, body = _exchange(front.api_port, _head(method, path, length=limit + 1))
    _assert_problem(status, headers, body, code, 413, path)


@pytest.mark.parametrize(("path", "size", "code"), [
    ("/external/v1/webhooks", 1 * MB + 1, "validation.failed"),
    ("/app/login", 256 * 1024 + 1, "validation.failed"),
])
def test_a_chunked_body_over_the_cap_is_refused_too(front, path, size, code):
    status, headers, body = _exchange(front.api_port, _head("POST", path, chunked=True), _chunked(b"a" * size))
    _assert_problem(status, headers, body, code, 413, path)


def test_a_body_under_the_cap_reaches_the_app(front, acct):
    status, headers, body = _exchange(front.api_port, _head("POST", "/external/v1/webhooks", key=acct,
                                                            length=900 * 1024), b" " * (900 * 1024))
    assert status == 400 and json.loads(body)["code"].startswith("validation.")  # the app's own answer
    assert "x-request-id" in headers


def test_requests_the_front_cannot_read_are_problems_too(front):
    for raw in (b"GET /external/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n",
                b"GET /external/v1/me HTTP/9.9 extra\r\nHost: x\r\n\r\n",
                b"POST /external/v1/webhooks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n"):
        status, headers, body = _exchange(front.api_port, raw)
        assert status == 400 and headers["content-type"].startswith("application/problem+json"), body
        assert json.loads(body)["code"] == "validation.failed"
    status, headers, body = _exchange(front.api_port, b"TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert (status, json.loads(body)["code"]) == (405, "http.method_not_allowed")


def test_the_front_answers_503_while_the_app_is_away(tmp_path):
    """gunicorn not (yet) listening, e.g. while the supervisor starts it again."""
    port, dead = free_port(), free_port()
    env = {**os.environ, "INVOICES_HOME": str(tmp_path), "INVOICES_API_PORT": str(port),
           "INVOICES_APP_PORT": str(dead)}
    (tmp_path / "logs").mkdir()
    nginx = Managed("front", [str(BIN / "invoices"), "front"], env, tmp_path / "logs", ROOT).start()
    try:
        wait_for_port(port, 20, nginx.proc)
        answer = requests.get(f"http://127.0.0.1:{port}/external/v1/me?api_key=svc_live_secret", timeout=5)
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "5"
        assert answer.json()["code"] == "service.maintenance"
        # the upload routes set error pages of their own and still answer as problems
        upload = requests.post(f"http://127.0.0.1:{port}/external/v1/invoices", files={"file": ("a.pdf", b"%PDF-1.4")},
                               timeout=5)
        assert upload.status_code == 503 and upload.json()["code"] == "service.maintenance"
    finally:
        nginx.stop()
    assert "svc_live_secret" not in nginx.tail(100)


# --- chunked bodies ----------------------------------------------------------------------------
def test_a_chunked_upload_reaches_the_app_de_chunked(front, acct):
    boundary = "frontboundary"
    payload = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="chunked.pdf"\r\n'
        "Content-Type: application/pdf\r\n\r\n"
    ).encode() + FIXTURE.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    head = _head("POST", "/external/v1/invoices", chunked=True, key=acct,
                 content_type=f"multipart/form-data; boundary={boundary}")
    status, _, body = _exchange(front.api_port, head, _chunked(payload, 4096))
    assert status == 202, body
    job = json.loads(body)
    assert job["jobId"].startswith("job_") and job["status"] in ("processing", "awaiting_credits")


def test_a_chunked_json_body_is_read_like_a_sized_one(front, acct):
    payload = json.dumps({"url": "http://example.com/hook", "events": ["invoice.processed"]}).encode()
    sized = _exchange(front.api_port, _head("POST", "/external/v1/webhooks", key=acct, length=len(payload)), payload)
    chunked = _exchange(front.api_port, _head("POST", "/external/v1/webhooks", key=acct, chunked=True),
                        _chunked(payload, 7))
    assert sized[0] == chunked[0] == 400
    assert json.loads(sized[2])["code"] == json.loads(chunked[2])["code"] == "webhook.url_not_https"


# --- logs ----------------------------------------------------------------------------------------
def test_the_access_logs_keep_no_query_string(front):
    secret = "svc_live_" + "Q" * 48
    answer = requests.get(f"http://127.0.0.1:{front.api_port}/healthz?api_key={secret}&token=abc.def",
                          headers={"Referer": f"http://x/app/set-password?token={secret}"}, timeout=5)
    assert answer.status_code == 200
    time.sleep(0.5)
    front_log, api_log = front.front.tail(200), front.api.tail(200)
    assert '"path":"/healthz"' in front_log and "GET /healthz HTTP/1.1" in api_log
    assert secret not in front_log + api_log and "abc.def" not in front_log + api_log


def test_the_scheme_reaches_the_app_from_the_trusted_terminator_only_in_x_forwarded_proto(front):
    """The fixture's terminator is this test (127.0.0.1 is trusted): its X-Forwarded-Proto
    makes the dashboard's cookies Secure; other headers claiming https are dropped."""
    login = f"http://127.0.0.1:{front.api_port}/app/login"
    secure = requests.get(login, headers={"X-Forwarded-Proto": "https"}, timeout=5)
    assert secure.status_code == 200 and "secure" in secure.headers["set-cookie"].lower()
    for claim in ({"X-Forwarded-Ssl": "on"}, {"X-Forwarded-Protocol": "ssl"}, {"Forwarded": "proto=https"}):
        plain = requests.get(login, headers=claim, timeout=5)
        assert plain.status_code == 200 and "secure" not in plain.headers["set-cookie"].lower(), claim


# --- connections per address -------------------------------------------------------------------
def test_requests_in_progress_are_limited_per_address(front):
    """64 uploads whose bodies are still coming hold the address's share; one more request
    from it is refused at once, and answered again once they are gone."""
    root = f"http://127.0.0.1:{front.api_port}"
    holders = []
    try:
        for _ in range(64):
            sock = socket.create_connection(("127.0.0.1", front.api_port), timeout=5)
            sock.sendall(_head("POST", "/external/v1/invoices", length=10_000, content_type="application/pdf") + b"%PDF")
            holders.append(sock)
        time.sleep(0.3)
        refused = requests.get(f"{root}/healthz", timeout=5)
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limit.exceeded"
        assert refused.headers["Retry-After"] == "1" and refused.headers["content-type"] == "application/problem+json"
        # another address (behind the trusted terminator) has its own share
        assert requests.get(f"{root}/healthz", headers={"X-Forwarded-For": "198.51.100.4"}, timeout=5).ok
    finally:
        for sock in holders:
            sock.close()
    time.sleep(0.3)
    assert requests.get(f"{root}/healthz", timeout=5).status_code == 200


# --- metrics ------------------------------------------------------------------------------------
def test_metrics_answer_loopback_clients_only(front):
    root = f"http://127.0.0.1:{front.api_port}"
    assert requests.get(f"{root}/metrics", timeout=5).status_code == 200
    # a client behind the trusted terminator, from afar
    refused = requests.get(f"{root}/metrics", headers={"X-Forwarded-For": "203.0.113.9"}, timeout=5)
    assert refused.status_code == 403 and refused.json()["code"] == "http.forbidden"
    assert refused.headers["content-type"] == "application/problem+json"
    assert requests.get(f"{root}/healthz", headers={"X-Forwarded-For": "203.0.113.9"}, timeout=5).status_code == 200


# --- slow clients (interface: the API stays up) -------------------------------------------------
DRIPPERS, BODY_DRIPPERS, PROBE_FOR_S = 50, 20, 6.0


def test_slow_clients_cannot_starve_the_api(front, acct):
    """50 connections each send one more header line every second and never finish, 20
    more an upload's body a byte a second; the probe and an authenticated read keep
    answering fast the whole time (straight to gunicorn, 2 workers x 4 threads, the header
    drippers alone leave a probe unanswered for seconds)."""
    drippers, body_drippers = [], []
    for n in range(DRIPPERS):
        sock = socket.create_connection(("127.0.0.1", front.api_port), timeout=5)
        sock.sendall(f"GET /external/v1/jobs HTTP/1.1\r\nHost: x\r\nX-Slow-{n}: 0\r\n".encode())
        drippers.append(sock)
    for _ in range(BODY_DRIPPERS):
        sock = socket.create_connection(("127.0.0.1", front.api_port), timeout=5)
        sock.sendall(_head("POST", "/external/v1/invoices", key=acct, length=1_000_000,
                           content_type="multipart/form-data; boundary=slow") + b"-")
        body_drippers.append(sock)
    session_free = {"Connection": "close"}
    latencies: dict[str, list[float]] = {"healthz": [], "jobs": []}
    started = last_drip = time.monotonic()
    try:
        while time.monotonic() - started < PROBE_FOR_S:
            if time.monotonic() - last_drip >= 1.0:
                for n, sock in enumerate(drippers):
                    sock.sendall(f"X-Drip-{n}: {int(time.monotonic())}\r\n".encode())
                for sock in body_drippers:
                    sock.sendall(b"-")
                last_drip = time.monotonic()
            for name, path, headers in (
                ("healthz", "/healthz", session_free),
                ("jobs", "/external/v1/jobs", {**session_free, "Authorization": f"Bearer {acct}"}),
            ):
                t0 = time.perf_counter()
                answer = requests.get(f"http://127.0.0.1:{front.api_port}{path}", headers=headers, timeout=5)
                latencies[name].append(time.perf_counter() - t0)
                assert answer.status_code == 200, answer.text
            time.sleep(0.02)
        # the drippers are still connected: nothing was refused, they were simply not waited on
        for n, sock in enumerate(drippers):
            sock.sendall(f"X-Drip-{n}: last\r\n".encode())
        for sock in body_drippers:
            sock.sendall(b"-")
    finally:
        for sock in drippers + body_drippers:
            sock.close()
    for name, values in latencies.items():
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(f"slow clients: {name} n={len(values)} median={statistics.median(values) * 1000:.1f} ms "
              f"p99={p99 * 1000:.1f} ms max={values[-1] * 1000:.1f} ms")
        assert len(values) >= 20 and p99 < 0.100, (name, values[-5:])


# --- the rendered file ------------------------------------------------------------------------
def test_the_rendered_config_names_the_ports_proxies_and_paths(tmp_path, monkeypatch):
    monkeypatch.setenv("INVOICES_HOME", str(tmp_path))
    monkeypatch.setenv("INVOICES_API_PORT", "8123")
    monkeypatch.setenv("INVOICES_APP_PORT", "18123")
    monkeypatch.setenv("INVOICES_TRUSTED_PROXIES", "10.1.0.0/16, 192.0.2.7")
    monkeypatch.setenv("INVOICES_ACCESS_LOG", "0")
    text = render(load_settings(), tmp_path / "nginx")
    assert not re.search(r"@[A-Z_]+@", text)  # every mark filled
    assert "listen 127.0.0.1:8123 default_server;" in text and "server 127.0.0.1:18123;" in text
    assert "set_real_ip_from 10.1.0.0/16;" in text and "set_real_ip_from 192.0.2.7/32;" in text
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in text
    assert "proxy_set_header X-Forwarded-Proto $forwarded_proto;" in text
    assert "10.1.0.0/16 1;" in text and "192.0.2.7/32 1;" in text  # their X-Forwarded-Proto is believed
    assert "access_log off;" in text and f"client_body_temp_path {tmp_path}/nginx/client_body;" in text
