"""One day of the warehouse, materialised in this process with the code location's own
definitions and resources: what `invoices warehouse refresh` runs.

The run is recorded in the Dagster instance of INVOICES_HOME when there is one, so it shows
in the UI beside the scheduled refreshes.
"""

from datetime import datetime
from pathlib import Path

import dagster as dg

from pipelines.warehouse.partitions import DAILY, START_VARIABLE
from pipelines.warehouse.schedules import warehouse_job

# The command prints one JSON object; Dagster's per-step debug lines would bury it.
QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


def _instance(dagster_home: Path) -> dg.DagsterInstance:
    if (dagster_home / "dagster.yaml").exists():
        return dg.DagsterInstance.from_config(str(dagster_home))
    return dg.DagsterInstance.ephemeral()


def refresh_day(day: str, dagster_home: Path) -> dict:
    """Materialise every warehouse table of `day` (YYYY-MM-DD, UTC) and run its checks."""
    datetime.strptime(day, "%Y-%m-%d")  # ValueError for anything else
    from pipelines.definitions import RESOURCES, defs  # the settings of this process, read once

    job = defs.resolve_job_def(warehouse_job.name)
    with _instance(dagster_home) as instance:
        try:
            result = job.execute_in_process(
                run_config=QUIET, partition_key=day, instance=instance, raise_on_error=False,
                tags={"invoices/trigger": "cli"},
            )
        except dg.DagsterUnknownPartitionError:
            raise ValueError(f"the warehouse has days from {DAILY.start:%Y-%m-%d} to today (UTC); "
                             f"{START_VARIABLE} sets an earlier first day") from None
    rows = {
        event.asset_key.path[-1]: event.materialization.metadata["dagster/row_count"].value
        for event in result.get_asset_materialization_events()
    }
    checks = {
        f"{e.asset_key.path[-1]}.{e.check_name}": "passed" if e.passed else e.severity.value.lower()
        for e in result.get_asset_check_evaluations()
    }
    return {
        "date": day, "runId": result.run_id, "success": result.success, "rows": rows, "checks": checks,
        "duckdb": RESOURCES["warehouse"].url or str(RESOURCES["warehouse"].duckdb_path),
    }
