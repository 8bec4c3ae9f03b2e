"""The real dispatcher process (`invoices webhooks run`) against real HTTPS receivers on
loopback: retries, failures, dead letters, redelivery, rotation, filters, oversized
envelopes, mode isolation, crashes and several dispatchers at once.

Retry delays are 50 ms, the receiver deadline 1-2 s and leases 2 s (tests/support/webhooks.py),
so the whole module runs in well under a minute.
"""

import time
from collections import Counter
from types import SimpleNamespace

import pytest
from standardwebhooks.webhooks import Webhook

from core.access import admin
from core.access.sealing import PREFIX
from core.access.actors import Actor
from core.modes import Mode
from core.store.db import Store
from core.store.migrate import upgrade
from core.store.tables import webhook_endpoints
from core.webhooks import claims, deliveries, endpoints
from tests.support.webhook_receiver import Receiver
from tests.support.webhooks import (
    attempts_of, deliveries_of, dispatcher_env, make_team, start_dispatcher, wait_status, wait_until,
)

pytestmark = pytest.mark.e2e


def _world(home, **env):
    url = f"sqlite:///{home / 'store.db'}"
    upgrade(url)
    store, receiver = Store(url), Receiver(home).start()
    return SimpleNamespace(home=home, store=store, receiver=receiver, env=dispatcher_env(home, receiver.ca_file, url, **env))


