"""The reprocessing domain: requests on `invoices.reprocess` become micro-batch runs.

A reprocess is rare and may wait seconds, so it does not need the stream runs' machinery:
the sensor reads the topic from the offset kept in its cursor and asks for one run per
offset range (the run key), which Dagster deduplicates if a tick is repeated.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

import json
import time

import dagster as dg
from kafka import TopicPartition

from pipelines import defaults
from pipelines.resources import BlobResource, KafkaResource, StoreResource, StreamResource, core_settings
from pipelines.work import JobRunner
from schemas import messages

POLL_BUDGET_S = 2.0


class ReprocessConfig(dg.Config):
    job_ids: list[str]


@dg.op(description="Run the jobs of one offset range of invoices.reprocess.")
def reprocess_jobs(
    context: dg.OpExecutionContext,
    config: ReprocessConfig,
    store: StoreResource,
    blobs: BlobResource,
    kafka: KafkaResource,
    stream: StreamResource,
) -> None:
    runner = JobRunner(core_settings(store, kafka, stream), store.get(), blobs.get())
    outcomes = [runner.run(job_id) for job_id in config.job_ids]
    summary = {status: sum(1 for o in outcomes if o.status == status) for status in {o.status for o in outcomes}}
    context.log.info(f"reprocessed {len(outcomes)} job(s): {summary}")
    for outcome in outcomes:
        if outcome.status == "failed":
            context.log.warning(f"{outcome.job_id} failed: {outcome.error}")


@defaults.job("reprocess", "Micro-batch reprocessing; one run per offset range of invoices.reprocess.",
              configured_by_sensor=True)
def reprocess_job():
    reprocess_jobs()


def _read_requests(kafka: KafkaResource, cursor: dict) -> tuple[dict, list]:
    """Up to 50 records after the cursor's offset, and the cursor of the topic's current log
    (a memory-only broker that restarted has a new topic id: read it from the start)."""
    tp = TopicPartition(kafka.reprocess_topic, 0)
    with kafka.reprocess_consumer() as (consumer, topic_id):
        if cursor.get("topic_id") != topic_id:
            cursor = {"topic_id": topic_id, "next": 0}
        if consumer.end_offsets([tp])[tp] <= cursor["next"]:
            return cursor, []
        consumer.seek(tp, cursor["next"])
        deadline = time.monotonic() + POLL_BUDGET_S  # a fresh consumer's first fetch may be slow
        while time.monotonic() < deadline:
            records = consumer.poll(timeout_ms=200, max_records=50).get(tp, [])
            if records:
                return cursor, records
    return cursor, []


@defaults.sensor("One reprocessing run per offset range of invoices.reprocess (run_key = range).", job=reprocess_job)
def reprocess_sensor(context: dg.SensorEvaluationContext, kafka: KafkaResource):
    try:
        cursor, records = _read_requests(kafka, json.loads(context.cursor) if context.cursor else {})
    except Exception as exc:
        return dg.SkipReason(f"broker unavailable: {exc}")
    if not records:
        context.update_cursor(json.dumps(cursor))
        return dg.SkipReason("no reprocessing requests")
    first, last = records[0].offset, records[-1].offset
    job_ids = list(dict.fromkeys(filter(None, (messages.job_id_of(r.value) for r in records))))
    context.update_cursor(json.dumps({**cursor, "next": last + 1}))
    return dg.RunRequest(
        run_key=f"reprocess:{cursor['topic_id']}:0:{first}-{last}",
        run_config=defaults.with_json_logs({"ops": {"reprocess_jobs": {"config": {"job_ids": job_ids}}}}),
    )


defs = dg.Definitions(jobs=[reprocess_job], sensors=[reprocess_sensor])
