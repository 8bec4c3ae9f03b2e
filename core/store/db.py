"""Connections to the operational store.

SQLite (the embedded default) is shared by many processes: API workers, stream runs,
the Dagster daemon's sensors and the CLI. WAL lets readers run beside the one writer;
every write transaction starts with BEGIN IMMEDIATE so read-modify-write sequences
(credit holds, claims) never fail half-way on a stale snapshot, and writers queue on
`writer_lock` (threads and processes alike) rather than in SQLite's sleeping busy handler.
Every commit is flushed to the disk (synchronous=FULL): what a caller was told is stored
survives a crash of the machine, not only of the process. Threads of one process that
write at once can share a transaction and its flush (`write_together`, `group_commit`).
PostgreSQL (INVOICES_DATABASE_URL) uses row locks (`lock_team`) for the same guarantees.
"""

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import sqlalchemy as sa
from sqlalchemy import event

from core.store.group_commit import GroupCommit
from core.store.writer_lock import WriterLock

T = TypeVar("T")

_READ_ONLY = "invoices_read_only"


class Store:
    """One engine per process; `write()` and `read()` hand out short transactions."""

    def __init__(self, url: str):
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        self._writer: WriterLock | None = None
        if self.is_sqlite:
            path = url.split("///", 1)[1]
            if path and path != ":memory:":
                create_private(Path(path))
                self._writer = WriterLock(Path(f"{path}-writer.lock"), _busy_timeout_ms() / 1000)
            self.engine = sa.create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
            event.listen(self.engine, "connect", _sqlite_on_connect)
            event.listen(self.engine, "begin", _sqlite_on_begin)
        else:
            self.engine = sa.create_engine(url, pool_pre_ping=True)
        self._group = GroupCommit(self.write)

    @contextmanager
    def write(self) -> Iterator[sa.Connection]:
        """A serialised read-write transaction, committed on success."""
        if self._writer is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self._writer.hold(), self.engine.begin() as conn:
            yield conn

    def write_together(self, work: Callable[[sa.Connection], T]) -> T:
        """`work(conn)` in a write transaction shared with this process's concurrent callers
        (`group_commit`): the same guarantees as `write()`, one commit for many threads."""
        return self._group.run(work)

    @contextmanager
    def read(self) -> Iterator[sa.Connection]:
        """A read-only snapshot that never takes the write lock."""
        with self.engine.connect().execution_options(**{_READ_ONLY: True}) as conn:
            with conn.begin():
                yield conn

    def lock_team(self, conn: sa.Connection, team_id: str) -> None:
        """Serialise credit decisions of one team (SQLite: BEGIN IMMEDIATE already does)."""
        if not self.is_sqlite:
            from core.store.tables import teams

            conn.execute(sa.select(teams.c.id).where(teams.c.id == team_id).with_for_update())

    def dispose(self) -> None:
        self.engine.dispose()


def create_private(path: Path) -> None:
    """The SQLite file (and its folder) made readable by this user only: 0600 (SQLite gives
    its -wal and -shm files the same mode) in a 0700 folder when it makes the folder."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not path.exists():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))


def _sqlite_on_connect(dbapi_conn, _record) -> None:
    # Let SQLAlchemy's "begin" event issue the BEGIN, so we can choose IMMEDIATE.
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    # How long a writer waits for the write lock before the store counts as unavailable.
    cur.execute(f"PRAGMA busy_timeout={_busy_timeout_ms()}")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _busy_timeout_ms() -> int:
    return int(os.environ.get("INVOICES_DB_BUSY_TIMEOUT_MS", "30000"))


def _sqlite_on_begin(conn: sa.Connection) -> None:
    if conn.get_execution_options().get(_READ_ONLY):
        conn.exec_driver_sql("BEGIN")
    else:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


_stores: dict[str, Store] = {}


def get_store(url: str | None = None) -> Store:
    """The process-wide store for a URL (default: the settings' URL)."""
    if url is None:
        from core.settings import settings

        url = settings().database_url
    store = _stores.get(url)
    if store is None:
        store = _stores[url] = Store(url)
    return store


def reset_stores_after_fork() -> None:
    """Drop pooled connections inherited over fork (gunicorn workers)."""
    for store in _stores.values():
        store.engine.dispose(close=False)
