"""The code location as the daemon and the UI load it: every domain, its resources, and a
map engineers can read (groups, descriptions, checks on every warehouse table)."""

import dagster as dg

from pipelines.definitions import RESOURCES, defs
from schemas.warehouse import TABLES


def test_every_domain_loads_with_its_resources():
    jobs = {j.name for j in defs.resolve_all_job_defs()}
    assert {"stream_job", "reprocess_job", "warehouse_daily"} <= jobs
    assert {f"retention_{name}" for name in ("parked_jobs", "uploaded_files", "jobs", "idempotency_records",
                                             "webhook_payloads")} <= jobs
    assert set(RESOURCES) == {"store", "blobs", "kafka", "stream", "windows", "warehouse", "parquet"}
    # sensors receive their resources as parameters, never read the environment per tick
    assert {s.name: s.required_resource_keys for s in defs.sensors} == {
        "stream_keeper": {"store", "stream"},
        "upload_reconciler": {"store", "kafka"},
        "parked_jobs_resumer": {"store", "kafka"},
        "reprocess_sensor": {"kafka"},
        "isaf_clients": {"store"},
    }


def test_the_asset_graph_reads_as_a_map_of_the_system():
    graph = defs.resolve_asset_graph()
    warehouse = {key for key in graph.get_all_asset_keys() if key.path[0] == "warehouse"}
    assert warehouse == {dg.AssetKey(["warehouse", table]) for table in TABLES}
    for key in graph.get_all_asset_keys():
        node = graph.get(key)
        assert node.group_name in ("warehouse", "operational_store", "isaf") and node.description, key
    assert graph.get(dg.AssetKey(["isaf", "registers"])).group_name == "isaf"  # months x clients, not days
    checks = {(k.asset_key.path[-1], k.name) for k in graph.asset_check_keys}
    for table in TABLES:
        assert {(table, "rows_match_store"), (table, "unique_ids"), (table, "live_view_is_live")} <= checks
    assert {("invoice_lines", "no_orphans"), ("invoice_vat_breakdown", "no_orphans"),
            ("invoice_lines", "lines_sum_to_net")} <= checks


def test_schedules_keep_the_warehouse_fresh_and_sweep_daily():
    schedules = {s.name: s for s in defs.schedules}
    assert schedules["warehouse_today"].cron_schedule == "*/5 * * * *"
    assert schedules["warehouse_yesterday"].cron_schedule == "30 0 * * *"
    for name in ("parked_jobs", "uploaded_files", "jobs", "idempotency_records", "webhook_payloads"):
        minute, hour, *every_day = schedules[f"retention_{name}_daily"].cron_schedule.split(" ")
        assert minute.isdigit() and hour == "3" and every_day == ["*", "*", "*"]


def test_every_job_runs_in_one_process():
    """A materialisation or backfill from the UI runs Dagster's implicit asset job: with the
    default executor each of its ~30 steps started a process of its own (a day took 90 s)."""
    jobs = list(defs.resolve_all_job_defs()) + [defs.resolve_implicit_global_asset_job_def()]
    assert any(job.name.startswith("__ASSET_JOB") for job in jobs)
    for job in jobs:
        assert job.executor_def is dg.in_process_executor, job.name
