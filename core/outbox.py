"""The transactional outbox: rows written with the state change, published after commit.

Two kinds: `kafka` rows carry a message for a topic (the upload of a job); `event` rows
carry an event envelope for the webhook dispatcher. Publishing marks a row published;
anything left unpublished is retried by the reconciler.

`OutboxPublisher` is what sends `kafka` rows to their topic: core.kafka.Publisher on the
broker, core/kafka_memory.py's stand-in in memory (tests/core/test_publisher_contract.py
holds both to one contract).
"""

import itertools
import random
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol

import sqlalchemy as sa

from core import events
from core.access.actors import SYSTEM, Actor
from core.clock import utcnow
from core.modes import Mode
from core.store.tables import UNSENT, consumer_offsets, jobs, outbox


@dataclass(frozen=True)
class KafkaRow:
    """An outbox row for a topic: what a publisher sends. A row written with a partition lands
    on it however often it is sent (a resend by the reconciler included); one without lands
    where Kafka's default partitioner puts its key."""

    id: int
    topic: str
    key: str
    value: dict
    partition: int | None = None


class OutboxPublisher(Protocol):
    """Sends outbox rows to their topic and marks each published where it landed.

    A row that cannot be sent now stays unpublished, without an error for the caller (the
    upload stands); the reconciler's `publish_pending` sends it later. A message sent without
    a partition lands on its key's: messages with one key land on one partition, in the order
    they were sent.
    """

    def send(self, topic: str, key: str, value: dict, timeout_s: float = 3.0, partition: int | None = None) -> tuple[int, int]:
        """Send one message and wait until it is stored: (partition, offset); raises if it is not."""
        ...

    def publish_row(self, row: KafkaRow) -> bool:
        """Send one row now and mark it published; False (the row left) when it cannot."""
        ...

    def publish_soon(self, row: KafkaRow) -> None:
        """Hand one row over without waiting (the upload path); marked when it has landed."""
        ...

    def publish_pending(self, older_than_s: float = 2.0) -> int:
        """Send every unpublished row older than `older_than_s`; how many went out."""
        ...

    def close(self) -> None: ...


_INSERT = outbox.insert()  # built once: every upload and every finished job writes rows


def add_kafka(
    conn: sa.Connection, topic: str, key: str, payload: dict, job_id: str | None, partition: int | None = None,
) -> KafkaRow:
    """Write a message for `topic`; with `partition`, every sending of it lands there."""
    result = conn.execute(_INSERT, {
        "kind": "kafka", "topic": topic, "key": key, "payload": payload, "job_id": job_id, "created_at": utcnow(),
        "partition": partition,
    })
    return KafkaRow(int(result.inserted_primary_key[0]), topic, key, payload, partition)


# Per process, from a random start: several API processes deal their uploads evenly between
# them too (each one's share of every partition differs by at most one message).
_DEALT = itertools.count(random.randrange(1 << 16))


def deal_partition(partitions: int) -> int:
    """The next partition in turn. Uploads are dealt to partitions rather than hashed by job
    id: a burst of twelve hashed jobs gives one stream group seven on average and the other
    five, and the group with less work then waits idle for the last of the other's
    (scanned pages per minute were 74 % of the machine's reading limit, most of the rest
    that idle tail). A dealt partition is kept in the row, so a resend lands on it again."""
    return next(_DEALT) % partitions


def add_event(
    conn: sa.Connection,
    team_id: str,
    mode: Mode,
    event_type: str,
    data: dict,
    job_id: str | None,
    actor: Actor = SYSTEM,
) -> dict:
    """Write an event envelope with the change that caused it; the actor (source and key)
    is stored beside the envelope, not in it, so `sourceFilter` can be applied."""
    env = events.envelope(event_type, data)
    conn.execute(_INSERT, dict(
        kind="event", event_id=env["id"], event_type=event_type, team_id=team_id, mode=mode.value,
        job_id=job_id, payload=env, created_at=utcnow(),
        source=actor.source, api_key_id=actor.api_key_id, user_id=actor.user_id,
    ))
    return env


