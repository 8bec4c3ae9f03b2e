"""Group commit: short write transactions of one process's threads, committed together.

SQLite lets one transaction write at a time, and with synchronous=FULL every commit waits
for the disk. Under a burst of uploads the API workers' admissions queued for the write
lock one by one, each taking it, doing a few statements and a flush, and handing it on:
measured in `make bench`, the lock was busy the whole run while half the CPU stood idle.

Here the threads of a process hand their unit of work to one writer thread instead. It
takes everything queued, runs it in one transaction, each unit in a savepoint of its own
(so one request's refusal or error undoes only its own writes), and commits once: one
lock, one flush, for as many requests as arrived meanwhile. A caller gets its unit's result
or exception only after that commit returned, so what it reports as done is on disk, as
with a transaction of its own. If the commit fails, every unit of the batch fails with it.
"""

import os
import queue
import threading
from collections.abc import Callable
from typing import TypeVar

import sqlalchemy as sa

T = TypeVar("T")
MAX_BATCH = 64
_SAVEPOINT = "group_commit_unit"


class _Unit:
    __slots__ = ("work", "done", "result", "error")

    def __init__(self, work: Callable[[sa.Connection], object]):
        self.work = work
        self.done = threading.Event()
        self.result: object = None
        self.error: BaseException | None = None


class GroupCommit:
    """One writer thread per process (started on first use, again after a fork)."""

    def __init__(self, begin: Callable[[], object]):
        """`begin` opens a write transaction: a context manager yielding its connection."""
        self._begin = begin
        self._queue: queue.SimpleQueue[_Unit] = queue.SimpleQueue()
        self._pid: int | None = None
        self._lock = threading.Lock()

    def run(self, work: Callable[[sa.Connection], T]) -> T:
        """Run `work(conn)` in a transaction shared with concurrent callers; return its
        result, or raise its exception, once that transaction has committed."""
        unit = _Unit(work)
        self._ensure_writer()
        self._queue.put(unit)
        unit.done.wait()
        if unit.error is not None:
            raise unit.error
        return unit.result  # type: ignore[return-value]

    def _ensure_writer(self) -> None:
        if self._pid == os.getpid():
            return
        with self._lock:
            if self._pid != os.getpid():  # first use, or a forked child: the thread is not here
                self._queue = queue.SimpleQueue()
                threading.Thread(target=self._write_forever, args=(self._queue,), name="group-commit", daemon=True).start()
                self._pid = os.getpid()

    def _write_forever(self, units: "queue.SimpleQueue[_Unit]") -> None:
        while True:
            batch = [units.get()]
            while len(batch) < MAX_BATCH:
                try:
                    batch.append(units.get_nowait())
                except queue.Empty:
                    break
            self._commit(batch)

    def _commit(self, batch: list[_Unit]) -> None:
        try:
            with self._begin() as conn:
                if len(batch) == 1:  # alone: its own transaction, no savepoint needed
                    _run(batch[0], conn, savepoint=False)
                else:
                    for unit in batch:
                        _run(unit, conn, savepoint=True)
        except BaseException as exc:  # BEGIN or COMMIT failed: nothing of the batch was written
            for unit in batch:
                if unit.error is None:
                    unit.error, unit.result = exc, None
        finally:
            for unit in batch:
                unit.done.set()


def _run(unit: _Unit, conn: sa.Connection, savepoint: bool) -> None:
    if not savepoint:
        unit.result = unit.work(conn)  # an exception rolls the transaction back, and is the unit's
        return
    # Plain SQL savepoints: SQLAlchemy's begin_nested() cost four times the unit's own statements.
    conn.exec_driver_sql(f"SAVEPOINT {_SAVEPOINT}")
    try:
        unit.result = unit.work(conn)
    except Exception as exc:
        unit.error = exc
        conn.exec_driver_sql(f"ROLLBACK TO SAVEPOINT {_SAVEPOINT}")
    conn.exec_driver_sql(f"RELEASE SAVEPOINT {_SAVEPOINT}")
