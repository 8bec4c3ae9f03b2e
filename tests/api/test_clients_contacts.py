"""GET /clients and the contacts CRUD: fields, 7.3 field errors, filters, pagination, modes."""

import pytest

from core.access import admin
from core.modes import Mode
from tests.api.helpers import assert_problem, get

BASE = "/external/v1"
VALID = {
    "name": "UAB „Saulės vėjas“", "companyCode": "304567894", "vatCode": "LT100001234510",
    "isNaturalPerson": False, "address": {"street": "Gedimino pr. 1", "city": "Vilnius", "postalCode": "LT-01103", "country": "LT"},
    "email": "info@saule.lt", "phone": "+370 600 00000", "iban": "LT71 7300 0101 2345 6789", "externalId": "ERP-42",
}


def _call(world, method, path, key, body=None, headers=None):
    return world["client"].simulate_request(
        method, BASE + path, json=body, headers={"Authorization": f"Bearer {world[key]}", **(headers or {})}
    )


def test_clients_list_only_the_callers_mode_and_scope(world):
    live = get(world, world["live"], f"{BASE}/clients").json
    assert [c["id"] for c in live["data"]] == [world["live_client"]]
    assert set(live["data"][0]) >= {"id", "name", "companyCode", "vatCode", "mode", "createdAt"}
    assert live["data"][0]["mode"] == "live" and live["nextCursor"] is None
    test = get(world, world["test"], f"{BASE}/clients").json
    assert [c["id"] for c in test["data"]] == [world["test_client"]]
    store, team = world["store"], world["team"]
    other = admin.create_client(store, team, Mode.LIVE, "Antras")["clientId"]
    scoped = get(world, world["scoped"], f"{BASE}/clients").json
    assert [c["id"] for c in scoped["data"]] == [world["live_client"]]
    first = get(world, world["live"], f"{BASE}/clients", {"limit": "1"}).json
    assert [c["id"] for c in first["data"]] == [other] and first["nextCursor"]
    second = get(world, world["live"], f"{BASE}/clients", {"limit": "1", "cursor": first["nextCursor"]}).json
    assert [c["id"] for c in second["data"]] == [world["live_client"]] and second["nextCursor"] is None
    assert_problem(get(world, world["live"], f"{BASE}/clients", {"cursor": "nonsense"}), 400, "pagination.cursor_invalid")


def test_contact_create_read_update_delete(world):
    resp = _call(world, "POST", "/contacts", "live", {**VALID, "clientId": world["live_client"]})
    assert resp.status_code == 201, resp.text
    contact = resp.json
    assert contact["id"].startswith("ct_") and not contact["id"].startswith("ct_test_")
    assert contact["iban"] == "LT717300010123456789" and contact["vatCode"] == "LT100001234510"
    assert contact["address"]["city"] == "Vilnius" and contact["mode"] == "live"
    assert resp.headers["location"].endswith(contact["id"])
    assert _call(world, "GET", f"/contacts/{contact['id']}", "live").json == contact

    patched = _call(world, "PATCH", f"/contacts/{contact['id']}", "live",
                    {"phone": None, "address": {"city": "Kaunas"}, "name": "UAB Saulė"}).json
    assert patched["phone"] is None and patched["name"] == "UAB Saulė"
    assert patched["address"] == {**VALID["address"], "city": "Kaunas"}
    assert patched["email"] == VALID["email"]
    assert_problem(_call(world, "PATCH", f"/contacts/{contact['id']}", "live", {"name": None}), 400, "validation.invalid_body")

    assert _call(world, "DELETE", f"/contacts/{contact['id']}", "live").status_code == 204
    assert_problem(_call(world, "GET", f"/contacts/{contact['id']}", "live"), 404, "contact.not_found")
    assert_problem(_call(world, "DELETE", f"/contacts/{contact['id']}", "live"), 404, "contact.not_found")


