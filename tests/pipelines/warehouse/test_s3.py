"""The warehouse on an S3-protocol server (moto in server mode): the day's assets written to a
bucket pass every check, read the same through the in-memory views as the local catalog,
are reachable by an analyst's DuckDB with no extension (pyarrow dataset, docs/analysts.md),
and a reader never sees half a day's file while it is rewritten."""

import json
import os
import subprocess
import sys
import threading
from datetime import date, datetime, timezone
from pathlib import Path

import dagster as dg
import duckdb
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.fs as pafs
import pytest

from pipelines.resources import StoreResource, WarehouseResource
from pipelines.warehouse.assets import ASSETS
from pipelines.warehouse.checks import CHECKS
from exporters import isaf
from pipelines.warehouse.io_manager import ParquetIOManager
from pipelines.warehouse.isaf import CLIENTS, isaf_registers
from pipelines.warehouse.storage import S3Warehouse, open_warehouse
from schemas.warehouse import arrow_schema
from tests.pipelines.warehouse.test_isaf_registers import month  # noqa: F401 - fixture
from tests.support.s3 import s3_env, s3_server  # noqa: F401 - fixtures

TABLES = ["jobs", "invoices", "invoice_lines", "credit_ledger", "webhook_deliveries"]


@pytest.fixture(scope="module")
def on_s3(day, s3_server, tmp_path_factory):
    """The day materialised into a bucket of its own (once for the module); AWS_* point at
    the test server meanwhile."""
    url = f"s3://{s3_server.bucket()}/warehouse"
    local = tmp_path_factory.mktemp("beside-s3")
    warehouse = WarehouseResource(root=str(local), url=url)
    with pytest.MonkeyPatch.context() as env:
        for name, value in s3_server.env.items():
            env.setenv(name, value)
        result = dg.materialize(
            [*ASSETS, *CHECKS], partition_key=day.key, selection=dg.AssetSelection.groups("warehouse"),
            resources={"store": StoreResource(database_url=day.store.url), "warehouse": warehouse,
                       "parquet": ParquetIOManager(warehouse=warehouse)},
        )
        yield url, result, local


def test_every_check_passes_on_s3_and_nothing_lands_on_disk(on_s3):
    url, result, local = on_s3
    evaluations = result.get_asset_check_evaluations()
    assert len(evaluations) == 29
    assert [(e.asset_key.path[-1], e.check_name) for e in evaluations if not e.passed] == []
    assert not list(local.rglob("*.parquet")) and not (local / "warehouse.duckdb").exists()


@pytest.mark.parametrize("table", TABLES)
def test_the_views_on_s3_read_what_the_local_catalog_reads(on_s3, day, table):
    url = on_s3[0]
    sql = f"SELECT mode, count(*) FROM {table} WHERE date = CAST(? AS DATE) GROUP BY mode ORDER BY mode"
    with open_warehouse(url).connect() as con:
        remote = con.execute(sql, [day.key]).fetchall()
        (live_leak,) = con.execute(f"SELECT count(*) FROM live_{table} WHERE mode <> 'live'").fetchone()
    with duckdb.connect(str(day.warehouse / "warehouse.duckdb"), read_only=True) as con:
        local = con.execute(sql, [day.key]).fetchall()
    assert remote == local and remote and live_leak == 0


def test_an_analyst_reaches_the_parquet_from_duckdb_without_extensions(on_s3, day, s3_server):
    """The recipe of docs/analysts.md, as written there (endpoint and keys from AWS_*)."""
    url = on_s3[0]
    bucket_and_prefix = url.removeprefix("s3://")
    s3 = pafs.S3FileSystem(endpoint_override=s3_server.endpoint.removeprefix("http://"), scheme="http",
                           region="us-east-1")
    days = ds.partitioning(pa.schema([("date", pa.date32())]), flavor="hive")
    invoices = ds.dataset(f"{bucket_and_prefix}/invoices", filesystem=s3, format="parquet", partitioning=days)
    con = duckdb.connect()
    con.register("invoices", invoices)
    (count,) = con.execute("SELECT count(*) FROM invoices WHERE mode = 'live' AND date = CAST(? AS DATE)",
                           [day.key]).fetchone()
    with duckdb.connect(str(day.warehouse / "warehouse.duckdb"), read_only=True) as local:
        (expected,) = local.execute("SELECT count(*) FROM live_invoices WHERE date = CAST(? AS DATE)",
                                    [day.key]).fetchone()
    assert count == expected > 0
    assert "httpfs" not in {name for (name,) in con.execute(
        "SELECT extension_name FROM duckdb_extensions() WHERE loaded").fetchall()}


