"""Sensor decisions, evaluated with Dagster's own test context over a real store; the
resources come in through the context, as the Definitions give them in production."""

import json
from datetime import timedelta

import dagster as dg
import pytest

from core.clock import utcnow
from core.jobs import leases
from core.store.tables import stream_leases
from pipelines.resources import StoreResource, StreamResource
from pipelines.stream_runs import stream_keeper


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


def _evaluate(instance, store, stream: StreamResource, cursor=None):
    context = dg.build_sensor_context(
        instance=instance, cursor=cursor, resources={"store": StoreResource(database_url=store.url), "stream": stream}
    )
    result = stream_keeper(context)
    return (result if isinstance(result, list) else [result]), context.cursor


def test_starts_a_run_per_group_without_a_live_lease(home_store, instance):
    stream = StreamResource(groups=2)
    results, cursor = _evaluate(instance, home_store, stream)
    assert [r.run_config["ops"]["consume_uploads"]["config"]["group"] for r in results] == [0, 1]
    assert all(r.tags["invoices/stream_group"] in ("0", "1") for r in results)
    # asked again within the start grace: no duplicate runs
    again, _ = _evaluate(instance, home_store, stream, cursor)
    assert isinstance(again[0], dg.SkipReason)


def test_live_young_lease_is_left_alone_and_old_one_gets_a_successor(home_store, instance):
    stream = StreamResource(groups=1, window_s=600)
    with home_store.write() as conn:
        assert leases.try_acquire(conn, 0, "run-a", 1, 10)
    results, _ = _evaluate(instance, home_store, stream)
    assert isinstance(results[0], dg.SkipReason)
    with home_store.write() as conn:
        conn.execute(stream_leases.update().values(acquired_at=utcnow() - timedelta(seconds=590)))
    results, cursor = _evaluate(instance, home_store, stream)
    assert isinstance(results[0], dg.RunRequest) and "window" in results[0].tags["invoices/reason"]
    assert json.loads(cursor)["0"] > 0


def test_stale_lease_is_replaced(home_store, instance):
    with home_store.write() as conn:
        assert leases.try_acquire(conn, 0, "run-dead", 1, 10)
        conn.execute(stream_leases.update().values(heartbeat_at=utcnow() - timedelta(seconds=60)))
    results, _ = _evaluate(instance, home_store, StreamResource(groups=1))
    assert isinstance(results[0], dg.RunRequest) and results[0].tags["invoices/reason"] == "no live stream run"


def test_a_requested_run_that_already_ended_is_asked_for_again_without_waiting(home_store, instance):
    """Stopping the stack cancels the stream runs; on the next start the group gets its run at
    once, not after the start grace of the request that made the cancelled one."""
    from pipelines.stream_runs import stream_job

    stream = StreamResource(groups=1)
    results, cursor = _evaluate(instance, home_store, stream)
    request = results[0]
    run = instance.create_run_for_job(stream_job, run_config=request.run_config, tags=request.tags)
    again, _ = _evaluate(instance, home_store, stream, cursor)
    assert isinstance(again[0], dg.SkipReason)  # the run was made and has not ended: wait
    instance.report_run_canceling(run)
    instance.report_run_canceled(instance.get_run_by_id(run.run_id))
    again, _ = _evaluate(instance, home_store, stream, cursor)
    assert isinstance(again[0], dg.RunRequest) and again[0].tags["invoices/stream_group"] == "0"
