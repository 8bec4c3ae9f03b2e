"""A client-scoped key is confined to its client on every route that reads or changes client
data: another client's job, invoice or contact answers 404 exactly as another team's does,
lists leave them out, and a body cannot point the key at another client."""

import pytest

from core.access import admin
from core.modes import Mode
from tests.api.books import buyer_client, process
from tests.api.helpers import assert_problem, get

BASE = "/external/v1"
ALL_SCOPES = ["invoice:read", "invoice:write", "invoice:export"]


@pytest.fixture
def scoped(world):
    """The team's key made one invoice for the buyer's client and one held for review for a
    third client; the client-scoped key (of `live_client`) made one of its own, held for
    review too (its client is not a party of the invoice)."""
    store, team = world["store"], world["team"]
    world["scoped"] = admin.create_key(store, team, Mode.LIVE, ALL_SCOPES, client_id=world["live_client"])["key"]
    world["team_key"] = admin.create_key(store, team, Mode.LIVE, ALL_SCOPES)["key"]
    world["other_client"] = buyer_client(world)
    world["third_client"] = admin.create_client(store, team, Mode.LIVE, "Trečias")["clientId"]
    world["other_job"], world["other_invoice"] = process(world, world["team_key"], world["other_client"])
    world["review_job"], world["review_invoice"] = process(world, world["team_key"], world["third_client"])
    world["own_job"], world["own_invoice"] = process(world, world["scoped"], None)
    return world


def _call(world, method, path, key="scoped", body=None, ctype=None, params=None):
    headers = {"Authorization": f"Bearer {world[key]}"}
    if ctype:
        headers["Content-Type"] = ctype
    return world["client"].simulate_request(method, BASE + path, json=body, headers=headers, params=params)


def test_the_fixture_sees_what_it_made(scoped):
    assert get(scoped, scoped["team_key"], f"{BASE}/invoices/{scoped['other_invoice']}").status_code == 200
    own = get(scoped, scoped["scoped"], f"{BASE}/invoices/{scoped['own_invoice']}")
    assert own.status_code == 200 and own.json["clientId"] == scoped["live_client"]
    assert get(scoped, scoped["scoped"], f"{BASE}/jobs/{scoped['own_job']}").status_code == 200


def test_job_of_another_client_is_not_found(scoped):
    assert_problem(_call(scoped, "GET", f"/jobs/{scoped['other_job']}"), 404, "job.not_found")


def test_job_list_holds_only_the_keys_client(scoped):
    listed = _call(scoped, "GET", "/jobs").json["data"]
    assert [j["id"] for j in listed] == [scoped["own_job"]]
    team = _call(scoped, "GET", "/jobs", key="team_key").json["data"]
    assert {scoped["other_job"], scoped["review_job"], scoped["own_job"]} <= {j["id"] for j in team}


def test_invoice_of_another_client_is_not_found(scoped):
    assert_problem(_call(scoped, "GET", f"/invoices/{scoped['other_invoice']}"), 404, "invoice.not_found")


def test_invoice_status_of_another_client_is_not_found(scoped):
    assert_problem(_call(scoped, "GET", f"/invoices/{scoped['other_invoice']}/status"), 404, "invoice.not_found")


def test_invoice_list_holds_only_the_keys_client(scoped):
    listed = _call(scoped, "GET", "/invoices").json["data"]
    assert {i["clientId"] for i in listed} == {scoped["live_client"]}
    assert [i["id"] for i in listed] == [scoped["own_invoice"]]
    held = _call(scoped, "GET", "/invoices", params={"assignment": "needs_review"}).json["data"]
    assert [i["id"] for i in held] == [scoped["own_invoice"]]  # the third client's is left out


def test_patch_of_another_clients_invoice_is_not_found(scoped):
    resp = _call(scoped, "PATCH", f"/invoices/{scoped['other_invoice']}", body={"invoiceNumber": "X-1"},
                 ctype="application/merge-patch+json")
    assert_problem(resp, 404, "invoice.not_found")
    assert get(scoped, scoped["team_key"], f"{BASE}/invoices/{scoped['other_invoice']}").json["invoiceNumber"] != "X-1"


