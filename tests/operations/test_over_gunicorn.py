"""Operations over a real gunicorn with two workers: shared limits, maintenance, refusals below
Falcon, a store that cannot be written, a blob store that cannot be written, probes, metrics
and the request id through Kafka into the stream run's log."""

import json
import socket
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import redis
import requests

from tests.support.stack import running

pytestmark = pytest.mark.e2e

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "invoice_digital.pdf"
AUTH_CACHE_S = 1.0  # as in production: a plan change reaches every worker within this


def _plan(ops, team: str, *options: str) -> None:
    ops.cli("admin", "team", "plan", "set", team, *options)
    time.sleep(AUTH_CACHE_S + 0.1)


@pytest.fixture(scope="module")
def ops(tmp_path_factory, redis_url):
    """A stack of its own: a short store busy timeout lets a held write lock surface fast, and
    counters in a database of their own, so failed authentications of other tests' stacks
    from this same address (the counters are per address) never block this one's."""
    home = tmp_path_factory.mktemp("ops")
    own_counters = redis_url.rsplit("/", 1)[0] + "/1"
    with running(home, INVOICES_STREAM_GROUPS="1", INVOICES_DB_BUSY_TIMEOUT_MS="1000",
                 INVOICES_AUTH_CACHE_S=str(AUTH_CACHE_S), INVOICES_REDIS_URL=own_counters) as s:
        yield s


@pytest.fixture(scope="module")
def acct(ops):
    return ops.provision(credits=20)


def _fresh_get(url: str, key: str) -> requests.Response:
    """A new connection per request, so gunicorn deals them to both workers."""
    return requests.get(url, headers={"Authorization": f"Bearer {key}", "Connection": "close"}, timeout=10)


def _raw(port: int, payload: bytes) -> tuple[int, dict, dict]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(payload)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, json.loads(body)


def test_rate_limits_are_shared_by_every_worker(ops, acct):
    _plan(ops, acct["team"], "--requests-per-minute", "6")
    url = f"{ops.base}/me"
    codes = [_fresh_get(url, acct["live"]).status_code for _ in range(10)]
    assert codes == [200] * 6 + [429] * 4  # per-worker counters would have let up to 12 through
    refused = _fresh_get(url, acct["live"])
    assert refused.json()["code"] == "rate_limit.exceeded" and int(refused.headers["Retry-After"]) >= 1
    assert refused.headers["RateLimit-Policy"].startswith('"minute";q=6;w=60')
    _plan(ops, acct["team"], "--requests-per-minute", "100000")


