"""Outbox events become one delivery per matching endpoint, in one transaction."""

import json
import threading

import sqlalchemy as sa

from core.access.actors import Actor
from core.modes import Mode
from core.store.tables import outbox, webhook_deliveries, webhook_payloads
from core.webhooks import endpoints, fanout
from schemas.webhooks import EndpointUpdate
from tests.support.webhooks import LOOPBACK, deliveries_of, make_team

URL = "https://localhost:9/hook"


def _payload(store, event_id):
    with store.read() as conn:
        return conn.execute(sa.select(webhook_payloads).where(webhook_payloads.c.event_id == event_id)).mappings().one()


def test_one_delivery_per_matching_endpoint_and_the_event_is_marked(home_store, team):
    processed = team.endpoint(URL, events=["invoice.processed"])
    failed_only = team.endpoint(URL, events=["invoice.failed"])
    test_mode = team.endpoint(URL, mode=Mode.TEST)
    other_team = make_team(home_store, "UAB Kitas")
    foreign = other_team.endpoint(URL)
    envelope = team.fire("invoice.processed")
    assert fanout.fan_out(home_store) == 1
    assert [d["event_id"] for d in deliveries_of(home_store, processed["id"])] == [envelope["id"]]
    for endpoint in (failed_only, test_mode, foreign):
        assert deliveries_of(home_store, endpoint["id"]) == []
    delivery = deliveries_of(home_store, processed["id"])[0]
    assert delivery["status"] == "pending" and delivery["attempts"] == 0 and delivery["mode"] == "live"
    assert delivery["id"].startswith("whd_") and not delivery["id"].startswith("whd_test_")
    assert json.loads(_payload(home_store, envelope["id"])["body"]) == envelope  # fixed when the event fired
    with home_store.read() as conn:
        assert conn.execute(sa.select(outbox.c.fanned_out_at).where(outbox.c.event_id == envelope["id"])).scalar() is not None
    assert fanout.fan_out(home_store) == 0  # nothing twice


def test_test_mode_events_go_only_to_test_endpoints(home_store, team):
    live, test = team.endpoint(URL), team.endpoint(URL, mode=Mode.TEST)
    envelope = team.fire(mode=Mode.TEST)
    fanout.fan_out(home_store)
    assert deliveries_of(home_store, live["id"]) == []
    [delivery] = deliveries_of(home_store, test["id"])
    assert delivery["event_id"] == envelope["id"] and delivery["id"].startswith("whd_test_")


def test_source_filter(home_store, team):
    other_key = make_team(home_store).live.key_id  # a key of another team never matches here
    by_source = {
        name: team.endpoint(URL, source_filter=flt)
        for name, flt in {"any": "any", "api": "api", "ui": "ui", "key": {"apiKeyId": team.live.key_id}}.items()
    }
    fired = {
        "api_own_key": team.fire(actor=Actor.api(team.live.key_id)),
        "api_other_key": team.fire(actor=Actor.api(other_key)),
        "ui": team.fire("invoice.updated", actor=Actor.ui("user_1")),
        "system": team.fire(),
    }
    fanout.fan_out(home_store)
    got = {name: {d["event_id"] for d in deliveries_of(home_store, e["id"])} for name, e in by_source.items()}
    ids = {name: env["id"] for name, env in fired.items()}
    assert got["any"] == set(ids.values())
    assert got["api"] == {ids["api_own_key"], ids["api_other_key"]}
    assert got["ui"] == {ids["ui"]}
    assert got["key"] == {ids["api_own_key"]}


def test_disabled_and_deleted_endpoints_get_nothing(home_store, team):
    disabled, deleted = team.endpoint(URL), team.endpoint(URL)
    endpoints.update(home_store, LOOPBACK, team.live, disabled["id"], EndpointUpdate(enabled=False))
    endpoints.delete(home_store, team.live, deleted["id"])
    team.fire()
    fanout.fan_out(home_store)
    assert deliveries_of(home_store, disabled["id"]) == [] and deliveries_of(home_store, deleted["id"]) == []


def test_an_invoice_over_1_mb_goes_as_the_minimal_envelope(home_store, team):
    endpoint = team.endpoint(URL)
    invoice = {"id": "inv_big", "status": "completed", "assignment": {}, "notes": "x" * 1_100_000}
    envelope = team.fire(data={"invoice": invoice})
    small = team.fire(data={"invoice": {**invoice, "notes": "short"}})
    fanout.fan_out(home_store)
    big = _payload(home_store, envelope["id"])
    assert big["oversized"] is True
    body = json.loads(big["body"])
    assert body["oversized"] is True and body["data"] == {"invoice": {"id": "inv_big", "status": "completed"}}
    assert body["id"] == envelope["id"] and body["type"] == "invoice.processed" and body["createdAt"] == envelope["createdAt"]
    assert "oversized" not in json.loads(_payload(home_store, small["id"])["body"])  # present only when true
    assert len(deliveries_of(home_store, endpoint["id"])) == 2


def test_dispatchers_fanning_out_at_once_make_each_delivery_once(home_store, team):
    endpoint = team.endpoint(URL)
    for _ in range(60):
        team.fire()
    threads = [threading.Thread(target=fanout.fan_out, args=(home_store, 20)) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    while fanout.fan_out(home_store):
        pass
    with home_store.read() as conn:
        per_event = conn.execute(
            sa.select(webhook_deliveries.c.event_id, sa.func.count()).group_by(webhook_deliveries.c.event_id)
        ).all()
    assert len(per_event) == 60 and all(n == 1 for _, n in per_event)
    assert len(deliveries_of(home_store, endpoint["id"])) == 60
