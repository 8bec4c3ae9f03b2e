"""Consumed Kafka offsets, kept in the store so they commit with the work they record."""

import sqlalchemy as sa

from core.clock import utcnow
from core.store.tables import consumer_offsets as offsets


def read(conn: sa.Connection, topic: str, partition: int) -> tuple[int, str | None] | None:
    row = conn.execute(
        sa.select(offsets.c.next_offset, offsets.c.topic_id).where(offsets.c.topic == topic, offsets.c.partition == partition)
    ).first()
    return (int(row.next_offset), row.topic_id) if row else None


# Built once: a stream run moves its offset with every job.
_MOVE = offsets.update().where(
    offsets.c.topic == sa.bindparam("of_topic"), offsets.c.partition == sa.bindparam("of_partition")
)


def store(conn: sa.Connection, topic: str, partition: int, next_offset: int, topic_id: str | None) -> None:
    values = dict(next_offset=next_offset, topic_id=topic_id, updated_at=utcnow())
    updated = conn.execute(_MOVE, {"of_topic": topic, "of_partition": partition, **values})
    if updated.rowcount == 0:
        conn.execute(offsets.insert().values(topic=topic, partition=partition, **values))
