"""Leases of partition groups: which stream run consumes which partitions.

Exactly one run holds a group's lease and consumes its partitions. A run that starts
while another holds the lease registers as successor; the holder sees that on its next
heartbeat, finishes the invoice in hand, commits and lets go, and the successor takes
over without waiting for a new run to start. A holder whose heartbeat is older than the
TTL is presumed dead (killed, OOM, machine lost) and anyone may take the lease.
"""

from dataclasses import dataclass
from datetime import timedelta

import sqlalchemy as sa

from core.clock import as_utc, utcnow
from core.store.tables import stream_leases as leases


@dataclass(frozen=True)
class LeaseState:
    group_id: int
    holder: str | None
    holder_pid: int | None
    acquired_at: object
    heartbeat_at: object
    successor: str | None

    def alive(self, ttl_s: float) -> bool:
        if self.holder is None or self.heartbeat_at is None:
            return False
        return utcnow() - as_utc(self.heartbeat_at) < timedelta(seconds=ttl_s)


def read(conn: sa.Connection, group_id: int) -> LeaseState | None:
    row = conn.execute(sa.select(leases).where(leases.c.group_id == group_id)).mappings().first()
    return LeaseState(**row) if row else None


def try_acquire(conn: sa.Connection, group_id: int, holder: str, pid: int, ttl_s: float) -> bool:
    """Take the lease if free, stale or ours; otherwise queue up as the successor."""
    now = utcnow()
    state = read(conn, group_id)
    if state is None:
        conn.execute(leases.insert().values(group_id=group_id, holder=holder, holder_pid=pid, acquired_at=now, heartbeat_at=now))
        return True
    if state.holder == holder or not state.alive(ttl_s):
        conn.execute(
            leases.update().where(leases.c.group_id == group_id).values(
                holder=holder, holder_pid=pid, acquired_at=now if state.holder != holder else state.acquired_at,
                heartbeat_at=now, successor=None,
            )
        )
        return True
    if state.successor != holder:
        conn.execute(leases.update().where(leases.c.group_id == group_id).values(successor=holder))
    return False


def heartbeat(conn: sa.Connection, group_id: int, holder: str) -> LeaseState | None:
    """Refresh our lease; None means we lost it (someone took over a stale lease)."""
    state = read(conn, group_id)
    if state is None or state.holder != holder:
        return None
    conn.execute(leases.update().where(leases.c.group_id == group_id).values(heartbeat_at=utcnow()))
    return state


def release(conn: sa.Connection, group_id: int, holder: str) -> None:
    conn.execute(
        leases.update().where(leases.c.group_id == group_id, leases.c.holder == holder).values(
            holder=None, holder_pid=None, heartbeat_at=None
        )
    )
