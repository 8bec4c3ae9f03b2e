"""Where warehouse assets land: one Parquet file per table and day, and the DuckDB views.

Assets return one Arrow table per day of the run (`{day: table}`: a run covers one day or,
as a backfill, a range) and know nothing of files (as in Dagster's `project_fully_featured`);
this IO manager writes each `<table>/date=<YYYY-MM-DD>/data.parquet` with the table's schema
from schemas/warehouse.py, under a temporary name renamed into place, so a reader never sees
half a file and a re-run of a day replaces it whole. Then it makes sure the catalog has the
table's views (catalog.py says why that rarely touches the DuckDB file). Downstream assets
get the run's days back the same way, `{day: table}`.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

import os
import uuid
from pathlib import Path

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq

from pipelines.resources import WarehouseResource
from pipelines.warehouse import catalog
from pipelines.warehouse.tables import DESCRIPTIONS
from schemas.warehouse import arrow_schema


def partition_file(root: Path, table: str, day: str) -> Path:
    return root / table / f"date={day}" / "data.parquet"


def write_atomically(table: pa.Table, path: Path) -> None:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex}")
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


class ParquetIOManager(dg.ConfigurableIOManager):
    """Daily Parquet partitions of the warehouse tables, with DuckDB views over them."""

    warehouse: WarehouseResource

    def handle_output(self, context: dg.OutputContext, obj: dict) -> None:
        table, root = context.asset_key.path[-1], self.warehouse.path
        days = list(context.asset_partition_keys)
        if missing := [day for day in days if day not in obj]:
            raise ValueError(f"{table}: no table for the days {missing}")
        paths = []
        for day in days:
            path = partition_file(root, table, day)
            write_atomically(obj[day].cast(arrow_schema(table)).replace_schema_metadata(obj[day].schema.metadata), path)
            paths.append(path)
        rebuilt = catalog.ensure(root, DESCRIPTIONS)
        context.add_output_metadata({
            "dagster/row_count": sum(obj[day].num_rows for day in days),
            "path": dg.MetadataValue.path(str(paths[0] if len(paths) == 1 else root / table)),
            "bytes": sum(path.stat().st_size for path in paths),
            "days": len(days),
            "catalog_rebuilt": rebuilt,
        })

    def load_input(self, context: dg.InputContext) -> dict:
        table = context.asset_key.path[-1]
        return {day: pq.ParquetFile(partition_file(self.warehouse.path, table, day)).read()
                for day in context.asset_partition_keys}
