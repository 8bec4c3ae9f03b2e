"""`make bench STORE=postgres` in miniature: the benchmark measures the stack on SQLite and
then on a throw-away PostgreSQL in one run and writes both, with their ratios, to one report.
Tiny sizes, and without the million-invoice store (its own test runs it in miniature): this
proves the run works end to end, its figures mean nothing."""

import json
import os
import signal
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


def _bench(*args: str, timeout_s: float) -> tuple[int, str]:
    """Run the benchmark; past the deadline interrupt it (Ctrl-C), so it stops its stacks and
    its PostgreSQL cluster on the way out instead of leaving them running."""
    proc = subprocess.Popen([sys.executable, "-m", "bench.run", *args], cwd=ROOT, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        output, _ = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGINT)
        output, _ = proc.communicate(timeout=120)
        pytest.fail(f"the benchmark ran past {timeout_s} s:\n{output[-3000:]}")
    return proc.returncode, output


@pytest.mark.timeout(1000)
def test_a_postgres_run_writes_its_figures_beside_sqlites(tmp_path):
    out = tmp_path / "report.json"
    code, output = _bench("--store", "postgres", "--digital", "1", "--scans", "1", "--burst", "4",
                          "--load-seconds", "3", "--users", "2",
                          "--scan-pages", "1", "--webhook-events", "10", "--cost-digital", "2", "--cost-scans", "1",
                          "--million-invoices", "0",  # tests/bench/test_million.py runs that one
                          "--out", str(out),
                          timeout_s=900)
    assert code == 0, output[-3000:]
    report = json.loads(out.read_text())
    sqlite, postgres = report["results"], report["results"]["postgres"]
    assert sqlite["store"] == "sqlite" and postgres["store"] == "postgres"
    for figures in (sqlite, postgres):
        assert figures["digital_burst"]["n"] == 4 and figures["digital_burst"]["failed"] == 0
        assert figures["api_load"]["get_job"]["requests_per_second"] > 0
        assert figures["api_load"]["idle_after_load"]["cores"] >= 0
    shares = report["postgresVsSqlite"]
    assert shares["completed_per_minute"] == pytest.approx(
        postgres["digital_burst"]["completed_per_minute"] / sqlite["digital_burst"]["completed_per_minute"], abs=1e-3)
    assert {"postgres_uploads_ratio", "postgres_completed_ratio", "digital_cpu_ms_per_invoice",
            "idle_after_load_cores"} <= set(report["meets"])
    # two documents: the stack's idle CPU over the same span (subtracted) may be as large as their cost
    digital = sqlite["cost"]["digital"]
    assert digital["documents"] == 2 and digital["cpu_s"] > 0 and digital["cpu_ms_per_document"] >= 0
    # a round per document here, each put at the reference speed by the pages read beside it
    assert [r["documents"] for r in digital["rounds"]] == [1, 1]
    assert all(r["reference_page_cpu_s"] > 0 for r in digital["rounds"])
    assert digital["cpu_ms_per_document_at_reference_speed"] == pytest.approx(
        statistics.median(r["cpu_ms_per_document_at_reference_speed"] for r in digital["rounds"]))
