"""Upload → pipeline → outbox → dispatcher → an HTTPS receiver, through the real processes."""

from pathlib import Path

import pytest
from standardwebhooks.webhooks import Webhook

from core.access.auth import authenticate
from core.modes import Mode
from core.store.db import Store
from core.webhooks import endpoints
from schemas.webhooks import EndpointCreate
from tests.support.webhook_receiver import Receiver
from tests.support.webhooks import LOOPBACK

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture
def hooks(stack, tmp_path):
    receiver = Receiver(tmp_path).start()
    stack.start_webhooks(
        INVOICES_WEBHOOK_ALLOW_LOOPBACK="1", INVOICES_WEBHOOK_CA_FILE=str(receiver.ca_file), INVOICES_WEBHOOK_POLL_S="0.05"
    )
    try:
        yield receiver
    finally:
        stack.webhooks.stop()
        receiver.stop()


def _endpoint(store, key, mode, url):
    principal = authenticate(store, key, "127.0.0.1")
    assert principal.mode is mode
    return endpoints.create(store, LOOPBACK, principal, EndpointCreate(url=url, events=["invoice.processed"], sourceFilter="api"))


def test_uploads_arrive_signed_at_the_endpoint_of_their_mode(stack, hooks):
    team = stack.provision(credits=2)  # a team of its own: no other test's events
    store = Store(f"sqlite:///{stack.home / 'store.db'}")
    live = _endpoint(store, team["live"], Mode.LIVE, hooks.url("/live"))
    test = _endpoint(store, team["test"], Mode.TEST, hooks.url("/test"))

    job = stack.wait_job(team["live"], stack.upload(team["live"], FIXTURES / "invoice_digital.pdf").json()["jobId"])
    [got] = hooks.wait_for(1, "/live", timeout_s=30)
    envelope = Webhook(live["secret"]).verify(got.body, got.headers)
    assert envelope["type"] == "invoice.processed" and envelope["apiVersion"] == "v1" and got.event_id == envelope["id"]
    assert envelope["data"]["invoice"] == stack.get(team["live"], f"/invoices/{job['invoiceId']}").json()

    upload = stack.upload(team["test"], FIXTURES / "invoice_digital.pdf", headers={"X-Client-Id": team["test_client"]})
    stack.wait_job(team["test"], upload.json()["jobId"])
    [canned] = hooks.wait_for(1, "/test", timeout_s=30)
    invoice = Webhook(test["secret"]).verify(canned.body, canned.headers)["data"]["invoice"]
    assert invoice["id"].startswith("inv_test_") and invoice["extraction"]["engine"] == "canned"
    assert len(hooks.received("/live")) == 1  # the test upload never reached the live endpoint
    store.dispose()
