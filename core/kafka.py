"""Kafka plumbing: topics, a process-wide producer, and the outbox publisher.

The store is the truth and Kafka the transport (ARCHITECTURE "Stores"): a message that
cannot be sent now stays in the outbox and the reconciler sends it later. Consumers use
manual partition assignment and keep offsets in the store (no consumer groups: slow and
unreliable on the embedded broker). A memory-only broker that restarts recreates the topic
with a new topic id; comparing that id with the one stored next to the offsets is how a
consumer notices that the log it was reading is gone.
"""

import logging
import queue
import threading
import time

from kafka import KafkaAdminClient, KafkaConsumer, KafkaProducer, TopicPartition
from kafka.admin import NewTopic
from kafka.errors import KafkaError, TopicAlreadyExistsError
from kafka.serializer import DefaultSerializer, JsonSerializer

from core import outbox
from core.settings import Settings
from core.store.db import Store

log = logging.getLogger(__name__)


# Messages handed over within this long go to the broker in one request. The upload path
# does not wait for the broker, so a burst of uploads costs a request per few messages
# instead of one each, and a message reaches its stream run at most this much later.
# With kafka-python's own metrics off too (nothing reads them), a producer sending 200
# messages a second spent 0.66 ms of CPU per message instead of 0.83.
LINGER_MS = 5


def make_producer(bootstrap: str, block_ms: int = 2000) -> KafkaProducer:
    """A producer that outlives a broker restart. Not idempotent (kafka-python turns that on
    by default): the embedded broker forgets the producer ids it handed out when it restarts
    empty, after which an idempotent producer fails every send (an unknown producer id, then
    a refused new one) and each upload of the process waited for the reconciler. A message
    sent twice is harmless: a job is read once, whatever reaches the stream run."""
    return KafkaProducer(
        bootstrap_servers=bootstrap,
        enable_idempotence=False,
        acks="all",
        linger_ms=LINGER_MS,
        metrics_enabled=False,
        max_block_ms=block_ms,
        bootstrap_timeout_ms=block_ms,
        request_timeout_ms=5000,
        retries=2,
        key_serializer=DefaultSerializer(),
        value_serializer=JsonSerializer(),
    )


def make_consumer(bootstrap: str) -> KafkaConsumer:
    return KafkaConsumer(
        bootstrap_servers=bootstrap,
        bootstrap_timeout_ms=5000,
        group_id=None,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        fetch_max_wait_ms=100,
        max_poll_records=20,
        metrics_enabled=False,  # kafka-python's own; nothing reads them
        value_deserializer=_LenientJson(),
    )


class _LenientJson(JsonSerializer):
    """A record that is not JSON becomes None, so the consumer can skip it, not crash."""

    def deserialize(self, topic, headers, data):
        try:
            return super().deserialize(topic, headers, data)
        except ValueError:
            return None


def ensure_topic(bootstrap: str, topic: str, partitions: int) -> str:
    """Create the topic if missing and return its topic id."""
    admin = KafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=5000, bootstrap_timeout_ms=5000)
    try:
        try:
            admin.create_topics([NewTopic(topic, partitions, 1)])
        except TopicAlreadyExistsError:
            pass
        return _topic_id(admin, topic)
    finally:
        admin.close()


def _topic_id(admin: KafkaAdminClient, topic: str) -> str:
    described = admin.describe_topics([topic])
    return str(described[0].get("topic_id") or "")


def values_at(bootstrap: str, topic: str, positions: list[tuple[int, int]], timeout_s: float = 5.0) -> dict:
    """The value of the record at each (partition, offset) of `topic`'s current log, read by
    a consumer of its own; a position past the log's end, or not reached within `timeout_s`,
    is absent (so a caller that re-sends what is absent errs towards a duplicate)."""
    wanted: dict[int, set[int]] = {}
    for partition, offset in positions:
        wanted.setdefault(partition, set()).add(offset)
    deadline = time.monotonic() + timeout_s
    consumer = make_consumer(bootstrap)
    try:
        found: dict[tuple[int, int], object] = {}
        for partition, offsets in wanted.items():
            found.update(_values_in_partition(consumer, TopicPartition(topic, partition), offsets, deadline))
        return found
    finally:
        consumer.close()


def _values_in_partition(consumer: KafkaConsumer, tp: TopicPartition, offsets: set[int], deadline: float) -> dict:
    """One pass over the partition from the first wanted offset to the last one the log holds."""
    consumer.assign([tp])
    last = min(max(offsets), consumer.end_offsets([tp])[tp] - 1)
    if min(offsets) > last:
        return {}
    consumer.seek(tp, min(offsets))
    found = {}
    while consumer.position(tp) <= last and time.monotonic() < deadline:
        for record in consumer.poll(timeout_ms=200).get(tp, []):
            if record.offset in offsets:
                found[(tp.partition, record.offset)] = record.value
    return found


class TopicWatcher:
    """Reads a topic's id cheaply and repeatedly (one admin connection kept open)."""

    def __init__(self, bootstrap: str, topic: str, partitions: int):
        self.bootstrap, self.topic, self.partitions = bootstrap, topic, partitions
        self._admin: KafkaAdminClient | None = None

    def topic_id(self) -> str:
        if self._admin is None:
            ensure_topic(self.bootstrap, self.topic, self.partitions)
            self._admin = KafkaAdminClient(
                bootstrap_servers=self.bootstrap, request_timeout_ms=5000, bootstrap_timeout_ms=5000
            )
        try:
            found = _topic_id(self._admin, self.topic)
        except KafkaError:
            self.close()
            raise
        if not found or found == "00000000-0000-0000-0000-000000000000":
            self.close()
            return ensure_topic(self.bootstrap, self.topic, self.partitions)
        return found

    def close(self) -> None:
        if self._admin is not None:
            self._admin.close()
            self._admin = None


