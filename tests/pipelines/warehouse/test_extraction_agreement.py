"""The day's Factur-X upload in `extraction_agreement`: its page reading against its XML, one
row per field, read through the views an analyst opens; its checks pass on the day and warn
on a day whose page readings disagree."""

import shutil

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from assets.einvoice.shadow import AGREEMENTS, FIELDS
from pipelines.warehouse import catalog
from pipelines.warehouse.checks import AGREEMENT_MIN_DOCUMENTS, CONFIDENT_MIN_VALUES
from pipelines.warehouse.io_manager import partition_file, write_atomically
from pipelines.warehouse.tables import DESCRIPTIONS, STORE_ROWS
from schemas.invoice import Invoice
from schemas.warehouse import arrow_schema
from tests.pipelines.warehouse.conftest import run_checks

CHECKS = ("agreement_per_field", "confident_values_are_right")


def _query(root, sql: str, *params) -> list[tuple]:
    with duckdb.connect(str(root / "warehouse.duckdb"), read_only=True) as con:
        return con.execute(sql, list(params)).fetchall()


def _embedded(day) -> tuple[str, dict]:
    [(job_id, invoice)] = [(job_id, day.invoices[job["invoiceId"]]) for job_id, job in day.jobs.items()
                           if job["invoiceId"] and day.invoices[job["invoiceId"]]["extraction"]["engine"] == "embedded-xml"]
    return job_id, invoice


def test_the_factur_x_upload_has_a_row_per_compared_field(day):
    job_id, invoice = _embedded(day)
    rows = {r[0]: r[1:] for r in _query(
        day.warehouse, "SELECT field, agreement, confidence, mode, invoice_id, producer, language, syntax, engine, "
        "agreement_id FROM live_extraction_agreement WHERE date = CAST(? AS DATE) AND job_id = ?", day.key, job_id)}
    assert set(rows) <= {*FIELDS, "lines"} and {"invoiceNumber", "issueDate", "totals.gross"} <= set(rows)
    for field, (agreement, confidence, mode, invoice_id, producer, language, syntax, engine, row_id) in rows.items():
        assert agreement in AGREEMENTS and (confidence is None or 0 <= confidence <= 1)
        assert (mode, invoice_id, row_id) == ("live", invoice["id"], f"{job_id}#{field}")
        assert (producer, language, syntax, engine) == (
            "ReportLab PDF Library - (opensource)", "de", "CII D16B", "pdf-text")
    assert rows["invoiceNumber"][0] == "agree" and rows["invoiceNumber"][1] >= 0.9
    assert rows["dueDate"][0] == "page-missing"  # the page prints no due date, the XML has one
    [(xml_lines, page_lines, matched)] = _query(
        day.warehouse, "SELECT xml_lines, page_lines, matched_lines FROM extraction_agreement "
        "WHERE job_id = ? AND field = 'lines'", job_id)
    assert xml_lines == 2 and 0 <= matched <= min(xml_lines, page_lines)


def test_the_served_invoice_is_the_xmls_and_carries_no_comparison(day):
    _, invoice = _embedded(day)
    assert set(invoice) <= set(Invoice.model_fields)
    assert (invoice["invoiceNumber"], invoice["dueDate"], invoice["totals"]["gross"]) == (
        "RE-2026-0417", "2026-04-13", "442.10")
    assert invoice["extraction"]["syntax"] == "CII D16B"


def test_the_days_agreement_checks_pass_and_show_their_numbers(day):
    evaluations = {e.check_name: e for e in day.materialization.get_asset_check_evaluations()
                   if e.asset_key.path[-1] == "extraction_agreement"}
    assert set(evaluations) == {"rows_match_store", "unique_ids", "live_view_is_live", *CHECKS}
    assert all(e.passed for e in evaluations.values())
    agreement = evaluations["agreement_per_field"].metadata
    assert agreement["fields_checked"].value == 0  # one document: shown, not judged
    assert agreement["agreement"].value["invoiceNumber"] == 1.0
    assert evaluations["confident_values_are_right"].metadata["confident_values"].value >= 1


def _day_of_disagreeing_documents(template: dict) -> list[dict]:
    """Enough documents whose page reading confidently misreads the invoice number."""
    rows = []
    for n in range(max(AGREEMENT_MIN_DOCUMENTS, CONFIDENT_MIN_VALUES)):
        job_id = f"job_{n:04d}"
        for field, agreement in (("invoiceNumber", "disagree"), ("totals.gross", "agree")):
            rows.append({**template, "job_id": job_id, "agreement_id": f"{job_id}#{field}", "field": field,
                         "agreement": agreement, "confidence": 0.95, "xml_lines": None, "page_lines": None,
                         "matched_lines": None})
    return rows


def test_a_day_of_confident_misreadings_warns_on_both_checks(day, tmp_path):
    root = tmp_path / "warehouse"
    shutil.copytree(day.warehouse, root)
    catalog.ensure(root, DESCRIPTIONS)
    path = partition_file(root, "extraction_agreement", day.key)
    template = pq.ParquetFile(path).read().to_pylist()[0]
    rows = _day_of_disagreeing_documents(template)
    table = pa.Table.from_pylist(rows, schema=arrow_schema("extraction_agreement"))
    write_atomically(table.replace_schema_metadata({STORE_ROWS: str(len(rows))}), path)

    evaluations = run_checks(day, root)
    per_field = evaluations[("extraction_agreement", "agreement_per_field")]
    confident = evaluations[("extraction_agreement", "confident_values_are_right")]
    assert not per_field.passed and per_field.severity.value == "WARN"
    assert per_field.metadata["below_floor"].value == ["invoiceNumber"]
    assert per_field.metadata["agreement"].value == {"invoiceNumber": 0.0, "totals.gross": 1.0}
    assert not confident.passed and confident.severity.value == "WARN"
    assert confident.metadata["share_right"].value == 0.5
    assert evaluations[("extraction_agreement", "unique_ids")].passed