def test_uploads_in_flight_are_capped_for_the_team(ops, acct):
    _plan(ops, acct["team"], "--concurrent-uploads", "1")
    body = FIXTURE.read_bytes()
    boundary = "slowboundary"
    head = (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n'
            "Content-Type: application/pdf\r\n\r\n").encode()
    tail = f"\r\n--{boundary}--\r\n".encode()
    request = (
        f"POST /external/v1/invoices HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {acct['live']}\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(head) + len(body) + len(tail)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()
    slow = socket.create_connection(("127.0.0.1", ops.api_port), timeout=30)
    try:
        slow.sendall(request + head + body[:100])  # the upload is in flight: its body still coming
        time.sleep(0.5)
        refused = ops.upload(acct["live"], FIXTURE)
        assert refused.status_code == 429 and refused.json()["code"] == "upload.concurrent_limit_exceeded"
        assert refused.headers["Retry-After"]
        slow.sendall(body[100:] + tail)
        answer = slow.recv(65536).decode()
        assert answer.startswith("HTTP/1.1 202"), answer
    finally:
        slow.close()
    assert ops.upload(acct["live"], FIXTURE).status_code == 202
    _plan(ops, acct["team"], "--concurrent-uploads", "16")


def test_maintenance_switch_reaches_every_worker_within_a_second(ops, acct):
    accepted = ops.upload(acct["test"], FIXTURE, headers={"X-Client-Id": acct["test_client"]})
    assert accepted.status_code == 202
    ops.cli("admin", "maintenance", "on", "--retry-after", "120", "--message", "Store upgrade.")
    try:
        time.sleep(1.0)
        answers = [_fresh_get(f"{ops.base}/jobs", acct["live"]) for _ in range(6)]
        assert {a.status_code for a in answers} == {503}
        assert {a.json()["code"] for a in answers} == {"service.maintenance"}
        assert answers[0].headers["Retry-After"] == "120" and answers[0].json()["detail"] == "Store upgrade."
        assert requests.get(f"http://127.0.0.1:{ops.api_port}/healthz", timeout=5).status_code == 200
        # accepted work goes on: the stream run completes the job while the API is closed
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and _job_status(ops, accepted.json()["jobId"]) != "completed":
            time.sleep(0.5)
        assert _job_status(ops, accepted.json()["jobId"]) == "completed"
    finally:
        ops.cli("admin", "maintenance", "off")
    time.sleep(1.0)
    assert {_fresh_get(f"{ops.base}/me", acct["live"]).status_code for _ in range(4)} == {200}


def _job_status(ops, job_id: str) -> str:
    with sqlite3.connect(ops.home / "store.db") as conn:
        return conn.execute("SELECT status FROM jobs WHERE id = ?", (job_id,)).fetchone()[0]


def test_requests_refused_below_falcon_are_problems(ops):
    status, headers, body = _raw(
        ops.api_port, b"POST /external/v1/invoices HTTP/1.1\r\nHost: x\r\nIdempotency-Key: bad\x01key\r\n\r\n"
    )
    assert (status, body["code"], body["status"]) == (400, "validation.invalid_idempotency_key", 400)
    assert headers["content-type"] == "application/problem+json" and body["requestId"].startswith("req_")
    status, headers, body = _raw(ops.api_port, b"GET /external/v1/me HTTP/1.1\r\nHost: x\r\nX-Note: a\x7fb\r\n\r\n")
    assert (status, body["code"]) == (400, "validation.failed")
    status, _, body = _raw(ops.api_port, b"GET /external/v1/me HTTP/9.9 extra\r\nHost: x\r\n\r\n")
    assert (status, body["code"]) == (400, "validation.failed")
    status, _, body = _raw(ops.api_port, b"GET /external/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n")
    assert (status, body["code"]) == (400, "validation.failed")


def test_an_unwritable_idempotency_store_refuses_before_doing_anything(ops, acct):
    before = _job_count(ops)
    lock = sqlite3.connect(ops.home / "store.db", isolation_level=None, timeout=10)
    lock.execute("BEGIN IMMEDIATE")  # another writer holds the store: reads go on, writes wait
    try:
        resp = ops.upload(acct["live"], FIXTURE, headers={"Idempotency-Key": "while-locked"})
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    assert resp.status_code == 503 and resp.json()["code"] == "idempotency.backend_unavailable"
    assert resp.headers["Retry-After"] and resp.headers["Content-Type"] == "application/problem+json"
    assert _job_count(ops) == before
    retried = ops.upload(acct["live"], FIXTURE, headers={"Idempotency-Key": "while-locked"})
    assert retried.status_code == 202


def test_a_failed_file_store_is_upload_failed_and_the_key_is_given_back(ops, acct):
    blobs = ops.home / "blobs"
    aside = ops.home / "blobs-aside"
    blobs.rename(aside)
    blobs.write_text("not a folder")  # every write into the blob store now fails
    try:
        resp = ops.upload(acct["live"], FIXTURE.with_name("invoice_scan.png"), headers={"Idempotency-Key": "no-disk"})
    finally:
        blobs.unlink()
        aside.rename(blobs)
    assert resp.status_code == 500 and resp.json()["code"] == "invoice.upload_failed"
    again = ops.upload(acct["live"], FIXTURE.with_name("invoice_scan.png"), headers={"Idempotency-Key": "no-disk"})
    assert again.status_code == 202


def _job_count(ops) -> int:
    with sqlite3.connect(ops.home / "store.db") as conn:
        return conn.execute("SELECT count(*) FROM jobs").fetchone()[0]


def test_probes_metrics_and_the_contract_over_http(ops, acct):
    root = f"http://127.0.0.1:{ops.api_port}"
    assert requests.get(f"{root}/readyz", timeout=5).json()["status"] == "ready"
    job = ops.upload(acct["live"], FIXTURE).json()
    assert ops.wait_job(acct["live"], job["jobId"])["status"] == "completed"
    with ThreadPoolExecutor(4) as pool:  # both workers answer some
        list(pool.map(lambda _: _fresh_get(f"{ops.base}/me", acct["test"]), range(8)))
    text = requests.get(f"{root}/metrics", timeout=5).text
    assert 'route="/external/v1/me",status="200"' in text
    assert 'invoices_jobs_finished_total{mode="live",status="completed"}' in text
    assert "invoices_processing_seconds_per_page_count" in text
    doc = requests.get(f"{ops.base}/openapi.json", timeout=5).json()
    assert doc["openapi"] == "3.1.0"


def test_the_request_id_follows_the_upload_into_the_stream_run_log(ops, acct):
    resp = ops.upload(acct["test"], FIXTURE, headers={"X-Client-Id": acct["test_client"]})
    request_id = resp.headers["X-Request-Id"]
    ops.wait_job(acct["test"], resp.json()["jobId"])
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        lines = [line for path in (ops.home / "dagster").rglob("*") if path.is_file() and path.suffix in (".err", ".out", ".log")
                 for line in path.read_text(errors="replace").splitlines() if request_id in line]
        if lines:
            break
        time.sleep(0.5)
    assert lines, "no stream-run log line carries the request id"
    record = json.loads(lines[0][lines[0].index("{"):])
    assert record["request_id"] == request_id and record["job_id"] == resp.json()["jobId"]


def test_uploads_at_once_under_a_ceiling_lose_nothing_and_free_every_slot(ops, acct):
    """Many uploads at once under a ceiling of 2: each is accepted or refused, every accepted
    one is a job, and no slot stays taken afterwards."""
    _plan(ops, acct["team"], "--concurrent-uploads", "2")
    before = _job_count(ops)
    results = []
    lock = threading.Lock()

    def one(_):
        r = ops.upload(acct["test"], FIXTURE, headers={"X-Client-Id": acct["test_client"]})
        with lock:
            results.append(r.status_code)

    with ThreadPoolExecutor(6) as pool:
        list(pool.map(one, range(12)))
    assert set(results) <= {202, 429} and 202 in results
    assert _job_count(ops) - before == results.count(202)
    slots = redis.Redis.from_url(ops.env["INVOICES_REDIS_URL"])
    assert slots.zcard(f"invoices:slots:uploads:{acct['team']}:test") == 0
    _plan(ops, acct["team"], "--concurrent-uploads", "16")
    assert ops.upload(acct["test"], FIXTURE, headers={"X-Client-Id": acct["test_client"]}).status_code == 202


def test_failed_authentications_are_counted_across_workers(ops):
    """Last in the module: it blocks this address for a minute."""
    bad = "svc_live_" + "z" * 48
    codes = [_fresh_get(f"{ops.base}/me", bad).status_code for _ in range(22)]
    assert codes[:20] == [401] * 20 and codes[20:] == [429, 429]