def test_contact_field_errors_use_the_73_codes(world):
    body = {
        "companyCode": "x" * 80, "vatCode": "LT123", "isNaturalPerson": "no", "address": {"country": "Lithuania"},
        "email": "nobody", "phone": "call me", "iban": "LT00 0000", "clientId": "client-1", "externalId": 7,
        "colour": "red",
    }
    problem = assert_problem(_call(world, "POST", "/contacts", "live", body), 400, "validation.invalid_body")
    found = {e["field"]: e["code"] for e in problem["errors"]}
    assert found == {
        "name": "validation.required", "companyCode": "validation.length", "vatCode": "validation.invalid_format",
        "isNaturalPerson": "validation.invalid_type", "address.country": "validation.length",
        "email": "validation.invalid_format", "phone": "validation.invalid_format", "iban": "validation.invalid_format",
        "clientId": "validation.invalid_public_id", "externalId": "validation.invalid_type",
        "colour": "validation.invalid_value",
    }
    assert_problem(_call(world, "POST", "/contacts", "live", ["not", "an", "object"]), 400, "validation.invalid_body")


def test_contact_client_must_be_of_the_callers_mode_and_team(world):
    resp = _call(world, "POST", "/contacts", "live", {"name": "A", "clientId": world["test_client"]})
    assert_problem(resp, 400, "validation.client_mode_mismatch")
    assert_problem(_call(world, "POST", "/contacts", "live", {"name": "A", "clientId": world["foreign_client"]}), 403, "client.not_in_team")
    missing = "cl_live_" + "0" * 26
    assert_problem(_call(world, "POST", "/contacts", "live", {"name": "A", "clientId": missing}), 404, "client.not_found")


def test_contacts_are_invisible_across_modes(world):
    live = _call(world, "POST", "/contacts", "live", {"name": "Gyvas tiekėjas"}).json
    test = _call(world, "POST", "/contacts", "test", {"name": "Bandomasis tiekėjas"}).json
    assert test["id"].startswith("ct_test_")
    for key, other in (("test", live["id"]), ("live", test["id"])):
        assert_problem(_call(world, "GET", f"/contacts/{other}", key), 404, "contact.not_found")
        assert_problem(_call(world, "PATCH", f"/contacts/{other}", key, {"name": "X"}), 404, "contact.not_found")
        assert_problem(_call(world, "DELETE", f"/contacts/{other}", key), 404, "contact.not_found")
    assert [c["id"] for c in _call(world, "GET", "/contacts", "live").json["data"]] == [live["id"]]
    assert [c["id"] for c in _call(world, "GET", "/contacts", "test").json["data"]] == [test["id"]]


def test_contact_filters_and_cursor(world):
    made = [
        _call(world, "POST", "/contacts", "live", body).json
        for body in (
            {"name": "UAB Alfa", "companyCode": "111111111"},
            {"name": "Beta GmbH", "vatCode": "DE136695976"},
            {"name": "UAB „Alfa ir Beta“", "clientId": world["live_client"]},
        )
    ]
    def ids(params):
        return [c["id"] for c in get(world, world["live"], f"{BASE}/contacts", params).json["data"]]
    assert ids({"q": "alfa"}) == [made[2]["id"], made[0]["id"]]
    assert ids({"q": "DE136695976"}) == [made[1]["id"]]
    assert ids({"companyCode": "111111111"}) == [made[0]["id"]]
    assert ids({"vatCode": "DE136695976"}) == [made[1]["id"]]
    assert ids({"clientId": world["live_client"]}) == [made[2]["id"]]
    page = get(world, world["live"], f"{BASE}/contacts", {"q": "alfa", "limit": "1"}).json
    resp = get(world, world["live"], f"{BASE}/contacts", {"q": "beta", "limit": "1", "cursor": page["nextCursor"]})
    assert_problem(resp, 400, "pagination.filter_mismatch")


@pytest.mark.parametrize("method,path", [("GET", "/contacts"), ("POST", "/contacts"), ("GET", "/clients")])
def test_contacts_need_a_key(world, method, path):
    resp = world["client"].simulate_request(method, BASE + path)
    assert_problem(resp, 401, "auth.missing_credentials")


def test_contact_writes_need_invoice_write(world):
    assert_problem(_call(world, "POST", "/contacts", "read_only", {"name": "A"}), 403, "auth.insufficient_scope")
    assert _call(world, "GET", "/contacts", "read_only").status_code == 200
