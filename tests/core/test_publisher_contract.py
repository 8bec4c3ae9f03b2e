"""The publisher's contract (core.outbox.OutboxPublisher), one set of tests that the Kafka
publisher on the real broker (Tansu, the session's) and the in-memory stand-in
(core/kafka_memory.py) both pass. What a publisher sent is read back from where it went:
the broker with a consumer, the stand-in from its records."""

import dataclasses
import time
from dataclasses import dataclass
from typing import Callable

import pytest
import sqlalchemy as sa
from kafka import TopicPartition

from core import kafka as kafka_io
from core import outbox
from core.kafka_memory import MemoryPublisher, partition_of
from core.store.db import Store
from core.store.tables import outbox as outbox_rows
from tests.support.processes import free_port


@dataclass
class Harness:
    publisher: outbox.OutboxPublisher
    store: Store
    partitions: int
    read: Callable[[str, int], list[tuple[int, int, str, dict]]]  # (partition, offset, key, value)
    unreachable: Callable[[], outbox.OutboxPublisher]  # a publisher whose transport is away


def _kafka(request) -> Harness:
    env, store = request.getfixturevalue("env"), request.getfixturevalue("store")

    def read(topic: str, expected: int) -> list:
        consumer = kafka_io.make_consumer(env.kafka_bootstrap)
        partitions = [TopicPartition(topic, p) for p in range(env.topic_partitions)]
        consumer.assign(partitions)
        consumer.seek_to_beginning(*partitions)
        found, deadline = [], time.monotonic() + 10
        while time.monotonic() < deadline and len(found) < expected:
            for records in consumer.poll(timeout_ms=200).values():
                found += [(r.partition, r.offset, r.key.decode(), r.value) for r in records]
        consumer.close()
        return sorted(found)

    dead = dataclasses.replace(env, kafka_bootstrap=f"127.0.0.1:{free_port()}")
    publisher = kafka_io.Publisher(env, store)
    request.addfinalizer(publisher.close)
    return Harness(publisher, store, env.topic_partitions, read, lambda: kafka_io.Publisher(dead, store))


def _memory(request) -> Harness:
    store = request.getfixturevalue("home_store")
    publisher = MemoryPublisher(store, partitions=4)

    def read(topic: str, expected: int) -> list:
        return sorted((r.partition, r.offset, r.key, r.value) for r in publisher.records(topic))

    def unreachable() -> MemoryPublisher:
        away = MemoryPublisher(store, partitions=4)
        away.reachable = False
        return away

    return Harness(publisher, store, 4, read, unreachable)


@pytest.fixture(params=["kafka", "memory"])
def harness(request) -> Harness:
    return _kafka(request) if request.param == "kafka" else _memory(request)


@pytest.fixture
def topic(harness) -> str:
    name = f"contract-{time.time_ns()}"
    if isinstance(harness.publisher, kafka_io.Publisher):
        kafka_io.ensure_topic(harness.publisher.settings.kafka_bootstrap, name, harness.partitions)
    return name


def _rows(store: Store, topic: str, keys: list[str], partitions: list[int | None] | None = None) -> list[outbox.KafkaRow]:
    partitions = partitions or [None] * len(keys)
    with store.write() as conn:
        return [outbox.add_kafka(conn, topic, key, {"jobId": f"job_{n}", "city": "Šiauliai", "n": n}, None, partition)
                for n, (key, partition) in enumerate(zip(keys, partitions))]


def _landed(store: Store, row_ids: list[int]) -> dict[int, tuple[int, int] | None]:
    with store.read() as conn:
        rows = conn.execute(sa.select(outbox_rows.c.id, outbox_rows.c.published_at, outbox_rows.c.partition,
                                      outbox_rows.c.offset).where(outbox_rows.c.id.in_(row_ids))).all()
    return {r.id: (r.partition, r.offset) if r.published_at is not None else None for r in rows}


