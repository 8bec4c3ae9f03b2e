"""The warehouse assets: a day of the operational store as Arrow tables.

Each asset reads its days from the store (sources.py), shapes them (flatten.py) and returns
one Arrow table per day (`{day: table}`) with its schema from schemas/warehouse.py; the
ParquetIOManager writes each day's file. A run covers one day (the schedules, `invoices
warehouse refresh`) or a range of days: every asset has `BackfillPolicy.single_run()`, so a
backfill, "Materialize all" included, is one run for the whole range, reading it day by day,
not one run per day. The three invoice tables come from one read, so a line never points at
an invoice its day does not have; extraction_quality is computed from the invoices table, not
from the store; extraction_agreement has a row per field of each page-versus-XML comparison.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

import warnings

import dagster as dg
import duckdb
import pyarrow as pa

from assets.einvoice.shadow import AGREEMENTS
from pipelines.resources import StoreResource
from pipelines.warehouse import flatten, sources
from pipelines.warehouse.partitions import DAILY, day_bounds
from pipelines.warehouse.tables import SPECS, STORE_ROWS, column_schema
from schemas.warehouse import arrow_schema

GROUP = "warehouse"
IO_MANAGER = "parquet"
KINDS = {"parquet", "duckdb"}
SINGLE_RUN = dg.BackfillPolicy.single_run()
# `backfill_policy` is a beta parameter in Dagster 1.13: its warning would be printed by every
# process that loads the code location. A range in one run is under test.
warnings.filterwarnings("ignore", message="Parameter `backfill_policy`", category=dg.BetaWarning)

def _source(key: list[str], description: str, deps: list, kind: str = "sql") -> dg.AssetSpec:
    """The operational store's tables and the topic are the graph's sources: the API, the stream
    runs and the webhook dispatcher write them, not Dagster assets."""
    return dg.AssetSpec(key, group_name="operational_store", kinds={kind}, deps=deps, description=description)


STORE_JOBS = _source(["store", "jobs"], "Jobs table: the API inserts one per upload (with its outbox message) at admission.", [])
UPLOADS_TOPIC = _source(
    ["kafka", "invoices_uploads"], "invoices.uploads: the outbox relay publishes each admitted job; stream_job runs "
    "consume it.", [STORE_JOBS], kind="kafka",
)
STORE_INVOICES = _source(
    ["store", "invoices"], "Invoices table: stream runs write the DTO of each read document; reviews and edits change it.",
    [UPLOADS_TOPIC],
)
STORE_LEDGER = _source(
    ["store", "credit_ledger"], "Credit ledger: grants by operators, holds at admission, charges and releases as jobs end.",
    [STORE_JOBS],
)
STORE_DELIVERIES = _source(
    ["store", "webhook_deliveries"], "Webhook deliveries: the dispatcher fans each outbox event out to the matching "
    "endpoints.", [STORE_INVOICES],
)
STORE_COMPARISONS = _source(
    ["store", "extraction_comparisons"], "Extraction comparisons: stream runs write, beside the invoice of each PDF "
    "with an embedded e-invoice, its page reading compared field by field with the XML.", [UPLOADS_TOPIC],
)
SOURCES = [STORE_JOBS, UPLOADS_TOPIC, STORE_INVOICES, STORE_LEDGER, STORE_DELIVERIES, STORE_COMPARISONS]


def _table(name: str, rows: list[dict], store_rows: int) -> pa.Table:
    """The rows as Arrow, with the store's own count of them for the day (checks.py)."""
    return pa.Table.from_pylist(rows, schema=arrow_schema(name)).replace_schema_metadata({STORE_ROWS: str(store_rows)})


def _asset(name: str, deps: list, **kwargs):
    """The decorator every single-table warehouse asset shares."""
    spec = SPECS[name]
    return dg.asset(
        key=spec.asset_key, description=spec.description, group_name=GROUP, partitions_def=DAILY,
        io_manager_key=IO_MANAGER, kinds=KINDS, deps=deps, backfill_policy=SINGLE_RUN,
        metadata={"dagster/column_schema": column_schema(name)}, **kwargs,
    )


def _tally(rows: list[dict], column: str, values=None) -> dict:
    values = values if values is not None else sorted({r[column] for r in rows})
    return {v: sum(1 for r in rows if r[column] == v) for v in values}


@_asset("jobs", deps=[STORE_JOBS, STORE_LEDGER])
def jobs(context: dg.AssetExecutionContext, store: StoreResource) -> dict:
    days, every = {}, []
    for day in context.partition_keys:
        bounds = day_bounds(day)
        with store.get().read() as conn:
            rows, counted = sources.job_rows(conn, *bounds), sources.store_count(conn, "jobs", *bounds)
        days[day], every = _table("jobs", rows, counted), every + rows
    context.add_output_metadata(_tally(every, "status"))
    return days