class Publisher:
    """One lazily created producer per process; sends outbox rows and marks them published.

    After a failure the direct path rests for `BACKOFF_S`: uploads keep answering at once
    while the broker is away, and the reconciler sends what piled up in the outbox.
    """

    BACKOFF_S = 5.0
    MARK_EVERY_S = 0.05

    def __init__(self, settings: Settings, store: Store):
        self.settings, self.store = settings, store
        self._producer: KafkaProducer | None = None
        self._lock = threading.Lock()
        self._resting_until = 0.0
        self._landed: queue.SimpleQueue[tuple[int, tuple[int, int]]] = queue.SimpleQueue()
        self._marker: threading.Thread | None = None

    def _get(self) -> KafkaProducer:
        with self._lock:
            if self._producer is None:
                self._producer = make_producer(self.settings.kafka_bootstrap)
            return self._producer

    def send(self, topic: str, key: str, value: dict, timeout_s: float = 3.0, partition: int | None = None) -> tuple[int, int]:
        """Send one message and wait for the broker; returns (partition, offset)."""
        meta = self._get().send(topic, key=key, value=value, partition=partition).get(timeout=timeout_s)
        return meta.partition, meta.offset

    def publish_row(self, row: outbox.KafkaRow) -> bool:
        """Send one outbox row now; on any failure leave it for the reconciler."""
        if time.monotonic() < self._resting_until:
            return False
        try:
            landed = self.send(row.topic, row.key, row.value, partition=row.partition)
        except Exception as exc:  # the upload stands; the reconciler retries
            log.warning("publish of outbox row %s failed: %s", row.id, exc)
            self.reset()
            return False
        with self.store.write() as conn:
            outbox.mark_published(conn, {row.id: landed})
        return True

    def publish_soon(self, row: outbox.KafkaRow) -> None:
        """Hand one outbox row to the producer without waiting for the broker (the upload
        path); where it landed is recorded in batches by a background thread. A row whose
        send fails, or whose mark a crash loses, stays unpublished and the reconciler sends
        it again: the stream run skips a job it already finished."""
        if time.monotonic() < self._resting_until:
            return
        try:
            future = self._get().send(row.topic, key=row.key, value=row.value, partition=row.partition)
        except Exception as exc:  # the upload stands; the reconciler retries
            log.warning("publish of outbox row %s failed: %s", row.id, exc)
            self.reset()
            return
        future.add_callback(lambda meta: self._landed.put((row.id, (meta.partition, meta.offset))))
        future.add_errback(self._send_failed, row.id)
        self._start_marker()

    def _send_failed(self, row_id: int, exc: Exception) -> None:
        """The errback of `publish_soon` (kafka-python passes the bound row id first)."""
        log.warning("publish of outbox row %s failed: %s", row_id, exc)
        self._resting_until = time.monotonic() + self.BACKOFF_S

    def _start_marker(self) -> None:
        with self._lock:
            if self._marker is None or not self._marker.is_alive():
                self._marker = threading.Thread(target=self._mark_landed, name="outbox-marks", daemon=True)
                self._marker.start()

    def _mark_landed(self) -> None:
        """Record sent rows as published, a batch per write, every MARK_EVERY_S at most."""
        while True:
            batch = dict([self._landed.get()])
            time.sleep(self.MARK_EVERY_S)
            while not self._landed.empty():
                row_id, landed = self._landed.get_nowait()
                batch[row_id] = landed
            try:  # in the API, together with the admissions under way (group commit)
                self.store.write_together(lambda conn: outbox.mark_published(conn, batch))
            except Exception as exc:  # unmarked rows are sent again by the reconciler
                log.warning("could not mark %d outbox rows published: %s", len(batch), exc)

    def publish_pending(self, older_than_s: float = 2.0) -> int:
        """Send every outbox row that is still unpublished; returns how many went out.
        All are handed to the producer before any is waited for, so they share requests;
        rows that did not land stay unpublished for the next round."""
        with self.store.read() as conn:
            rows = outbox.pending_kafka(conn, older_than_s)
        if not rows:
            return 0
        sent: dict[int, tuple[int, int]] = {}
        failed = None
        try:
            producer = self._get()
            futures = [(row.id, producer.send(row.topic, key=row.key, value=row.value, partition=row.partition))
                       for row in rows]
        except Exception as exc:
            futures, failed = [], exc
        for row_id, future in futures:
            try:
                meta = future.get(timeout=5.0)
                sent[row_id] = (meta.partition, meta.offset)
            except Exception as exc:
                failed = exc
        if failed is not None:
            log.warning("could not publish %d of %d outbox rows: %s", len(rows) - len(sent), len(rows), failed)
            self.reset()
        if sent:
            with self.store.write() as conn:
                outbox.mark_published(conn, sent)
        return len(sent)

    def reset(self) -> None:
        self._resting_until = time.monotonic() + self.BACKOFF_S
        self.close()

    def close(self) -> None:
        """Drop the producer; the next send makes a new one."""
        with self._lock:
            if self._producer is not None:
                try:
                    self._producer.close(timeout=1)
                except Exception:
                    pass
                self._producer = None
