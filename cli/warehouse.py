"""`invoices warehouse ...`: the analysts' warehouse from the command line.

`refresh` runs the same Dagster job the schedules run, in this process, so a day can be
(re)built without the daemon; it prints one JSON object like every command, and exits 1
when the run failed or a check of severity ERROR did.

`sql` opens `warehouse.duckdb` read-only with the duckdb package the service already
depends on (no `duckdb` command to install) and prints each row of a query as one JSON
object per line, or a table; without a query it reads them from a prompt (or from stdin
when that is not a terminal).
"""

import datetime as dt
import json
import sys
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path

import click


@click.group(name="warehouse")
def warehouse_group() -> None:
    """The warehouse: daily Parquet partitions and DuckDB views."""


@warehouse_group.command("refresh")
@click.option("--date", "day", default=None, help="The UTC day YYYY-MM-DD (default: today).")
def refresh(day: str | None) -> None:
    """Materialise every warehouse table of one day and run its checks."""
    from core.settings import load_settings
    from pipelines.warehouse.refresh import refresh_day

    day = day or datetime.now(timezone.utc).strftime("%Y-%m-%d")
    try:
        report = refresh_day(day, load_settings().dagster_home)
    except ValueError as exc:
        report = {"error": f"--date {day!r}: {exc}"}
    else:
        failed = sorted(name for name, outcome in report["checks"].items() if outcome == "error")
        if not report["success"] or failed:
            report["error"] = "the run failed" if not report["success"] else f"checks failed: {', '.join(failed)}"
    click.echo(json.dumps(report, ensure_ascii=False, default=str))
    if "error" in report:
        sys.exit(1)


def _plain(value):
    """A DuckDB value as JSON has it: numbers as numbers, days and moments as ISO 8601."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (bytes, bytearray)):
        return value.hex()
    return value if value is None or isinstance(value, (bool, int, float, str)) else str(value)


def _error(message: str) -> None:
    click.echo(json.dumps({"error": message}, ensure_ascii=False))
    sys.exit(1)


def _run_query(con, query: str, as_table: bool) -> bool:
    """Print the rows of `query`; False (after printing the error) when DuckDB refused it."""
    import duckdb

    from cli.output import render_table

    try:
        cursor = con.execute(query)
        columns = [d[0] for d in cursor.description] if cursor.description else []
        rows = cursor.fetchall() if columns else []
    except duckdb.Error as exc:
        click.echo(json.dumps({"error": f"{type(exc).__name__}: {exc}"}, ensure_ascii=False))
        return False
    records = [{c: _plain(v) for c, v in zip(columns, row)} for row in rows]
    if as_table:
        click.echo(render_table(records, columns) if columns else "(no result)")
    else:
        for record in records:
            click.echo(json.dumps(record, ensure_ascii=False))
    return True


def _prompt(con, as_table: bool) -> None:
    """Statements ending with `;`, one after the other, until an empty line at the start, `.quit` or Ctrl-D."""
    click.echo("warehouse (read-only): end a query with ';'; .tables lists the views; .quit or Ctrl-D ends", err=True)
    buffer: list[str] = []
    while True:
        try:
            line = input("warehouse> " if not buffer else "      ...> ")
        except (EOFError, KeyboardInterrupt):
            click.echo("", err=True)
            return
        if not buffer and line.strip() in (".quit", ".exit"):
            return
        if not buffer and line.strip() == ".tables":
            _run_query(con, "SELECT view_name, comment FROM duckdb_views() WHERE NOT internal ORDER BY view_name", True)
            continue
        buffer.append(line)
        if line.rstrip().endswith(";"):
            _run_query(con, "\n".join(buffer), as_table)
            buffer = []


@warehouse_group.command("sql")
@click.argument("query", required=False)
@click.option("--table", "as_table", is_flag=True, help="Print a table for people instead of JSON lines.")
def sql(query: str | None, as_table: bool) -> None:
    """Run QUERY on the warehouse's DuckDB views, opened read-only; one JSON object per row.

    Without QUERY: an interactive prompt on a terminal (tables by default), else the
    statements read from stdin. The views are those of docs/analysts.md
    (`jobs`, `live_jobs`, `invoices`, ...).
    """
    import duckdb

    from core.settings import load_settings

    settings = load_settings()
    if settings.warehouse_url:  # on S3: the same views over pyarrow datasets, in memory
        from pipelines.warehouse.storage import open_warehouse

        _run_session(open_warehouse(settings.warehouse_url).connect(), query, as_table)
        return
    catalog = Path(settings.warehouse_dir) / "warehouse.duckdb"
    if not catalog.is_file():
        _error(f"no warehouse at {catalog} yet: the warehouse_today schedule writes it within minutes of "
               "`make run`, or run `invoices warehouse refresh`")
    try:
        con = duckdb.connect(str(catalog), read_only=True)
    except duckdb.Error as exc:
        _error(f"{catalog} could not be opened read-only: {exc}")
    _run_session(con, query, as_table)


def _run_session(con, query: str | None, as_table: bool) -> None:
    with con:
        if query is not None:
            ok = _run_query(con, query, as_table)
        elif sys.stdin.isatty():
            _prompt(con, as_table=True)
            ok = True
        else:
            ok = _run_query(con, sys.stdin.read(), as_table)
    if not ok:
        sys.exit(1)
