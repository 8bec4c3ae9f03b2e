"""Schemathesis against the live stack: thousands of generated requests from the served
OpenAPI document, with zero 5xx and zero answers that break the document."""

import json
import re
import subprocess
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.support.stack import BIN, ROOT, running

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PDF = Path(__file__).resolve().parents[1] / "fixtures" / "invoice_digital.pdf"

BUDGET_S = 75
CHECKS = ",".join([
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
])


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    with running(tmp_path_factory.mktemp("fuzz"), INVOICES_STREAM_GROUPS="1") as s:
        yield s


def test_schemathesis_finds_no_server_error_and_no_broken_answer(fuzzed):
    acct = fuzzed.provision(credits=5)
    fuzzed.cli("admin", "team", "plan", "set", acct["team"], "--requests-per-minute", "1000000",
               "--requests-per-hour", "100000000", "--concurrent-uploads", "64", "--queue-depth", "100000")
    scopes = "invoice:read,invoice:write,invoice:export,webhook:read,webhook:manage"
    key = fuzzed.cli("admin", "key", "create", "--team", acct["team"], "--mode", "live", "--scopes", scopes)["key"]
    out = subprocess.run(
        [str(BIN / "schemathesis"), "run", f"{fuzzed.base}/openapi.json", "-H", f"Authorization: Bearer {key}",
         "--checks", CHECKS, "--max-time", str(BUDGET_S), "--request-timeout", "10", "--workers", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=BUDGET_S + 120,
    )
    report = out.stdout[-6000:]
    assert out.returncode == 0, report
    generated = re.search(r"(\d+) generated, (\d+) passed", out.stdout)
    assert generated, report
    assert int(generated.group(1)) >= 1000 and generated.group(1) == generated.group(2), report


# --- the stateful phase: the OpenAPI links of the review and webhook flows ---------------------
STATEFUL_BUDGET_S = 60
# the operations of the two flows: invoices and their review actions (reached from a list, an
# upload's job or an invoice), and webhook endpoints with their test events and deliveries
FLOWS = r"^/(invoices(/\{invoiceId\}(/status|/assignment/(approve|discard|move))?)?|jobs/\{jobId\}|webhooks(/.*)?)$"
STATEFUL_CHECKS = CHECKS + ",use_after_free,ensure_resource_availability"
HELD = 6
ENDPOINTS = 10


@pytest.fixture
def flows(fuzzed, tmp_path):
    """A team with invoices held for review and webhook endpoints that a running dispatcher
    delivers to a local HTTPS receiver, so the links lead to real resources (endpoints the run
    deletes are made again while it runs)."""
    from core.access.auth import authenticate
    from core.store.db import Store
    from core.webhooks import endpoints
    from schemas.webhooks import EVENT_TYPES, EndpointCreate
    from tests.support.webhook_receiver import Receiver
    from tests.support.webhooks import LOOPBACK

    acct = fuzzed.provision(credits=HELD + 20)
    team = acct["team"]
    fuzzed.cli("admin", "team", "plan", "set", team, "--requests-per-minute", "1000000",
               "--requests-per-hour", "100000000", "--concurrent-uploads", "64", "--queue-depth", "100000")
    scopes = "invoice:read,invoice:write,invoice:export,webhook:read,webhook:manage"
    key = fuzzed.cli("admin", "key", "create", "--team", team, "--mode", "live", "--scopes", scopes)["key"]
    stranger = fuzzed.cli("admin", "client", "create", "--team", team, "--mode", "live", "--name", "UAB Niekieno")["clientId"]
    fuzzed.cli("admin", "client", "create", "--team", team, "--mode", "live", "--name", "UAB Kitas klientas")
    jobs = [fuzzed.upload(acct["live"], PDF, headers={"X-Client-Id": stranger}).json()["jobId"] for _ in range(HELD)]
    held = []
    deadline = time.monotonic() + 90
    while len(held) < HELD and time.monotonic() < deadline:
        found = fuzzed.get(key, "/invoices?assignment=needs_review&limit=100").json()["data"]
        held = [i["id"] for i in found if i["jobId"] in jobs]
        time.sleep(0.3)
    assert len(held) == HELD, f"{len(held)} of {HELD} uploads reached review\n{fuzzed.logs_tail()}"

    receiver = Receiver(tmp_path).start()
    fuzzed.start_webhooks(INVOICES_WEBHOOK_ALLOW_LOOPBACK="1", INVOICES_WEBHOOK_CA_FILE=str(receiver.ca_file),
                          INVOICES_WEBHOOK_POLL_S="0.05", INVOICES_WEBHOOK_RETRY_DELAYS="0.5",
                          INVOICES_WEBHOOK_TIMEOUT_S="2")
    store = Store(f"sqlite:///{fuzzed.home / 'store.db'}")
    principal = authenticate(store, key, "127.0.0.1")
    made: list[str] = []
    stop = threading.Event()

    def replenish() -> None:
        """Endpoints the run deletes are made again, so the webhook flow never runs dry."""
        while not stop.is_set():
            try:
                for _ in range(ENDPOINTS - len(endpoints.list_endpoints(store, principal)["data"])):
                    body = EndpointCreate(url=receiver.url(f"/hook/{len(made)}"), events=list(EVENT_TYPES))
                    made.append(endpoints.create(store, LOOPBACK, principal, body)["id"])
            except Exception:  # noqa: BLE001 - a busy store or the endpoint limit: the next round tries again
                pass
            stop.wait(0.2)

    keeper = threading.Thread(target=replenish, daemon=True)
    keeper.start()
    try:
        assert _wait_for(lambda: len(made) >= ENDPOINTS, 20), made
        yield {"key": key, "held": held, "endpoints": made, "receiver": receiver}
    finally:
        stop.set()
        keeper.join(10)
        fuzzed.webhooks.stop()
        receiver.stop()
        store.dispose()


def _wait_for(check, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False


def test_schemathesis_follows_the_links_of_the_review_and_webhook_flows(fuzzed, flows, tmp_path):
    har = tmp_path / "stateful.har"
    started = time.monotonic()
    out = subprocess.run(
        [str(BIN / "schemathesis"), "run", f"{fuzzed.base}/openapi.json", "-H", f"Authorization: Bearer {flows['key']}",
         "--phases", "stateful", "--include-path-regex", FLOWS, "--checks", STATEFUL_CHECKS,
         "--max-time", str(STATEFUL_BUDGET_S), "--request-timeout", "10", "--workers", "2",
         "--report", "har", "--report-har-path", str(har)],
        cwd=ROOT, capture_output=True, text=True, timeout=STATEFUL_BUDGET_S + 60,
    )
    took = time.monotonic() - started
    report = out.stdout[-6000:]
    assert out.returncode == 0, report
    links = re.search(r"API Links:\s+(\d+) covered / (\d+) selected / (\d+) total(?: \((\d+) inferred\))?", out.stdout)
    scenarios = re.search(r"Scenarios:\s+(\d+)", out.stdout)
    assert links and scenarios, report

    entries = json.loads(har.read_text())["log"]["entries"]
    statuses = Counter(e["response"]["status"] for e in entries)
    assert not [s for s in statuses if s >= 500], statuses

    def hits(pattern: str) -> Counter:
        return Counter(e["response"]["status"] for e in entries if re.search(pattern, e["request"]["url"]))

    held = "|".join(map(re.escape, flows["held"]))
    hooks = "|".join(map(re.escape, flows["endpoints"]))
    review = hits(rf"/invoices/({held})/assignment/(approve|discard|move)$")
    deliveries = hits(rf"/webhooks/({hooks})/deliveries/whd_[^/]+(/redeliver)?$")
    endpoint_ops = hits(rf"/webhooks/({hooks})(/test|/secret/rotate|/deliveries)?$")
    # the links carried real ids: review actions reached the held invoices and answered as
    # the contract says, and deliveries made by a test event were read back
    assert review and set(review) <= {200, 400, 403, 404, 409, 422}, review
    assert review[200] >= 1, review
    assert deliveries[200] >= 1, deliveries
    assert endpoint_ops[200] >= 1, endpoint_ops
    print(f"\nstateful phase: {scenarios.group(1)} scenarios, links {links.group(1)} covered / {links.group(2)} selected / "
          f"{links.group(3)} total ({links.group(4) or 0} inferred), {len(entries)} requests in {took:.0f} s, answers {dict(sorted(statuses.items()))}; "
          f"review actions on held invoices {dict(review)}, on seeded endpoints {dict(endpoint_ops)}, "
          f"on their deliveries {dict(deliveries)}; {len(flows['receiver'].received())} deliveries received")
