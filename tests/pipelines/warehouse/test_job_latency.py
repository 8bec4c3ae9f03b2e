"""The jobs table's times: reading (admitted, or resumed, to read) apart from waiting in
client-assignment review, with latency_seconds kept as the whole."""

from datetime import datetime, timedelta, timezone

import pyarrow as pa

from pipelines.warehouse.sources import _job_row
from schemas.warehouse import arrow_schema

T0 = datetime(2026, 11, 20, 8, 0, tzinfo=timezone.utc)


def _row(status: str, *, finished: float | None = None, review: float | None = None, hold: float | None = None,
         parked: bool = False, held: bool = False) -> dict:
    at = lambda s: T0 + timedelta(seconds=s) if s is not None else None  # noqa: E731
    return {
        "id": "job_01", "team_id": "team_01", "mode": "live", "client_id": None, "status": status,
        "source_file": "a.pdf", "mime_type": "application/pdf", "size_bytes": 10, "attempts": 1,
        "invoice_id": None, "error_message": None, "held_at": at(review) if held else None,
        "created_at": T0, "updated_at": T0, "started_at": T0, "finished_at": at(finished),
        "parked": parked, "first_hold": at(hold), "first_review": at(review),
    }


def test_a_job_never_held_reads_until_it_finishes():
    row = _job_row(_row("completed", finished=4))
    assert row["reading_seconds"] == row["latency_seconds"] == 4
    assert row["review_held_at"] is None and row["review_wait_seconds"] is None
    failed = _job_row(_row("failed", finished=9))
    assert failed["reading_seconds"] == failed["latency_seconds"] == 9 and failed["review_wait_seconds"] is None


def test_review_waiting_is_apart_from_reading():
    row = _job_row(_row("completed", review=5, finished=3605))
    assert row["reading_seconds"] == 5 and row["review_wait_seconds"] == 3600
    assert row["latency_seconds"] == 3605 == row["reading_seconds"] + row["review_wait_seconds"]
    assert row["review_held_at"] == T0 + timedelta(seconds=5)
    discarded = _job_row(_row("cancelled", review=5, finished=65))
    assert discarded["reading_seconds"] == 5 and discarded["review_wait_seconds"] == 60
    assert discarded["latency_seconds"] is None


def test_a_job_still_in_review_has_read_but_not_finished_waiting():
    row = _job_row(_row("processing", review=7, held=True))
    assert row["held"] and row["reading_seconds"] == 7
    assert row["review_wait_seconds"] is None and row["latency_seconds"] is None


def test_a_parked_job_reads_from_its_resumption():
    row = _job_row(_row("completed", parked=True, hold=600, review=610, finished=700))
    assert row["parked_seconds"] == 600 and row["reading_seconds"] == 10 and row["review_wait_seconds"] == 90
    assert row["latency_seconds"] == 100


def test_the_rows_fit_the_table_schema():
    rows = [_job_row(_row("completed", review=5, finished=50)), _job_row(_row("processing"))]
    table = pa.Table.from_pylist(rows, schema=arrow_schema("jobs"))
    assert {"reading_seconds", "review_wait_seconds", "review_held_at", "latency_seconds"} <= set(table.column_names)


def test_a_day_of_real_uploads(day):
    import duckdb

    with duckdb.connect(str(day.warehouse / "warehouse.duckdb"), read_only=True) as con:
        rows = con.execute(
            "SELECT status, held, reading_seconds, review_wait_seconds, review_held_at, latency_seconds FROM jobs"
        ).fetchall()
    never_held = [r for r in rows if r[0] == "completed" and r[4] is None]
    assert never_held and all(r[2] is not None and r[2] == r[5] and r[3] is None for r in never_held)
    in_review = [r for r in rows if r[1]]  # read, now waiting in client-assignment review (the upload without a client)
    assert in_review and all(r[4] is not None and r[2] is not None and r[3] is None and r[5] is None for r in in_review)
