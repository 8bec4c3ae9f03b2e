"""The client-assignment gate over the real stack: upload -> review -> move -> completed,
exported, with its events in the outbox; and review actions racing through gunicorn."""

import threading
import time
from pathlib import Path

import pytest
import requests
import sqlalchemy as sa

from core.store.db import Store
from core.store.tables import outbox

pytestmark = pytest.mark.e2e

PDF = Path(__file__).resolve().parents[1] / "fixtures" / "invoice_digital.pdf"


@pytest.fixture(scope="module")
def books(stack):
    team = stack.cli("admin", "team", "create", "--name", "UAB Buhalterija")["teamId"]
    stack.cli("admin", "credits", "grant", "--team", team, "--amount", "20")
    scopes = "invoice:read,invoice:write,invoice:export"
    live = stack.cli("admin", "key", "create", "--team", team, "--mode", "live", "--scopes", scopes)["key"]
    test = stack.cli("admin", "key", "create", "--team", team, "--mode", "test", "--scopes", scopes)["key"]

    def client(mode, name):
        return stack.cli("admin", "client", "create", "--team", team, "--mode", mode, "--name", name)["clientId"]

    return {"team": team, "live": live, "test": test, "stranger": client("live", "UAB Niekieno"),
            "other": client("live", "UAB Kitas klientas"), "test_stranger": client("test", "UAB Bandomasis svetimas")}


def _post(stack, key, path, body=None):
    return requests.post(f"{stack.base}{path}", json=body or {}, headers={"Authorization": f"Bearer {key}"}, timeout=30)


def _held(stack, key, job_id, timeout_s=90.0) -> dict:
    """The invoice of a job once the gate has held it for review."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        job = stack.get(key, f"/jobs/{job_id}").json()
        if job.get("invoiceId"):
            invoice = stack.get(key, f"/invoices/{job['invoiceId']}").json()
            if invoice["assignment"]["status"] == "needs_review":
                return invoice
        assert job["status"] == "processing", job
        time.sleep(0.2)
    raise TimeoutError(f"job {job_id} never reached review\n{stack.logs_tail()}")


def _events(stack, invoice_id: str) -> list[str]:
    store = Store(f"sqlite:///{stack.home / 'store.db'}")
    try:
        with store.read() as conn:
            rows = conn.execute(sa.select(outbox.c.event_type, outbox.c.payload).where(outbox.c.kind == "event").order_by(outbox.c.id)).all()
    finally:
        store.dispose()
    return [r.event_type for r in rows if (r.payload["data"].get("invoice") or {}).get("id") == invoice_id]


def test_live_upload_for_a_stranger_is_reviewed_then_moved_with_force(stack, books):
    resp = stack.upload(books["live"], PDF, headers={"X-Client-Id": books["stranger"]})
    assert resp.status_code == 202, resp.text
    job_id = resp.json()["jobId"]
    invoice = _held(stack, books["live"], job_id)
    assert invoice["status"] == "processing" and invoice["assignment"]["reasonCodes"] == ["client_not_a_party"]
    export = stack.get(books["live"], f"/invoices/{invoice['id']}/export?format=json")
    assert export.status_code == 409 and export.json()["code"] == "invoice.not_ready_for_export"
    assert _events(stack, invoice["id"]) == ["invoice.review_required"]

    path = f"/invoices/{invoice['id']}/assignment/move"
    refused = _post(stack, books["live"], path, {"clientId": books["other"]})
    assert refused.status_code == 409 and refused.json()["code"] == "invoice.assignment_move_needs_review"
    moved = _post(stack, books["live"], path, {"clientId": books["other"], "force": True})
    assert moved.status_code == 200, moved.text
    assert moved.json()["status"] == "completed" and moved.json()["clientId"] == books["other"]

    job = stack.get(books["live"], f"/jobs/{job_id}").json()
    assert job["status"] == "completed" and job["invoiceId"] == invoice["id"] and job["clientId"] == books["other"]
    exported = stack.get(books["live"], f"/invoices/{invoice['id']}/export?format=json")
    assert exported.status_code == 200 and exported.json()["assignment"]["status"] == "confirmed"
    assert _events(stack, invoice["id"]) == ["invoice.review_required", "invoice.processed"]


def test_test_mode_needs_review_scenario_reaches_review(stack, books):
    resp = stack.upload(books["test"], PDF, headers={"X-Client-Id": books["test_stranger"]},
                        data={"hints.testScenario": "needs_review"})
    invoice = _held(stack, books["test"], resp.json()["jobId"])
    assert invoice["id"].startswith("inv_test_") and invoice["extraction"]["engine"] == "canned"
    assert stack.get(books["live"], f"/invoices/{invoice['id']}").status_code == 404


def test_racing_review_actions_resolve_to_exactly_one(stack, books):
    held = [
        _held(stack, books["live"], stack.upload(books["live"], PDF, headers={"X-Client-Id": books["stranger"]}).json()["jobId"])
        for _ in range(3)
    ]
    for invoice in held:
        base = f"/invoices/{invoice['id']}/assignment"
        calls = [(f"{base}/approve", None), (f"{base}/discard", None), (f"{base}/move", {"clientId": books["other"], "force": True})] * 2
        results: list[requests.Response] = []
        barrier = threading.Barrier(len(calls))

        def act(path, body):
            barrier.wait()
            results.append(_post(stack, books["live"], path, body))

        threads = [threading.Thread(target=act, args=call) for call in calls]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        winners = {r.json()["assignment"]["resolution"]["action"] for r in results if r.status_code == 200}
        assert len(winners) == 1, [r.text for r in results]
        losers = [r for r in results if r.status_code != 200]
        assert len(losers) == 4 and {r.json()["code"] for r in losers} == {"invoice.assignment_conflict"}
        assert {r.json()["appliedAction"] for r in losers} == winners
        final = stack.get(books["live"], f"/invoices/{invoice['id']}").json()
        assert final["assignment"]["resolution"]["action"] in winners
