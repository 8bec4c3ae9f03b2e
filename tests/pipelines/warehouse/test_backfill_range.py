"""The warehouse's days start at its first day with data (or INVOICES_WAREHOUSE_START), and a
range of days is materialised in one run (BackfillPolicy.single_run), every day's file
written and every day checked."""

import json
import os
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path

import dagster as dg
import sqlalchemy as sa

from core.access import admin
from core.store.db import Store
from core.store.migrate import upgrade
from core.store.tables import credit_ledger, teams
from pipelines.warehouse.assets import ASSETS

ROOT = Path(__file__).resolve().parents[3]

# Runs in a process of its own, so the partitions are built from this home's store, as the
# code server builds them when the stack starts.
RANGE_RUN = textwrap.dedent("""
    import json
    import dagster as dg
    from pipelines.definitions import defs
    from pipelines.warehouse.partitions import DAILY
    from pipelines.warehouse.refresh import QUIET
    from pipelines.warehouse.schedules import warehouse_job

    days = DAILY.get_partition_keys()
    job = defs.resolve_job_def(warehouse_job.name)
    result = job.execute_in_process(
        run_config=QUIET, instance=dg.DagsterInstance.ephemeral(), raise_on_error=False,
        tags={"dagster/asset_partition_range_start": days[0], "dagster/asset_partition_range_end": days[-1]},
    )
    materialised = sorted({(e.asset_key.path[-1], e.partition) for e in result.get_asset_materialization_events()})
    checks = {f"{e.asset_key.path[-1]}.{e.check_name}": e.passed for e in result.get_asset_check_evaluations()}
    print(json.dumps({"days": days, "success": result.success, "materialised": materialised, "checks": checks}))
""")


def _home_with_history(tmp_path: Path, days_back: int) -> tuple[dict, Path]:
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "INVOICES_HOME": str(home)}
    for name in ("INVOICES_DATABASE_URL", "INVOICES_WAREHOUSE_START"):
        env.pop(name, None)
    url = f"sqlite:///{home / 'store.db'}"
    upgrade(url)
    store = Store(url)
    team = admin.create_team(store, "UAB Senas")["teamId"]
    admin.grant_credits(store, team, 5)
    admin.grant_credits(store, team, 3)
    long_ago = datetime.now(timezone.utc) - timedelta(days=days_back)
    with store.write() as conn:
        first = conn.execute(sa.select(sa.func.min(credit_ledger.c.id))).scalar_one()
        conn.execute(credit_ledger.update().where(credit_ledger.c.id == first).values(created_at=long_ago))
        conn.execute(teams.update().values(created_at=long_ago))
    store.dispose()
    return env, home


def _run(env: dict, script: str) -> dict:
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_every_warehouse_asset_backfills_a_range_in_one_run():
    for asset in ASSETS:
        if isinstance(asset, dg.AssetsDefinition):
            assert asset.backfill_policy == dg.BackfillPolicy.single_run(), asset.key


def test_the_first_day_is_the_first_day_with_data_and_a_range_is_one_run(tmp_path):
    env, home = _home_with_history(tmp_path, days_back=2)
    today = datetime.now(timezone.utc).date()
    report = _run(env, RANGE_RUN)
    assert report["days"] == [(today - timedelta(days=n)).isoformat() for n in (2, 1, 0)]
    assert report["success"]
    tables = {table for table, _ in report["materialised"]}
    assert len(tables) == 8 and len(report["materialised"]) == 8 * 3
    assert all(report["checks"].values()) and len(report["checks"]) >= 8
    warehouse = home / "warehouse"
    for day in report["days"]:
        assert (warehouse / "credit_ledger" / f"date={day}" / "data.parquet").is_file()
    import duckdb

    with duckdb.connect(str(warehouse / "warehouse.duckdb"), read_only=True) as con:
        rows = con.execute("SELECT CAST(date AS VARCHAR), sum(amount) FROM credit_ledger GROUP BY ALL ORDER BY 1").fetchall()
    assert rows == [(report["days"][0], 5), (report["days"][2], 3)]


def test_a_configured_start_wins_and_an_empty_home_starts_today(tmp_path):
    show = "from pipelines.warehouse.partitions import DAILY; import json; print(json.dumps(DAILY.get_partition_keys()))"
    env, _ = _home_with_history(tmp_path, days_back=2)
    today = datetime.now(timezone.utc).date()
    configured = _run({**env, "INVOICES_WAREHOUSE_START": (today - timedelta(days=5)).isoformat()}, show)
    assert configured[0] == (today - timedelta(days=5)).isoformat() and len(configured) == 6
    empty = tmp_path / "empty"
    keys = _run({**env, "INVOICES_HOME": str(empty)}, show)
    assert keys == [today.isoformat()]
    assert not empty.exists()  # reading the store created nothing
