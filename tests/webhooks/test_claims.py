"""Leases on due deliveries: one holder per attempt, lapsed leases retried, 8 attempts."""

import threading
import time
from datetime import timedelta

import sqlalchemy as sa

from core.clock import as_utc, utcnow
from core.store.tables import webhook_deliveries, webhook_payloads
from core.webhooks import claims, deliveries, endpoints, fanout, payloads
from core.webhooks.transport import Outcome
from schemas.webhooks import EndpointUpdate
from tests.support.webhooks import LOOPBACK, attempts_of, deliveries_of

URL = "https://localhost:9/hook"
DELAYS = (10.0,) * 7


def _due(store, endpoint_id=None):
    found = claims.due(store, utcnow(), 1000)
    return [d for d, e in found if endpoint_id is None or e == endpoint_id]


def _outcome(status=None, error=None):
    now = utcnow()
    return Outcome(now, now, 5, status, error, "ok" if status else None)


def _pending(team, n=1):
    endpoint = team.endpoint(URL)
    for _ in range(n):
        team.fire()
    fanout.fan_out(team.store)
    return endpoint


def test_a_delivery_has_one_holder(home_store, team):
    endpoint = _pending(team, 3)
    ids = _due(home_store, endpoint["id"])
    first = claims.claim(home_store, "a", ids, 60)
    assert sorted(c.delivery_id for c in first) == sorted(ids)
    assert claims.claim(home_store, "b", ids, 60) == []
    assert _due(home_store) == []
    claim = first[0]
    assert claim.number == 1 and claim.url == URL and claim.body and claim.secrets == (endpoint["secret"],)


