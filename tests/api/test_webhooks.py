"""The webhook routes of interface.md 4 (and the ones it says exist): scopes, errors,
limits and mode isolation, in process."""

import json
from datetime import timedelta

import falcon.testing
import pytest
import sqlalchemy as sa

from api.app import create_app
from core import outbox
from core.access import admin
from core.clock import utcnow
from core.modes import Mode
from core.store import tables
from core.store.tables import webhook_deliveries, webhook_endpoints, webhook_payloads
from core.webhooks import claims, fanout, payloads
from core.webhooks.transport import Outcome
from tests.api.books import process
from tests.api.helpers import assert_problem
from schemas.webhooks import EVENT_TYPES
from tests.support.webhooks import SCOPES, deliveries_of

BASE = "/external/v1/webhooks"
DNS = {"hooks.example.com": ["93.184.215.14"], "private.example.com": ["10.0.0.8"]}
GOOD = {"url": "https://hooks.example.com/in", "events": ["invoice.processed", "invoice.failed"]}


@pytest.fixture
def wh(world, env, counters):
    store, team = world["store"], world["team"]
    keys = {
        "live": admin.create_key(store, team, Mode.LIVE, SCOPES)["key"],
        "test": admin.create_key(store, team, Mode.TEST, SCOPES)["key"],
        "manage": admin.create_key(store, team, Mode.LIVE, ["webhook:manage"])["key"],
        "read": admin.create_key(store, team, Mode.LIVE, ["webhook:read"])["key"],
        "none": world["live"],  # invoice scopes only
    }
    client = falcon.testing.TestClient(create_app(env, resolver=lambda host, port: DNS.get(host, []), counters=counters))
    return {**world, "keys": keys, "api": client}


