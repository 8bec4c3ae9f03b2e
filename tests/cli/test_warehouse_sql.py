"""`invoices warehouse sql`: the analysts' warehouse opened read-only with the duckdb package
(nothing else to install), rows as JSON lines or a table."""

import json
import os
import subprocess
import sys
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
import pytest

from pipelines.warehouse import catalog
from pipelines.warehouse.io_manager import partition_file, write_atomically
from pipelines.warehouse.tables import DESCRIPTIONS
from schemas.warehouse import arrow_schema

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent / "invoices"


@pytest.fixture
def home(tmp_path) -> Path:
    """A home whose warehouse has one day of the credit ledger."""
    home = tmp_path / "home"
    root = home / "warehouse"
    at = datetime(2026, 11, 20, 9, 30, tzinfo=timezone.utc)
    rows = [
        {"mode": "live", "id": 1, "team_id": "team_a", "kind": "grant", "amount": 10, "job_id": None, "note": None,
         "created_at": at},
        {"mode": "live", "id": 2, "team_id": "team_a", "kind": "charge", "amount": 1, "job_id": "job_1",
         "note": None, "created_at": at},
    ]
    schema = arrow_schema("credit_ledger")
    table = pa.Table.from_pylist([{n: r.get(n) for n in schema.names} for r in rows], schema=schema)
    write_atomically(table, partition_file(root, "credit_ledger", "2026-11-20"))
    catalog.ensure(root, DESCRIPTIONS)
    return home


def _sql(home: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "INVOICES_HOME": str(home)}
    env.pop("INVOICES_DATABASE_URL", None)
    return subprocess.run([str(BIN), "warehouse", "sql", *args], env=env, cwd=ROOT, input=stdin or "",
                          capture_output=True, text=True, timeout=120)


def test_a_query_prints_one_json_object_per_row(home):
    out = _sql(home, "SELECT date, kind, amount, CAST(amount AS DECIMAL(18, 2)) / 4 AS quarter, created_at "
                     "FROM live_credit_ledger ORDER BY id")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [(r["date"], r["kind"], r["amount"]) for r in rows] == [("2026-11-20", "grant", 10), ("2026-11-20", "charge", 1)]
    assert Decimal(str(rows[0]["quarter"])) == Decimal("2.5")
    assert rows[0]["created_at"].startswith("2026-11-20T09:30:00")


def test_a_table_for_people_and_statements_from_stdin(home):
    out = _sql(home, "SELECT kind, sum(amount) AS credits FROM credit_ledger GROUP BY kind ORDER BY kind", "--table")
    assert out.returncode == 0
    assert out.stdout.splitlines()[0].split() == ["kind", "credits"] and "grant" in out.stdout
    piped = _sql(home, stdin="SELECT count(*) AS n FROM credit_ledger;\n")
    assert piped.returncode == 0 and json.loads(piped.stdout) == {"n": 2}


def test_the_warehouse_is_opened_read_only(home):
    out = _sql(home, "CREATE TABLE scratch (x INT)")
    assert out.returncode == 1 and "read-only" in json.loads(out.stdout)["error"].lower()


def test_errors_are_json_with_status_1(home, tmp_path):
    out = _sql(home, "SELECT * FROM no_such_view")
    assert out.returncode == 1 and "no_such_view" in json.loads(out.stdout)["error"]
    missing = _sql(tmp_path / "elsewhere", "SELECT 1")
    assert missing.returncode == 1 and "invoices warehouse refresh" in json.loads(missing.stdout)["error"]
    assert "Traceback" not in missing.stderr and not (tmp_path / "elsewhere").exists()


def test_the_prompt_on_a_terminal(home):
    import pty
    import select

    env = {**os.environ, "INVOICES_HOME": str(home)}
    env.pop("INVOICES_DATABASE_URL", None)
    leader, follower = pty.openpty()
    proc = subprocess.Popen([str(BIN), "warehouse", "sql"], env=env, cwd=ROOT, stdin=follower, stdout=follower,
                            stderr=follower, close_fds=True)
    os.close(follower)
    os.write(leader, b"SELECT kind,\nsum(amount) AS credits FROM credit_ledger GROUP BY kind ORDER BY kind;\n.quit\n")
    output = b""
    poller = select.poll()  # not select(): in a long test run the descriptor may be past 1024
    poller.register(leader, select.POLLIN | select.POLLHUP)
    while True:
        if not poller.poll(60_000):
            break
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    proc.wait(timeout=60)
    os.close(leader)
    text = output.decode()
    assert proc.returncode == 0, text
    assert "warehouse>" in text and "credits" in text and "grant" in text and "charge" in text
