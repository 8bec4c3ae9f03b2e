"""The dashboard in a real browser (Playwright driving Debian's chromium) against a real
stack: gunicorn, broker, Dagster, and the webhook dispatcher delivering to an HTTPS
receiver. One stack and one browser for the module; a screenshot of every page lands in
the run's temporary folder (`screens/`)."""

import json
import os
import time
from pathlib import Path

import pytest

from tests.support.stack import Stack
from tests.support.webhook_receiver import Receiver

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CHROMIUM = "/usr/bin/chromium"
PASSWORD = "buhalterė-2026"


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    receiver = Receiver(tmp_path_factory.mktemp("receiver")).start()
    stack = Stack(tmp_path_factory.mktemp("stack"), INVOICES_STREAM_GROUPS="1", INVOICES_LEASE_TTL_S="4",
                  INVOICES_WEBHOOK_ALLOW_LOOPBACK="1")
    try:
        stack.start()
        stack.start_webhooks(INVOICES_WEBHOOK_CA_FILE=str(receiver.ca_file), INVOICES_WEBHOOK_POLL_S="0.05")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1366, "height": 900}, locale="lt-LT")
            yield {"stack": stack, "receiver": receiver, "page": page, "screens": tmp_path_factory.mktemp("screens"),
                   **_provision(stack)}
            browser.close()
    finally:
        stack.stop()
        receiver.stop()


def _provision(stack: Stack) -> dict:
    """Two credits: one invoice completes, one waits in review, the third upload parks."""
    team = stack.cli("admin", "team", "create", "--name", "UAB Skaičiuotuvas")["teamId"]
    stack.cli("admin", "credits", "grant", "--team", team, "--amount", "2")
    key = stack.cli("admin", "key", "create", "--team", team, "--mode", "live", "--scopes", "invoice:read,invoice:write")["key"]
    other = stack.cli("admin", "client", "create", "--team", team, "--mode", "live", "--name", "UAB Kitas klientas",
                      "--company-code", "111111115")["clientId"]
    user = stack.cli("admin", "user", "create", "--team", team, "--email", "buhalterija@example.lt", "--role", "admin",
                     "--password", PASSWORD)
    link = stack.cli("admin", "user", "create", "--team", team, "--email", "naujokas@example.lt")
    assert user["role"] == "admin" and link["setPasswordUrl"].startswith(f"http://127.0.0.1:{stack.api_port}/app/set-password?token=")
    done = stack.wait_job(key, stack.upload(key, FIXTURES / "invoice_digital.pdf").json()["jobId"])
    held = stack.upload(key, FIXTURES / "invoice_digital.pdf", headers={"X-Client-Id": other}).json()["jobId"]
    parked = stack.upload(key, FIXTURES / "invoice_digital.pdf").json()
    assert parked["status"] == "awaiting_credits"
    deadline = time.monotonic() + 90
    while not stack.get(key, f"/jobs/{held}").json().get("invoiceId"):
        assert time.monotonic() < deadline, stack.logs_tail()
        time.sleep(0.3)
    return {"invoice": done["invoiceId"], "held": stack.get(key, f"/jobs/{held}").json()["invoiceId"],
            "parked": parked["jobId"], "key": key, "team": team, "base": f"http://127.0.0.1:{stack.api_port}/app"}


def _shot(world, name: str) -> None:
    world["page"].screenshot(path=str(world["screens"] / f"{name}.png"), full_page=True)


def _events(receiver, path: str, event_type: str, count: int = 1) -> list[dict]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = [r.json for r in receiver.received(path) if r.json["type"] == event_type]
        if len(found) >= count:
            return found
        time.sleep(0.1)
    raise TimeoutError(f"no {event_type} at {path}: {[r.json['type'] for r in receiver.received(path)]}")


