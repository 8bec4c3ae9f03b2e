"""POST /invoices/{id}/reprocess: paid now (402 when it cannot be), never parked."""

import sqlalchemy as sa

from core.access import admin
from core.billing import credits
from core.jobs import processing
from core.store.tables import credit_ledger, outbox
from tests.api.helpers import assert_problem, get, upload
from tests.support.readings import reading


def _completed_invoice(world, key, headers=None):
    job_id = upload(world, key, headers=headers).json["jobId"]
    store = world["store"]
    job = processing.claim(store, job_id, 3)
    invoice_id = processing.complete(store, job, reading({"currency": "EUR", "invoiceNumber": "A-1"}))
    return job_id, invoice_id


def _reprocess(world, key, invoice_id):
    return world["client"].simulate_post(
        f"/external/v1/invoices/{invoice_id}/reprocess", headers={"Authorization": f"Bearer {key}"}
    )


def test_reprocess_holds_a_credit_and_replaces_the_content(world):
    job_id, invoice_id = _completed_invoice(world, world["live"])
    resp = _reprocess(world, world["live"], invoice_id)
    assert resp.status_code == 202 and resp.json == {"jobId": job_id, "invoiceId": invoice_id, "status": "processing"}
    assert get(world, world["live"], f"/external/v1/invoices/{invoice_id}").json["status"] == "processing"
    assert_problem(_reprocess(world, world["live"], invoice_id), 409, "invoice.not_editable")

    store = world["store"]
    job = processing.claim(store, job_id, 3)
    assert processing.complete(store, job, reading({"currency": "EUR", "invoiceNumber": "A-2"})) == invoice_id
    doc = get(world, world["live"], f"/external/v1/invoices/{invoice_id}").json
    assert doc["status"] == "completed" and doc["invoiceNumber"] == "A-2"
    with store.read() as conn:
        kinds = [r.kind for r in conn.execute(sa.select(credit_ledger.c.kind).where(credit_ledger.c.job_id == job_id).order_by(credit_ledger.c.id))]
        topics = [r.topic for r in conn.execute(sa.select(outbox.c.topic).where(outbox.c.job_id == job_id, outbox.c.kind == "kafka").order_by(outbox.c.id))]
    assert kinds == ["hold", "charge", "hold", "charge"]
    assert topics == ["invoices.uploads", "invoices.reprocess"]


def test_failed_reprocess_keeps_the_invoice_and_releases_the_hold(world):
    job_id, invoice_id = _completed_invoice(world, world["live"])
    assert _reprocess(world, world["live"], invoice_id).status_code == 202
    store = world["store"]
    assert processing.fail(store, processing.claim(store, job_id, 3), "unreadable now")
    doc = get(world, world["live"], f"/external/v1/invoices/{invoice_id}").json
    assert doc["status"] == "completed" and doc["invoiceNumber"] == "A-1"
    with store.read() as conn:
        event = conn.execute(sa.select(outbox.c.payload).where(outbox.c.event_type == "invoice.failed")).scalar_one()
        assert credits.balance(conn, world["team"])["held"] == 0
    assert event["data"]["invoice"]["id"] == invoice_id and "job" not in event["data"]


def test_reprocess_without_credit_is_402(world):
    _, invoice_id = _completed_invoice(world, world["live"])
    with world["store"].read() as conn:
        available = credits.balance(conn, world["team"])["available"]
    for _ in range(available):  # spend the rest of the balance on uploads
        upload(world, world["live"])
    resp = _reprocess(world, world["live"], invoice_id)
    assert_problem(resp, 402, "credits.insufficient")


def test_reprocess_errors(world):
    _, live_invoice = _completed_invoice(world, world["live"])
    assert_problem(_reprocess(world, world["test"], live_invoice), 404, "invoice.not_found")
    assert_problem(_reprocess(world, world["read_only"], live_invoice), 403, "auth.insufficient_scope")
    admin.set_team_state(world["store"], world["team"], "billing_suspended", True)
    assert_problem(_reprocess(world, world["live"], live_invoice), 403, "billing.suspended")
    admin.set_team_state(world["store"], world["team"], "billing_suspended", False)
    for blob in world["blob_dir"].rglob("*"):
        if blob.is_file():
            blob.unlink()
    assert_problem(_reprocess(world, world["live"], live_invoice), 409, "invoice.reprocess_unavailable")


def test_test_mode_reprocess_is_free(world):
    _, invoice_id = _completed_invoice(world, world["test"], headers={"X-Client-Id": world["test_client"]})
    assert _reprocess(world, world["test"], invoice_id).status_code == 202
    with world["store"].read() as conn:
        assert credits.balance(conn, world["team"])["held"] == 0
