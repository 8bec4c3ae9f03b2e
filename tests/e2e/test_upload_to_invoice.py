"""Upload → Kafka → Dagster stream run → invoice, through the real processes."""

import json
import os
import signal
import time
from pathlib import Path

import pytest
import requests
import sqlalchemy as sa

from core.billing import credits
from core.store.db import Store
from core.store.tables import jobs, stream_leases

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())
HEADER_FIELDS = [
    "invoiceNumber", "issueDate", "dueDate", "currency",
    "seller.name", "seller.companyCode", "seller.vatCode",
    "buyer.name", "buyer.companyCode", "buyer.vatCode",
    "totals.net", "totals.vat", "totals.gross",
]


def _field(doc: dict, path: str):
    for part in path.split("."):
        doc = (doc or {}).get(part)
    return doc


def _store(stack) -> Store:
    return Store(f"sqlite:///{stack.home / 'store.db'}")


@pytest.mark.parametrize("fixture", ["invoice_digital.pdf", "invoice_scan.png"])
def test_upload_is_extracted_with_known_values(stack, team, fixture):
    resp = stack.upload(team["live"], FIXTURES / fixture)
    assert resp.status_code == 202, resp.text
    body = resp.json()
    assert body["status"] == "processing" and body["jobId"].startswith("job_")

    job = stack.wait_job(team["live"], body["jobId"])
    assert job["status"] == "completed", job
    assert job["error"] is None and job["sourceFile"] == fixture
    invoice = stack.get(team["live"], f"/invoices/{job['invoiceId']}").json()
    assert invoice["id"] == job["invoiceId"] and invoice["status"] == "completed"
    assert invoice["jobId"] == job["id"] and invoice["mode"] == "live"
    expected = EXPECTED[fixture]
    wrong = {f: (_field(invoice, f), _field(expected, f)) for f in HEADER_FIELDS if _field(invoice, f) != _field(expected, f)}
    assert not wrong, wrong


def test_ledger_matches_job_outcomes(stack, team):
    from core.store.tables import credit_ledger

    store = _store(stack)
    with store.read() as conn:
        statuses = dict(
            conn.execute(
                sa.select(jobs.c.status, sa.func.count())
                .where(jobs.c.team_id == team["team"], jobs.c.mode == "live")
                .group_by(jobs.c.status)
            ).all()
        )
        kinds = dict(
            conn.execute(
                sa.select(credit_ledger.c.kind, sa.func.count())
                .where(credit_ledger.c.team_id == team["team"])
                .group_by(credit_ledger.c.kind)
            ).all()
        )
        doubly_charged = conn.execute(
            sa.select(credit_ledger.c.job_id)
            .where(credit_ledger.c.kind == "charge")
            .group_by(credit_ledger.c.job_id)
            .having(sa.func.count() > 1)
        ).all()
        balance = credits.balance(conn, team["team"])
    assert statuses.get("completed", 0) >= 2
    assert kinds.get("charge", 0) == statuses.get("completed", 0)
    assert kinds.get("release", 0) == statuses.get("failed", 0)
    assert not doubly_charged
    assert balance["balance"] == 10 - statuses.get("completed", 0)
    assert balance["held"] == statuses.get("processing", 0)


def test_test_mode_completes_with_canned_invoice(stack, team):
    headers = {"X-Client-Id": team["test_client"]}
    resp = stack.upload(team["test"], FIXTURES / "invoice_digital.pdf", headers=headers)
    assert resp.status_code == 202, resp.text
    job_id = resp.json()["jobId"]
    assert job_id.startswith("job_test_")
    job = stack.wait_job(team["test"], job_id)
    assert job["status"] == "completed" and job["clientId"] == team["test_client"]
    invoice = stack.get(team["test"], f"/invoices/{job['invoiceId']}").json()
    assert invoice["id"].startswith("inv_test_")
    assert invoice["extraction"]["engine"] == "canned"
    for key in ("seller", "buyer", "lines", "vatBreakdown", "totals", "validation", "confidence", "sources", "assignment"):
        assert key in invoice


def test_test_mode_failed_scenario(stack, team):
    resp = stack.upload(
        team["test"], FIXTURES / "invoice_digital.pdf",
        headers={"X-Client-Id": team["test_client"]}, data={"hints.testScenario": "failed"},
    )
    assert resp.status_code == 202, resp.text
    job = stack.wait_job(team["test"], resp.json()["jobId"])
    assert job["status"] == "failed" and job["invoiceId"] is None
    assert "testScenario" in job["error"]["message"]


def test_test_mode_needs_a_client(stack, team):
    resp = stack.upload(team["test"], FIXTURES / "invoice_digital.pdf")
    assert resp.status_code == 400
    problem = resp.json()
    assert resp.headers["Content-Type"].startswith("application/problem+json")
    assert problem["code"] == "validation.invalid_body"
    assert problem["errors"] == [{"field": "X-Client-Id", "code": "validation.client_required_in_test_mode"}]