def _close(world, *procs):
    for proc in procs:
        proc.stop()
    world.receiver.stop()
    world.store.dispose()


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One store, one receiver, one dispatcher for the tests that need nothing special."""
    world = _world(tmp_path_factory.mktemp("webhooks"), INVOICES_WEBHOOK_TIMEOUT_S="2")
    world.proc = start_dispatcher("webhooks", world.env, world.home / "logs")
    yield world
    _close(world, world.proc)


def _verify(secret: str, received) -> dict:
    return Webhook(secret).verify(received.body, received.headers)


def test_an_event_is_retried_until_2xx_under_one_event_id(shared):
    team = make_team(shared.store)
    endpoint = team.endpoint(shared.receiver.url("/retry"))
    shared.receiver.script("/retry", 500, 500, 200)
    envelope = team.fire()
    [delivery] = wait_status(shared.store, endpoint["id"], "delivered", logs=shared.proc.tail)
    got = shared.receiver.received("/retry")
    assert len(got) == 3 and {r.event_id for r in got} == {envelope["id"]}
    assert all(_verify(endpoint["secret"], r) == envelope for r in got)
    assert got[0].headers["content-type"] == "application/json" and "invoices-webhooks" in got[0].headers["user-agent"]
    assert delivery["attempts"] == 3
    assert [a["status_code"] for a in attempts_of(shared.store, delivery["id"])] == [500, 500, 200]


def test_redirects_and_timeouts_are_failures(shared):
    team = make_team(shared.store)
    endpoint = team.endpoint(shared.receiver.url("/odd"))
    shared.receiver.script("/odd", 302, ("sleep", 2.6, 200), 200)
    team.fire()
    [delivery] = wait_status(shared.store, endpoint["id"], "delivered", logs=shared.proc.tail)
    first, second, third = attempts_of(shared.store, delivery["id"])
    assert first["status_code"] == 302 and "redirect not followed" in first["error"]
    assert second["status_code"] is None and second["error"].startswith("timeout") and 1900 < second["duration_ms"] < 2600
    assert third["status_code"] == 200 and third["error"] is None
    assert len(shared.receiver.received("/odd")) == 3  # the Location was never followed


def test_eight_failures_dead_letter_and_a_redelivery_starts_a_new_series(shared):
    team = make_team(shared.store)
    endpoint = team.endpoint(shared.receiver.url("/dead"))
    shared.receiver.script("/dead", *[503] * 8)
    envelope = team.fire()
    [dead] = wait_status(shared.store, endpoint["id"], "dead_lettered", logs=shared.proc.tail)
    time.sleep(0.3)
    assert len(shared.receiver.received("/dead")) == 8 and dead["attempts"] == 8 and dead["next_attempt_at"] is None
    again = deliveries.redeliver(shared.store, team.live, endpoint["id"], dead["id"])
    wait_until(lambda: deliveries_of(shared.store, endpoint["id"])[-1]["status"] == "delivered", what="redelivery")
    got = shared.receiver.received("/dead")
    assert len(got) == 9 and {r.event_id for r in got} == {envelope["id"]}
    assert got[-1].body == got[0].body  # the same bytes
    assert [d["id"] for d in deliveries_of(shared.store, endpoint["id"])] == [dead["id"], again["id"]]


def test_after_a_rotation_both_secrets_verify(shared):
    team = make_team(shared.store)
    endpoint = team.endpoint(shared.receiver.url("/rotated"))
    rotated = endpoints.rotate_secret(shared.store, team.live, endpoint["id"])
    team.fire()
    [got] = shared.receiver.wait_for(1, "/rotated")
    assert len(got.headers["webhook-signature"].split(" ")) == 2
    for secret in (endpoint["secret"], rotated["secret"]):
        _verify(secret, got)


def test_source_filters(shared):
    team = make_team(shared.store)
    second_key = admin.create_key(shared.store, team.team_id, Mode.LIVE, ["invoice:write"])["keyId"]
    filters = {"any": "any", "api": "api", "ui": "ui", "key": {"apiKeyId": team.live.key_id}}
    for name, source_filter in filters.items():
        team.endpoint(shared.receiver.url(f"/sf-{name}"), source_filter=source_filter)
    fired = {
        "own_key": team.fire(actor=Actor.api(team.live.key_id))["id"],
        "other_key": team.fire(actor=Actor.api(second_key))["id"],
        "ui": team.fire("invoice.updated", actor=Actor.ui("user_7"))["id"],
    }
    for name, count in {"any": 3, "api": 2, "ui": 1, "key": 1}.items():
        shared.receiver.wait_for(count, f"/sf-{name}")
    time.sleep(0.3)  # room for a delivery that should not happen
    got = {name: {r.event_id for r in shared.receiver.received(f"/sf-{name}")} for name in filters}
    assert got["any"] == set(fired.values())
    assert got["api"] == {fired["own_key"], fired["other_key"]}
    assert got["ui"] == {fired["ui"]}
    assert got["key"] == {fired["own_key"]}


def test_an_invoice_over_1_mb_arrives_as_the_minimal_envelope(shared):
    team = make_team(shared.store)
    endpoint = team.endpoint(shared.receiver.url("/big"))
    invoice = {"id": "inv_big", "status": "completed", "assignment": {"status": None}, "notes": "ž" * 600_000}
    envelope = team.fire(data={"invoice": invoice})
    [got] = shared.receiver.wait_for(1, "/big")
    body = _verify(endpoint["secret"], got)
    assert body["oversized"] is True and body["data"] == {"invoice": {"id": "inv_big", "status": "completed"}}
    assert body["id"] == envelope["id"] and len(got.body) < 1000


def test_a_test_endpoint_never_sees_live_events(shared):
    team = make_team(shared.store)
    live = team.endpoint(shared.receiver.url("/mode-live"))
    test = team.endpoint(shared.receiver.url("/mode-test"), mode=Mode.TEST)
    live_ids = {team.fire()["id"], team.fire("invoice.failed", {"job": {"id": "job_1"}})["id"]}
    test_id = team.fire(mode=Mode.TEST)["id"]
    sample = deliveries.send_test(shared.store, team.test, test["id"])
    shared.receiver.wait_for(2, "/mode-live")
    shared.receiver.wait_for(2, "/mode-test")
    time.sleep(0.3)
    assert {r.event_id for r in shared.receiver.received("/mode-live")} == live_ids
    to_test = shared.receiver.received("/mode-test")
    assert {r.event_id for r in to_test} == {test_id, sample["eventId"]}
    [canned] = [_verify(test["secret"], r) for r in to_test if r.event_id == sample["eventId"]]
    assert canned["data"]["invoice"]["id"].startswith("inv_test_") and canned["data"]["invoice"]["mode"] == "test"
    assert all(_verify(live["secret"], r) for r in shared.receiver.received("/mode-live"))


def test_a_slow_endpoint_does_not_delay_the_others(shared):
    team = make_team(shared.store)
    team.endpoint(shared.receiver.url("/slow"))
    team.endpoint(shared.receiver.url("/fast"))
    shared.receiver.script("/slow", *[("sleep", 0.8, 200)] * 12)
    for _ in range(12):
        team.fire()
    fast = sorted(r.at for r in shared.receiver.wait_for(12, "/fast"))
    slow = sorted(r.at for r in shared.receiver.wait_for(12, "/slow", timeout_s=20))
    # at most 4 at a time for one endpoint: the 5th waits for one of the first 4 answers
    assert slow[4] - slow[0] > 0.7
    # and the other endpoint never waited for that: all of it arrived during the first round
    assert fast[-1] < slow[4]


def test_a_dispatcher_killed_mid_attempt_loses_nothing_and_keeps_schedules(tmp_path):
    world = _world(tmp_path, INVOICES_WEBHOOK_RETRY_DELAYS="2")
    team = make_team(world.store)
    killed = team.endpoint(world.receiver.url("/killed"), events=["invoice.processed"])
    scheduled = team.endpoint(world.receiver.url("/scheduled"), events=["invoice.failed"])
    world.receiver.script("/killed", ("sleep", 4, 200))
    world.receiver.script("/scheduled", 500)
    envelope = team.fire()
    team.fire("invoice.failed", {"job": {"id": "job_1"}})
    first = start_dispatcher("first", world.env, tmp_path / "logs")
    second = None
    try:
        world.receiver.wait_for(1, "/killed")
        wait_until(lambda: _first_status(world.store, scheduled["id"]), what="the first attempt of /scheduled")
        first.kill()
        [pending] = deliveries_of(world.store, scheduled["id"])
        assert pending["status"] == "pending" and pending["next_attempt_at"] is not None  # the schedule is in the store
        second = start_dispatcher("second", world.env, tmp_path / "logs")
        [done] = wait_status(world.store, killed["id"], "delivered", logs=second.tail)
        wait_status(world.store, scheduled["id"], "delivered", logs=second.tail)
    finally:
        _close(world, *(p for p in (first, second) if p))
    got = world.receiver.received("/killed")
    assert len(got) == 2 and {r.event_id for r in got} == {envelope["id"]}
    lost, retried = attempts_of(world.store, done["id"])
    assert lost["error"].startswith("interrupted") and retried["status_code"] == 200
    later = world.receiver.received("/scheduled")
    assert len(later) == 2 and later[1].at - later[0].at > 1.5  # waited its 2 s, across the restart


def _first_status(store, endpoint_id):
    for delivery in deliveries_of(store, endpoint_id):
        for attempt in attempts_of(store, delivery["id"]):
            return attempt["status_code"]
    return None


def test_two_dispatchers_never_send_one_attempt_twice(tmp_path):
    # a generous deadline: on a loaded machine a 1 s one may expire before the receiver reads
    # the request, and the retry (rightly) makes a second attempt
    world = _world(tmp_path, INVOICES_WEBHOOK_TIMEOUT_S="10")
    team = make_team(world.store)
    paths = [f"/share-{i}" for i in range(3)]
    hooks = [team.endpoint(world.receiver.url(p)) for p in paths]
    procs = [start_dispatcher(f"d{i}", world.env, tmp_path / "logs") for i in range(2)]
    try:
        for proc in procs:  # both polling before the work appears (a loaded machine starts one late)
            wait_until(lambda p=proc: "dispatcher started" in p.tail(400), timeout_s=60, what=f"{proc.name} started", logs=proc.tail)
        for _ in range(60):
            team.fire()
        for hook in hooks:
            wait_status(world.store, hook["id"], "delivered", count=60, timeout_s=30, logs=procs[0].tail)
    finally:
        _close(world, *procs)
    per_request = Counter((r.path, r.event_id) for r in world.receiver.received())
    assert len(per_request) == 180 and set(per_request.values()) == {1}
    tried = [a for hook in hooks for d in deliveries_of(world.store, hook["id"]) for a in attempts_of(world.store, d["id"])]
    assert len(tried) == 180 and {a["number"] for a in tried} == {1}
    assert len({a["dispatcher"] for a in tried}) == 2  # they shared the work


def test_an_endpoint_whose_secret_cannot_be_opened_fails_alone(shared):
    """Its sealing key gone from the key file (an operator's slip): its attempts fail unsent,
    and the other endpoint's delivery, leased in the same fan-out transaction, goes out."""
    team = make_team(shared.store)
    broken = team.endpoint(shared.receiver.url("/no-key"))
    fine = team.endpoint(shared.receiver.url("/has-key"))
    with shared.store.write() as conn:
        conn.execute(webhook_endpoints.update().where(webhook_endpoints.c.id == broken["id"])
                     .values(secret=f"{PREFIX}gone:AAAAAAAA"))
    envelope = team.fire()
    wait_status(shared.store, fine["id"], "delivered", logs=shared.proc.tail)
    [got] = shared.receiver.received("/has-key")
    assert _verify(fine["secret"], got) == envelope

    def failed():
        [delivery] = deliveries_of(shared.store, broken["id"])
        return [a for a in attempts_of(shared.store, delivery["id"]) if a["finished_at"] is not None]

    [attempt] = wait_until(failed, what="the broken endpoint's attempt recorded", logs=shared.proc.tail)
    assert attempt["error"] == claims.NO_SECRET and attempt["status_code"] is None
    assert deliveries_of(shared.store, broken["id"])[0]["status"] == "pending"  # retried later, as any failure
    assert shared.receiver.received("/no-key") == []
