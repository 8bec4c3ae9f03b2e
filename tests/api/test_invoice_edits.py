"""PATCH /invoices/{id}: merge patch, per-field checks, ETag / If-Match, history, event, modes."""

import sqlalchemy as sa

from core.store.tables import invoice_edits, outbox
from tests.api.books import buyer_client, process
from tests.api.helpers import assert_problem, get

BASE = "/external/v1"


def _patch(world, key, invoice_id, body, headers=None, ctype="application/merge-patch+json"):
    return world["client"].simulate_patch(
        f"{BASE}/invoices/{invoice_id}", json=body,
        headers={"Authorization": f"Bearer {world[key]}", "Content-Type": ctype, **(headers or {})},
    )


def _contact(world, key, body):
    resp = world["client"].simulate_post(f"{BASE}/contacts", json=body, headers={"Authorization": f"Bearer {world[key]}"})
    return resp.json["id"]


def test_edit_merges_revalidates_keeps_history_and_fires_updated(world):
    _, invoice_id = process(world, world["live"], buyer_client(world))
    before = get(world, world["live"], f"{BASE}/invoices/{invoice_id}")
    etag = before.headers["etag"]
    body = {"invoiceNumber": "SV 000999", "seller": {"address": {"city": "Klaipėda"}}, "totals": {"gross": "1.00"}}
    resp = _patch(world, "live", invoice_id, body, {"If-Match": etag})
    assert resp.status_code == 200, resp.text
    after = resp.json
    assert after["invoiceNumber"] == "SV 000999" and after["seller"]["address"]["city"] == "Klaipėda"
    assert after["seller"]["address"]["street"] == before.json["seller"]["address"]["street"]
    assert after["seller"]["name"] == before.json["seller"]["name"]
    assert resp.headers["etag"] != etag
    checks = {c["code"]: c["passed"] for c in after["validation"]["checks"]}
    assert checks["totals.net_plus_vat"] is False
    assert after["confidence"]["fields"]["invoiceNumber"] == 1.0
    change = after["history"][-1]
    assert change["source"] == "api" and change["apiKeyId"] and change["version"] >= 2
    assert {c["field"] for c in change["changes"]} == {"invoiceNumber", "seller.address.city", "totals.gross"}
    old = {c["field"]: c["old"] for c in change["changes"]}
    assert old["invoiceNumber"] == before.json["invoiceNumber"]
    assert get(world, world["live"], f"{BASE}/invoices/{invoice_id}").json == after
    with world["store"].read() as conn:
        event = conn.execute(sa.select(outbox.c.payload, outbox.c.source).where(outbox.c.event_type == "invoice.updated")).one()
        assert conn.execute(sa.select(sa.func.count()).select_from(invoice_edits)).scalar_one() == 1
    assert event.source == "api" and event.payload["data"]["invoice"] == after
    stale = _patch(world, "live", invoice_id, {"notes": "late"}, {"If-Match": etag})
    assert_problem(stale, 409, "http.conflict")
    assert _patch(world, "live", invoice_id, {"notes": "plain json"}, ctype="application/json").status_code == 200


def test_edit_direction_reclassifies_and_lines_are_replaced(world):
    _, invoice_id = process(world, world["live"], buyer_client(world))
    invoice = get(world, world["live"], f"{BASE}/invoices/{invoice_id}").json
    line = {"lineNo": 1, "description": "Konsultacija", "kind": "service", "quantity": "1", "unitPrice": "100.00",
            "netAmount": "100.00", "vatRate": "0"}
    edited = _patch(world, "live", invoice_id, {"direction": "sales", "lines": [line]}).json
    assert edited["direction"] == "sales" and len(edited["lines"]) == 1
    assert edited["lines"][0]["vatClassifier"] == "PVM5" and edited["lines"][0]["barcode"] is None
    assert not any(k.startswith("lines[") for k in edited["sources"])
    assert invoice["lines"] != edited["lines"]


def test_edit_field_errors(world):
    _, invoice_id = process(world, world["live"], buyer_client(world))
    body = {"issueDate": "2026-13-01", "currency": "euro", "documentType": "bill", "direction": "up",
            "seller": {"vatCode": "LT000"}, "lines": [{"description": "x"}], "totals": {"net": "1,00"}, "id": "inv_x"}
    problem = assert_problem(_patch(world, "live", invoice_id, body), 400, "validation.invalid_body")
    found = {e["field"]: e["code"] for e in problem["errors"]}
    assert found == {
        "issueDate": "validation.invalid_format", "currency": "validation.length", "documentType": "validation.invalid_enum",
        "direction": "validation.invalid_enum", "seller.vatCode": "validation.invalid_format",
        "lines[0].lineNo": "validation.required", "totals.net": "validation.invalid_format", "id": "validation.invalid_value",
    }


def test_edit_links_contacts_of_the_mode_only(world):
    _, invoice_id = process(world, world["live"], buyer_client(world))
    live_contact = _contact(world, "live", {"name": "Pirkėjas"})
    test_contact = _contact(world, "test", {"name": "Bandomasis"})
    linked = _patch(world, "live", invoice_id, {"buyerContactId": live_contact}).json
    assert linked["buyer"]["contactId"] == live_contact
    assert_problem(_patch(world, "live", invoice_id, {"sellerContactId": test_contact}), 400, "validation.client_mode_mismatch")
    assert_problem(_patch(world, "live", invoice_id, {"sellerContactId": "ct_" + "0" * 26}), 404, "contact.not_found")
    problem = assert_problem(_patch(world, "live", invoice_id, {"sellerContactId": "contact-1"}), 400, "validation.invalid_body")
    assert problem["errors"] == [{"field": "sellerContactId", "code": "validation.invalid_public_id"}]


def test_edit_is_refused_while_processing_and_across_modes(world):
    _, held = process(world, world["live"], world["live_client"])
    assert_problem(_patch(world, "live", held, {"notes": "x"}), 409, "invoice.not_editable")
    assert_problem(_patch(world, "test", held, {"notes": "x"}), 404, "invoice.not_found")
    assert_problem(_patch(world, "read_only", held, {"notes": "x"}), 403, "auth.insufficient_scope")


def test_contacts_are_matched_at_completion(world):
    seller = _contact(world, "live", {"name": "Kitas vardas", "vatCode": "LT100001234510"})
    buyer = _contact(world, "live", {"name": "UAB Medžio darbai"})
    _contact(world, "test", {"name": "Bandomasis", "vatCode": "LT100001234510"})
    _, invoice_id = process(world, world["live"], buyer_client(world))
    invoice = get(world, world["live"], f"{BASE}/invoices/{invoice_id}").json
    assert invoice["seller"]["vatCode"] == "LT100001234510"
    assert invoice["seller"]["contactId"] == seller
    assert invoice["buyer"]["contactId"] == buyer  # by its normalised name: no contact has its codes
