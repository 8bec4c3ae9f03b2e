"""The hot path: a long-lived consumer of `invoices.uploads` for one partition group.

Hosted inside a Dagster run (pipelines/stream_runs.py) so engineers see it, its logs and its
failures in the UI, but written as plain Python so it can be tested and reasoned about
on its own. ARCHITECTURE "The pipeline: why stream runs" has the measurements behind it.

Life of a worker:
1. take the group's lease (or register as successor and wait for the holder to let go);
2. assign the group's partitions by hand and seek to the offsets kept in the store;
3. loop: poll, run each job (result + offset commit in one transaction), heartbeat from a
   side thread, log one summary line per interval;
4. leave when a successor is waiting (the sensor starts one when the window is over), when
   asked to stop, or when the lease was lost, releasing the lease for the next run.

A memory-only broker that restarted shows up as a new topic id: the worker then resets its
offsets to the start of the new log and re-queues every unfinished job for publishing. A
partition the store never kept an offset for (the broker restarted before any stream run had
read it) cannot show that: its unfinished jobs whose messages the log does not hold where they
landed are re-queued instead.
"""

import logging
import os
import threading
import time
from collections import Counter
from collections.abc import Callable

import structlog
from kafka import TopicPartition
from kafka.errors import KafkaError

from core import kafka as kafka_io
from core import outbox
from core.blobs import Blobs
from core.jobs import leases, offsets, processing
from core.settings import Settings
from core.store.db import Store
from pipelines.work import JobRunner
from schemas import messages

log = logging.getLogger(__name__)

TOPIC_CHECK_INTERVAL_S = 5.0
SUMMARY_INTERVAL_S = 30.0


