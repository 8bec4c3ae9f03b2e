"""The invoice's paymentReference over the API: served as read, edited by PATCH (merge patch,
history, confidence 1.0, null clears), written by the json, xml (UBL) and cii exports, and
never seen or changed from the other mode."""

import json

from lxml import etree

from core.access import admin
from core.modes import Mode
from tests.api.books import buyer_client, extracted, process
from tests.api.helpers import assert_problem, get

BASE = "/external/v1"
CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
RAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
SCOPES = ["invoice:read", "invoice:write", "invoice:export"]


def _patch(world, key, invoice_id, body):
    return world["client"].simulate_patch(
        f"{BASE}/invoices/{invoice_id}", json=body,
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/merge-patch+json"},
    )


def _export(world, key, invoice_id, fmt):
    return get(world, key, f"{BASE}/invoices/{invoice_id}/export", params={"format": fmt})


def _keys(world) -> dict[str, str]:
    store, team = world["store"], world["team"]
    return {mode.value: admin.create_key(store, team, mode, SCOPES)["key"] for mode in (Mode.LIVE, Mode.TEST)}


def test_read_edited_and_exported(world):
    keys = _keys(world)
    doc = {**extracted(), "paymentReference": "RF18539007547034"}
    _, invoice_id = process(world, keys["live"], buyer_client(world), doc)
    invoice = get(world, keys["live"], f"{BASE}/invoices/{invoice_id}").json
    assert invoice["paymentReference"] == "RF18539007547034"

    resp = _patch(world, keys["live"], invoice_id, {"paymentReference": "  SF SV 000123 "})
    assert resp.status_code == 200, resp.text
    edited = resp.json
    assert edited["paymentReference"] == "SF SV 000123"  # trimmed as every short text
    assert edited["confidence"]["fields"]["paymentReference"] == 1.0
    assert edited["history"][-1]["changes"] == [
        {"field": "paymentReference", "old": "RF18539007547034", "new": "SF SV 000123"}]
    assert get(world, keys["live"], f"{BASE}/invoices/{invoice_id}").json == edited

    as_json = _export(world, keys["live"], invoice_id, "json")
    assert as_json.status_code == 200, as_json.text
    assert json.loads(as_json.content)["paymentReference"] == "SF SV 000123"
    ubl = _export(world, keys["live"], invoice_id, "xml")
    assert ubl.status_code == 200, ubl.text
    assert etree.fromstring(ubl.content).findtext(f".//{{{CBC}}}PaymentID") == "SF SV 000123"
    cii = _export(world, keys["live"], invoice_id, "cii")
    assert cii.status_code == 200, cii.text
    assert etree.fromstring(cii.content).findtext(f".//{{{RAM}}}PaymentReference") == "SF SV 000123"

    cleared = _patch(world, keys["live"], invoice_id, {"paymentReference": None})
    assert cleared.status_code == 200, cleared.text
    assert cleared.json["paymentReference"] is None
    ubl = _export(world, keys["live"], invoice_id, "xml")
    assert etree.fromstring(ubl.content).findtext(f".//{{{CBC}}}PaymentID") is None


def test_an_invoice_read_without_one_takes_one_by_edit(world):
    _, invoice_id = process(world, world["live"], buyer_client(world))
    invoice = get(world, world["live"], f"{BASE}/invoices/{invoice_id}").json
    assert invoice.get("paymentReference") is None
    resp = _patch(world, world["live"], invoice_id, {"paymentReference": "RF18 5390 0754 7034"})
    assert resp.status_code == 200, resp.text
    assert resp.json["paymentReference"] == "RF18 5390 0754 7034"
    assert [c["field"] for c in resp.json["history"][-1]["changes"]] == ["paymentReference"]


def test_a_reference_that_is_not_one_line_of_text_is_refused(world):
    _, invoice_id = process(world, world["live"], buyer_client(world))
    for value in ("x" * 201, "", "RF18\n5390", 123):
        problem = assert_problem(_patch(world, world["live"], invoice_id, {"paymentReference": value}),
                                 400, "validation.invalid_body")
        assert [e["field"] for e in problem["errors"]] == ["paymentReference"], value


def test_the_other_mode_never_sees_nor_edits_it(world):
    keys = _keys(world)
    doc = {**extracted(), "paymentReference": "RF18539007547034"}
    _, live_id = process(world, keys["live"], buyer_client(world), doc)
    _, test_id = process(world, keys["test"], buyer_client(world, Mode.TEST), {**doc, "paymentReference": "TEST-1"})
    assert_problem(_patch(world, keys["test"], live_id, {"paymentReference": "X"}), 404, "invoice.not_found")
    assert_problem(_patch(world, keys["live"], test_id, {"paymentReference": "X"}), 404, "invoice.not_found")
    for fmt in ("json", "xml", "cii"):
        assert_problem(_export(world, keys["test"], live_id, fmt), 404, "invoice.not_found")
        assert_problem(_export(world, keys["live"], test_id, fmt), 404, "invoice.not_found")
    assert get(world, keys["live"], f"{BASE}/invoices/{live_id}").json["paymentReference"] == "RF18539007547034"
    assert get(world, keys["test"], f"{BASE}/invoices/{test_id}").json["paymentReference"] == "TEST-1"
