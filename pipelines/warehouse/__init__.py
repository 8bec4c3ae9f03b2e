"""The warehouse domain: daily partitions of the operational store as Parquet, DuckDB views
for analysts, asset checks, and the schedules that keep today and yesterday fresh; beside
them, each client's i.SAF register of each month (isaf.py).

ARCHITECTURE "Stores" has the layout; catalog.py explains how analysts read while it writes.
"""

import dagster as dg

from pipelines.warehouse.assets import ASSETS
from pipelines.warehouse.checks import CHECKS
from pipelines.warehouse.isaf import isaf_clients, isaf_registers
from pipelines.warehouse.schedules import warehouse_job, warehouse_today, warehouse_yesterday

defs = dg.Definitions(
    assets=[*ASSETS, isaf_registers], asset_checks=CHECKS, jobs=[warehouse_job],
    schedules=[warehouse_today, warehouse_yesterday], sensors=[isaf_clients],
)