@pytest.mark.parametrize("action", ["approve", "discard"])
def test_review_action_on_another_clients_invoice_is_not_found(scoped, action):
    resp = _call(scoped, "POST", f"/invoices/{scoped['review_invoice']}/assignment/{action}", body={})
    assert_problem(resp, 404, "invoice.not_found")
    held = get(scoped, scoped["team_key"], f"{BASE}/invoices/{scoped['review_invoice']}").json
    assert held["assignment"]["status"] == "needs_review"


def test_move_of_another_clients_invoice_is_not_found(scoped):
    body = {"clientId": scoped["live_client"], "force": True}
    resp = _call(scoped, "POST", f"/invoices/{scoped['review_invoice']}/assignment/move", body=body)
    assert_problem(resp, 404, "invoice.not_found")


def test_move_of_its_own_invoice_to_another_client_is_refused(scoped):
    body = {"clientId": scoped["other_client"], "force": True}
    resp = _call(scoped, "POST", f"/invoices/{scoped['own_invoice']}/assignment/move", body=body)
    assert_problem(resp, 403, "client.scope_mismatch")
    assert get(scoped, scoped["scoped"], f"{BASE}/invoices/{scoped['own_invoice']}").json["clientId"] == scoped["live_client"]


def test_export_of_another_clients_invoice_is_not_found(scoped):
    resp = _call(scoped, "GET", f"/invoices/{scoped['other_invoice']}/export", params={"format": "json"})
    assert_problem(resp, 404, "invoice.not_found")
    team = _call(scoped, "GET", f"/invoices/{scoped['other_invoice']}/export", key="team_key", params={"format": "json"})
    assert team.status_code == 200


def test_reprocess_of_another_clients_invoice_is_not_found(scoped):
    assert_problem(_call(scoped, "POST", f"/invoices/{scoped['other_invoice']}/reprocess"), 404, "invoice.not_found")


@pytest.fixture
def contacts(scoped):
    def make(key, body):
        resp = _call(scoped, "POST", "/contacts", key=key, body=body)
        assert resp.status_code == 201, resp.text
        return resp.json
    scoped["other_contact"] = make("team_key", {"name": "UAB Kito kliento", "clientId": scoped["other_client"]})["id"]
    scoped["team_contact"] = make("team_key", {"name": "UAB Visos komandos"})["id"]
    own = make("scoped", {"name": "UAB Savas"})
    assert own["clientId"] == scoped["live_client"]  # a scoped key's contacts belong to its client
    scoped["own_contact"] = own["id"]
    return scoped


@pytest.mark.parametrize("which", ["other_contact", "team_contact"])
def test_contact_read_of_another_client_is_not_found(contacts, which):
    assert_problem(_call(contacts, "GET", f"/contacts/{contacts[which]}"), 404, "contact.not_found")


@pytest.mark.parametrize("which", ["other_contact", "team_contact"])
def test_contact_patch_of_another_client_is_not_found(contacts, which):
    resp = _call(contacts, "PATCH", f"/contacts/{contacts[which]}", body={"name": "Pakeista"},
                 ctype="application/merge-patch+json")
    assert_problem(resp, 404, "contact.not_found")


@pytest.mark.parametrize("which", ["other_contact", "team_contact"])
def test_contact_delete_of_another_client_is_not_found(contacts, which):
    assert_problem(_call(contacts, "DELETE", f"/contacts/{contacts[which]}"), 404, "contact.not_found")
    assert _call(contacts, "GET", f"/contacts/{contacts[which]}", key="team_key").status_code == 200


def test_contact_list_holds_only_the_keys_client(contacts):
    listed = _call(contacts, "GET", "/contacts").json["data"]
    assert [c["id"] for c in listed] == [contacts["own_contact"]]
    filtered = _call(contacts, "GET", "/contacts", params={"clientId": contacts["other_client"]}).json["data"]
    assert filtered == []


def test_contact_cannot_be_pointed_at_another_client(contacts):
    resp = _call(contacts, "POST", "/contacts", body={"name": "UAB Kitur", "clientId": contacts["other_client"]})
    assert_problem(resp, 403, "client.scope_mismatch")
    moved = _call(contacts, "PATCH", f"/contacts/{contacts['own_contact']}", body={"clientId": None},
                  ctype="application/merge-patch+json")
    assert_problem(moved, 403, "client.scope_mismatch")
