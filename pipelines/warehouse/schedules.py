"""Keeping the warehouse fresh without anyone clicking: two schedules over one asset job.

Schedules rather than declarative automation: what must happen is known by the clock
(today every few minutes, yesterday once more after midnight, when its late outcomes are
in), two cron ticks say exactly that, and they cost the daemon nothing between ticks;
automation conditions would add an evaluation loop on a 2-core machine and a custom
condition for "finalise yesterday". Each run is in-process (one process for every asset
and check of the day), and a tick is skipped while an earlier refresh still runs.
"""

from datetime import timedelta, timezone

import dagster as dg

from pipelines.defaults import JSON_LOGS
from pipelines.warehouse.partitions import day_of

REFRESH_EVERY_MINUTES = 5
FINALISE_AT = "30 0 * * *"  # 00:30 UTC: yesterday's late outcomes have come in

warehouse_job = dg.define_asset_job(
    "warehouse_daily",
    selection=dg.AssetSelection.groups("warehouse"),
    executor_def=dg.in_process_executor,
    tags={"invoices/kind": "warehouse"},
    description="Every warehouse table of one day, and their checks.",
    config=JSON_LOGS,  # runs log JSON lines (pipelines/defaults.py)
)

_IN_FLIGHT = [dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.STARTING, dg.DagsterRunStatus.STARTED]


def _refresh_running(context: dg.ScheduleEvaluationContext, day: str) -> bool:
    runs = context.instance.get_run_records(
        filters=dg.RunsFilter(job_name=warehouse_job.name, statuses=_IN_FLIGHT, tags={"dagster/partition": day}),
        limit=1,
    )
    return bool(runs)


@dg.schedule(
    job=warehouse_job,
    cron_schedule=f"*/{REFRESH_EVERY_MINUTES} * * * *",
    execution_timezone="UTC",
    default_status=dg.DefaultScheduleStatus.RUNNING,
    description=f"Every {REFRESH_EVERY_MINUTES} minutes: rewrite today's partition of every warehouse table.",
)
def warehouse_today(context: dg.ScheduleEvaluationContext):
    now = context.scheduled_execution_time.astimezone(timezone.utc)
    day = day_of(now)
    if _refresh_running(context, day):
        return dg.SkipReason(f"the refresh of {day} started earlier is still running")
    return dg.RunRequest(run_key=f"warehouse:{day}:{now:%H%M}", partition_key=day)


@dg.schedule(
    job=warehouse_job,
    cron_schedule=FINALISE_AT,
    execution_timezone="UTC",
    default_status=dg.DefaultScheduleStatus.RUNNING,
    description="Daily at 00:30 UTC: write yesterday's partitions a last time.",
)
def warehouse_yesterday(context: dg.ScheduleEvaluationContext):
    day = day_of(context.scheduled_execution_time - timedelta(days=1))
    return dg.RunRequest(run_key=f"warehouse:{day}:final", partition_key=day)
