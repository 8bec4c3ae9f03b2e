"""The client-assignment gate through the real upload path, and the review actions."""

import sqlalchemy as sa

from core.access import admin
from core.billing import credits
from core.modes import Mode
from core.store.tables import jobs, outbox
from tests.api.books import buyer_client, extracted, process
from tests.api.helpers import assert_problem, get

BASE = "/external/v1"


def _post(world, key, path, body=None):
    return world["client"].simulate_post(BASE + path, json=body, headers={"Authorization": f"Bearer {world[key]}"})


def _events(world, event_type):
    with world["store"].read() as conn:
        rows = conn.execute(sa.select(outbox.c.payload, outbox.c.source, outbox.c.api_key_id)
                            .where(outbox.c.event_type == event_type).order_by(outbox.c.id)).all()
    return rows


def _job(world, job_id):
    with world["store"].read() as conn:
        return conn.execute(sa.select(jobs).where(jobs.c.id == job_id)).mappings().one()


def test_an_invoice_of_its_client_is_confirmed_and_completed(world):
    client = buyer_client(world)
    job_id, invoice_id = process(world, world["live"], client)
    invoice = get(world, world["live"], f"{BASE}/invoices/{invoice_id}").json
    assert invoice["status"] == "completed" and invoice["assignment"]["status"] == "confirmed"
    assert invoice["direction"] == "purchase"
    assert {line["vatClassifier"] for line in invoice["lines"]} == {"PVM1"}
    assert invoice["vatBreakdown"][0]["category"] == "S"
    assert _job(world, job_id)["status"] == "completed"
    status = get(world, world["live"], f"{BASE}/invoices/{invoice_id}/status").json
    assert status == {"id": invoice_id, "status": "completed", "jobId": job_id,
                      "assignment": {"status": "confirmed"}, "updatedAt": invoice["updatedAt"]}


def test_a_client_that_is_no_party_holds_the_invoice_for_review(world):
    buyer = buyer_client(world)
    job_id, invoice_id = process(world, world["live"], world["live_client"])
    invoice = get(world, world["live"], f"{BASE}/invoices/{invoice_id}").json
    assert invoice["status"] == "processing"
    assignment = invoice["assignment"]
    assert assignment["status"] == "needs_review" and assignment["clientId"] == world["live_client"]
    assert assignment["reasonCodes"] == ["client_not_a_party", "party_is_other_client"]
    assert assignment["candidates"][0] == {"clientId": buyer, "score": 1.0}
    job = get(world, world["live"], f"{BASE}/jobs/{job_id}").json
    assert job["status"] == "processing"
    review = _events(world, "invoice.review_required")
    assert len(review) == 1 and review[0].payload["data"]["invoice"]["id"] == invoice_id
    assert review[0].source == "api"
    assert _events(world, "invoice.processed") == []
    listed = get(world, world["live"], f"{BASE}/invoices", {"assignment": "needs_review"}).json["data"]
    assert [i["id"] for i in listed] == [invoice_id]
    assert [i["id"] for i in get(world, world["live"], f"{BASE}/invoices", {"status": "processing"}).json["data"]] == [invoice_id]
    resp = world["client"].simulate_get(f"{BASE}/invoices/{invoice_id}/export", params={"format": "json"},
                                        headers={"Authorization": f"Bearer {admin.create_key(world['store'], world['team'], Mode.LIVE, ['invoice:export'])['key']}"})
    assert_problem(resp, 409, "invoice.not_ready_for_export")
    with world["store"].read() as conn:
        assert credits.balance(conn, world["team"])["held"] == 1


def test_approve_completes_charges_and_fires_processed_once(world):
    job_id, invoice_id = process(world, world["live"], world["live_client"])
    resp = _post(world, "live", f"/invoices/{invoice_id}/assignment/approve")
    assert resp.status_code == 200, resp.text
    body = resp.json
    assert body["status"] == "completed" and body["assignment"]["status"] == "confirmed"
    assert body["assignment"]["resolution"]["action"] == "approve" and body["assignment"]["resolution"]["source"] == "api"
    assert _job(world, job_id)["status"] == "completed" and _job(world, job_id)["held_at"] is None
    again = _post(world, "live", f"/invoices/{invoice_id}/assignment/approve", {})
    assert again.status_code == 200 and again.json == body
    processed = _events(world, "invoice.processed")
    assert len(processed) == 1 and processed[0].api_key_id is not None
    with world["store"].read() as conn:
        assert credits.balance(conn, world["team"]) == {"balance": 4, "held": 0, "available": 4}
    conflict = assert_problem(_post(world, "live", f"/invoices/{invoice_id}/assignment/discard"), 409, "invoice.assignment_conflict")
    assert conflict["appliedAction"] == "approve" and conflict["assignment"]["status"] == "confirmed"