def test_a_day_rewritten_on_s3_is_read_whole_old_or_new(s3_env):
    files = S3Warehouse(f"s3://{s3_env.bucket()}/warehouse")
    versions = [pa.table({"mode": ["live"] * rows, "n": list(range(rows))}) for rows in (50_000, 120_000)]
    files.write("jobs", "2026-11-20", versions[0])
    seen, done = set(), threading.Event()

    def read() -> None:
        while not done.is_set():
            seen.add(files.read("jobs", "2026-11-20").num_rows)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for n in range(6):
            files.write("jobs", "2026-11-20", versions[(n + 1) % 2])
    finally:
        done.set()
        reader.join()
    assert seen and seen <= {50_000, 120_000}
    assert files.days("jobs") == [date(2026, 11, 20)]


def test_warehouse_sql_reads_the_views_on_s3(s3_env, tmp_path):
    """`invoices warehouse sql` with INVOICES_WAREHOUSE_URL: the analysts' command, no catalog file."""
    url = f"s3://{s3_env.bucket()}/wh"
    schema = arrow_schema("credit_ledger")
    at = datetime(2026, 11, 20, 9, 30, tzinfo=timezone.utc)
    rows = [{"mode": mode, "id": n, "team_id": "team_a", "kind": "grant", "amount": 10, "created_at": at}
            for n, mode in enumerate(["live", "live", "test"])]
    table = pa.Table.from_pylist([{n: r.get(n) for n in schema.names} for r in rows], schema=schema)
    S3Warehouse(url).write("credit_ledger", "2026-11-20", table)
    env = {**os.environ, **s3_env.env, "INVOICES_HOME": str(tmp_path / "home"), "INVOICES_WAREHOUSE_URL": url}
    env.pop("INVOICES_DATABASE_URL", None)
    out = subprocess.run([str(Path(sys.executable).parent / "invoices"), "warehouse", "sql",
                          "SELECT date, count(*) AS n FROM live_credit_ledger GROUP BY date"],
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert [json.loads(line) for line in out.stdout.splitlines()] == [{"date": "2026-11-20", "n": 2}]


def test_an_isaf_register_lands_in_the_bucket_and_replaces_the_last(month, s3_env, tmp_path):
    bucket = s3_env.bucket()
    warehouse = WarehouseResource(root=str(tmp_path / "local"), url=f"s3://{bucket}/wh")
    prefix = f"wh/isaf/month=2026-10/client={month['client']}"
    s3_env.client().put_object(Bucket=bucket, Key=f"{prefix}/isaf_F_part2.xml", Body=b"<from an earlier run/>")
    key = dg.MultiPartitionKey({"month": "2026-10", "client": month["client"]})
    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions(CLIENTS.name, [month["client"]])
        result = dg.materialize([isaf_registers], partition_key=key, instance=instance, resources={
            "store": StoreResource(database_url=month["store"].url), "warehouse": warehouse})
    assert result.success
    assert s3_env.names(bucket) == [f"{prefix}/isaf_F.xml", f"{prefix}/report.json"]
    body = s3_env.client().get_object(Bucket=bucket, Key=f"{prefix}/isaf_F.xml")["Body"].read()
    assert isaf.validate(body) == []
    assert not (tmp_path / "local").exists() or not list((tmp_path / "local").rglob("*.xml"))
