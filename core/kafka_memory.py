"""The publisher's stand-in: outbox rows "sent" to topics kept in this process's memory.

It keeps the promises of `core.outbox.OutboxPublisher` that a reader can see: a sent row is
marked published with the partition and offset it landed at, a row lands on its partition
or, without one, on the partition Kafka's default partitioner gives its key (so partition
groups split the work as on the broker), offsets count up per partition, values travel as
JSON does, and while the transport is `reachable = False` nothing is sent and the rows stay
for the reconciler. What it cannot give is a consumer in another process: the stream runs
read the broker.

tests/core/test_publisher_contract.py holds it and core.kafka.Publisher on the real broker
to the same tests.
"""

import json
import threading
from dataclasses import dataclass

from kafka.partitioner.default import murmur2

from core import outbox
from core.store.db import Store


class Unreachable(ConnectionError):
    """The stand-in's transport is switched off (`reachable = False`)."""


@dataclass(frozen=True)
class Record:
    topic: str
    partition: int
    offset: int
    key: str
    value: dict


def partition_of(key: str, partitions: int) -> int:
    """The partition Kafka's default partitioner gives a key (murmur2 of its UTF-8 bytes)."""
    return (murmur2(key.encode("utf-8")) & 0x7FFFFFFF) % partitions


class MemoryPublisher:
    """Topics as lists of partitions in memory; marks rows in the store like the real one."""

    def __init__(self, store: Store, partitions: int = 4):
        self.store, self.partitions = store, partitions
        self.reachable = True
        self._topics: dict[str, list[list[Record]]] = {}
        self._lock = threading.Lock()

    def send(self, topic: str, key: str, value: dict, timeout_s: float = 3.0, partition: int | None = None) -> tuple[int, int]:
        if not self.reachable:
            raise Unreachable(f"sending to {topic}: the memory transport is switched off")
        value = json.loads(json.dumps(value))  # what a consumer gets back: JSON, not the object
        partition = partition_of(key, self.partitions) if partition is None else partition
        with self._lock:
            log = self._topics.setdefault(topic, [[] for _ in range(self.partitions)])[partition]
            log.append(Record(topic, partition, len(log), key, value))
            return partition, len(log) - 1

    def publish_row(self, row: outbox.KafkaRow) -> bool:
        try:
            landed = self.send(row.topic, row.key, row.value, partition=row.partition)
        except Unreachable:
            return False
        with self.store.write() as conn:
            outbox.mark_published(conn, {row.id: landed})
        return True

    def publish_soon(self, row: outbox.KafkaRow) -> None:
        self.publish_row(row)  # nothing to wait for in memory

    def publish_pending(self, older_than_s: float = 2.0) -> int:
        with self.store.read() as conn:
            rows = outbox.pending_kafka(conn, older_than_s)
        sent = {}
        for row in rows:
            try:
                sent[row.id] = self.send(row.topic, row.key, row.value, partition=row.partition)
            except Unreachable:
                break
        if sent:
            with self.store.write() as conn:
                outbox.mark_published(conn, sent)
        return len(sent)

    def close(self) -> None:
        pass

    def records(self, topic: str) -> list[Record]:
        """Every message of `topic`, partition by partition, each in offset order."""
        with self._lock:
            return [record for log in self._topics.get(topic, []) for record in log]