def test_discard_cancels_the_job_charges_and_never_fires_processed(world):
    job_id, invoice_id = process(world, world["live"], world["live_client"])
    body = _post(world, "live", f"/invoices/{invoice_id}/assignment/discard").json
    assert body["status"] == "discarded" and body["assignment"]["status"] == "discarded"
    job = get(world, world["live"], f"{BASE}/jobs/{job_id}").json
    assert job["status"] == "cancelled" and "review" in job["error"]["message"]
    assert _events(world, "invoice.processed") == []
    with world["store"].read() as conn:
        assert credits.balance(conn, world["team"]) == {"balance": 4, "held": 0, "available": 4}
    assert [i["id"] for i in get(world, world["live"], f"{BASE}/invoices", {"status": "discarded"}).json["data"]] == [invoice_id]
    assert_problem(_post(world, "live", f"/invoices/{invoice_id}/assignment/approve"), 409, "invoice.assignment_conflict")


def test_move_rules(world):
    buyer = buyer_client(world)
    other = admin.create_client(world["store"], world["team"], Mode.LIVE, "UAB Trečias")["clientId"]
    _, invoice_id = process(world, world["live"], world["live_client"])
    path = f"/invoices/{invoice_id}/assignment/move"
    assert_problem(_post(world, "live", path, {"clientId": world["live_client"]}), 400, "invoice.assignment_destination_same_client")
    assert_problem(_post(world, "live", path, {"clientId": "cl_live_" + "0" * 26}), 404, "client.not_found")
    assert_problem(_post(world, "live", path, {"clientId": world["foreign_client"]}), 403, "client.not_in_team")
    assert_problem(_post(world, "live", path, {"clientId": world["test_client"]}), 400, "validation.client_mode_mismatch")
    bad = assert_problem(_post(world, "live", path, {"force": "yes"}), 400, "validation.invalid_body")
    assert {e["field"]: e["code"] for e in bad["errors"]} == {"clientId": "validation.required", "force": "validation.invalid_type"}
    needs = assert_problem(_post(world, "live", path, {"clientId": other}), 409, "invoice.assignment_move_needs_review")
    assert needs["assignment"]["status"] == "needs_review" and "client_not_a_party" in needs["assignment"]["reasonCodes"]
    moved = _post(world, "live", path, {"clientId": buyer}).json
    assert moved["clientId"] == buyer and moved["assignment"]["clientId"] == buyer
    assert moved["assignment"]["resolution"]["fromClientId"] == world["live_client"]
    assert moved["assignment"]["resolution"]["forced"] is False and moved["direction"] == "purchase"
    assert _post(world, "live", path, {"clientId": buyer}).status_code == 200
    assert_problem(_post(world, "live", path, {"clientId": other, "force": True}), 409, "invoice.assignment_conflict")


def test_move_with_force_to_a_client_that_is_no_party(world):
    other = admin.create_client(world["store"], world["team"], Mode.LIVE, "UAB Trečias")["clientId"]
    job_id, invoice_id = process(world, world["live"], world["live_client"])
    moved = _post(world, "live", f"/invoices/{invoice_id}/assignment/move", {"clientId": other, "force": True}).json
    assert moved["status"] == "completed" and moved["assignment"]["resolution"]["forced"] is True
    assert get(world, world["live"], f"{BASE}/jobs/{job_id}").json["clientId"] == other


def test_review_actions_need_a_reviewable_invoice_of_the_mode(world):
    _, confirmed = process(world, world["live"], buyer_client(world))
    assert_problem(_post(world, "live", f"/invoices/{confirmed}/assignment/approve"), 409, "invoice.assignment_not_reviewable")
    _, held = process(world, world["live"], world["live_client"])
    assert_problem(_post(world, "test", f"/invoices/{held}/assignment/approve"), 404, "invoice.not_found")
    assert_problem(_post(world, "read_only", f"/invoices/{held}/assignment/approve"), 403, "auth.insufficient_scope")
    assert_problem(_post(world, "live", f"/invoices/{held}/assignment/approve", {"note": 1}), 400, "validation.invalid_body")


def test_test_mode_uploads_are_assessed_too(world):
    stranger = admin.create_client(world["store"], world["team"], Mode.TEST, "Nepažįstamas")["clientId"]
    from assets.extraction.canned import canned_invoice

    _, held = process(world, world["test"], stranger, canned_invoice())
    invoice = get(world, world["test"], f"{BASE}/invoices/{held}").json
    assert held.startswith("inv_test_") and invoice["assignment"]["status"] == "needs_review"
    _, confirmed = process(world, world["test"], world["test_client"], canned_invoice())
    assert get(world, world["test"], f"{BASE}/invoices/{confirmed}").json["assignment"]["status"] == "confirmed"
    assert_problem(get(world, world["live"], f"{BASE}/invoices/{held}/status"), 404, "invoice.not_found")


def test_no_client_named_is_assigned_when_exactly_one_client_is_a_party(world):
    buyer = buyer_client(world)
    _, invoice_id = process(world, world["live"], None)
    invoice = get(world, world["live"], f"{BASE}/invoices/{invoice_id}").json
    assert invoice["assignment"]["status"] == "confirmed" and invoice["clientId"] == buyer
    doc = extracted()
    doc["buyer"] = {**doc["buyer"], "name": "UAB Kitas", "companyCode": "111111111", "vatCode": None}
    _, exempt = process(world, world["live"], None, doc)
    assert get(world, world["live"], f"{BASE}/invoices/{exempt}").json["assignment"]["status"] == "exempt"
