"""The `invoices` command as an operator runs it: one JSON object per command."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent / "invoices"
FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture
def run(tmp_path):
    env = {**os.environ, "INVOICES_HOME": str(tmp_path / "home")}
    env.pop("INVOICES_DATABASE_URL", None)

    def invoke(*args: str, ok: bool = True) -> dict:
        out = subprocess.run([str(BIN), *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
        lines = out.stdout.strip().splitlines()
        assert len(lines) == 1, out.stdout + out.stderr
        assert (out.returncode == 0) is ok, out.stdout + out.stderr
        return json.loads(lines[0])

    invoke("init")
    return invoke


def test_admin_commands_print_one_json_object(run):
    team = run("admin", "team", "create", "--name", "UAB Ąžuolas")
    assert team["name"] == "UAB Ąžuolas" and team["teamId"].startswith("team_")
    client = run("admin", "client", "create", "--team", team["teamId"], "--mode", "live", "--name", "Klientas",
                 "--company-code", "123456789", "--vat-code", "LT123456715")
    key = run("admin", "key", "create", "--team", team["teamId"], "--mode", "live", "--scopes", "invoice:read",
              "--client", client["clientId"], "--expires-at", "2030-01-01T00:00:00Z", "--allow-ip", "10.0.0.0/8")
    assert key["key"].startswith("svc_live_") and key["clientId"] == client["clientId"]
    assert key["expiresAt"] == "2030-01-01T00:00:00.000Z" and key["allowedIps"] == ["10.0.0.0/8"]
    assert run("admin", "key", "suspend", key["keyId"])["status"] == "suspended"
    assert run("admin", "key", "unsuspend", key["keyId"])["status"] == "active"
    assert run("admin", "key", "revoke", key["keyId"])["status"] == "revoked"
    grant = run("admin", "credits", "grant", "--team", team["teamId"], "--amount", "5")
    assert grant["balance"] == 5 and grant["available"] == 5
    assert run("admin", "team", "set", team["teamId"], "billing_suspended")["billingSuspended"] is True
    assert run("admin", "team", "clear", team["teamId"], "billing_suspended")["billingSuspended"] is False


def test_admin_errors_are_json_with_exit_status_1(run):
    assert "error" in run("admin", "credits", "grant", "--team", "team_nope", "--amount", "5", ok=False)
    team = run("admin", "team", "create", "--name", "T")["teamId"]
    assert "unknown scopes" in run("admin", "key", "create", "--team", team, "--mode", "live", "--scopes", "root", ok=False)["error"]
    assert "error" in run("admin", "key", "create", "--team", team, "--mode", "live", "--scopes", "invoice:read",
                          "--expires-at", "tomorrow", ok=False)
    assert "error" in run("admin", "job", "cancel", "job_nope", ok=False)


def test_extract_prints_the_invoice_dto(run):
    expected = json.loads((FIXTURES / "expected.json").read_text())["invoice_digital.pdf"]
    out = subprocess.run([str(BIN), "extract", str(FIXTURES / "invoice_digital.pdf"), "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    invoice = json.loads(out.stdout)
    assert invoice["invoiceNumber"] == expected["invoiceNumber"]
    assert invoice["totals"]["gross"] == expected["totals"]["gross"]
    assert invoice["extraction"]["engine"] == "pdf-text" and invoice["sourceFile"] == "invoice_digital.pdf"
    summary = run("extract", str(FIXTURES / "invoice_digital.pdf"))
    assert summary["invoiceNumber"] == expected["invoiceNumber"]
    assert "error" in run("extract", str(ROOT / "Makefile"), ok=False)


def test_warehouse_refresh_materialises_a_day_and_refuses_other_dates(run):
    report = run("warehouse", "refresh")
    assert report["success"] and len(report["rows"]) == 8 and set(report["checks"].values()) == {"passed"}
    assert Path(report["duckdb"]).is_file()
    assert "error" in run("warehouse", "refresh", "--date", "2025-01-01", ok=False)
    assert "error" in run("warehouse", "refresh", "--date", "yesterday", ok=False)


def test_extract_explain_shows_every_field_with_its_evidence():
    expected = json.loads((FIXTURES / "expected.json").read_text())["invoice_digital.pdf"]
    out = subprocess.run([str(BIN), "extract", str(FIXTURES / "invoice_digital.pdf"), "--explain"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    why = json.loads(out.stdout)
    assert why["fields"]["invoiceNumber"]["value"] == expected["invoiceNumber"]
    assert {"score", "confidence", "source"} <= set(why["fields"]["totals.gross"])
    # The totals' candidates: labelled readings and printed triples with their evidence.
    assert why["totals"]["labelled"]["gross"] and why["totals"]["winner"]
    assert all("evidence" in t for t in why["totals"]["triples"])
