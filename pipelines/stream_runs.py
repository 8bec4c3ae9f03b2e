"""The stream domain: long-lived runs that consume `invoices.uploads`, the sensor that keeps
one alive per partition group, and the reconciler that gets every upload onto the topic.

The work itself is plain Python (stream.py, work.py) that Dagster only hosts, so engineers
see the runs, their summary lines and their failures in the UI.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

import json
import time

import dagster as dg

from core import logs
from core.jobs import leases, reconcile
from core.clock import as_utc, utcnow
from pipelines import defaults
from pipelines.resources import BlobResource, KafkaResource, StoreResource, StreamResource, core_settings
from pipelines.stream import StreamWorker

STREAM_GROUP_TAG = "invoices/stream_group"
START_GRACE_S = 60.0  # a requested run gets this long to take its lease before we ask again
HANDOVER_LEAD_S = 30.0  # start the next window's run this long before the window ends


class StreamConfig(dg.Config):
    group: int = 0


@dg.op(description="Consume invoices.uploads for one partition group until handed over.")
def consume_uploads(
    context: dg.OpExecutionContext,
    config: StreamConfig,
    store: StoreResource,
    blobs: BlobResource,
    kafka: KafkaResource,
    stream: StreamResource,
) -> None:
    logs.configure("pipeline")  # JSON lines, each job's carrying its upload's request id
    worker = StreamWorker(
        core_settings(store, kafka, stream), store.get(), config.group,
        holder=context.run.run_id, info=context.log.info, blobs=blobs.get(),
    )
    try:
        worker.run()
    finally:
        worker.stop.set()


@defaults.job("stream", "Hot path: one long-lived run per partition group, rolled every window by stream_keeper.",
              configured_by_sensor=True)
def stream_job():
    consume_uploads()


def _run_request(group: int, reason: str) -> dg.RunRequest:
    return dg.RunRequest(
        run_config=defaults.with_json_logs({"ops": {"consume_uploads": {"config": {"group": group}}}}),
        tags={STREAM_GROUP_TAG: str(group), "invoices/reason": reason},
    )


def _reason_to_start(context: dg.SensorEvaluationContext, state, stream: StreamResource) -> str | None:
    """Why the group needs a new run now, or None while its run is alive and its window lasts.
    A holder that stopped heart-beating has its run reported failed on the way."""
    if state is not None and state.alive(stream.lease_ttl_s):
        age = (utcnow() - as_utc(state.acquired_at)).total_seconds()
        if age < stream.window_s - HANDOVER_LEAD_S or state.successor:
            return None
        return f"window of {state.holder} ends"
    if state is not None and state.holder:
        _report_dead_run(context, state.holder)
    return "no live stream run"


@defaults.sensor("Keeps one stream run per partition group; replaces dead runs and rolls windows.", job=stream_job)
def stream_keeper(context: dg.SensorEvaluationContext, store: StoreResource, stream: StreamResource):
    requested = json.loads(context.cursor) if context.cursor else {}
    now = time.time()
    requests, notes = [], []
    for group in range(stream.groups):
        with store.get().read() as conn:
            state = leases.read(conn, group)
        reason = _reason_to_start(context, state, stream)
        if reason is None:
            continue
        asked_at = requested.get(str(group), 0)
        if now - asked_at < START_GRACE_S and not _requested_run_ended(context, group, asked_at):
            notes.append(f"group {group}: run already requested")
            continue
        requested[str(group)] = now
        requests.append(_run_request(group, reason))
    context.update_cursor(json.dumps(requested))
    if requests:
        return requests
    return dg.SkipReason("; ".join(notes) or "every partition group has a live stream run")


def _requested_run_ended(context: dg.SensorEvaluationContext, group: int, asked_at: float) -> bool:
    """The run last requested for the group exists and has already ended (the stack was
    stopped and cancelled it, or it failed at once): no reason to wait out the start grace."""
    records = context.instance.get_run_records(
        filters=dg.RunsFilter(job_name=stream_job.name, tags={STREAM_GROUP_TAG: str(group)}), limit=1
    )
    if not records:
        return False
    return records[0].create_timestamp.timestamp() >= asked_at - 1 and records[0].dagster_run.is_finished


def _report_dead_run(context: dg.SensorEvaluationContext, run_id: str) -> None:
    """Mark a stream run that stopped heart-beating as failed, so the UI tells the truth."""
    run = context.instance.get_run_by_id(run_id)
    if run is not None and run.status in (dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.STARTING):
        context.instance.report_run_failed(run, "stream run stopped heart-beating; replaced")


@defaults.sensor(
    "Publishes outbox messages that were not sent at upload time and re-publishes uploads that no run picked up."
)
def upload_reconciler(context: dg.SensorEvaluationContext, store: StoreResource, kafka: KafkaResource):
    report = reconcile.run_once(core_settings(store, kafka), store.get())
    return dg.SkipReason(report.describe())


defs = dg.Definitions(jobs=[stream_job], sensors=[stream_keeper, upload_reconciler])
