"""`invoices isaf export`: a client's i.SAF register of a month, for VMI.

    invoices isaf export --client CL --month 2026-10 [--type S|P|F] [--out FILE]

The XML goes to FILE (default `isaf_<company code>_<month>_<type>.xml` here; a month split
into parts gives `FILE_part1.xml`, …); stdout gets one JSON object, as every command
prints: the files, the counts and totals, and the invoices left out with their reasons.
Failures print `{"error": "..."}` and exit with status 1.
"""

from pathlib import Path

import click

from cli.output import run, store
from core.books import isaf


@click.group(name="isaf")
def isaf_group() -> None:
    """i.SAF VAT invoice registers (VMI)."""


@isaf_group.command("export")
@click.option("--client", "client_id", required=True, help="The reporting client (cl_live_... / cl_test_...).")
@click.option("--month", required=True, help="YYYY-MM: invoices issued in this month.")
@click.option("--type", "data_type", type=click.Choice(["S", "P", "F"]), default="F", show_default=True,
              help="S: issued invoices, P: received, F: both.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where the XML goes (default: isaf_<company code>_<month>_<type>.xml).")
def export(client_id: str, month: str, data_type: str, out: Path | None) -> None:
    """Write the register's XML and print what is in it and what was left out, with the reasons."""
    run(isaf.export, store(), client_id, month, data_type, out)
