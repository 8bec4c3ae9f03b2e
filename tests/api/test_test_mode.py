"""Test mode completes as interface.md 3.1 rule 4 says, whatever codes the test client carries:
the canned invoice names the upload's client as its buyer, so the assignment gate confirms
it; `hints.testScenario=needs_review` holds it for review so the review flow can be tried;
`failed` fails it."""

import pytest

from core.access import admin
from core.modes import Mode
from pipelines.work import TEST_FAILURE_MESSAGE, JobRunner
from tests.api.helpers import get, upload

BASE = "/external/v1"


def _run(world, env, client_id, scenario=None):
    fields = {"hints.testScenario": scenario} if scenario else None
    resp = upload(world, world["test"], headers={"X-Client-Id": client_id}, fields=fields)
    assert resp.status_code == 202, resp.text
    job_id = resp.json["jobId"]
    JobRunner(env, world["store"]).run(job_id)
    return get(world, world["test"], f"{BASE}/jobs/{job_id}").json


@pytest.mark.parametrize("codes", [(None, None), ("111111113", None), (None, "LT987654315")],
                         ids=["no codes", "company code", "vat code"])
def test_a_test_upload_completes_for_any_test_client(world, env, codes):
    client = admin.create_client(world["store"], world["team"], Mode.TEST, "UAB Bandymų klientas", *codes)["clientId"]
    job = _run(world, env, client)
    assert job["status"] == "completed", job
    invoice = get(world, world["test"], f"{BASE}/invoices/{job['invoiceId']}").json
    assert invoice["assignment"]["status"] == "confirmed" and invoice["clientId"] == client
    buyer = invoice["buyer"]
    assert (buyer["name"], buyer["companyCode"], buyer["vatCode"]) == ("UAB Bandymų klientas", *codes)
    assert invoice["extraction"]["engine"] == "canned"
    assert all(c["passed"] for c in invoice["validation"]["checks"])


def test_the_canned_buyers_own_client_still_completes(world, env):
    job = _run(world, env, world["test_client"])
    assert job["status"] == "completed"


def test_needs_review_holds_the_invoice_for_review_and_approve_completes_it(world, env):
    job = _run(world, env, world["test_client"], "needs_review")
    assert job["status"] == "processing" and job["invoiceId"]
    invoice = get(world, world["test"], f"{BASE}/invoices/{job['invoiceId']}").json
    assert invoice["assignment"]["status"] == "needs_review"
    assert "client_not_a_party" in invoice["assignment"]["reasonCodes"]
    approved = world["client"].simulate_post(f"{BASE}/invoices/{job['invoiceId']}/assignment/approve", json={},
                                             headers={"Authorization": f"Bearer {world['test']}"})
    assert approved.status_code == 200, approved.text
    assert get(world, world["test"], f"{BASE}/jobs/{job['id']}").json["status"] == "completed"


def test_failed_still_fails(world, env):
    job = _run(world, env, world["test_client"], "failed")
    assert job["status"] == "failed" and job["error"]["message"] == TEST_FAILURE_MESSAGE
