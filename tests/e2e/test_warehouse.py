"""Uploads through the real stack's API, `invoices warehouse refresh`, then the analysts'
DuckDB file: the invoices and their lines are there with the totals the API reports."""

import time
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest
import requests

from pipelines.warehouse.tables import SPECS
from tests.support.processes import Managed, free_port, wait_for_port
from tests.support.stack import BIN, ROOT

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _money(value: str) -> Decimal:
    return Decimal(value).quantize(Decimal("0.01"))


def test_uploads_reach_the_warehouse_with_their_totals(stack):
    team = stack.provision(credits=5)  # its own credits: the other tests spend the shared team's
    sent = [(team["live"], {}), (team["live"], {}), (team["test"], {"X-Client-Id": team["test_client"]})]
    invoices = {}
    for key, headers in sent:
        resp = stack.upload(key, FIXTURES / "invoice_digital.pdf", headers=headers)
        assert resp.status_code == 202, resp.text
        job = stack.wait_job(key, resp.json()["jobId"])
        assert job["status"] == "completed", job
        invoices[job["invoiceId"]] = stack.get(key, f"/invoices/{job['invoiceId']}").json()
    day = next(iter(invoices.values()))["createdAt"][:10]

    report = stack.cli("warehouse", "refresh", "--date", day)
    assert report["success"] and report["date"] == day and report["rows"]["invoices"] >= 3
    assert "error" not in report["checks"].values()

    ids = list(invoices)
    with duckdb.connect(str(stack.home / "warehouse" / "warehouse.duckdb"), read_only=True) as con:
        found = {
            row[0]: row[1:] for row in con.execute(
                "SELECT i.invoice_id, i.mode, i.net, i.vat, i.gross, count(l.line_id), sum(l.net_amount) "
                "FROM invoices i JOIN invoice_lines l USING (invoice_id) "
                "WHERE i.invoice_id IN (SELECT unnest(?)) GROUP BY ALL", [ids],
            ).fetchall()
        }
        live = {row[0] for row in con.execute("SELECT invoice_id FROM live_invoices WHERE invoice_id IN (SELECT unnest(?))", [ids]).fetchall()}
    assert set(found) == set(ids)
    for invoice_id, dto in invoices.items():
        totals, lines = dto["totals"], dto["lines"]
        assert found[invoice_id] == (
            dto["mode"], _money(totals["net"]), _money(totals["vat"]), _money(totals["gross"]),
            len(lines), sum(_money(line["netAmount"]) for line in lines),
        )
    assert live == {i for i in ids if invoices[i]["mode"] == "live"}


BACKFILL = """mutation($p: LaunchBackfillParams!) { launchPartitionBackfill(backfillParams: $p) {
  __typename ... on LaunchBackfillSuccess { backfillId } ... on PythonError { message } } }"""
BACKFILL_STATUS = """query($id: String!) { partitionBackfillOrError(backfillId: $id) {
  ... on PartitionBackfill { status } } }"""


@pytest.mark.slow
def test_a_backfill_launched_as_the_ui_launches_it_fills_the_days(stack):
    """The Dagster UI launches a backfill with this GraphQL mutation; the daemon runs it."""
    team = stack.provision(credits=2)
    job = stack.wait_job(team["live"], stack.upload(team["live"], FIXTURES / "invoice_digital.pdf").json()["jobId"])
    day = stack.get(team["live"], f"/invoices/{job['invoiceId']}").json()["createdAt"][:10]
    port = free_port()
    ui = Managed("ui", [str(BIN / "dagster-webserver"), "-w", "workspace.yaml", "-h", "127.0.0.1", "-p", str(port)],
                 stack.env, stack.logs, ROOT).start()
    try:
        wait_for_port(port, 120, ui.proc)
        graphql = f"http://127.0.0.1:{port}/graphql"
        selection = [{"path": list(spec.asset_key.path)} for spec in SPECS.values()]
        launched = requests.post(graphql, timeout=60, json={"query": BACKFILL, "variables": {"p": {
            "partitionNames": [day], "assetSelection": selection, "fromFailure": False}}}).json()
        result = launched["data"]["launchPartitionBackfill"]
        assert result["__typename"] == "LaunchBackfillSuccess", result
        status, deadline = None, time.monotonic() + 300
        while time.monotonic() < deadline and status not in ("COMPLETED_SUCCESS", "COMPLETED_FAILED", "FAILED", "CANCELED"):
            time.sleep(2)
            status = requests.post(graphql, timeout=30, json={"query": BACKFILL_STATUS, "variables": {
                "id": result["backfillId"]}}).json()["data"]["partitionBackfillOrError"]["status"]
        assert status == "COMPLETED_SUCCESS", f"{status}\n{ui.tail()}"
    finally:
        ui.stop()
    with duckdb.connect(str(stack.home / "warehouse" / "warehouse.duckdb"), read_only=True) as con:
        found = con.execute("SELECT gross FROM live_invoices WHERE invoice_id = ?", [job["invoiceId"]]).fetchall()
    assert [_money(str(g)) for (g,) in found] == [_money("3029.84")]
