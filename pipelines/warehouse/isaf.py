"""The i.SAF registers of every client and month, under the warehouse folder.

One partition per month × client: the month (`YYYY-MM`, complete months from January
2026) and the client, a dynamic dimension that `isaf_clients` fills with every client
that has a company code (i.SAF names the reporting company by it). A materialisation reads
the client's completed invoices of that month from the operational store (core/books/isaf.py),
builds the F register (issued and received invoices, exporters/isaf.py), checks every part
against the XSD and writes, replacing what an earlier run wrote:

    <warehouse>/isaf/month=<YYYY-MM>/client=<client id>/isaf_F.xml   (isaf_F_part<N>.xml when split)
    <warehouse>/isaf/month=<YYYY-MM>/client=<client id>/report.json  (counts, totals, excluded invoices and why)

On S3 (`INVOICES_WAREHOUSE_URL`) the same names sit under the bucket's prefix
(storage.py's `replace_folder`). The registers are files for VMI, not tables, so they sit beside the Parquet partitions
without an IO manager or DuckDB views, in an asset group of their own (`isaf`): the daily
warehouse job selects the group `warehouse`, whose partitions are days.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

import json
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath

import dagster as dg
import sqlalchemy as sa

from core.books import isaf as registers
from core.store.tables import clients
from exporters import isaf
from pipelines.resources import StoreResource, WarehouseResource
from pipelines.warehouse.assets import STORE_INVOICES

GROUP = "isaf"
MONTHS = dg.MonthlyPartitionsDefinition(start_date="2026-01", fmt="%Y-%m", timezone="UTC")
CLIENTS = dg.DynamicPartitionsDefinition(name="isaf_clients")
MONTH_CLIENT = dg.MultiPartitionsDefinition({"month": MONTHS, "client": CLIENTS})
FILE = "isaf_F.xml"
REPORT = "report.json"


def folder(root, month: str, client_id: str):
    return root / "isaf" / f"month={month}" / f"client={client_id}"


class InvalidRegister(Exception):
    """A generated part the XSD refuses: never written where a bookkeeper would file it."""


@dg.asset(
    key=["isaf", "registers"], group_name=GROUP, partitions_def=MONTH_CLIENT, deps=[STORE_INVOICES],
    kinds={"xml"},
    description="A client's i.SAF 1.2 register of a month (issued and received invoices, DataType F) as VMI takes "
                "it, with a report of the invoices that could not go in and why.",
)
def isaf_registers(context: dg.AssetExecutionContext, store: StoreResource,
                   warehouse: WarehouseResource) -> dg.MaterializeResult:
    keys = context.partition_key.keys_by_dimension
    month, client_id = keys["month"], keys["client"]
    register = registers.build(store.get(), client_id, month, "F", created=datetime.now(timezone.utc))
    for number, body in enumerate(register.parts, start=1):
        problems = isaf.validate(body)
        if problems:
            raise InvalidRegister(f"part {number} of {client_id}'s {month} register fails the XSD: {problems[:3]}")
    names = [path.name for path in registers.part_paths(Path(FILE), len(register.parts))]
    report = {**register.report(), "files": names}
    files = {**dict(zip(names, register.parts)),
             REPORT: json.dumps(report, ensure_ascii=False, indent=2).encode("utf-8")}
    where = warehouse.files().replace_folder(folder(PurePosixPath(), month, client_id).as_posix(), files)
    return dg.MaterializeResult(metadata={
        "invoices": report["invoices"], "purchases": report["purchases"]["invoices"],
        "sales": report["sales"]["invoices"], "excluded": len(report["excluded"]), "parts": report["parts"],
        "path": dg.MetadataValue.path(where),
    })


def reporting_clients(store) -> list[str]:
    """Every client with a company code: those that can file an i.SAF register."""
    with store.read() as conn:
        rows = conn.execute(sa.select(clients.c.id).where(clients.c.company_code.is_not(None),
                                                          clients.c.company_code != "").order_by(clients.c.id))
        return [row.id for row in rows]


@dg.sensor(minimum_interval_seconds=600, default_status=dg.DefaultSensorStatus.RUNNING,
           description="Adds every client with a company code to the client dimension of the i.SAF registers.")
def isaf_clients(context: dg.SensorEvaluationContext, store: StoreResource):
    known = set(context.instance.get_dynamic_partitions(CLIENTS.name))
    new = [client_id for client_id in reporting_clients(store.get()) if client_id not in known]
    if not new:
        return dg.SkipReason("no new client with a company code")
    return dg.SensorResult(dynamic_partitions_requests=[CLIENTS.build_add_request(new)])
