"""Dagster jobs: the long-lived stream run and the reprocessing micro-batch.

No `from __future__ import annotations` here: Dagster resolves `dg.Config` annotations at
import time.
"""

import dagster as dg

from core.settings import load_settings
from core.store.db import get_store
from pipelines.stream import StreamWorker
from pipelines.work import JobRunner

STREAM_GROUP_TAG = "invoices/stream_group"


class StreamConfig(dg.Config):
    group: int = 0


@dg.op(description="Consume invoices.uploads for one partition group until handed over.")
def consume_uploads(context: dg.OpExecutionContext, config: StreamConfig) -> None:
    settings = load_settings()
    store = get_store(settings.database_url)
    worker = StreamWorker(settings, store, config.group, holder=context.run.run_id, info=context.log.info)
    try:
        worker.run()
    finally:
        worker.stop.set()


@dg.job(
    executor_def=dg.in_process_executor,
    tags={"invoices/kind": "stream"},
    description="Hot path: one long-lived run per partition group, rolled every window by stream_keeper.",
)
def stream_job():
    consume_uploads()


class ReprocessConfig(dg.Config):
    job_ids: list[str]


@dg.op(description="Run the jobs of one offset range of invoices.reprocess.")
def reprocess_jobs(context: dg.OpExecutionContext, config: ReprocessConfig) -> None:
    settings = load_settings()
    runner = JobRunner(settings, get_store(settings.database_url))
    outcomes = [runner.run(job_id) for job_id in config.job_ids]
    summary = {status: sum(1 for o in outcomes if o.status == status) for status in {o.status for o in outcomes}}
    context.log.info(f"reprocessed {len(outcomes)} job(s): {summary}")
    for outcome in outcomes:
        if outcome.status == "failed":
            context.log.warning(f"{outcome.job_id} failed: {outcome.error}")


@dg.job(
    executor_def=dg.in_process_executor,
    tags={"invoices/kind": "reprocess"},
    description="Micro-batch reprocessing; one run per offset range of invoices.reprocess.",
)
def reprocess_job():
    reprocess_jobs()
