"""Warehouse assets: daily partitions of operational tables as Parquet, with DuckDB views.

Layout (ARCHITECTURE "Stores"): `warehouse/<table>/date=<YYYY-MM-DD>/data.parquet`, each day
rewritten atomically (temporary file + rename) so readers never see a torn file and a
re-run of a day replaces it. `warehouse.duckdb` holds views over the trees; it is opened
read-write only for a moment by these assets, so analysts can open it read-only.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import dagster as dg
import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import sqlalchemy as sa

from core.clock import as_utc
from core.settings import load_settings
from core.store.db import get_store
from core.store.tables import credit_ledger as ledger_table

# end_offset=1: today is a partition too, so the current day is queryable before midnight.
DAILY = dg.DailyPartitionsDefinition(start_date="2026-01-01", timezone="UTC", end_offset=1)

LEDGER_SCHEMA = pa.schema(
    [
        ("id", pa.int64()),
        ("team_id", pa.string()),
        ("kind", pa.string()),
        ("amount", pa.int64()),
        ("job_id", pa.string()),
        ("note", pa.string()),
        ("created_at", pa.timestamp("ms", tz="UTC")),
    ]
)


def day_bounds(day: str) -> tuple[datetime, datetime]:
    start = datetime.strptime(day, "%Y-%m-%d").replace(tzinfo=timezone.utc)
    return start, start + timedelta(days=1)


def ledger_rows(store, day: str) -> list[dict]:
    start, end = day_bounds(day)
    with store.read() as conn:
        rows = conn.execute(
            sa.select(ledger_table)
            .where(ledger_table.c.created_at >= start, ledger_table.c.created_at < end)
            .order_by(ledger_table.c.id)
        ).mappings().all()
    return [{**r, "created_at": as_utc(r["created_at"])} for r in rows]


def write_partition(root: Path, table: str, day: str, rows: list[dict], schema: pa.Schema) -> Path:
    folder = root / table / f"date={day}"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "data.parquet"
    tmp = folder / f".data.{os.getpid()}.tmp"
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), tmp)
    os.replace(tmp, target)
    return target


def refresh_view(root: Path, table: str) -> None:
    pattern = (root / table / "*" / "*.parquet").as_posix()
    with duckdb.connect(str(root / "warehouse.duckdb")) as con:
        con.execute(
            f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet('{pattern}', hive_partitioning = true)"
        )


@dg.asset(
    partitions_def=DAILY,
    group_name="warehouse",
    description="Credit ledger rows (grant, hold, charge, release) of one UTC day, as Parquet; "
    "DuckDB view `credit_ledger` over all days.",
)
def credit_ledger(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    settings = load_settings()
    day = context.partition_key
    rows = ledger_rows(get_store(settings.database_url), day)
    path = write_partition(settings.warehouse_dir, "credit_ledger", day, rows, LEDGER_SCHEMA)
    refresh_view(settings.warehouse_dir, "credit_ledger")
    kinds = {k: sum(1 for r in rows if r["kind"] == k) for k in ("grant", "hold", "charge", "release")}
    return dg.MaterializeResult(metadata={"rows": len(rows), "path": str(path), **kinds})


credit_ledger_job = dg.define_asset_job("credit_ledger_daily", selection=[credit_ledger])


@dg.schedule(
    job=credit_ledger_job,
    cron_schedule="15 * * * *",
    execution_timezone="UTC",
    default_status=dg.DefaultScheduleStatus.RUNNING,
    description="Hourly: refresh today's partition and finalise yesterday's.",
)
def credit_ledger_schedule(context: dg.ScheduleEvaluationContext):
    now = context.scheduled_execution_time.astimezone(timezone.utc)
    for day in (now - timedelta(days=1), now):
        key = day.strftime("%Y-%m-%d")
        yield dg.RunRequest(run_key=f"credit_ledger:{key}:{now:%Y%m%d%H}", partition_key=key)