def _out(name: str) -> dg.AssetOut:
    spec = SPECS[name]
    return dg.AssetOut(
        key=spec.asset_key, description=spec.description, group_name=GROUP, io_manager_key=IO_MANAGER,
        kinds=KINDS, metadata={"dagster/column_schema": column_schema(name)}, dagster_type=dict,
    )


INVOICE_TABLES = ("invoices", "invoice_lines", "invoice_vat_breakdown")


@dg.multi_asset(
    outs={name: _out(name) for name in INVOICE_TABLES},
    partitions_def=DAILY, deps=[STORE_INVOICES], backfill_policy=SINGLE_RUN,
    description="The day's invoice documents, read once and flattened into three tables.",
)
def invoice_tables(context: dg.AssetExecutionContext, store: StoreResource):
    out: dict[str, dict] = {name: {} for name in INVOICE_TABLES}
    for day in context.partition_keys:
        bounds = day_bounds(day)
        with store.get().read() as conn:
            documents = sources.invoice_documents(conn, *bounds)
            counted = {name: sources.store_count(conn, name, *bounds, documents) for name in INVOICE_TABLES}
        headers = [flatten.invoice_row(row, doc) for row, doc in documents]
        lines = [line for row, doc in documents for line in flatten.line_rows(row, doc)]
        vat = [entry for row, doc in documents for entry in flatten.vat_rows(row, doc)]
        for name, rows in zip(INVOICE_TABLES, (headers, lines, vat)):
            out[name][day] = _table(name, rows, counted[name])
    return tuple(out[name] for name in INVOICE_TABLES)


@_asset("credit_ledger", deps=[STORE_LEDGER])
def credit_ledger(context: dg.AssetExecutionContext, store: StoreResource) -> dict:
    days, every = {}, []
    for day in context.partition_keys:
        bounds = day_bounds(day)
        with store.get().read() as conn:
            rows, counted = sources.ledger_rows(conn, *bounds), sources.store_count(conn, "credit_ledger", *bounds)
        days[day], every = _table("credit_ledger", rows, counted), every + rows
    context.add_output_metadata(_tally(every, "kind", ("grant", "hold", "charge", "release")))
    return days


@_asset("webhook_deliveries", deps=[STORE_DELIVERIES])
def webhook_deliveries(context: dg.AssetExecutionContext, store: StoreResource) -> dict:
    days = {}
    for day in context.partition_keys:
        bounds = day_bounds(day)
        with store.get().read() as conn:
            rows, counted = sources.delivery_rows(conn, *bounds), sources.store_count(conn, "webhook_deliveries", *bounds)
        days[day] = _table("webhook_deliveries", rows, counted)
    return days


@_asset("extraction_agreement", deps=[STORE_COMPARISONS])
def extraction_agreement(context: dg.AssetExecutionContext, store: StoreResource) -> dict:
    days, every, documents = {}, [], 0
    for day in context.partition_keys:
        bounds = day_bounds(day)
        with store.get().read() as conn:
            comparisons = sources.comparison_rows(conn, *bounds)
            counted = sources.store_count(conn, "extraction_agreement", *bounds)
        rows = [row for c in comparisons for row in flatten.agreement_rows(c, sources.compared_fields(c))]
        days[day], every, documents = _table("extraction_agreement", rows, counted), every + rows, documents + len(comparisons)
    context.add_output_metadata({"documents": documents, **_tally(every, "agreement", AGREEMENTS)})
    return days


QUALITY_SQL = """
SELECT mode, mode || ':' || engine AS quality_id, engine,
       count(*) AS documents,
       CAST(coalesce(sum(page_count), 0) AS BIGINT) AS pages,
       sum(extraction_ms) / 1000.0 / nullif(sum(page_count), 0) AS seconds_per_page,
       avg(confidence) AS mean_confidence,
       CAST(sum(fields_null) AS DOUBLE) / nullif(sum(fields_read + fields_null), 0) AS null_field_share,
       CAST(sum(checks_failed) AS DOUBLE) / nullif(sum(checks_total), 0) AS failed_check_share
FROM (SELECT * REPLACE (coalesce(engine, 'unknown') AS engine) FROM invoices_of_day)
GROUP BY mode, engine ORDER BY mode, engine
"""


def _quality(invoices: pa.Table) -> pa.Table:
    with duckdb.connect() as con:
        con.register("invoices_of_day", invoices)
        result = con.sql(QUALITY_SQL).to_arrow_table()
    quality = result.select(arrow_schema("extraction_quality").names).cast(arrow_schema("extraction_quality"))
    return quality.replace_schema_metadata({STORE_ROWS: invoices.schema.metadata[STORE_ROWS]})  # documents read


@_asset("extraction_quality", deps=[], ins={"invoices": dg.AssetIn(key=SPECS["invoices"].asset_key, dagster_type=dict)})
def extraction_quality(invoices: dict) -> dict:
    return {day: _quality(table) for day, table in invoices.items()}


ASSETS = [*SOURCES, jobs, invoice_tables, credit_ledger, webhook_deliveries, extraction_quality, extraction_agreement]
