"""The retention domain: what the service forgets, and when (interface.md 2.2, 3.1, 8).

Each sweep of core/jobs/retention.py, and the webhook payload retention, is a daily job on its
own schedule, so engineers see in the UI what each run swept (the counts are the op's output
metadata) and can run one sweep by hand. The schedules follow core/jobs/retention.py's order, each
seeing the previous one's result: parked jobs, files, jobs, idempotency records, payloads.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import dagster as dg

from core.blobs import Blobs
from core.clock import utcnow
from core.jobs import retention
from core.store.db import Store
from core.webhooks import payloads
from pipelines import defaults
from pipelines.resources import BlobResource, StoreResource


class RetentionResource(dg.ConfigurableResource):
    """How long what is kept is kept (core.settings.RetentionSettings)."""

    jobs_days: float = 30.0
    files_days: float = 30.0
    idempotency_hours: float = 24.0
    parked_days: float = 30.0


Sweeper = Callable[[Store, Blobs, datetime, RetentionResource], dict]


def _drop_payloads(store: Store, blobs: Blobs, now: datetime, windows: RetentionResource) -> dict:
    with store.write() as conn:
        return {"payloadsDropped": payloads.drop_expired(conn, now)}


@dataclass(frozen=True)
class Sweep:
    name: str
    description: str
    minute: int  # past 03:00 UTC, a quiet hour
    run: Sweeper


SWEEPS = (
    Sweep("parked_jobs", "Cancel jobs parked for credits longer than the parked window.", 0,
          lambda store, blobs, now, w: retention.cancel_stale_parked(store, now, w.parked_days)),
    Sweep("uploaded_files", "Remove the uploaded files of jobs that ended longer ago than the file window.", 10,
          lambda store, blobs, now, w: retention.purge_files(store, blobs, now, w.files_days)),
    Sweep("jobs", "Delete jobs past the jobs window after they ended (30 days by contract; GET /jobs/{id} is then 404).", 20,
          lambda store, blobs, now, w: retention.delete_jobs(store, blobs, now, w.jobs_days)),
    Sweep("idempotency_records", "Forget Idempotency-Key records older than the idempotency window (24 hours).", 30,
          lambda store, blobs, now, w: retention.delete_idempotency_records(store, now, w.idempotency_hours)),
    Sweep("webhook_payloads", "Drop the bodies of webhook events older than 30 days (redelivery then 409).", 40,
          _drop_payloads),
)


def _job(sweep: Sweep) -> dg.JobDefinition:
    @dg.op(name=f"sweep_{sweep.name}", description=sweep.description)
    def run_sweep(
        context: dg.OpExecutionContext, store: StoreResource, blobs: BlobResource, windows: RetentionResource
    ) -> dg.Output[dict]:
        swept = sweep.run(store.get(), blobs.get(), utcnow(), windows)
        context.log.info(f"{sweep.name}: {swept}")
        return dg.Output(swept, metadata=swept)

    @defaults.job("retention", f"Daily: {sweep.description}", name=f"retention_{sweep.name}")
    def retention_job():
        run_sweep()

    return retention_job


JOBS = {sweep.name: _job(sweep) for sweep in SWEEPS}
SCHEDULES = [
    dg.ScheduleDefinition(
        name=f"retention_{sweep.name}_daily", job=JOBS[sweep.name], cron_schedule=f"{sweep.minute} 3 * * *",
        execution_timezone="UTC", default_status=dg.DefaultScheduleStatus.RUNNING,
        description=f"Daily at 03:{sweep.minute:02d} UTC: {sweep.description}",
    )
    for sweep in SWEEPS
]

defs = dg.Definitions(jobs=list(JOBS.values()), schedules=SCHEDULES)
