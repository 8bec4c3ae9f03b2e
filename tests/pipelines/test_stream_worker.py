"""The stream worker without Dagster: real broker, real store, test-mode (canned) jobs."""

import dataclasses
import threading
import time

import pytest
import sqlalchemy as sa

from core import kafka as kafka_io
from core.access import admin
from core.access.auth import authenticate
from core.jobs import admission, leases, offsets
from core.modes import Mode
from core.store.tables import jobs
from pipelines.stream import StreamWorker


@pytest.fixture
def setup(env, store):
    topic = f"uploads-{time.time_ns()}"
    env = dataclasses.replace(env, uploads_topic=topic, stream_groups=1, topic_partitions=2, lease_ttl_s=2.0)
    kafka_io.ensure_topic(env.kafka_bootstrap, topic, 2)
    team = admin.create_team(store, "UAB Testas")["teamId"]
    client = admin.create_client(store, team, Mode.TEST, "UAB Medžio darbai", "123456786", "LT123456715")["clientId"]  # the canned buyer
    principal = authenticate(store, admin.create_key(store, team, Mode.TEST, ["invoice:write"])["key"], "127.0.0.1")
    publisher = kafka_io.Publisher(env, store)

    def upload(scenario=None, publish=True):
        a = admission.admit(store, env, principal, [admission.Upload("a.pdf", "application/pdf", "0" * 64, 1, client, scenario)])[0]
        if publish:
            assert publisher.publish_row(a.sending)
        return a.job_id

    return env, upload


def _status(store, job_id):
    with store.read() as conn:
        return conn.execute(sa.select(jobs.c.status).where(jobs.c.id == job_id)).scalar_one()


def _wait(store, job_ids, timeout_s=20):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        statuses = [_status(store, j) for j in job_ids]
        if all(s in ("completed", "failed") for s in statuses):
            return statuses
        time.sleep(0.05)
    raise TimeoutError(statuses)


def _start(env, store, holder):
    worker = StreamWorker(env, store, 0, holder)
    thread = threading.Thread(target=worker.run, daemon=True)
    thread.start()
    return worker, thread


def test_worker_processes_jobs_and_commits_offsets(setup, store):
    env, upload = setup
    ids = [upload(), upload(scenario="failed"), upload()]
    worker, thread = _start(env, store, "run-a")
    try:
        assert _wait(store, ids) == ["completed", "failed", "completed"]
    finally:
        worker.stop.set()
        thread.join(10)
    with store.read() as conn:
        committed = sum(offsets.read(conn, env.uploads_topic, p)[0] for p in env.partitions_of_group(0))
        assert leases.read(conn, 0).holder is None  # released on exit
    assert committed == 3
    assert worker.counts == {"completed": 2, "failed": 1}


def test_successor_takes_over_without_a_gap(setup, store):
    env, upload = setup
    first, t1 = _start(env, store, "run-a")
    assert _wait(store, [upload()]) == ["completed"]
    second, t2 = _start(env, store, "run-b")
    t1.join(15)
    assert not t1.is_alive(), "the holder did not hand over"
    try:
        assert _wait(store, [upload()]) == ["completed"]
        with store.read() as conn:
            assert leases.read(conn, 0).holder == "run-b"
    finally:
        second.stop.set()
        t2.join(10)


def test_new_topic_id_resets_offsets_and_requeues_unfinished_jobs(setup, store):
    env, upload = setup
    waiting = upload(publish=False)  # admitted, message "lost" with the old log
    with store.write() as conn:
        for p in env.partitions_of_group(0):
            offsets.store(conn, env.uploads_topic, p, 57, "topic-id-of-a-log-that-is-gone")
        from core.store.tables import outbox

        conn.execute(outbox.update().values(published_at=sa.func.current_timestamp(), partition=0, offset=3))
    worker, thread = _start(env, store, "run-a")
    try:
        assert _wait(store, [waiting]) == ["completed"]
    finally:
        worker.stop.set()
        thread.join(10)
    with store.read() as conn:
        stored = [offsets.read(conn, env.uploads_topic, p) for p in env.partitions_of_group(0)]
    assert all(topic_id != "topic-id-of-a-log-that-is-gone" for _, topic_id in stored)


def test_jobs_published_before_any_offset_to_a_log_that_is_gone_are_requeued(setup, store):
    """The daemon stopped before its first stream run, then the memory-only broker restarted
    empty: no offset was kept, so no topic id can show that the log is new. The outbox says
    where each message landed; one that is not there is sent again, one that is is not."""
    from core.store.tables import outbox

    env, upload = setup
    kept = upload()  # in the current log
    gone = upload(publish=False)
    with store.write() as conn:
        landed = conn.execute(sa.select(outbox.c.partition, outbox.c.offset).where(
            outbox.c.job_id == kept, outbox.c.kind == "kafka")).one()
        # published to the lost log at the very position the current log holds `kept` at
        conn.execute(outbox.update().where(outbox.c.job_id == gone, outbox.c.kind == "kafka").values(
            published_at=sa.func.current_timestamp(), partition=landed.partition, offset=landed.offset))
    worker, thread = _start(env, store, "run-a")
    try:
        assert _wait(store, [kept, gone]) == ["completed", "completed"]
    finally:
        worker.stop.set()
        thread.join(10)
    assert worker.counts == {"completed": 2}  # `kept` was read once: its message was not sent again
