"""The outbox and reconciler against the real broker (and a dead address)."""

import dataclasses
import os
import time

import sqlalchemy as sa
from kafka import TopicPartition

from core import kafka as kafka_io
from core.access import admin
from core.access.auth import authenticate
from core.jobs import admission, offsets, reconcile
from core.modes import Mode
from core.store.tables import outbox
from tests.support.processes import Managed, free_port, wait_for_port
from tests.support.stack import BIN, ROOT


def _admit(env, store, n=1):
    team = admin.create_team(store, "UAB Testas")["teamId"]
    admin.grant_credits(store, team, n)
    p = authenticate(store, admin.create_key(store, team, Mode.LIVE, ["invoice:write"])["key"], "127.0.0.1")
    upload = admission.Upload("a.pdf", "application/pdf", "0" * 64, 10, None, None)
    return [admission.admit(store, env, p, [upload])[0] for _ in range(n)]


def _read_all(env, topic, expected):
    consumer = kafka_io.make_consumer(env.kafka_bootstrap)
    tps = [TopicPartition(topic, p) for p in range(env.topic_partitions)]
    consumer.assign(tps)
    consumer.seek_to_beginning(*tps)
    found, deadline = [], time.monotonic() + 5
    while time.monotonic() < deadline and len(found) < expected:
        for records in consumer.poll(timeout_ms=200).values():
            found.extend(r.value["jobId"] for r in records)
    consumer.close()
    return found


def test_upload_published_while_broker_is_down_is_sent_by_the_reconciler(env, store):
    topic = f"uploads-{time.time_ns()}"
    env = dataclasses.replace(env, uploads_topic=topic)
    admitted = _admit(env, store, 2)
    dead = dataclasses.replace(env, kafka_bootstrap=f"127.0.0.1:{free_port()}")
    publisher = kafka_io.Publisher(dead, store)
    t0 = time.monotonic()
    assert publisher.publish_row(admitted[0].sending) is False
    assert publisher.publish_row(admitted[1].sending) is False
    assert time.monotonic() - t0 < 5  # the second try rests instead of blocking again
    with store.read() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(outbox).where(outbox.c.published_at.is_(None), outbox.c.kind == "kafka")).scalar() == 2

    report = reconcile.run_once(env, store, min_age_s=0)
    assert report.published == 2 and report.error is None
    assert sorted(_read_all(env, topic, 2)) == sorted(a.job_id for a in admitted)
    with store.read() as conn:
        rows = conn.execute(sa.select(outbox.c.published_at, outbox.c.partition, outbox.c.offset).where(outbox.c.kind == "kafka")).all()
    assert all(r.published_at is not None and r.partition is not None for r in rows)


def test_upload_behind_the_committed_offset_is_requeued(env, store):
    topic = f"uploads-{time.time_ns()}"
    env = dataclasses.replace(env, uploads_topic=topic)
    [job] = _admit(env, store, 1)
    assert kafka_io.Publisher(env, store).publish_row(job.sending)
    with store.read() as conn:
        row = conn.execute(sa.select(outbox.c.partition, outbox.c.offset).where(outbox.c.id == job.sending.id)).one()
    assert reconcile.run_once(env, store).requeued == 0  # not consumed yet: nothing lost
    time.sleep(0.01)
    with store.write() as conn:  # a consumer moved past the message without starting the job
        offsets.store(conn, topic, row.partition, row.offset + 1, "some-topic-id")
    report = reconcile.run_once(env, store, min_age_s=0)
    assert report.requeued == 1 and report.published == 1
    assert _read_all(env, topic, 2).count(job.job_id) == 2


def test_published_soon_rows_are_marked_in_a_batch_and_a_failed_send_is_left_to_the_reconciler(env, store):
    topic = f"uploads-{time.time_ns()}"
    env = dataclasses.replace(env, uploads_topic=topic)
    admitted = _admit(env, store, 3)
    publisher = kafka_io.Publisher(env, store)
    for a in admitted[:2]:
        publisher.publish_soon(a.sending)
    deadline = time.monotonic() + 10
    marked = []
    while time.monotonic() < deadline and len(marked) < 2:
        with store.read() as conn:
            marked = conn.execute(
                sa.select(outbox.c.id).where(outbox.c.published_at.is_not(None), outbox.c.partition.is_not(None))
            ).scalars().all()
        time.sleep(0.05)
    assert sorted(marked) == sorted(a.sending.id for a in admitted[:2])
    assert sorted(_read_all(env, topic, 2)) == sorted(a.job_id for a in admitted[:2])

    dead = kafka_io.Publisher(dataclasses.replace(env, kafka_bootstrap=f"127.0.0.1:{free_port()}"), store)
    dead.publish_soon(admitted[2].sending)
    with store.read() as conn:
        left = conn.execute(sa.select(outbox.c.id).where(outbox.c.published_at.is_(None))).scalars().all()
    assert left == [admitted[2].sending.id]
    assert reconcile.run_once(env, store, min_age_s=0).published == 1


def _own_broker(port: int, logs) -> Managed:
    """A broker of the test's own, so restarting it disturbs no other test."""
    env = {**os.environ, "INVOICES_BROKER_PORT": str(port)}
    env.pop("KAFKA_BOOTSTRAP_SERVERS", None)
    broker = Managed("broker", [str(BIN / "invoices"), "broker"], env, logs, ROOT).start()
    wait_for_port(port, 20, broker.proc)
    return broker


def test_a_publisher_sends_at_once_again_after_the_broker_restarted_empty(env, store, tmp_path):
    """A memory-only broker forgets the producer ids it handed out: a producer that needs its
    own (an idempotent one) failed every send after the restart, and each upload of the
    process waited for the reconciler."""
    port = free_port()
    env = dataclasses.replace(env, kafka_bootstrap=f"127.0.0.1:{port}", uploads_topic=f"uploads-{time.time_ns()}")
    admitted = _admit(env, store, 3)
    broker = _own_broker(port, tmp_path)
    publisher = kafka_io.Publisher(env, store)
    try:
        kafka_io.ensure_topic(env.kafka_bootstrap, env.uploads_topic, env.topic_partitions)
        assert publisher.publish_row(admitted[0].sending)
        broker.stop()
        broker = _own_broker(port, tmp_path)  # same address, empty log
        kafka_io.ensure_topic(env.kafka_bootstrap, env.uploads_topic, env.topic_partitions)
        assert publisher.publish_row(admitted[1].sending)
        assert publisher.publish_row(admitted[2].sending)
        assert sorted(_read_all(env, env.uploads_topic, 2)) == sorted(a.job_id for a in admitted[1:])
    finally:
        publisher.close()
        broker.stop()
