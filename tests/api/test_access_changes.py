"""Changes of access bite at once: revoking or suspending a key, suspending a team or its
billing, or changing a plan drops every worker's remembered keys before the command returns,
even with a long INVOICES_AUTH_CACHE_S; shown across two app instances in one process and
across the workers of a real gunicorn."""

import dataclasses
import time

import falcon.testing
import pytest
import redis
import requests

from api.app import create_app
from core.access import access, admin
from core.billing import plans
from core.modes import Mode
from tests.api.helpers import PDF, assert_problem, multipart
from tests.support.stack import Stack

ME = "/external/v1/me"
LONG_CACHE_S = 300.0


@pytest.fixture
def workers(env, store, counters):
    """Two app instances (as two workers) that remember keys for five minutes."""
    settings = dataclasses.replace(env, auth_cache_s=LONG_CACHE_S)
    team = admin.create_team(store, "UAB Greitai")["teamId"]
    admin.grant_credits(store, team, 5)
    created = admin.create_key(store, team, Mode.LIVE, ["invoice:read", "invoice:write"])
    apps = [falcon.testing.TestClient(create_app(settings, counters=counters)) for _ in range(2)]
    return {"store": store, "team": team, "key": created["key"], "key_id": created["keyId"], "apps": apps}


def _me(w, app):
    return app.simulate_get(ME, headers={"Authorization": f"Bearer {w['key']}"})


def _warm(w):
    for app in w["apps"]:
        assert _me(w, app).status_code == 200


def test_a_revoked_key_is_refused_by_every_worker_on_the_next_request(workers):
    _warm(workers)
    admin.set_key_status(workers["store"], workers["key_id"], "revoked")
    for app in workers["apps"]:
        assert_problem(_me(workers, app), 401, "auth.key_revoked")


def test_a_suspended_key_and_team_are_refused_at_once_and_let_in_again_at_once(workers):
    _warm(workers)
    admin.set_key_status(workers["store"], workers["key_id"], "suspended")
    for app in workers["apps"]:
        assert_problem(_me(workers, app), 403, "auth.key_suspended")
    admin.set_key_status(workers["store"], workers["key_id"], "active")
    _warm(workers)
    admin.set_team_state(workers["store"], workers["team"], "team_suspended", True)
    for app in workers["apps"]:
        assert_problem(_me(workers, app), 403, "auth.team_suspended")


def test_a_billing_suspension_refuses_the_next_upload(workers):
    _warm(workers)
    admin.set_team_state(workers["store"], workers["team"], "billing_suspended", True)
    body, ctype = multipart([("file", "a.pdf", "application/pdf", PDF)])
    for app in workers["apps"]:
        resp = app.simulate_post("/external/v1/invoices", body=body,
                                 headers={"Authorization": f"Bearer {workers['key']}", "Content-Type": ctype})
        assert_problem(resp, 403, "billing.suspended")


def test_a_plan_change_is_honoured_on_the_next_request(workers):
    _warm(workers)
    plans.set_plan(workers["store"], workers["team"], requests_per_minute=7)
    for app in workers["apps"]:
        assert '"minute";q=7;' in _me(workers, app).headers["ratelimit-policy"]


def test_without_the_counter_store_the_cache_lifetime_still_bounds_a_change(workers, monkeypatch):
    gen = access.AccessGeneration("redis://127.0.0.1:1/0")  # nothing listens there
    assert gen.current() is None
    assert access.changed("redis://127.0.0.1:1/0") is False


@pytest.mark.e2e
def test_revocation_reaches_every_gunicorn_worker_before_the_command_returns(tmp_path):
    stack = Stack(tmp_path / "home", INVOICES_API_WORKERS="4", INVOICES_AUTH_CACHE_S=str(LONG_CACHE_S))
    try:
        stack.init()
        stack.start_api()
        team = stack.cli("admin", "team", "create", "--name", "UAB Keturi")["teamId"]
        created = stack.cli("admin", "key", "create", "--team", team, "--mode", "live", "--scopes", "invoice:read")

        def statuses() -> list[int]:
            headers = {"Authorization": f"Bearer {created['key']}", "Connection": "close"}
            return [requests.get(f"{stack.base}/me", headers=headers, timeout=10).status_code for _ in range(16)]

        assert statuses() == [200] * 16  # the workers now remember the key for five minutes
        stack.cli("admin", "key", "revoke", created["keyId"])
        assert statuses() == [401] * 16  # (under the 20 failures that turn 401 into 429)
    finally:
        stack.stop()


def _subscribed(url: str) -> int:
    """Wait for this process's listener to subscribe; its generation."""
    deadline = time.monotonic() + 10
    while (known := access._listener(url).known) is None:
        assert time.monotonic() < deadline, "the access listener never subscribed"
        time.sleep(0.01)
    return known


def _gets(url: str) -> int:
    return redis.Redis.from_url(url).info("commandstats").get("cmdstat_get", {}).get("calls", 0)


def test_a_subscribed_worker_reads_the_generation_without_a_round_trip(redis_url):
    generation = access.AccessGeneration(redis_url)
    _subscribed(redis_url)
    before = _gets(redis_url)
    readings = {generation.current() for _ in range(200)}
    assert _gets(redis_url) == before  # 200 requests' checks, no GET
    assert len(readings) == 1


def test_a_change_is_known_to_every_listener_before_it_returns(redis_url):
    known = _subscribed(redis_url)
    for _ in range(5):
        assert access.changed(redis_url) is True
        assert access._listener(redis_url).known == known + 1  # already, not eventually
        known += 1


def test_a_listener_that_lost_its_subscription_reads_per_request_then_subscribes_again(redis_url):
    generation = access.AccessGeneration(redis_url)
    _subscribed(redis_url)
    redis.Redis.from_url(redis_url).client_kill_filter(_type="pubsub")
    deadline = time.monotonic() + 5
    while access._listener(redis_url).known is not None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    access.changed(redis_url)  # nobody listens: nothing to wait for, and the GET still sees it
    stored = int(redis.Redis.from_url(redis_url).get(access.KEY))
    assert generation.current() == stored
    assert _subscribed(redis_url) == stored  # back, read afresh


def _pings(url: str) -> int:
    return redis.Redis.from_url(url).info("commandstats").get("cmdstat_ping", {}).get("calls", 0)


def test_an_idle_listener_pings_once_per_quiet_spell_not_in_a_loop(redis_url, monkeypatch):
    # the ping's answer is a message too; answering it with another ping kept every API
    # worker and the counter store busy for good once a listener had heard nothing for a while
    monkeypatch.setattr(access, "IDLE_PING_S", 0.2)
    url = redis_url.rsplit("/", 1)[0] + "/1"  # a listener of its own, made with the short wait
    _subscribed(url)
    before = _pings(url)
    time.sleep(2.0)
    assert _pings(url) - before <= 15  # about one per 0.2 s, never thousands
    assert access._listener(url).known is not None  # and still subscribed