_MARK = (
    outbox.update().where(outbox.c.id == sa.bindparam("row_id"))
    .values(published_at=sa.bindparam("at"), partition=sa.bindparam("landed_partition"), offset=sa.bindparam("landed_offset"))
)


def mark_published(conn: sa.Connection, sent: dict[int, tuple[int, int]]) -> None:
    """Record where each row landed ({row id: (partition, offset)}), in one statement."""
    if not sent:
        return
    now = utcnow()
    conn.execute(_MARK, [
        {"row_id": row_id, "at": now, "landed_partition": partition, "landed_offset": offset}
        for row_id, (partition, offset) in sent.items()
    ])


def pending_kafka(conn: sa.Connection, older_than_s: float, limit: int = 500) -> list[KafkaRow]:
    cutoff = utcnow() - timedelta(seconds=older_than_s)
    rows = conn.execute(
        sa.select(outbox.c.id, outbox.c.topic, outbox.c.key, outbox.c.payload, outbox.c.partition)
        .where(UNSENT, outbox.c.created_at <= cutoff)
        .order_by(outbox.c.id)
        .limit(limit)
    ).all()
    return [KafkaRow(r.id, r.topic, r.key, r.payload, r.partition) for r in rows]


def requeue_kafka_for_jobs(conn: sa.Connection, job_ids: list[str]) -> int:
    """Mark the upload messages of these jobs unpublished so the reconciler sends them again
    (each to the partition it was dealt, if it was)."""
    if not job_ids:
        return 0
    result = conn.execute(
        outbox.update()
        .where(outbox.c.kind == "kafka", outbox.c.job_id.in_(job_ids))
        .values(published_at=None, offset=None, publish_attempts=outbox.c.publish_attempts + 1)
    )
    return result.rowcount


def unfinished_sent_to(conn: sa.Connection, topic: str, partitions: list[int]) -> list[tuple[str, int, int]]:
    """(job id, partition, offset) of the unfinished jobs (processing, not held for review)
    whose message was published to one of `partitions` of `topic`, where it landed.

    A stream run asks this for partitions the store never kept an offset for: nothing then
    records which log those messages went to, a log a memory-only broker may have lost since.
    Asked from the unfinished jobs to their messages, as `lost_uploads` is.
    """
    if not partitions:
        return []
    rows = conn.execute(
        sa.select(jobs.c.id, outbox.c.partition, outbox.c.offset)
        .join(outbox, outbox.c.job_id == jobs.c.id)
        .where(
            jobs.c.status == "processing", jobs.c.held_at.is_(None),
            outbox.c.kind == "kafka", outbox.c.topic == topic, outbox.c.published_at.is_not(None),
            outbox.c.partition.in_(partitions), outbox.c.offset.is_not(None),
        )
        .order_by(jobs.c.created_at)
    )
    return [(r.id, r.partition, r.offset) for r in rows]


def lost_uploads(conn: sa.Connection, topic: str) -> list[str]:
    """Unclaimed processing jobs whose message lies behind the committed offset.

    The consumer moved past the message yet the job never started: the message was lost
    or skipped (e.g. a consumer that kept a stale offset). Such jobs must be sent again.

    Asked from the jobs (the few unclaimed ones) to their messages, each found by its job:
    as a join, the planner walked every published message of the outbox instead, a cost
    that grew with every upload the store ever had.
    """
    behind = (
        sa.select(outbox.c.id)
        .join(consumer_offsets, sa.and_(consumer_offsets.c.topic == topic,
                                        consumer_offsets.c.partition == outbox.c.partition))
        .where(
            outbox.c.job_id == jobs.c.id, outbox.c.kind == "kafka", outbox.c.topic == topic,
            outbox.c.published_at.is_not(None),
            outbox.c.offset < consumer_offsets.c.next_offset,
            outbox.c.published_at < consumer_offsets.c.updated_at,
        )
    )
    rows = conn.execute(
        sa.select(jobs.c.id).where(jobs.c.status == "processing", jobs.c.attempts == 0, behind.exists())
    )
    return [r.id for r in rows]