class StreamWorker:
    def __init__(
        self,
        settings: Settings,
        store: Store,
        group: int,
        holder: str,
        info: Callable[[str], None] = log.info,
        blobs: Blobs | None = None,
    ):
        self.settings, self.store, self.group, self.holder = settings, store, group, holder
        self.info = info
        self.partitions = settings.partitions_of_group(group)
        self.topic = settings.uploads_topic
        self.runner = JobRunner(settings, store, blobs)
        self.stop = threading.Event()
        self.lost = threading.Event()
        self.successor_waiting = threading.Event()
        self.counts: Counter[str] = Counter()

    # --- lease -----------------------------------------------------------------------------
    def _acquire(self) -> bool:
        announced = False
        while not self.stop.is_set():
            with self.store.write() as conn:
                if leases.try_acquire(conn, self.group, self.holder, os.getpid(), self.settings.lease_ttl_s):
                    return True
            if not announced:
                self.info(f"group {self.group}: waiting for the current holder to hand over")
                announced = True
            time.sleep(0.2)
        return False

    def _heartbeat_loop(self) -> None:
        interval = max(0.5, self.settings.lease_ttl_s / 4)
        while not self.stop.wait(interval):
            try:
                with self.store.write() as conn:
                    state = leases.heartbeat(conn, self.group, self.holder)
            except Exception as exc:  # a busy store must not kill the heartbeat
                log.warning("heartbeat failed: %s", exc)
                continue
            if state is None:
                self.lost.set()
                return
            if state.successor:
                self.successor_waiting.set()

    # --- offsets ---------------------------------------------------------------------------
    def _positions(self, topic_id: str) -> dict[int, int]:
        """Stored next offsets in the log `topic_id` names. Partitions whose offset belongs to
        another log (stale) or that no run of this store ever read (unknown) start at 0, and
        the unfinished jobs whose messages that log does not hold are re-queued."""
        with self.store.read() as conn:
            stored = {p: offsets.read(conn, self.topic, p) for p in self.partitions}
        stale = [p for p, kept in stored.items() if kept is not None and kept[1] != topic_id]
        unknown = [p for p, kept in stored.items() if kept is None]
        # the broker is asked before the write below, not while the store is locked
        missing = [] if stale else self._missing_from_log(unknown)
        with self.store.write() as conn:
            for p in stale + unknown:
                offsets.store(conn, self.topic, p, 0, topic_id)
            lost = processing.unfinished_job_ids(conn) if stale else missing
            requeued = outbox.requeue_kafka_for_jobs(conn, lost)
        self._report_requeued(stale, unknown, requeued)
        if stale or requeued:
            self._publish_requeued()
        return {p: 0 if p in stale or p in unknown else kept[0] for p, kept in stored.items()}

    def _missing_from_log(self, unknown: list[int]) -> list[str]:
        """Unfinished jobs published to partitions no run of this store has read, whose message
        is not where it landed in the current log.

        Their messages were published before any offset could record which log they went to:
        a memory-only broker that restarted since (say the daemon stopped before its first
        stream run) left no other trace of them, and nothing would ever send them again.
        Those the log still holds are left alone, so a first start reads each job once."""
        if not unknown:
            return []
        with self.store.read() as conn:
            sent = outbox.unfinished_sent_to(conn, self.topic, unknown)
        if not sent:
            return []
        try:
            found = kafka_io.values_at(self.settings.kafka_bootstrap, self.topic, [(p, o) for _, p, o in sent])
        except KafkaError as exc:  # unread, each counts as missing: a duplicate is harmless, a loss is not
            log.warning("could not read partitions %s of %s: %s", unknown, self.topic, exc)
            found = {}
        return [job for job, p, o in sent if messages.job_id_of(found.get((p, o))) != job]

    def _report_requeued(self, stale: list[int], unknown: list[int], requeued: int) -> None:
        """One line in the run's log whenever work was sent again, saying why."""
        if stale:
            self.info(
                f"group {self.group}: topic {self.topic} has a new id (broker lost its log); "
                f"offsets reset, {requeued} unfinished job(s) re-queued for publishing"
            )
        elif requeued:
            self.info(
                f"group {self.group}: {requeued} unfinished job(s) published to partitions {unknown} of "
                f"{self.topic} before any offset was kept are not in its log (broker lost it); re-queued"
            )

    def _publish_requeued(self) -> None:
        """Send the re-queued messages now rather than at the reconciler's next pass."""
        publisher = kafka_io.Publisher(self.settings, self.store)
        try:
            publisher.publish_pending(older_than_s=0)
        finally:
            publisher.close()

    # --- main loop -------------------------------------------------------------------------
    def run(self) -> Counter[str]:
        if not self._acquire():
            return self.counts
        beat = threading.Thread(target=self._heartbeat_loop, name=f"lease-{self.group}", daemon=True)
        beat.start()
        watcher = kafka_io.TopicWatcher(self.settings.kafka_bootstrap, self.topic, self.settings.topic_partitions)
        consumer = None
        try:
            topic_id = watcher.topic_id()
            consumer = kafka_io.make_consumer(self.settings.kafka_bootstrap)
            self._assign(consumer, topic_id)
            self.info(f"group {self.group}: consuming partitions {self.partitions} of {self.topic}")
            last_check = last_summary = time.monotonic()
            while not (self.stop.is_set() or self.lost.is_set()):
                if self.successor_waiting.is_set():
                    self.info(f"group {self.group}: handing over to the next run")
                    break
                batch = consumer.poll(timeout_ms=200)
                for tp, records in batch.items():
                    for record in records:
                        if self.stop.is_set() or self.lost.is_set():
                            break
                        self._handle(tp, record, topic_id)
                now = time.monotonic()
                if not batch and now - last_check > TOPIC_CHECK_INTERVAL_S:
                    last_check = now
                    current = watcher.topic_id()
                    if current != topic_id:
                        topic_id = current
                        self._assign(consumer, topic_id)
                if now - last_summary > SUMMARY_INTERVAL_S and self.counts:
                    self._summary()
                    last_summary = now
        finally:
            self.stop.set()
            if consumer is not None:
                consumer.close()
            watcher.close()
            if not self.lost.is_set():
                with self.store.write() as conn:
                    leases.release(conn, self.group, self.holder)
            self._summary()
        return self.counts

    def _assign(self, consumer, topic_id: str) -> None:
        positions = self._positions(topic_id)
        tps = [TopicPartition(self.topic, p) for p in self.partitions]
        consumer.assign(tps)
        for tp in tps:
            consumer.seek(tp, positions[tp.partition])

    def _handle(self, tp, record, topic_id: str) -> None:
        position = processing.Position(self.topic, tp.partition, record.offset, topic_id)
        job_id = messages.job_id_of(record.value)
        if not job_id:
            processing.skip(self.store, position)
            self.counts["malformed"] += 1
            return
        # every log line about this job carries the id of the request that uploaded it
        with structlog.contextvars.bound_contextvars(job_id=job_id, request_id=messages.request_id_of(record.value)):
            outcome = self.runner.run(job_id, position)
        self.counts[outcome.status] += 1

    def _summary(self) -> None:
        if self.counts:
            done = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
            self.info(f"group {self.group}: {done} so far")
