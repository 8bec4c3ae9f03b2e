"""Asset checks of every warehouse table, run for each day it is written.

They read what analysts read: the views of `warehouse.duckdb` (or, on S3, the same views
over pyarrow datasets, storage.py), opened read-only as an analyst would, limited to the day. Every table is checked for its row count against the store's
count of the day (taken in the same read as the rows, so a refresh of today never races
the uploads arriving meanwhile), unique row ids and no test-mode row in its live view; lines and VAT rows for belonging to an invoice of the same day; lines for adding
up to their invoice's net amount (a warning, with the share that does as a metric: a
document may print lines that do not add up, and the extraction keeps what is printed).
The page-versus-XML agreement is held to floors over the day's live documents once there
are enough of them: each field's agreement, and how often a value the page reader was
confident of (>= 0.9) is right. Both are warnings: they measure the page reader on real
traffic, while the invoices served from those documents are the XML's.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

import warnings
from collections.abc import Callable
from dataclasses import dataclass

import dagster as dg
import duckdb
from pipelines.resources import StoreResource, WarehouseResource
from pipelines.warehouse import sources
from pipelines.warehouse.partitions import DAILY, day_bounds
from pipelines.warehouse.tables import SPECS, STORE_ROWS, Table

TOLERANCE = 0.02  # money: lines may differ from the net by rounding, no more
AGREEMENT_FLOOR = 0.5  # a field the page reads right on fewer than half of the documents is worth a look
AGREEMENT_MIN_DOCUMENTS = 20  # per field, documents whose XML has it
CONFIDENT = 0.9  # the bar a partner may book a value without looking at
CONFIDENT_RIGHT = 0.98  # share of values at or above it that must be right
CONFIDENT_MIN_VALUES = 50


@dataclass(frozen=True)
class Scope:
    """One table on one day: what a check looks at."""

    spec: Table
    day: str
    con: duckdb.DuckDBPyConnection  # the analysts' views (storage.py), read-only
    warehouse: WarehouseResource
    store: StoreResource

    def one(self, sql: str, **params) -> tuple:
        return self.con.execute(sql, {"day": self.day, **params}).fetchone()


def rows_match_store(scope: Scope) -> dg.AssetCheckResult:
    """Rows of the day in the view against the store's count taken in the same read as the
    rows (kept in the file's footer); today's store moves on while a refresh runs, so the
    current count is shown beside it, not compared."""
    spec = scope.spec
    measure = "coalesce(sum(documents), 0)" if spec.name == "extraction_quality" else "count(*)"
    (in_view,) = scope.one(f"SELECT {measure} FROM {spec.name} WHERE date = CAST($day AS DATE)")
    counted = int(scope.warehouse.files().footer(spec.name, scope.day).get(STORE_ROWS, b"-1"))
    with scope.store.get().read() as conn:
        now = sources.store_count(conn, spec.name, *day_bounds(scope.day))
    return dg.AssetCheckResult(
        passed=int(in_view) == counted,
        metadata={"warehouse_rows": int(in_view), "store_rows": counted, "store_rows_now": now},
    )


def unique_ids(scope: Scope) -> dg.AssetCheckResult:
    key = scope.spec.key
    rows, distinct = scope.one(f"SELECT count(*), count(DISTINCT {key}) FROM {scope.spec.name} WHERE date = CAST($day AS DATE)")
    return dg.AssetCheckResult(passed=rows == distinct, metadata={"column": key, "duplicates": rows - distinct})


def live_view_is_live(scope: Scope) -> dg.AssetCheckResult:
    marked = f" OR {scope.spec.says_test}" if scope.spec.says_test else ""
    rows, leaked = scope.one(
        f"SELECT count(*), count(*) FILTER (WHERE mode <> 'live'{marked}) "
        f"FROM live_{scope.spec.name} WHERE date = CAST($day AS DATE)"
    )
    return dg.AssetCheckResult(passed=leaked == 0, metadata={"live_rows": rows, "test_rows": leaked})


def no_orphans(scope: Scope) -> dg.AssetCheckResult:
    (orphans,) = scope.one(
        f"SELECT count(*) FROM {scope.spec.name} c WHERE c.date = CAST($day AS DATE) AND NOT EXISTS "
        f"(SELECT 1 FROM {scope.spec.parent} p WHERE p.date = c.date AND p.invoice_id = c.invoice_id)"
    )
    return dg.AssetCheckResult(passed=orphans == 0, metadata={"orphans": orphans})


LINES_SUM_SQL = """
WITH sums AS (
  SELECT invoice_id, sum(net_amount) AS lines_net FROM invoice_lines
  WHERE date = CAST($day AS DATE) GROUP BY invoice_id)
SELECT count(*), count(*) FILTER (WHERE abs(lines_net - net) <= $tolerance), max(abs(lines_net - net))
FROM invoices JOIN sums USING (invoice_id)
WHERE date = CAST($day AS DATE) AND net IS NOT NULL AND lines_net IS NOT NULL
"""


def lines_sum_to_net(scope: Scope) -> dg.AssetCheckResult:
    checked, within, worst = scope.one(LINES_SUM_SQL, tolerance=TOLERANCE)
    return dg.AssetCheckResult(
        passed=within == checked,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "invoices_checked": checked,
            "within_tolerance": within,
            "share_within_tolerance": (within / checked) if checked else 1.0,
            "largest_difference": float(worst or 0),
        },
    )


AGREEMENT_SQL = """
SELECT field, count(*) FILTER (WHERE agreement <> 'xml-missing'), count(*) FILTER (WHERE agreement = 'agree')
FROM live_extraction_agreement WHERE date = CAST($day AS DATE)
GROUP BY field ORDER BY field
"""


def agreement_per_field(scope: Scope) -> dg.AssetCheckResult:
    """Each field's share of the day's documents where the page reading agrees with the XML,
    among those whose XML has the field (a value only the page has is not counted either way);
    fields with fewer than the minimum of documents are shown, not judged."""
    rows = scope.con.execute(AGREEMENT_SQL, {"day": scope.day}).fetchall()
    judged = {field: documents for field, documents, _ in rows}
    shares = {field: round(agreed / documents, 4) for field, documents, agreed in rows if documents}
    checked = [field for field, documents in judged.items() if documents >= AGREEMENT_MIN_DOCUMENTS]
    below = [field for field in checked if shares[field] < AGREEMENT_FLOOR]
    return dg.AssetCheckResult(
        passed=not below,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "floor": AGREEMENT_FLOOR, "min_documents": AGREEMENT_MIN_DOCUMENTS, "fields_checked": len(checked),
            "below_floor": dg.MetadataValue.json(below), "agreement": dg.MetadataValue.json(shares),
            "documents": dg.MetadataValue.json(judged),
        },
    )


CONFIDENT_SQL = """
SELECT count(*), count(*) FILTER (WHERE agreement = 'agree')
FROM live_extraction_agreement
WHERE date = CAST($day AS DATE) AND confidence >= $bar AND agreement IN ('agree', 'disagree')
"""


def confident_values_are_right(scope: Scope) -> dg.AssetCheckResult:
    """Of the values the page reader gave a confidence of at least 0.9 (and the XML has a value
    for), the share the XML confirms; judged from the minimum number of such values on."""
    values, right = scope.one(CONFIDENT_SQL, bar=CONFIDENT)
    share = right / values if values else 1.0
    return dg.AssetCheckResult(
        passed=values < CONFIDENT_MIN_VALUES or share >= CONFIDENT_RIGHT,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={"confident_values": values, "right": right, "share_right": round(share, 4),
                  "floor": CONFIDENT_RIGHT, "min_values": CONFIDENT_MIN_VALUES},
    )


@dataclass(frozen=True)
class Kind:
    name: str
    description: str
    evaluate: Callable[[Scope], dg.AssetCheckResult]
    applies: Callable[[Table], bool] = lambda spec: True


KINDS = (
    Kind("rows_match_store", "As many rows for the day as the operational store holds.", rows_match_store),
    Kind("unique_ids", "No row id twice in the day.", unique_ids),
    Kind("live_view_is_live", "The live_ view of the day has no test-mode row (by mode and id marker).",
         live_view_is_live),
    Kind("no_orphans", "Every row belongs to an invoice of the same day.", no_orphans,
         applies=lambda spec: spec.parent is not None),
    Kind("lines_sum_to_net", f"Each invoice's lines add up to its net amount within {TOLERANCE}.",
         lines_sum_to_net, applies=lambda spec: spec.name == "invoice_lines"),
    Kind("agreement_per_field", f"Each field's page reading agrees with the embedded XML on at least "
         f"{AGREEMENT_FLOOR:.0%} of the day's live documents that have it, once {AGREEMENT_MIN_DOCUMENTS} do.",
         agreement_per_field, applies=lambda spec: spec.name == "extraction_agreement"),
    Kind("confident_values_are_right", f"At least {CONFIDENT_RIGHT:.0%} of the page reader's values at "
         f"confidence >= {CONFIDENT} agree with the XML, once there are {CONFIDENT_MIN_VALUES}.",
         confident_values_are_right, applies=lambda spec: spec.name == "extraction_agreement"),
)


def _evaluate_day(kind: Kind, spec: Table, day: str, warehouse: WarehouseResource,
                  store: StoreResource) -> dg.AssetCheckResult:
    try:
        with warehouse.files().connect() as con:
            return kind.evaluate(Scope(spec, day, con, warehouse, store))
    except (duckdb.IOException, duckdb.CatalogException, FileNotFoundError) as exc:  # the day was never written
        return dg.AssetCheckResult(passed=False, metadata={"error": str(exc)})


def over_days(results: dict[str, dg.AssetCheckResult]) -> dg.AssetCheckResult:
    """One evaluation for a run over several days (a backfill is one run per range): it passes
    when every day passes; the days that failed and each day's metadata are its metadata."""
    if len(results) == 1:
        return next(iter(results.values()))
    failed = sorted(day for day, result in results.items() if not result.passed)
    severity = next((r.severity for r in results.values() if not r.passed), dg.AssetCheckSeverity.ERROR)
    per_day = {day: {k: getattr(v, "value", v) for k, v in result.metadata.items()} for day, result in results.items()}
    return dg.AssetCheckResult(
        passed=not failed, severity=severity,
        metadata={"days": len(results), "failed_days": dg.MetadataValue.json(failed),
                  "by_day": dg.MetadataValue.json(per_day)},
    )


def _check(kind: Kind, spec: Table) -> dg.AssetChecksDefinition:
    @dg.asset_check(asset=spec.asset_key, name=kind.name, description=kind.description, partitions_def=DAILY)
    def evaluate(
        context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource, store: StoreResource
    ) -> dg.AssetCheckResult:
        return over_days({day: _evaluate_day(kind, spec, day, warehouse, store) for day in context.partition_keys})

    return evaluate


# Partitioned checks are a preview API in Dagster 1.13: the warning would be printed by every
# process that loads the code location. The behaviour the warehouse relies on is under test.
with warnings.catch_warnings():
    warnings.simplefilter("ignore", dg.PreviewWarning)
    CHECKS = [_check(kind, spec) for spec in SPECS.values() for kind in KINDS if kind.applies(spec)]
