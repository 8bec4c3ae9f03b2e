"""Group commit: concurrent units of work share a transaction, each keeps its own outcome."""

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest
import sqlalchemy as sa

from core.clock import utcnow
from core.store.group_commit import GroupCommit
from core.store.tables import service_flags


def _flag(name: str):
    return lambda conn: conn.execute(service_flags.insert().values(name=name, value={"on": True}, updated_at=utcnow()))


def _flags(store) -> set[str]:
    with store.read() as conn:
        return set(conn.execute(sa.select(service_flags.c.name)).scalars())


def _batched(store, units):
    """Run `units` through the store's group commit as one batch: the writer is held busy by a
    first unit until every other unit is queued behind it."""
    release, started = threading.Event(), threading.Event()

    def blocker(conn):
        started.set()
        release.wait(10)
        return "blocker"

    with ThreadPoolExecutor(len(units) + 1) as pool:
        first = pool.submit(store.write_together, blocker)
        started.wait(10)
        futures = [pool.submit(store.write_together, unit) for unit in units]
        while store._group._queue.qsize() < len(units):
            threading.Event().wait(0.005)
        release.set()
        assert first.result(10) == "blocker"
        return [f.exception(10) or f.result(10) for f in futures]


def test_each_unit_gets_its_own_result_and_all_are_written(store):
    outcomes = _batched(store, [lambda conn, i=i: (_flag(f"f{i}")(conn), i)[1] for i in range(5)])
    assert outcomes == [0, 1, 2, 3, 4]
    assert _flags(store) == {f"f{i}" for i in range(5)}


def test_a_failing_unit_undoes_only_its_own_writes(store):
    def half_then_fail(conn):
        _flag("undone")(conn)
        raise ValueError("refused")

    outcomes = _batched(store, [_flag("kept-1"), half_then_fail, _flag("kept-2")])
    assert isinstance(outcomes[1], ValueError)
    assert _flags(store) == {"kept-1", "kept-2"}


def test_a_unit_alone_that_fails_leaves_nothing(store):
    def fail(conn):
        _flag("undone")(conn)
        raise ValueError("refused")

    with pytest.raises(ValueError):
        store.write_together(fail)
    assert _flags(store) == set()


def test_many_threads_share_commits(store):
    commits = []

    @contextmanager
    def counted():
        with store.write() as conn:
            yield conn
        commits.append(1)

    group = GroupCommit(counted)
    with ThreadPoolExecutor(16) as pool:
        list(pool.map(lambda i: group.run(_flag(f"t{i}")), range(200)))
    assert _flags(store) == {f"t{i}" for i in range(200)}
    assert len(commits) < 200


def test_a_failed_commit_fails_every_unit_of_the_batch():
    @contextmanager
    def commit_fails():
        yield _Connection()
        raise OSError("disk full")

    group = GroupCommit(commit_fails)
    with pytest.raises(OSError, match="disk full"):
        group.run(lambda conn: "written")


def test_a_forked_process_gets_a_writer_of_its_own(store):
    store.write_together(_flag("parent"))
    pid = os.fork()
    if pid == 0:  # the child: the parent's writer thread did not come along
        try:
            store.engine.dispose(close=False)
            store.write_together(_flag("child"))
            os._exit(0)
        except BaseException:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert _flags(store) == {"parent", "child"}


class _Connection:
    def exec_driver_sql(self, sql):
        pass
