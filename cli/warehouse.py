"""`invoices warehouse ...`: the analysts' warehouse from the command line.

`refresh` runs the same Dagster job the schedules run, in this process, so a day can be
(re)built without the daemon; it prints one JSON object like every command, and exits 1
when the run failed or a check of severity ERROR did.
"""

import json
import sys
from datetime import datetime, timezone

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
