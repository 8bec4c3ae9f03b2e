"""Where warehouse assets land: one Parquet file per table and day, and the DuckDB views.

Assets return one Arrow table per day of the run (`{day: table}`: a run covers one day or,
as a backfill, a range) and know nothing of files (as in Dagster's `project_fully_featured`);
this IO manager writes each `<table>/date=<YYYY-MM-DD>/data.parquet` with the table's schema
from schemas/warehouse.py, whole or not at all, so a reader never sees half a file and a
re-run of a day replaces it whole: in the local folder or on S3 (storage.py). Then it makes
sure the readers' views cover the table (catalog.py says why that rarely touches the DuckDB
file). Downstream assets get the run's days back the same way, `{day: table}`.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

from pathlib import Path

import dagster as dg

from pipelines.resources import WarehouseResource
from pipelines.warehouse.storage import write_atomically  # noqa: F401 - tests write a day by hand
from schemas.warehouse import arrow_schema


def partition_file(root: Path, table: str, day: str) -> Path:
    return root / table / f"date={day}" / "data.parquet"


class ParquetIOManager(dg.ConfigurableIOManager):
    """Daily Parquet partitions of the warehouse tables, with DuckDB views over them."""

    warehouse: WarehouseResource

    def handle_output(self, context: dg.OutputContext, obj: dict) -> None:
        table, files = context.asset_key.path[-1], self.warehouse.files()
        days = list(context.asset_partition_keys)
        if missing := [day for day in days if day not in obj]:
            raise ValueError(f"{table}: no table for the days {missing}")
        written = [
            files.write(table, day, obj[day].cast(arrow_schema(table)).replace_schema_metadata(obj[day].schema.metadata))
            for day in days
        ]
        rebuilt = files.refresh_views()
        where = files.file(table, days[0]) if len(days) == 1 else f"{files.base}/{table}"
        context.add_output_metadata({
            "dagster/row_count": sum(obj[day].num_rows for day in days),
            "path": dg.MetadataValue.path(where if not files.url.startswith("s3://") else f"s3://{where}"),
            "bytes": sum(written),
            "days": len(days),
            "catalog_rebuilt": rebuilt,
        })

    def load_input(self, context: dg.InputContext) -> dict:
        table, files = context.asset_key.path[-1], self.warehouse.files()
        return {day: files.read(table, day) for day in context.asset_partition_keys}
