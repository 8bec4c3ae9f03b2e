"""The shared counters against the run's real counter store, two instances standing in for
two workers."""

import uuid

from core.billing.ratelimits import Counters, FailedAttempts, Policy


def _pair(redis_url):
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    return Counters(redis_url, prefix=prefix), Counters(redis_url, prefix=prefix)


def test_a_small_limit_is_counted_exactly_across_workers(redis_url):
    a, b = _pair(redis_url)
    minute = (Policy("minute", 5, 60),)
    verdicts = [(a if i % 2 else b).hit("key_1", minute) for i in range(8)]
    assert [v.allowed for v in verdicts] == [True] * 5 + [False] * 3
    refused = verdicts[-1]
    assert refused.windows[0].remaining == 0 and 1 <= refused.retry_after <= 60


def test_leases_keep_a_busy_key_within_one_percent_per_worker(redis_url):
    a, b = _pair(redis_url)
    policies = (Policy("minute", 2000, 60), Policy("hour", 100_000, 3600))
    admitted = sum(w.hit("key_2", policies).allowed for _ in range(1500) for w in (a, b))
    # 2,000 per minute: at most 1 % per worker (20 + 20) taken but unspent
    assert 2000 - 40 <= admitted <= 2000
    assert not a.hit("key_2", policies).allowed and not b.hit("key_2", policies).allowed


def test_an_admitted_request_reports_what_is_left(redis_url):
    a, _ = _pair(redis_url)
    verdict = a.hit("key_3", (Policy("minute", 100, 60), Policy("hour", 1000, 3600)))
    assert verdict.allowed and [w.name for w in verdict.windows] == ["minute"]
    assert verdict.windows[0].remaining == 99 and 0 <= verdict.windows[0].reset_s <= 60


def test_slots_and_failed_attempts(redis_url):
    a, b = _pair(redis_url)
    with a.slot("uploads:team_x:live", 1) as first, b.slot("uploads:team_x:live", 1) as second:
        assert first and not second
    with b.slot("uploads:team_x:live", 1) as again:
        assert again  # released on exit
    failures_a, failures_b = FailedAttempts(a, "auth", 3, 60), FailedAttempts(b, "auth", 3, 60)
    for attempts in (failures_a, failures_b, failures_a):
        assert attempts.retry_after("10.0.0.9") is None
        attempts.record_failure("10.0.0.9")
    assert 1 <= failures_b.retry_after("10.0.0.9") <= 60
    failures_b.reset("10.0.0.9")
    assert failures_a.retry_after("10.0.0.9") is None


def test_an_unreachable_store_fails_open():
    dead = Counters("redis://127.0.0.1:1/0", prefix="dead")
    assert dead.hit("key_4", (Policy("minute", 1, 60),)).allowed
    with dead.slot("uploads:team_y:live", 1) as free:
        assert free
    assert FailedAttempts(dead, "auth", 1, 60).retry_after("10.0.0.1") is None