def test_a_sent_message_is_read_back_where_it_landed_one_key_on_one_partition_in_order(harness, topic):
    sent = [("team_a", {"n": 1, "name": "UAB „Šilas“"}), ("team_b", {"n": 2}), ("team_a", {"n": 3, "items": [1.5, None]})]
    landed = [harness.publisher.send(topic, key, value) for key, value in sent]
    assert sorted(harness.read(topic, 3)) == sorted((*at, key, value) for at, (key, value) in zip(landed, sent))
    assert [p for p, _ in landed] == [partition_of(key, harness.partitions) for key, _ in sent]
    assert landed[0][1] < landed[2][1]  # team_a's second message after its first


def test_publish_row_marks_the_row_where_it_landed(harness, topic):
    [row] = _rows(harness.store, topic, ["team_a"])
    assert harness.publisher.publish_row(row) is True
    [(partition, offset, key, value)] = harness.read(topic, 1)
    assert _landed(harness.store, [row.id]) == {row.id: (partition, offset)}
    assert (key, value) == ("team_a", row.value)


def test_publish_soon_marks_the_rows_once_they_have_landed(harness, topic):
    rows = _rows(harness.store, topic, ["team_a", "team_b", "team_c"])
    ids = [row.id for row in rows]
    for row in rows:
        harness.publisher.publish_soon(row)
    deadline = time.monotonic() + 10
    while None in _landed(harness.store, ids).values() and time.monotonic() < deadline:
        time.sleep(0.05)
    read = harness.read(topic, 3)
    assert sorted(_landed(harness.store, ids).values()) == sorted((p, o) for p, o, _, _ in read)


def test_publish_pending_sends_every_row_left_once(harness, topic):
    rows = _rows(harness.store, topic, ["team_a", "team_b", "team_a", "team_c"])
    assert harness.publisher.publish_pending(older_than_s=0) == 4
    assert harness.publisher.publish_pending(older_than_s=0) == 0
    read = harness.read(topic, 4)
    assert sorted(v["jobId"] for *_, v in read) == ["job_0", "job_1", "job_2", "job_3"]
    assert sorted(_landed(harness.store, [row.id for row in rows]).values()) == sorted((p, o) for p, o, _, _ in read)


def test_a_row_written_with_a_partition_lands_there_whenever_it_is_sent(harness, topic):
    """Uploads are dealt to partitions in turn (`outbox.deal_partition`); the reconciler's resend
    of a row must land where the row was dealt, not where its key would hash."""
    keys = ["job_a", "job_b", "job_c", "job_d"]
    dealt = [(partition_of(key, harness.partitions) + 1) % harness.partitions for key in keys]  # never the key's
    rows = _rows(harness.store, topic, keys, dealt)
    assert harness.publisher.publish_row(rows[0]) is True
    harness.publisher.publish_soon(rows[1])
    deadline = time.monotonic() + 10
    while _landed(harness.store, [rows[1].id])[rows[1].id] is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert harness.publisher.publish_pending(older_than_s=0) == 2  # rows 2 and 3 by the reconciler
    with harness.store.write() as conn:  # row 0 sent again, as after a lost mark
        conn.execute(outbox_rows.update().where(outbox_rows.c.id == rows[0].id).values(published_at=None))
    assert harness.publisher.publish_pending(older_than_s=0) == 1
    read = harness.read(topic, 5)
    by_job = {}
    for partition, _, _, value in read:
        by_job.setdefault(value["jobId"], set()).add(partition)
    assert by_job == {f"job_{n}": {dealt[n]} for n in range(4)}
    landed = _landed(harness.store, [row.id for row in rows])
    assert [landed[row.id][0] for row in rows] == dealt


def test_rows_a_publisher_cannot_send_stay_for_the_reconciler(harness, topic):
    rows = _rows(harness.store, topic, ["team_a", "team_b"])
    away = harness.unreachable()
    t0 = time.monotonic()
    assert away.publish_row(rows[0]) is False
    away.publish_soon(rows[1])  # no error for the upload
    assert away.publish_pending(older_than_s=0) == 0
    assert time.monotonic() - t0 < 10  # answers instead of waiting for the transport
    away.close()
    assert _landed(harness.store, [row.id for row in rows]) == {rows[0].id: None, rows[1].id: None}
    assert harness.publisher.publish_pending(older_than_s=0) == 2
    assert sorted(v["jobId"] for *_, v in harness.read(topic, 2)) == ["job_0", "job_1"]
