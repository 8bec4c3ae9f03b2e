"""`invoices admin export ...`: per-client export settings, mapping rules and currency rates.

Like every admin command, each prints exactly one JSON object; failures print
`{"error": "..."}` and exit with status 1.

    invoices admin export settings set (--client CL | --team T --mode M) --key K --value V
    invoices admin export settings unset (--client CL | --team T --mode M) --key K
    invoices admin export settings show (--client CL | --team T --mode M)
    invoices admin export mapping add (--client CL | --team T --mode M) --code C [--type goods|service|code]
        [--name N] [--match-code X] [--match-text T] [--match-partner P] [--direction purchase|sales] [--priority N]
    invoices admin export mapping partner (--client CL | --team T --mode M) --partner CODE --code C
    invoices admin export mapping list (--client CL | --team T --mode M)
    invoices admin export mapping remove RULE_ID
    invoices admin export rates load FILE
    invoices admin export rates show --currency USD [--date YYYY-MM-DD]
"""

from pathlib import Path

import click

from cli.output import run, store
from core.books import currency_rates, export_mapping, export_settings


def _whose(fn):
    """The options that name a client, or a team's own profile in one mode."""
    fn = click.option("--mode", type=click.Choice(["live", "test"]), default=None,
                      help="With --team: the team profile of this mode.")(fn)
    fn = click.option("--team", "team_id", default=None, help="The team's own profile (invoices without a client).")(fn)
    fn = click.option("--client", "client_id", default=None, help="A client id (cl_live_... / cl_test_...).")(fn)
    return fn


@click.group(name="export")
def export_group() -> None:
    """Accounting exports: per-client settings, mapping rules, currency rates."""


@export_group.group()
def settings() -> None:
    """Per-client export settings (codes each accounting program needs)."""


@settings.command("set")
@_whose
@click.option("--key", required=True)
@click.option("--value", required=True)
def settings_set(client_id, team_id, mode, key, value) -> None:
    """Set one export setting of a client (or of the team's own profile)."""
    run(export_settings.set_value, store(), client_id, team_id, mode, key, value)


@settings.command("unset")
@_whose
@click.option("--key", required=True)
def settings_unset(client_id, team_id, mode, key) -> None:
    """Remove one export setting."""
    run(export_settings.unset_value, store(), client_id, team_id, mode, key)


@settings.command("show")
@_whose
def settings_show(client_id, team_id, mode) -> None:
    """Every export setting of a client (or of the team's own profile)."""
    run(export_settings.show, store(), client_id, team_id, mode)


@export_group.group()
def mapping() -> None:
    """Rules mapping invoice lines (and partners) to the codes of the client's program."""


@mapping.command("add")
@_whose
@click.option("--code", "target_code", required=True, help="The accounting code in the client's program.")
@click.option("--type", "target_type", type=click.Choice(export_settings.ITEM_TYPES), default="code",
              show_default=True, help="goods, service, or code (Rivilė N25 purchase/sales code).")
@click.option("--name", "target_name", default=None, help="Card name; with it the export carries the card.")
@click.option("--match-code", default=None, help="The seller's item code or barcode on the line.")
@click.option("--match-text", default=None, help="Words the line's description contains.")
@click.option("--match-partner", default=None, help="The counterparty's company or VAT code.")
@click.option("--direction", type=click.Choice(["purchase", "sales"]), default=None)
@click.option("--priority", type=int, default=100, show_default=True, help="Lower is tried first.")
def mapping_add(client_id, team_id, mode, target_code, target_type, target_name, match_code, match_text,
                match_partner, direction, priority) -> None:
    """Add a rule giving matching invoice lines an accounting code."""
    run(export_mapping.add_rule, store(), client_id, team_id, mode, subject=export_mapping.ITEM,
         target_code=target_code, target_type=target_type, target_name=target_name, match_code=match_code,
         match_text=match_text, match_partner=match_partner, direction=direction, priority=priority)


@mapping.command("partner")
@_whose
@click.option("--partner", "match_partner", required=True, help="The partner's company or VAT code.")
@click.option("--code", "target_code", required=True, help="The partner's code in the client's program.")
def mapping_partner(client_id, team_id, mode, match_partner, target_code) -> None:
    """Add a rule giving a partner (by company or VAT code) its code in the client's program."""
    run(export_mapping.add_rule, store(), client_id, team_id, mode, subject=export_mapping.PARTNER,
         target_code=target_code, match_partner=match_partner)


@mapping.command("list")
@_whose
def mapping_list(client_id, team_id, mode) -> None:
    """The mapping rules of a client (or of the team's own profile), in the order they are tried."""
    run(export_mapping.list_rules, store(), client_id, team_id, mode)


@mapping.command("remove")
@click.argument("rule_id", type=int)
def mapping_remove(rule_id: int) -> None:
    """Remove one mapping rule."""
    run(export_mapping.remove_rule, store(), rule_id)


@export_group.group()
def rates() -> None:
    """ECB euro reference rates for non-EUR invoices."""


@rates.command("load")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def rates_load(file: Path) -> None:
    """Load an ECB reference-rate CSV (eurofxref-hist.csv / eurofxref.csv, or its .zip, or SDMX CSV)."""
    run(currency_rates.load_file, store(), file)


@rates.command("show")
@click.option("--currency", required=True)
@click.option("--date", "on", default=None, help="YYYY-MM-DD (default: today).")
def rates_show(currency: str, on: str | None) -> None:
    """The euro reference rate of a currency on a day (else the latest in the days before it)."""
    run(currency_rates.show, store(), currency, on)
