"""Analysts keep `warehouse.duckdb` open while the pipeline writes, and the schedules keep
today fresh and finalise yesterday."""

import shutil
import subprocess
import sys
from datetime import datetime, timezone

import dagster as dg
import duckdb

from pipelines.warehouse import catalog
from pipelines.warehouse.schedules import warehouse_today, warehouse_yesterday
from pipelines.warehouse.tables import DESCRIPTIONS
from tests.pipelines.warehouse.conftest import materialize

# An analyst's session: open the file read-only, count, wait for a line, count again.
READER = """
import sys, duckdb
con = duckdb.connect(sys.argv[1], read_only=True)
count = lambda: con.execute("SELECT count(*) FROM invoice_lines").fetchone()[0]
print(count(), flush=True)
sys.stdin.readline()
print(count(), flush=True)
"""


def test_an_analyst_holding_the_file_open_does_not_stop_the_writer(day, tmp_path):
    root = tmp_path / "warehouse"
    shutil.copytree(day.warehouse, root, ignore=shutil.ignore_patterns("webhook_deliveries"))
    assert catalog.ensure(root, DESCRIPTIONS)  # no webhook_deliveries view yet
    path = str(root / "warehouse.duckdb")
    analyst = subprocess.Popen([sys.executable, "-c", READER, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        before = int(analyst.stdout.readline())
        result = materialize(day, root)  # rewrites every table; a new view means a new catalog file
        assert result.success
        rebuilt = [m.materialization.metadata["catalog_rebuilt"].value for m in result.get_asset_materialization_events()]
        assert any(rebuilt)
        analyst.stdin.write("\n")
        analyst.stdin.flush()
        assert int(analyst.stdout.readline()) == before  # the open session still reads, unlocked
    finally:
        analyst.communicate(timeout=30)
    assert analyst.returncode == 0
    with duckdb.connect(path, read_only=True) as con:  # a new session sees the new view
        assert con.execute("SELECT count(*) FROM live_webhook_deliveries").fetchone()[0] > 0


def test_today_is_refreshed_every_few_minutes_unless_a_refresh_still_runs():
    at = datetime(2026, 3, 1, 12, 5, tzinfo=timezone.utc)
    with dg.DagsterInstance.local_temp() as instance:
        request = warehouse_today(dg.build_schedule_context(instance=instance, scheduled_execution_time=at))
        assert request.partition_key == "2026-03-01" and request.run_key == "warehouse:2026-03-01:1205"
        instance.add_run(dg.DagsterRun(job_name="warehouse_daily", run_id="running", status=dg.DagsterRunStatus.STARTED,
                                       tags={"dagster/partition": "2026-03-01"}))
        skipped = warehouse_today(dg.build_schedule_context(instance=instance, scheduled_execution_time=at))
        assert isinstance(skipped, dg.SkipReason)


def test_yesterday_is_finalised_once_after_midnight():
    context = dg.build_schedule_context(scheduled_execution_time=datetime(2026, 3, 1, 0, 30, tzinfo=timezone.utc))
    request = warehouse_yesterday(context)
    assert request.partition_key == "2026-02-28" and request.run_key == "warehouse:2026-02-28:final"
