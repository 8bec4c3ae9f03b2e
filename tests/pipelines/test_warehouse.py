"""The credit_ledger asset: one day of ledger rows to Parquet, queryable through DuckDB."""

from datetime import timedelta

import dagster as dg
import duckdb
import sqlalchemy as sa

from core import admin, admission, processing
from core.auth import authenticate
from core.clock import utcnow
from core.modes import Mode
from core.store.tables import credit_ledger as ledger
from pipelines.warehouse import credit_ledger


def test_daily_partition_gives_usage_per_team_per_day(env, store):
    teams = [admin.create_team(store, name)["teamId"] for name in ("UAB Vienas", "UAB Du")]
    for team, n in zip(teams, (3, 1)):
        admin.grant_credits(store, team, 5)
        p = authenticate(store, admin.create_key(store, team, Mode.LIVE, ["invoice:write"])["key"], "127.0.0.1")
        for _ in range(n):
            job = admission.admit(store, env, p, [admission.Upload("a.pdf", "application/pdf", "0" * 64, 1, None, None)])[0]
            processing.complete(store, processing.claim(store, job.job_id, 3), {"currency": "EUR"})
    yesterday = (utcnow() - timedelta(days=1)).replace(hour=12)
    with store.write() as conn:  # a row of another day must not leak into today's partition
        conn.execute(ledger.insert().values(team_id=teams[0], kind="grant", amount=100, created_at=yesterday))

    today = utcnow().strftime("%Y-%m-%d")
    result = dg.materialize([credit_ledger], partition_key=today)
    assert result.success
    materialization = result.asset_materializations_for_node("credit_ledger")[0]
    assert materialization.metadata["rows"].value == 2 + 3 * 2 + 1 * 2  # grants, holds + charges

    with duckdb.connect(str(env.warehouse_dir / "warehouse.duckdb"), read_only=True) as con:
        usage = con.execute(
            "SELECT team_id, CAST(date AS VARCHAR), sum(amount) FILTER (WHERE kind = 'charge') "
            "FROM credit_ledger GROUP BY ALL ORDER BY 3 DESC"
        ).fetchall()
    assert usage == [(teams[0], today, 3), (teams[1], today, 1)]

    # re-running the day replaces its file; another day is its own partition
    assert dg.materialize([credit_ledger], partition_key=today).success
    assert dg.materialize([credit_ledger], partition_key=yesterday.strftime("%Y-%m-%d")).success
    with duckdb.connect(str(env.warehouse_dir / "warehouse.duckdb"), read_only=True) as con:
        per_day = con.execute("SELECT CAST(date AS VARCHAR), count(*) FROM credit_ledger GROUP BY ALL ORDER BY 1").fetchall()
    assert per_day == [(yesterday.strftime("%Y-%m-%d"), 1), (today, 10)]
    with store.read() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(ledger)).scalar() == 11


def test_schedule_refreshes_today_and_finalises_yesterday():
    from datetime import datetime, timezone

    from pipelines.warehouse import credit_ledger_schedule

    context = dg.build_schedule_context(scheduled_execution_time=datetime(2026, 3, 1, 0, 15, tzinfo=timezone.utc))
    requests = list(credit_ledger_schedule(context))
    assert [r.partition_key for r in requests] == ["2026-02-28", "2026-03-01"]
    assert len({r.run_key for r in requests}) == 2