def test_many_claimers_at_once_never_share_a_delivery(home_store, team):
    _pending(team, 80)
    won: dict[str, list[str]] = {}

    def claimer(name):
        while ids := _due(home_store)[:7]:
            won.setdefault(name, []).extend(c.delivery_id for c in claims.claim(home_store, name, ids, 60))

    threads = [threading.Thread(target=claimer, args=(f"d{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    everything = [d for got in won.values() for d in got]
    assert len(everything) == 80 and len(set(everything)) == 80


def test_a_lapsed_lease_is_claimed_again_and_the_lost_attempt_is_marked(home_store, team):
    endpoint = _pending(team)
    [first] = claims.claim(home_store, "dead", _due(home_store), 0.2)
    time.sleep(0.3)
    [second] = claims.claim(home_store, "alive", _due(home_store), 60)
    assert second.delivery_id == first.delivery_id and second.number == 2
    lost, current = attempts_of(home_store, first.delivery_id)
    assert lost["error"] == claims.INTERRUPTED and lost["dispatcher"] == "dead" and lost["finished_at"] is not None
    assert current["finished_at"] is None and current["dispatcher"] == "alive"
    # the late report of the lost holder changes nothing
    claims.record(home_store, [(first, _outcome(200))], DELAYS)
    assert deliveries_of(home_store, endpoint["id"])[0]["status"] == "pending"
    claims.record(home_store, [(second, _outcome(204))], DELAYS)
    assert deliveries_of(home_store, endpoint["id"])[0]["status"] == "delivered"


def test_failures_follow_the_schedule_then_dead_letter(home_store, team):
    endpoint = _pending(team)
    for number in range(1, 9):
        with home_store.write() as conn:  # make it due now, whatever the schedule said
            conn.execute(webhook_deliveries.update().values(next_attempt_at=utcnow()))
        [claim] = claims.claim(home_store, "d", _due(home_store), 60)
        assert claim.number == number
        claims.record(home_store, [(claim, _outcome(500, "HTTP 500"))], DELAYS)
        [row] = deliveries_of(home_store, endpoint["id"])
        if number < 8:
            assert row["status"] == "pending" and row["lease_token"] is None
            wait = (as_utc(row["next_attempt_at"]) - utcnow()).total_seconds()
            assert 8 < wait < 11.5
    assert row["status"] == "dead_lettered" and row["next_attempt_at"] is None and row["attempts"] == 8
    assert [a["number"] for a in attempts_of(home_store, row["id"])] == list(range(1, 9))
    assert _due(home_store) == []


def test_an_interrupted_eighth_attempt_dead_letters(home_store, team):
    endpoint = _pending(team)
    with home_store.write() as conn:
        conn.execute(webhook_deliveries.update().values(attempts=7))
    claims.claim(home_store, "dead", _due(home_store), 0.1)
    time.sleep(0.2)
    assert _due(home_store) == [] and claims.dead_letter_interrupted(home_store) == 1
    [row] = deliveries_of(home_store, endpoint["id"])
    assert row["status"] == "dead_lettered" and attempts_of(home_store, row["id"])[-1]["error"] == claims.INTERRUPTED


def test_disabled_endpoints_wait_but_test_sends_go(home_store, team):
    endpoint = _pending(team)
    endpoints.update(home_store, LOOPBACK, team.live, endpoint["id"], EndpointUpdate(enabled=False))
    assert _due(home_store) == []
    test_send = deliveries.send_test(home_store, team.live, endpoint["id"])
    assert _due(home_store) == [test_send["id"]]
    endpoints.update(home_store, LOOPBACK, team.live, endpoint["id"], EndpointUpdate(enabled=True))
    assert len(_due(home_store)) == 2


def test_deleting_an_endpoint_cancels_what_was_pending(home_store, team):
    endpoint = _pending(team, 2)
    [held, _] = claims.claim(home_store, "d", _due(home_store), 60)
    endpoints.delete(home_store, team.live, endpoint["id"])
    assert {d["status"] for d in deliveries_of(home_store, endpoint["id"])} == {"cancelled"}
    claims.record(home_store, [(held, _outcome(200))], DELAYS)  # an attempt in flight reports late
    assert {d["status"] for d in deliveries_of(home_store, endpoint["id"])} == {"cancelled"}


def test_a_payload_past_retention_is_cancelled_not_sent(home_store, team):
    endpoint = _pending(team)
    with home_store.write() as conn:
        conn.execute(webhook_payloads.update().values(created_at=utcnow() - timedelta(days=31)))
        assert payloads.drop_expired(conn) == 1
    assert claims.claim(home_store, "d", _due(home_store), 60) == []
    [row] = deliveries_of(home_store, endpoint["id"])
    assert row["status"] == "cancelled" and row["attempts"] == 0 and attempts_of(home_store, row["id"]) == []


def test_leases_are_renewed_while_the_attempt_runs(home_store, team):
    _pending(team)
    [claim] = claims.claim(home_store, "d", _due(home_store), 0.3)
    claims.extend(home_store, "d", [claim.delivery_id], 60)
    time.sleep(0.4)
    assert _due(home_store) == []
    claims.extend(home_store, "someone-else", [claim.delivery_id], 0)  # only the holder renews
    with home_store.read() as conn:
        until = conn.execute(sa.select(webhook_deliveries.c.lease_until)).scalar_one()
    assert (as_utc(until) - utcnow()).total_seconds() > 50



def test_the_fan_out_leases_new_deliveries_to_a_dispatcher_with_free_workers(home_store, team):
    """As `claim` would: the lease held, the first attempt counted and its row written before
    anything is sent, and nobody else finds the delivery due; the outcome settles it as usual."""
    endpoint = team.endpoint(URL)
    team.fire()
    fanned = fanout.fan_out_leasing(home_store, claims.Lease("here", 60, lambda endpoint_id: True))
    assert fanned.events == 1 and fanned.waiting == 0
    [claim] = fanned.claims
    assert claim.number == 1 and claim.url == URL and claim.secrets == (endpoint["secret"],)
    with home_store.read() as conn:
        body = conn.execute(sa.select(webhook_payloads.c.body)).scalar_one()
    assert claim.body == body and claim.event_id in body
    [row] = deliveries_of(home_store, endpoint["id"])
    assert row["lease_holder"] == "here" and row["lease_token"] == claim.lease_token and row["attempts"] == 1
    [attempt] = attempts_of(home_store, claim.delivery_id)
    assert attempt["id"] == claim.attempt_id and attempt["dispatcher"] == "here" and attempt["finished_at"] is None
    assert _due(home_store) == [] and claims.claim(home_store, "other", [claim.delivery_id], 60) == []
    claims.record(home_store, [(claim, _outcome(204))], DELAYS)
    assert deliveries_of(home_store, endpoint["id"])[0]["status"] == "delivered"


def test_deliveries_without_a_free_worker_are_left_due_for_anyone(home_store, team):
    endpoint = team.endpoint(URL)
    for _ in range(3):
        team.fire()
    admitted = []

    def two(endpoint_id: str) -> bool:
        admitted.append(endpoint_id)
        return len(admitted) <= 2

    fanned = fanout.fan_out_leasing(home_store, claims.Lease("here", 60, two))
    assert fanned.events == 3 and len(fanned.claims) == 2 and fanned.waiting == 1
    [left] = _due(home_store, endpoint["id"])
    assert left not in {c.delivery_id for c in fanned.claims}
    [claim] = claims.claim(home_store, "other", [left], 60)
    assert claim.number == 1 and len(attempts_of(home_store, left)) == 1
    # without a lease (as tests and tools fan out) every delivery waits to be claimed
    team.fire()
    assert fanout.fan_out(home_store) == 1 and len(_due(home_store, endpoint["id"])) == 1
