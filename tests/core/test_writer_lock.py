"""The writer queue in front of SQLite's write lock: threads and processes take turns."""

import fcntl
import os
import threading
import time

import pytest
import sqlalchemy as sa

from core.store.writer_lock import WriterLock


def test_a_second_writer_waits_for_the_first(tmp_path):
    lock = WriterLock(tmp_path / "store.db-writer.lock", timeout_s=5)
    order = []

    def second():
        with lock.hold():
            order.append("second")

    with lock.hold():
        waiter = threading.Thread(target=second)
        waiter.start()
        time.sleep(0.1)
        order.append("first done")
    waiter.join(5)
    assert order == ["first done", "second"]


def test_a_writer_of_another_process_past_the_timeout_reads_as_a_locked_store(tmp_path):
    path = tmp_path / "store.db-writer.lock"
    other = os.open(path, os.O_RDWR | os.O_CREAT)  # another open file description: another process's lock
    fcntl.flock(other, fcntl.LOCK_EX)
    try:
        with pytest.raises(sa.exc.OperationalError, match="database is locked"):
            with WriterLock(path, timeout_s=0.2).hold():
                pass
    finally:
        os.close(other)
    with WriterLock(path, timeout_s=0.2).hold():  # freed when its holder is gone
        pass
