"""Sensors: keep stream runs alive, reconcile the outbox, batch reprocessing requests.

The sensor daemon ticks every ~5 s whatever the interval says; everything here is cheap
(a few indexed reads and, at most, a Kafka poll of 200 ms).
"""

import json
import time

import dagster as dg
from kafka import TopicPartition

from core import kafka as kafka_io
from core import leases, reconcile, resume
from core.clock import as_utc, utcnow
from core.settings import load_settings
from core.store.db import get_store
from pipelines.jobs import STREAM_GROUP_TAG, reprocess_job, stream_job

START_GRACE_S = 60.0  # a requested run gets this long to take its lease before we ask again
HANDOVER_LEAD_S = 30.0  # start the next window's run this long before the window ends


@dg.sensor(
    job=stream_job,
    minimum_interval_seconds=5,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Keeps one stream run per partition group; replaces dead runs and rolls windows.",
)
def stream_keeper(context: dg.SensorEvaluationContext):
    settings = load_settings()
    store = get_store(settings.database_url)
    requested = json.loads(context.cursor) if context.cursor else {}
    now = time.time()
    requests, notes = [], []
    for group in range(settings.stream_groups):
        with store.read() as conn:
            state = leases.read(conn, group)
        alive = state is not None and state.alive(settings.lease_ttl_s)
        if alive:
            age = (utcnow() - as_utc(state.acquired_at)).total_seconds()
            if age < settings.stream_window_s - HANDOVER_LEAD_S or state.successor:
                continue
            reason = f"window of {state.holder} ends"
        else:
            if state is not None and state.holder:
                _report_dead_run(context, state.holder)
            reason = "no live stream run"
        if now - requested.get(str(group), 0) < START_GRACE_S:
            notes.append(f"group {group}: run already requested")
            continue
        requested[str(group)] = now
        requests.append(
            dg.RunRequest(
                run_config={"ops": {"consume_uploads": {"config": {"group": group}}}},
                tags={STREAM_GROUP_TAG: str(group), "invoices/reason": reason},
            )
        )
    context.update_cursor(json.dumps(requested))
    if requests:
        return requests
    return dg.SkipReason("; ".join(notes) or "every partition group has a live stream run")


def _report_dead_run(context: dg.SensorEvaluationContext, run_id: str) -> None:
    """Mark a stream run that stopped heart-beating as failed, so the UI tells the truth."""
    run = context.instance.get_run_by_id(run_id)
    if run is not None and run.status in (dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.STARTING):
        context.instance.report_run_failed(run, "stream run stopped heart-beating; replaced")


@dg.sensor(
    minimum_interval_seconds=5,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Publishes outbox messages that were not sent at upload time and re-publishes "
    "uploads that no run picked up.",
)
def upload_reconciler(context: dg.SensorEvaluationContext):
    settings = load_settings()
    report = reconcile.run_once(settings, get_store(settings.database_url))
    return dg.SkipReason(report.describe())


_publisher: kafka_io.Publisher | None = None


@dg.sensor(
    minimum_interval_seconds=5,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Resumes jobs parked awaiting credits, oldest first, as far as each team's "
    "available balance covers them (interface.md 3.1).",
)
def parked_jobs_resumer(context: dg.SensorEvaluationContext):
    global _publisher
    settings = load_settings()
    store = get_store(settings.database_url)
    if _publisher is None:
        _publisher = kafka_io.Publisher(settings, store)
    result = resume.resume_parked(store, settings, _publisher)
    if not result.count:
        return dg.SkipReason("no parked job is covered by an available balance")
    for team_id, job_ids in result.by_team.items():
        context.log.info(f"{team_id}: resumed {len(job_ids)} parked job(s): {', '.join(job_ids)}")
    return dg.SkipReason(
        f"resumed {result.count} parked job(s) for {len(result.by_team)} team(s); published {result.published}"
    )


_reprocess_consumer = None


def _consumer(settings):
    global _reprocess_consumer
    if _reprocess_consumer is None:
        kafka_io.ensure_topic(settings.kafka_bootstrap, settings.reprocess_topic, 1)
        _reprocess_consumer = kafka_io.make_consumer(settings.kafka_bootstrap)
        _reprocess_consumer.assign([TopicPartition(settings.reprocess_topic, 0)])
    return _reprocess_consumer


@dg.sensor(
    job=reprocess_job,
    minimum_interval_seconds=5,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="One reprocessing run per offset range of invoices.reprocess (run_key = range).",
)
def reprocess_sensor(context: dg.SensorEvaluationContext):
    global _reprocess_consumer
    settings = load_settings()
    cursor = json.loads(context.cursor) if context.cursor else {}
    tp = TopicPartition(settings.reprocess_topic, 0)
    try:
        consumer = _consumer(settings)
        topic_id = kafka_io.ensure_topic(settings.kafka_bootstrap, settings.reprocess_topic, 1)
    except Exception as exc:
        _reprocess_consumer = None
        return dg.SkipReason(f"broker unavailable: {exc}")
    if cursor.get("topic_id") != topic_id:
        cursor = {"topic_id": topic_id, "next": 0}
    consumer.seek(tp, cursor["next"])
    records = consumer.poll(timeout_ms=200, max_records=50).get(tp, [])
    if not records:
        context.update_cursor(json.dumps(cursor))
        return dg.SkipReason("no reprocessing requests")
    first, last = records[0].offset, records[-1].offset
    job_ids = list(dict.fromkeys(r.value["jobId"] for r in records if isinstance(r.value, dict) and r.value.get("jobId")))
    context.update_cursor(json.dumps({"topic_id": topic_id, "next": last + 1}))
    return dg.RunRequest(
        run_key=f"reprocess:{topic_id}:0:{first}-{last}",
        run_config={"ops": {"reprocess_jobs": {"config": {"job_ids": job_ids}}}},
    )
