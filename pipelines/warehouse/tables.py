"""The warehouse tables as the checks and the UI see them: what a table holds, which column
identifies a row within a day, which id carries the test marker, and whose rows they are."""

from dataclasses import dataclass

import dagster as dg

from schemas.warehouse import TABLES, arrow_schema

KEY_PREFIX = "warehouse"
# Parquet footer metadata: how many rows the store held for the day, counted in the same
# read as the rows themselves (a count taken later would race with today's new rows).
STORE_ROWS = b"store_rows"


def _marked(column: str) -> str:
    return f"contains({column}, '_test_')"


@dataclass(frozen=True)
class Table:
    name: str
    description: str
    key: str  # unique within a day
    says_test: str | None = None  # SQL: the row's id says test mode (interface.md 2.1's `_test_`)
    parent: str | None = None  # every row belongs to an invoice of the same day

    @property
    def asset_key(self) -> dg.AssetKey:
        return dg.AssetKey([KEY_PREFIX, self.name])


SPECS: dict[str, Table] = {t.name: t for t in (
    Table("jobs", "Every upload (job) of the day it was admitted: status, attempts, how long it was "
          "parked, held for review or processed.", key="job_id", says_test=_marked("job_id")),
    Table("invoices", "One row per invoice, in the day it was first read: header fields, the parties' "
          "codes, totals, engine, confidence, assignment status, direction, client.",
          key="invoice_id", says_test=_marked("invoice_id")),
    Table("invoice_lines", "The invoices' lines, with decimal amounts and VAT classifiers.",
          key="line_id", says_test=_marked("invoice_id"), parent="invoices"),
    Table("invoice_vat_breakdown", "The invoices' VAT breakdown: one row per rate and category, "
          "with the Lithuanian VAT classifier i.SAF reports by.",
          key="vat_id", says_test=_marked("invoice_id"), parent="invoices"),
    Table("credit_ledger", "Credit movements (grant, hold, charge, release) of the day.",
          key="id", says_test=_marked("job_id")),
    Table("webhook_deliveries", "Deliveries of webhook events created that day, with their outcome.",
          key="delivery_id", says_test=_marked("delivery_id")),
    Table("extraction_quality", "Per day, mode and engine: documents, pages, seconds per page, mean "
          "confidence, share of null header fields, share of failed validation checks.",
          key="quality_id", says_test="starts_with(quality_id, 'test:')"),
    Table("extraction_agreement", "Per PDF with an embedded e-invoice and field: whether the page "
          "reading agrees with the XML, with the page's confidence, producer, language and syntax.",
          key="agreement_id", says_test=_marked("job_id")),
)}
assert set(SPECS) == set(TABLES), "every Parquet table has its spec"

DESCRIPTIONS = {name: spec.description for name, spec in SPECS.items()}


def column_schema(table: str) -> dg.TableSchema:
    """The table's columns for the UI, from the same Arrow schema the files are written with."""
    return dg.TableSchema(columns=[
        dg.TableColumn(field.name, str(field.type), description=(field.metadata or {}).get(b"description", b"").decode())
        for field in arrow_schema(table)
    ])
