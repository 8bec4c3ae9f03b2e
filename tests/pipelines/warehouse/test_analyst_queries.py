"""Every SQL query of docs/analysts.md runs against a warehouse built from real uploads,
through a read-only connection as an analyst opens it, and finds rows."""

import re
from pathlib import Path

import duckdb
import pytest

ANALYSTS = Path(__file__).resolve().parents[3] / "docs" / "analysts.md"


def _analyst_queries() -> list[str]:
    text = ANALYSTS.read_text()
    section = text.split("## For analysts", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sql\n(.*?)```", section, flags=re.S)


def test_the_readme_has_the_promised_queries():
    assert len(_analyst_queries()) >= 6


@pytest.mark.parametrize("query", _analyst_queries(), ids=lambda q: q.split("\n")[0][:40])
def test_readme_query_runs_and_finds_rows(day, query):
    with duckdb.connect(str(day.warehouse / "warehouse.duckdb"), read_only=True) as con:
        rows = con.execute(query).fetchall()
    assert rows, query
