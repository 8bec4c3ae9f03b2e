"""`make bench --only million` in miniature: 20,000 uploads seeded for the large store and
the few days the measured requests read for the empty one, both served by real gunicorn
APIs; every route measured on both, the day's warehouse refresh run and the retention
sweep done on both, and the report written with its ratios and targets. Tiny sizes: this
proves the machinery, its figures mean nothing (no timing is asserted)."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bench import million

ROOT = Path(__file__).resolve().parents[2]
COUNT = 20_000

pytestmark = [pytest.mark.slow]


def _run(tmp_path: Path, count: int, *store: str) -> tuple[dict, dict]:
    out = tmp_path / "report.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "bench.run", "--only", "million", "--million-invoices", str(count),
         "--million-requests", "10", "--out", str(out), *store],
        cwd=ROOT, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        output, _ = proc.communicate(timeout=840)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGINT)  # the benchmark stops its APIs on the way out
        output, _ = proc.communicate(timeout=60)
        pytest.fail(f"the benchmark ran past 840 s:\n{output[-3000:]}")
    assert proc.returncode == 0, output[-3000:]
    report = json.loads(out.read_text())
    return report, report["results"]["million_postgres" if store else "million"]


def _every_route_measured_on_both(figures: dict, count: int) -> None:
    seeded = figures["seeded"]
    assert seeded["million"]["uploads"] == count
    # the empty store holds the same days at the same rate, not the year around them
    assert 0 < seeded["empty"]["uploads"] < count / 10
    for side in seeded.values():
        assert side["invoices"] > 0.9 * side["uploads"] and side["outbox"] > side["uploads"]

    routes = figures["routes"]
    timed = {"get_job", "get_invoice", "export_invoice_json", "invoice_list_first_page",
            "invoice_list_completed_cursor", "invoice_list_needs_review", "dashboard_list_client_week",
            "dashboard_period_export_week", "dashboard_review_queue", "dashboard_recent_uploads",
            "reconcile_pass_queries"}
    assert timed | {"warehouse_refresh_day", "retention_sweep_day"} == set(routes)
    for name in timed:
        route = routes[name]
        assert route["empty"]["n"] == route["million"]["n"] > 0, name
        assert route["ratio"] == pytest.approx(route["million"]["p50_ms"] / route["empty"]["p50_ms"], abs=1e-3)

    refresh = routes["warehouse_refresh_day"]
    for side in ("empty", "million"):
        assert refresh[f"{side}_s"] > 0 and refresh["rows"][side]["invoices"] > 0
        assert refresh["checks"][side] == ["passed"] and all(run["refresh_s"] > 0 for run in refresh["runs"][side])
    sweep = routes["retention_sweep_day"]
    for side in ("empty", "million"):
        # the next day's sweep finds the day that turned 30 days old on both stores
        assert sweep["swept"][side]["jobs"]["jobsDeleted"] > 0


@pytest.mark.timeout(900)
def test_a_miniature_million_run_measures_every_route_on_both_stores(tmp_path):
    report, figures = _run(tmp_path, COUNT)
    _every_route_measured_on_both(figures, COUNT)
    assert figures["store"] == "sqlite"
    assert set(million.TARGETS) <= set(report["targets"])
    assert set(figures["meets"]) == {"million_every_route_within_ratio", "million_single_get_p99_ms"}
    assert set(figures["meets"]) <= set(report["meets"])


@pytest.mark.timeout(900)
def test_the_million_run_on_postgresql_seeds_and_measures_two_databases_of_one_cluster(tmp_path):
    """`make bench ONLY=million STORE=postgres`: the same run on a throw-away cluster, both
    stores as databases of it, its figures beside SQLite's in the report."""
    report, figures = _run(tmp_path, 5_000, "--store", "postgres")
    _every_route_measured_on_both(figures, 5_000)
    assert figures["store"] == "postgres"
    assert {f"{name}_postgres" for name in figures["meets"]} <= set(report["meets"])