def test_idempotent_repeat_returns_the_same_job(stack, team):
    headers = {"Idempotency-Key": f"order-{time.time_ns()}"}
    first = stack.upload(team["live"], FIXTURES / "invoice_digital.pdf", headers=headers)
    again = stack.upload(team["live"], FIXTURES / "invoice_digital.pdf", headers=headers)
    assert first.status_code == again.status_code == 202
    assert first.json() == again.json()
    other = stack.upload(team["live"], FIXTURES / "invoice_scan.png", headers=headers)
    assert other.status_code == 409
    assert other.json()["code"] == "idempotency.key_reused_with_different_params"
    assert stack.wait_job(team["live"], first.json()["jobId"])["status"] == "completed"


def test_cross_mode_reads_are_not_found(stack, team):
    live = stack.upload(team["live"], FIXTURES / "invoice_digital.pdf").json()
    live_job = stack.wait_job(team["live"], live["jobId"])
    test = stack.upload(team["test"], FIXTURES / "invoice_digital.pdf", headers={"X-Client-Id": team["test_client"]}).json()
    test_job = stack.wait_job(team["test"], test["jobId"])

    for key, job in ((team["test"], live_job), (team["live"], test_job)):
        resp = stack.get(key, f"/jobs/{job['id']}")
        assert resp.status_code == 404 and resp.json()["code"] == "job.not_found"
        resp = stack.get(key, f"/invoices/{job['invoiceId']}")
        assert resp.status_code == 404 and resp.json()["code"] == "invoice.not_found"
    # /me is shared across modes: both keys see the same live team
    assert stack.get(team["test"], "/me").json()["team"] == stack.get(team["live"], "/me").json()["team"]


def test_killed_stream_run_is_replaced_and_the_job_still_ends(stack, team):
    store = _store(stack)
    resp = stack.upload(team["live"], FIXTURES / "invoice_scan.png")
    job_id = resp.json()["jobId"]
    deadline = time.monotonic() + 60
    pid = None
    while time.monotonic() < deadline:
        with store.read() as conn:
            attempts = conn.execute(sa.select(jobs.c.attempts, jobs.c.status).where(jobs.c.id == job_id)).one()
            lease = conn.execute(sa.select(stream_leases.c.holder_pid).where(stream_leases.c.group_id == 0)).first()
        if attempts.status == "processing" and attempts.attempts >= 1 and lease and lease.holder_pid:
            pid = lease.holder_pid
            break
        assert attempts.status == "processing", "job finished before the run could be killed"
        time.sleep(0.02)
    assert pid, "the job was never claimed"
    os.kill(pid, signal.SIGKILL)

    job = stack.wait_job(team["live"], job_id, timeout_s=120)
    assert job["status"] == "completed", job
    with store.read() as conn:
        attempts = conn.execute(sa.select(jobs.c.attempts).where(jobs.c.id == job_id)).scalar_one()
        new_holder = conn.execute(sa.select(stream_leases.c.holder_pid).where(stream_leases.c.group_id == 0)).scalar_one()
    assert attempts == 2
    assert new_holder != pid


def test_upload_without_credits_parks(stack):
    poor = stack.provision(credits=0)
    resp = stack.upload(poor["live"], FIXTURES / "invoice_digital.pdf")
    assert resp.status_code == 202
    assert resp.json()["status"] == "awaiting_credits"
    assert stack.get(poor["live"], f"/jobs/{resp.json()['jobId']}").json()["status"] == "awaiting_credits"


def test_reprocess_runs_through_the_micro_batch_job(stack, team):
    first = stack.upload(team["live"], FIXTURES / "invoice_digital.pdf").json()["jobId"]
    job = stack.wait_job(team["live"], first)
    before = stack.get(team["live"], f"/invoices/{job['invoiceId']}").json()
    resp = requests.post(
        f"{stack.base}/invoices/{job['invoiceId']}/reprocess",
        headers={"Authorization": f"Bearer {team['live']}"}, timeout=10,
    )
    assert resp.status_code == 202, resp.text
    again = stack.wait_job(team["live"], first, timeout_s=120)
    assert again["status"] == "completed" and again["invoiceId"] == job["invoiceId"]
    after = stack.get(team["live"], f"/invoices/{job['invoiceId']}").json()
    assert after["status"] == "completed" and after["updatedAt"] > before["updatedAt"]
    assert after["createdAt"] == before["createdAt"] and after["invoiceNumber"] == before["invoiceNumber"]


def test_broker_that_lost_its_log_is_detected_and_unfinished_jobs_are_republished(stack, team):
    """Memory-only Tansu restarts empty: uploads it held must still be processed."""
    stack.daemon.stop()  # no consumer: the next upload stays in the broker's log only
    resp = stack.upload(team["live"], FIXTURES / "invoice_digital.pdf")
    assert resp.status_code == 202
    job_id = resp.json()["jobId"]
    stack.broker.stop()
    stack.start_broker()  # same port, empty log, new topic id
    stack.start_daemon()
    job = stack.wait_job(team["live"], job_id, timeout_s=120)
    assert job["status"] == "completed", job
    # and the stack keeps working on the new log
    after = stack.upload(team["live"], FIXTURES / "invoice_digital.pdf").json()["jobId"]
    assert stack.wait_job(team["live"], after)["status"] == "completed"