def test_the_bookkeepers_day(world):
    page, base, receiver = world["page"], world["base"], world["receiver"]
    page.goto(f"{base}/invoices")
    assert "/app/login" in page.url
    _shot(world, "01-login-lt")
    page.fill("#email", "buhalterija@example.lt")
    page.fill("#password", PASSWORD)
    page.click("form[action='/app/login'] button")
    page.wait_for_url(f"{base}/invoices")
    assert page.locator("h1").inner_text() == "Sąskaitos"
    _shot(world, "02-invoices-lt")

    # a webhook for changes made in the dashboard, and its test event
    page.goto(f"{base}/webhooks")
    page.fill("#url", receiver.url("/ui"))
    page.select_option("#sourceFilter", "ui")
    page.click("form[action='/app/webhooks'] button[type=submit]")
    page.wait_for_selector("#secret")
    _shot(world, "03-webhook-created")
    page.click("form[action$='/test'] button")
    page.wait_for_selector(".notice")
    [test_event] = _events(receiver, "/ui", "invoice.processed")
    assert test_event["data"]["invoice"]["extraction"]["engine"] == "canned"

    # the invoice: its page image with boxes, an edit, the event
    page.goto(f"{base}/invoices/{world['invoice']}")
    page.wait_for_function("document.querySelector('.sheet img').naturalWidth > 0")
    assert page.locator(".sheet svg rect").count() >= 5
    _shot(world, "04-invoice-lt")
    page.fill("input[name='invoiceNumber']", "SF-2026-0042")
    page.click("form.fields button[type=submit]")
    page.wait_for_selector(".notice")
    [updated] = _events(receiver, "/ui", "invoice.updated")
    assert updated["data"]["invoice"]["invoiceNumber"] == "SF-2026-0042"
    assert updated["data"]["invoice"]["history"][-1]["source"] == "ui"
    _shot(world, "05-invoice-edited")

    # review: approve the held invoice (its invoice.processed comes from the dashboard)
    page.goto(f"{base}/review")
    _shot(world, "06-review-lt")
    page.click(f"#review-{world['held']} form[action$='/approve'] button")
    page.wait_for_selector(".notice")
    approved = _events(receiver, "/ui", "invoice.processed", 2)
    assert approved[-1]["data"]["invoice"]["id"] == world["held"]

    # jobs: cancel the parked upload
    page.goto(f"{base}/jobs")
    _shot(world, "07-jobs-lt")
    page.click(f"#job-{world['parked']} form button")
    page.wait_for_selector(".notice")
    assert world["stack"].get(world["key"], f"/jobs/{world['parked']}").json()["status"] == "cancelled"
    assert page.locator(f"#job-{world['parked']}").count() == 0

    # delete with its confirmation
    page.goto(f"{base}/invoices/{world['invoice']}/delete")
    _shot(world, "08-delete-confirm")
    page.click("form[action$='/delete'] button")
    page.wait_for_url(f"{base}/invoices?notice=deleted")
    [deleted] = _events(receiver, "/ui", "invoice.deleted")
    assert deleted["data"]["invoice"]["id"] == world["invoice"]
    assert deleted["data"]["invoice"]["invoiceNumber"] == "SF-2026-0042"

    # upload in the dashboard: through the front's admission into the pipeline, its events from the member
    stack = world["stack"]
    stack.cli("admin", "credits", "grant", "--team", world["team"], "--amount", "1")
    buyer = stack.cli("admin", "client", "create", "--team", world["team"], "--mode", "live", "--name",
                      "UAB „Medžio darbai“", "--company-code", "123456786")["clientId"]
    page.goto(f"{base}/upload")
    page.select_option("#clientId", buyer)
    page.set_input_files("#files", str(FIXTURES / "invoice_digital.pdf"))
    page.locator("#sending tr[data-state=accepted]").wait_for()
    job_id = page.locator("#sending [data-job-id]").get_attribute("data-job-id")
    page.locator(f"#upload-{job_id} a").wait_for(timeout=90_000)  # the list follows the job until it is read
    _shot(world, "09-upload-lt")
    invoice_id = stack.get(world["key"], f"/jobs/{job_id}").json()["invoiceId"]
    deadline = time.monotonic() + 30
    while not any(r.json["data"].get("invoice", {}).get("id") == invoice_id for r in receiver.received("/ui")):
        assert time.monotonic() < deadline, [r.json["type"] for r in receiver.received("/ui")]  # source ui reaches /ui
        time.sleep(0.1)

    for name in ("credits", "clients", "keys", "webhooks"):
        page.goto(f"{base}/{name}")
        _shot(world, f"09-{name}-lt")
    page.goto(f"{base}/invoices?lang=en")
    assert page.locator("h1").inner_text() == "Invoices"
    _shot(world, "10-invoices-en")
    page.goto(f"{base}/invoices/{world['held']}")
    page.wait_for_function("document.querySelector('.sheet img').naturalWidth > 0")
    assert "Validation checks" in page.content()
    _shot(world, "11-invoice-en")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base}/invoices")
    _shot(world, "12-invoices-phone-en")
    print(json.dumps({"screens": str(world["screens"])}))
