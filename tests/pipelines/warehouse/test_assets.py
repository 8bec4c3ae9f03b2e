"""Each warehouse asset materialised for a day of real rows, read back through the DuckDB
views an analyst opens."""

from decimal import Decimal

import duckdb
import pytest

from tests.pipelines.warehouse.conftest import materialize


def _query(day, sql: str, *params) -> list[tuple]:
    with duckdb.connect(str(day.warehouse / "warehouse.duckdb"), read_only=True) as con:
        return con.execute(sql, list(params)).fetchall()


def _money(value) -> Decimal | None:
    return Decimal(value).quantize(Decimal("0.01")) if value is not None else None


def test_every_check_of_the_day_passes(day):
    evaluations = day.materialization.get_asset_check_evaluations()
    assert len(evaluations) == 29
    assert [(e.asset_key.path[-1], e.check_name) for e in evaluations if not e.passed] == []


@pytest.mark.parametrize("table", ["jobs", "invoices", "invoice_lines", "invoice_vat_breakdown", "credit_ledger",
                                   "webhook_deliveries", "extraction_quality"])
def test_every_table_has_the_days_rows_with_their_mode(day, table):
    modes = dict(_query(day, f"SELECT mode, count(*) FROM {table} WHERE date = CAST(? AS DATE) GROUP BY mode", day.key))
    assert modes.get("live", 0) > 0, modes
    if table != "credit_ledger":  # test mode never moves credits
        assert modes.get("test", 0) > 0, modes


def test_invoices_and_lines_match_what_the_api_answers(day):
    for invoice_id, dto in day.invoices.items():
        [(mode, net, vat, gross, seller_vat, buyer_code, engine, direction, lines, lines_net)] = _query(
            day,
            "SELECT i.mode, i.net, i.vat, i.gross, i.seller_vat_code, i.buyer_company_code, i.engine, i.direction, "
            "count(l.line_id), sum(l.net_amount) FROM invoices i LEFT JOIN invoice_lines l USING (invoice_id) "
            "WHERE i.invoice_id = ? GROUP BY ALL", invoice_id,
        )
        totals = dto["totals"]
        assert (mode, net, vat, gross) == (dto["mode"], *(_money(totals[k]) for k in ("net", "vat", "gross")))
        assert (seller_vat, buyer_code) == (dto["seller"]["vatCode"], dto["buyer"]["companyCode"])
        assert (engine, direction) == (dto["extraction"]["engine"], dto["direction"])
        assert lines == len(dto["lines"])
        assert lines_net == sum(_money(line["netAmount"]) for line in dto["lines"])
    assert ("purchase",) in _query(day, "SELECT DISTINCT direction FROM live_invoices")


def test_live_views_hold_only_live_rows(day):
    test_invoices = {i for i in day.invoices if "_test_" in i}
    assert test_invoices and test_invoices <= {r[0] for r in _query(day, "SELECT invoice_id FROM invoices")}
    assert not test_invoices & {r[0] for r in _query(day, "SELECT invoice_id FROM live_invoices")}
    assert _query(day, "SELECT DISTINCT mode FROM live_jobs") == [("live",)]


def test_jobs_tell_parking_review_and_latency(day):
    rows = {r[0]: r[1:] for r in _query(
        day, "SELECT job_id, status, parked, resumed_at > created_at, parked_seconds > 0, latency_seconds >= 0 FROM jobs")}
    assert rows[day.parked_job] == ("completed", True, True, True, True)
    failed = [job_id for job_id, job in day.jobs.items() if job["status"] == "failed"]
    assert failed and all(rows[j][0] == "failed" and rows[j][1] is False for j in failed)
    assert {row[0] for row in rows.values()} == {job["status"] for job in day.jobs.values()}


def test_credit_ledger_charges_every_completed_live_job(day):
    completed = sum(1 for j, job in day.jobs.items() if job["status"] == "completed" and "_test_" not in j)
    [(charges, modes)] = _query(
        day, "SELECT count(*) FILTER (WHERE kind = 'charge'), list(DISTINCT mode) FROM credit_ledger WHERE date = ?",
        day.key,
    )
    assert charges == completed and modes == ["live"]


def test_extraction_quality_per_engine(day):
    rows = {(r[0], r[1]): r[2:] for r in _query(
        day, "SELECT mode, engine, documents, pages, mean_confidence, null_field_share, failed_check_share "
        "FROM extraction_quality WHERE date = ?", day.key)}
    assert set(rows) == {("live", "pdf-text"), ("live", "tesseract"), ("live", "embedded-xml"), ("test", "canned")}
    documents, pages, confidence, nulls, failed = rows[("live", "pdf-text")]
    assert documents == pages == 3 and 0 < confidence <= 1 and 0 <= nulls < 0.5 and 0 <= failed < 0.5


def test_a_day_materialised_again_is_replaced_not_appended(day):
    before = _query(day, "SELECT count(*) FROM invoice_lines WHERE date = ?", day.key)
    result = materialize(day)
    assert result.success
    assert _query(day, "SELECT count(*) FROM invoice_lines WHERE date = ?", day.key) == before
    catalog_rebuilt = [m.metadata["catalog_rebuilt"].value for m in result.get_asset_materialization_events()
                       for m in [m.materialization]]
    assert not any(catalog_rebuilt), "the views did not change, so the DuckDB file was left alone"