def call(wh, method, path, key="live", body=None, params=None):
    headers = {"Authorization": f"Bearer {wh['keys'][key]}"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    return wh["api"].simulate_request(
        method, BASE + path, headers=headers, params=params, body=None if body is None else json.dumps(body)
    )


def create(wh, key="live", **fields):
    resp = call(wh, "POST", "", key, {**GOOD, **fields})
    assert resp.status_code == 201, resp.text
    return resp.json


def test_create_shows_the_secret_once(wh):
    resp = call(wh, "POST", "", "live", {**GOOD, "sourceFilter": "api"})
    assert resp.status_code == 201, resp.text
    body = resp.json
    assert body["id"].startswith("whe_") and not body["id"].startswith("whe_test_")
    assert body["secret"].startswith("whsec_") and resp.headers["location"].endswith(body["id"])
    assert body["url"] == GOOD["url"] and body["events"] == GOOD["events"] and body["sourceFilter"] == "api"
    assert body["enabled"] is True and body["mode"] == "live" and body["createdAt"].endswith("Z")
    read = call(wh, "GET", f"/{body['id']}").json
    assert "secret" not in read and read["id"] == body["id"] and read["sourceFilter"] == "api"
    assert create(wh, "test")["id"].startswith("whe_test_")


@pytest.mark.parametrize(
    "body, field, code",
    [
        ({"events": ["invoice.processed"]}, "url", "validation.required"),
        ({"url": 42, "events": ["invoice.processed"]}, "url", "validation.invalid_type"),
        ({"url": GOOD["url"]}, "events", "validation.required"),
        ({"url": GOOD["url"], "events": []}, "events", "validation.length"),
        ({"url": GOOD["url"], "events": ["invoice.exploded"]}, "events[0]", "validation.invalid_enum"),
        ({**GOOD, "sourceFilter": "web"}, "sourceFilter", "validation.invalid_enum"),
        ({**GOOD, "sourceFilter": {"apiKeyId": ""}}, "sourceFilter", "validation.invalid_value"),
        ({**GOOD, "sourceFilter": {"key": "x"}}, "sourceFilter", "validation.invalid_value"),
        ({**GOOD, "sourceFilter": {"apiKeyId": "key_nobody"}}, "sourceFilter.apiKeyId", "validation.invalid_value"),
        ({**GOOD, "secret": "mine"}, "secret", "validation.invalid_value"),
    ],
)
def test_invalid_bodies_list_their_fields(wh, body, field, code):
    problem = assert_problem(call(wh, "POST", "", "live", body), 400, "validation.invalid_body")
    assert {"field": field, "code": code} in problem["errors"]


def test_an_empty_body_lists_the_required_fields(wh):
    resp = wh["api"].simulate_post(BASE, headers={"Authorization": f"Bearer {wh['keys']['live']}"})
    problem = assert_problem(resp, 400, "validation.invalid_body")
    assert problem["errors"] == [
        {"field": "url", "code": "validation.required"}, {"field": "events", "code": "validation.required"}
    ]


def test_a_key_filter_must_name_a_key_of_this_mode(wh):
    me = wh["api"].simulate_get("/external/v1/me", headers={"Authorization": f"Bearer {wh['keys']['test']}"})
    test_key_id = me.json["key"]["id"]
    problem = assert_problem(
        call(wh, "POST", "", "live", {**GOOD, "sourceFilter": {"apiKeyId": test_key_id}}), 400, "validation.invalid_body"
    )
    assert problem["errors"] == [{"field": "sourceFilter.apiKeyId", "code": "validation.invalid_value"}]
    assert create(wh, "test", sourceFilter={"apiKeyId": test_key_id})["sourceFilter"] == {"apiKeyId": test_key_id}


@pytest.mark.parametrize(
    "url, code",
    [
        ("http://hooks.example.com/in", "webhook.url_not_https"),
        ("https://hooks.example.com/" + "x" * 2048, "webhook.url_too_long"),
        ("https://hooks.example.com:8443/in", "webhook.url_port_not_allowed"),
        ("https://127.0.0.1/in", "webhook.url_invalid_hostname"),
        ("https://localhost/in", "webhook.url_invalid_hostname"),
        ("https://metadata.internal/", "webhook.url_invalid_hostname"),
        ("https://private.example.com/in", "webhook.url_resolves_to_private_ip"),
    ],
)
def test_url_rules_are_top_level_codes(wh, url, code):
    assert_problem(call(wh, "POST", "", "live", {**GOOD, "url": url}), 400, code)


def test_scopes(wh):
    endpoint = create(wh)
    one = f"/{endpoint['id']}"
    reads = [("GET", ""), ("GET", one), ("GET", f"{one}/deliveries"), ("GET", f"{one}/deliveries/whd_x")]
    writes = [("POST", ""), ("PATCH", one), ("DELETE", one), ("POST", f"{one}/test"), ("POST", f"{one}/secret/rotate"),
              ("POST", f"{one}/deliveries/whd_x/redeliver")]
    for method, path in reads + writes:
        assert_problem(call(wh, method, path, "none", body={}), 403, "auth.insufficient_scope")
    for method, path in writes:
        assert_problem(call(wh, method, path, "read", body={}), 403, "auth.insufficient_scope")
    for method, path in reads[:3]:
        assert call(wh, method, path, "read").status_code == 200
        assert call(wh, method, path, "manage").status_code == 200  # manage implies read


def test_list_update_delete(wh):
    first, second = create(wh), create(wh, url="https://hooks.example.com/other")
    create(wh, "test")
    listed = call(wh, "GET", "").json
    assert [e["id"] for e in listed["data"]] == [first["id"], second["id"]] and listed["nextCursor"] is None
    resp = call(wh, "PATCH", f"/{first['id']}", body={"enabled": False, "events": ["invoice.updated"], "sourceFilter": "ui"})
    assert resp.status_code == 200, resp.text
    assert resp.json["enabled"] is False and resp.json["events"] == ["invoice.updated"] and resp.json["sourceFilter"] == "ui"
    assert resp.json["url"] == first["url"]
    assert call(wh, "GET", f"/{first['id']}").json["enabled"] is False
    assert_problem(call(wh, "PATCH", f"/{first['id']}", body={"url": "http://hooks.example.com/"}), 400, "webhook.url_not_https")
    problem = assert_problem(call(wh, "PATCH", f"/{first['id']}", body={"url": None}), 400, "validation.invalid_body")
    assert problem["errors"] == [{"field": "url", "code": "validation.invalid_type"}]
    assert call(wh, "DELETE", f"/{first['id']}").status_code == 204
    for method in ("GET", "PATCH", "DELETE"):
        assert_problem(call(wh, method, f"/{first['id']}", body={}), 404, "webhook.not_found")
    assert [e["id"] for e in call(wh, "GET", "").json["data"]] == [second["id"]]
    assert_problem(call(wh, "GET", "/whe_nothing"), 404, "webhook.not_found")


def test_twenty_endpoints_per_team_and_mode(wh):
    for i in range(20):
        create(wh, url=f"https://hooks.example.com/{i}")
    assert_problem(call(wh, "POST", "", "live", GOOD), 422, "webhook.endpoint_limit_exceeded")
    assert call(wh, "POST", "", "test", GOOD).status_code == 201  # test endpoints have their own 20
    call(wh, "DELETE", f"/{call(wh, 'GET', '').json['data'][0]['id']}")
    assert call(wh, "POST", "", "live", GOOD).status_code == 201


def _payload(wh, event_id):
    with wh["store"].read() as conn:
        body = conn.execute(sa.select(webhook_payloads.c.body).where(webhook_payloads.c.event_id == event_id)).scalar_one()
    return json.loads(body)


@pytest.mark.parametrize("key, prefix", [("live", "inv_"), ("test", "inv_test_")])
def test_test_send_queues_a_canned_invoice_of_the_mode(wh, key, prefix):
    endpoint = create(wh, key)
    resp = call(wh, "POST", f"/{endpoint['id']}/test", key)
    assert resp.status_code == 202, resp.text
    delivery = resp.json
    assert delivery["status"] == "pending" and delivery["test"] is True and delivery["eventType"] == "invoice.processed"
    assert delivery["endpointId"] == endpoint["id"] and delivery["eventId"].startswith("evt_")
    envelope = _payload(wh, delivery["eventId"])
    invoice = envelope["data"]["invoice"]
    assert envelope["type"] == "invoice.processed" and envelope["apiVersion"] == "v1"
    assert invoice["id"].startswith(prefix) and invoice["status"] == "completed" and invoice["mode"] == key
    assert invoice["extraction"]["engine"] == "canned" and "assignment" in invoice and invoice["totals"]["gross"] == "3029.84"


def test_ten_test_sends_per_hour(wh):
    endpoint = create(wh)
    for _ in range(10):
        assert call(wh, "POST", f"/{endpoint['id']}/test").status_code == 202
    resp = call(wh, "POST", f"/{endpoint['id']}/test")
    assert_problem(resp, 429, "webhook.test_rate_limit_exceeded")
    assert 3500 <= int(resp.headers["retry-after"]) <= 3601
    other = create(wh, url="https://hooks.example.com/2")  # counted per endpoint
    assert call(wh, "POST", f"/{other['id']}/test").status_code == 202
    with wh["store"].write() as conn:  # an hour later the window has room again
        conn.execute(webhook_deliveries.update().values(created_at=utcnow() - timedelta(minutes=61)))
    assert call(wh, "POST", f"/{endpoint['id']}/test").status_code == 202


def _fire(wh, n, event_type="invoice.processed", mode=Mode.LIVE):
    with wh["store"].write() as conn:
        for _ in range(n):
            outbox.add_event(conn, wh["team"], mode, event_type, {"invoice": {"id": "inv_1", "status": "completed"}}, None)
    fanout.fan_out(wh["store"])


def test_deliveries_list_pages_and_filters(wh):
    endpoint = create(wh)
    _fire(wh, 3)
    _fire(wh, 2, "invoice.failed")
    path = f"/{endpoint['id']}/deliveries"
    everything = call(wh, "GET", path).json["data"]
    assert len(everything) == 5 and [d["id"] for d in everything] == sorted((d["id"] for d in everything), reverse=True)
    page = call(wh, "GET", path, params={"limit": "2", "eventType": "invoice.processed"}).json
    assert len(page["data"]) == 2 and page["nextCursor"]
    rest = call(wh, "GET", path, params={"limit": "2", "eventType": "invoice.processed", "cursor": page["nextCursor"]}).json
    assert len(rest["data"]) == 1 and rest["nextCursor"] is None
    assert {d["eventType"] for d in page["data"] + rest["data"]} == {"invoice.processed"}
    assert len(call(wh, "GET", path, params={"status": "pending"}).json["data"]) == 5
    assert call(wh, "GET", path, params={"status": "delivered"}).json["data"] == []
    assert_problem(call(wh, "GET", path, params={"cursor": page["nextCursor"]}), 400, "pagination.filter_mismatch")
    assert_problem(call(wh, "GET", path, params={"cursor": "garbage"}), 400, "pagination.cursor_invalid")
    for params in ({"status": "lost"}, {"eventType": "invoice.exploded"}, {"limit": "0"}):
        assert_problem(call(wh, "GET", path, params=params), 400, "validation.invalid_body")
    assert_problem(call(wh, "GET", "/whe_nothing/deliveries"), 404, "webhook.not_found")


def test_a_delivery_shows_every_attempt(wh):
    endpoint = create(wh)
    _fire(wh, 1)
    store = wh["store"]
    for outcome in ((503, "HTTP 503", "busy" * 400), (200, None, "ok")):
        [claim] = claims.claim(store, "d1", [d for d, _ in claims.due(store, utcnow(), 10)], 60)
        now = utcnow()
        claims.record(store, [(claim, Outcome(now, now, 12, outcome[0], outcome[1], outcome[2][:1024]))], (0.0,) * 7)
    [listed] = call(wh, "GET", f"/{endpoint['id']}/deliveries").json["data"]
    detail = call(wh, "GET", f"/{endpoint['id']}/deliveries/{listed['id']}").json
    assert detail["status"] == "delivered" and detail["attemptCount"] == 2 and detail["lastStatusCode"] == 200
    first, second = detail["attempts"]
    assert first["number"] == 1 and first["statusCode"] == 503 and first["error"] == "HTTP 503"
    assert len(first["response"]) == 1024 and first["durationMs"] == 12 and first["startedAt"].endswith("Z")
    assert second["statusCode"] == 200 and second["error"] is None
    assert_problem(call(wh, "GET", f"/{endpoint['id']}/deliveries/whd_nothing"), 404, "webhook.delivery_not_found")
    other = create(wh, url="https://hooks.example.com/2")
    assert_problem(call(wh, "GET", f"/{other['id']}/deliveries/{listed['id']}"), 404, "webhook.delivery_not_found")


def test_redelivery_is_a_new_series_of_the_same_event(wh):
    endpoint = create(wh)
    _fire(wh, 1)
    [original] = call(wh, "GET", f"/{endpoint['id']}/deliveries").json["data"]
    resp = call(wh, "POST", f"/{endpoint['id']}/deliveries/{original['id']}/redeliver")
    assert resp.status_code == 202, resp.text
    again = resp.json
    assert again["id"] != original["id"] and again["eventId"] == original["eventId"]
    assert again["redeliveryOf"] == original["id"] and again["status"] == "pending" and again["attemptCount"] == 0
    with wh["store"].write() as conn:
        conn.execute(webhook_payloads.update().values(created_at=utcnow() - timedelta(days=31)))
        payloads.drop_expired(conn)
    assert call(wh, "GET", f"/{endpoint['id']}/deliveries/{original['id']}").json["payloadAvailable"] is False
    assert_problem(
        call(wh, "POST", f"/{endpoint['id']}/deliveries/{original['id']}/redeliver"), 409, "webhook.delivery_payload_unavailable"
    )
    assert_problem(call(wh, "POST", f"/{endpoint['id']}/deliveries/whd_x/redeliver"), 404, "webhook.delivery_not_found")


def test_secret_rotation_and_its_grace(wh):
    endpoint = create(wh)
    resp = call(wh, "POST", f"/{endpoint['id']}/secret/rotate")
    assert resp.status_code == 200, resp.text
    rotated = resp.json
    assert rotated["secret"].startswith("whsec_") and rotated["secret"] != endpoint["secret"]
    assert rotated["previousSecretExpiresAt"] is not None
    assert call(wh, "GET", f"/{endpoint['id']}").json["previousSecretExpiresAt"] == rotated["previousSecretExpiresAt"]
    problem = assert_problem(call(wh, "POST", f"/{endpoint['id']}/secret/rotate"), 400, "validation.invalid_body")
    assert problem["errors"] == [{"field": "secret", "code": "webhook.secret_rotation_grace_active"}]
    with wh["store"].write() as conn:  # a day later
        conn.execute(webhook_endpoints.update().values(previous_secret_expires_at=utcnow() - timedelta(seconds=1)))
    assert call(wh, "POST", f"/{endpoint['id']}/secret/rotate").status_code == 200


def test_modes_never_see_each_other(wh):
    live = create(wh, "live")
    test = create(wh, "test")
    _fire(wh, 1, mode=Mode.LIVE)
    [delivery] = call(wh, "GET", f"/{live['id']}/deliveries").json["data"]
    assert [e["id"] for e in call(wh, "GET", "", "test").json["data"]] == [test["id"]]
    assert [e["id"] for e in call(wh, "GET", "", "live").json["data"]] == [live["id"]]
    one = f"/{live['id']}"
    for method, path in [("GET", one), ("PATCH", one), ("DELETE", one), ("POST", f"{one}/test"),
                         ("POST", f"{one}/secret/rotate"), ("GET", f"{one}/deliveries"),
                         ("GET", f"{one}/deliveries/{delivery['id']}"), ("POST", f"{one}/deliveries/{delivery['id']}/redeliver")]:
        assert_problem(call(wh, method, path, "test", body={}), 404, "webhook.not_found")
    assert call(wh, "GET", f"/{test['id']}/deliveries", "test").json["data"] == []  # the live event went nowhere near it
    assert_problem(call(wh, "GET", f"/{test['id']}", "live"), 404, "webhook.not_found")


def test_delete_cancels_pending_deliveries(wh):
    endpoint = create(wh)
    _fire(wh, 2)
    assert call(wh, "DELETE", f"/{endpoint['id']}").status_code == 204
    assert {d["status"] for d in deliveries_of(wh["store"], endpoint["id"])} == {"cancelled"}


def _endpoint_routes(endpoint_id: str) -> list[tuple[str, str]]:
    one = f"/{endpoint_id}"
    return [("GET", one), ("PATCH", one), ("DELETE", one), ("POST", f"{one}/test"), ("POST", f"{one}/secret/rotate"),
            ("GET", f"{one}/deliveries"), ("GET", f"{one}/deliveries/dlv_x"), ("POST", f"{one}/deliveries/dlv_x/redeliver")]


def test_a_client_scoped_key_sees_and_makes_only_endpoints_of_its_client(wh):
    store, team = wh["store"], wh["team"]
    wh["keys"]["mine"] = admin.create_key(store, team, Mode.LIVE, SCOPES, client_id=wh["live_client"])["key"]
    other_client = admin.create_client(store, team, Mode.LIVE, "Kitas")["clientId"]
    team_wide, for_other, mine = create(wh, "live"), create(wh, "live", clientId=other_client), create(wh, "mine")
    assert (team_wide["clientId"], for_other["clientId"], mine["clientId"]) == (None, other_client, wh["live_client"])
    assert [e["id"] for e in call(wh, "GET", "", "mine").json["data"]] == [mine["id"]]
    assert {e["id"] for e in call(wh, "GET", "", "live").json["data"]} == {team_wide["id"], for_other["id"], mine["id"]}
    for endpoint in (team_wide, for_other):  # another client's endpoint reads as another team's
        for method, path in _endpoint_routes(endpoint["id"]):
            assert_problem(call(wh, method, path, "mine", body={}), 404, "webhook.not_found")
    assert call(wh, "GET", f"/{mine['id']}", "mine").json["clientId"] == wh["live_client"]
    assert_problem(call(wh, "POST", "", "mine", {**GOOD, "clientId": other_client}), 403, "client.scope_mismatch")


def test_an_endpoints_client_is_of_the_team_and_mode(wh):
    assert_problem(call(wh, "POST", "", "live", {**GOOD, "clientId": wh["foreign_client"]}), 403, "client.not_in_team")
    assert_problem(call(wh, "POST", "", "live", {**GOOD, "clientId": wh["test_client"]}), 400, "validation.client_mode_mismatch")
    assert_problem(call(wh, "POST", "", "test", {**GOOD, "clientId": wh["live_client"]}), 400, "validation.client_mode_mismatch")
    assert call(wh, "GET", "", "live").json["data"] == []


def test_an_endpoint_of_one_client_receives_only_that_clients_events(wh):
    other_client = admin.create_client(wh["store"], wh["team"], Mode.LIVE, "Kitas")["clientId"]
    every = list(EVENT_TYPES)
    mine, team_wide = create(wh, "live", clientId=wh["live_client"], events=every), create(wh, "live", events=every)
    own_job, _ = process(wh, wh["keys"]["live"], wh["live_client"])
    process(wh, wh["keys"]["live"], other_client)
    fanout.fan_out(wh["store"])
    with wh["store"].read() as conn:
        events = tables.outbox
        own_events = set(conn.execute(sa.select(events.c.event_id).where(events.c.job_id == own_job,
                                                                           events.c.kind == "event")).scalars())
        def received(endpoint):
            return set(conn.execute(sa.select(webhook_deliveries.c.event_id)
                                    .where(webhook_deliveries.c.endpoint_id == endpoint["id"])).scalars())
        assert own_events and received(mine) == own_events
        assert received(team_wide) > own_events  # the other client's events too
