"""Each asset check fails on a deliberately broken day. The day's warehouse is copied, one
kind of damage is done to the copy's Parquet files, and only the checks are run over it."""

import shutil

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from pipelines.warehouse import catalog
from pipelines.warehouse.io_manager import partition_file, write_atomically
from pipelines.warehouse.tables import DESCRIPTIONS
from schemas.warehouse import TABLES
from tests.pipelines.warehouse.conftest import run_checks


@pytest.fixture
def broken(day, tmp_path):
    """A copy of the day's warehouse, and a way to rewrite one of its tables."""
    root = tmp_path / "warehouse"
    shutil.copytree(day.warehouse, root)
    catalog.ensure(root, DESCRIPTIONS)  # the copy's views read the copy

    def rewrite(table: str, change) -> None:
        path = partition_file(root, table, day.key)
        write_atomically(change(pq.ParquetFile(path).read()), path)

    rewrite.root = root
    return rewrite


def _failed(day, root) -> set[tuple[str, str]]:
    return {key for key, evaluation in run_checks(day, root).items() if not evaluation.passed}


def test_a_day_short_of_rows_fails_rows_match_store_on_every_table(day, broken):
    for table in TABLES:
        broken(table, lambda t: t.slice(1))
    failed = _failed(day, broken.root)
    assert {(table, "rows_match_store") for table in TABLES} <= failed


def test_a_row_written_twice_fails_unique_ids_on_every_table(day, broken):
    for table in TABLES:
        broken(table, lambda t: pa.concat_tables([t, t.slice(0, 1)]))
    failed = _failed(day, broken.root)
    assert {(table, "unique_ids") for table in TABLES} <= failed


def _relabel_test_rows_live(t: pa.Table) -> pa.Table:
    return t.set_column(t.schema.get_field_index("mode"), "mode", pa.array(["live"] * t.num_rows))


def test_test_rows_labelled_live_fail_live_view_is_live(day, broken):
    for table in TABLES:
        broken(table, _relabel_test_rows_live)
    failed = _failed(day, broken.root)
    # test mode never moves credits and never reads a page
    live_only = {"credit_ledger", "extraction_agreement"}
    assert {(table, "live_view_is_live") for table in TABLES if table not in live_only} <= failed
    assert not {(table, "live_view_is_live") for table in live_only} & failed


def test_lines_of_a_missing_invoice_fail_no_orphans(day, broken):
    gone = next(i for i in day.invoices if day.invoices[i]["lines"] and day.invoices[i]["vatBreakdown"])
    broken("invoices", lambda t: t.filter(pc.not_equal(t["invoice_id"], gone)))
    failed = _failed(day, broken.root)
    assert {("invoice_lines", "no_orphans"), ("invoice_vat_breakdown", "no_orphans")} <= failed


def test_a_line_that_does_not_add_up_fails_lines_sum_to_net_with_its_metric(day, broken):
    def overcharge(t: pa.Table) -> pa.Table:
        amounts = t["net_amount"].to_pylist()
        amounts[0] = amounts[0] + 1
        return t.set_column(t.schema.get_field_index("net_amount"), "net_amount", pa.array(amounts, t["net_amount"].type))

    broken("invoice_lines", overcharge)
    evaluation = run_checks(day, broken.root)[("invoice_lines", "lines_sum_to_net")]
    assert not evaluation.passed and evaluation.severity.value == "WARN"
    assert evaluation.metadata["largest_difference"].value >= 1
    assert evaluation.metadata["share_within_tolerance"].value < 1
