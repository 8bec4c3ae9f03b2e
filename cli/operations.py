"""Operating the service: plans, the maintenance switch, retention, the counter store.

    invoices admin team plan set TEAM [--requests-per-minute N] [--requests-per-hour N]
        [--queue-depth N] [--concurrent-uploads N]
    invoices admin team plan show TEAM
    invoices admin maintenance on [--retry-after S] [--message M]
    invoices admin maintenance off
    invoices admin maintenance show
    invoices admin retention sweep [--now ISO]
    invoices redis                      # the embedded counter store, in the foreground
"""

import os
import signal
import shutil

import click

from cli.output import run, store
from core import maintenance
from core.billing import plans
from core.jobs import retention
from core.blobs import open_blobs
from core.clock import parse_iso, utcnow
from core.settings import load_settings


@click.group("plan")
def plan_group() -> None:
    """A team's plan: request rates per key, queue depth, uploads in flight."""


@plan_group.command("set")
@click.argument("team_id")
@click.option("--requests-per-minute", type=int)
@click.option("--requests-per-hour", type=int)
@click.option("--queue-depth", type=int)
@click.option("--concurrent-uploads", type=int)
def plan_set(team_id: str, **limits: int | None) -> None:
    """Change some limits; the others keep their value."""

    default = plans.default_plan(load_settings())
    run(lambda: plans.describe(team_id, plans.set_plan(store(), team_id, default, **limits), default))


@plan_group.command("show")
@click.argument("team_id")
def plan_show(team_id: str) -> None:
    """A team's limits, and whether they are all the defaults."""
    run(plans.show_plan, store(), team_id, plans.default_plan(load_settings()))


@click.group("maintenance")
def maintenance_group() -> None:
    """The maintenance switch: every /external/v1 request answers 503 while it is on."""


@maintenance_group.command("on")
@click.option("--retry-after", type=int, default=None, help="Seconds sent in Retry-After (default 300).")
@click.option("--message", default=None, help="The problem's detail.")
def maintenance_on(retry_after: int | None, message: str | None) -> None:
    """Switch maintenance on: /external/v1 answers 503 with Retry-After."""
    run(lambda: maintenance.switch_on(store(), retry_after, message).as_dict())


@maintenance_group.command("off")
def maintenance_off() -> None:
    """Switch maintenance off."""
    run(lambda: maintenance.switch_off(store()).as_dict())


@maintenance_group.command("show")
def maintenance_show() -> None:
    """Whether maintenance is on, with its Retry-After and message."""
    run(lambda: maintenance.read(store()).as_dict())


@click.group("retention")
def retention_group() -> None:
    """What the service forgets (the daily Dagster jobs run the same sweeps)."""


@retention_group.command("sweep")
@click.option("--now", "now", default=None, help="Sweep as if it were this moment (ISO 8601).")
def retention_sweep(now: str | None) -> None:
    """Run every retention sweep at once (what the daily Dagster jobs do); prints what went."""
    settings = load_settings()
    moment = parse_iso(now) if now else utcnow()
    run(retention.sweep_all, store(), open_blobs(settings.blob_location), moment, settings.retention)


@click.command("redis")
def redis_command() -> None:
    """Run the embedded counter store (Debian's redis-server) in the foreground.

    Counters only: nothing is written to disk. Idle when INVOICES_REDIS_URL names an
    external Redis or Valkey.
    """
    settings = load_settings()
    if not settings.embedded_redis:
        click.echo(f"using the counter store at {settings.redis_url}; embedded one not started", err=True)
        signal.sigwait({signal.SIGINT, signal.SIGTERM})
        return
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    os.execv(binary, [
        binary, "--bind", "127.0.0.1", "--port", str(settings.redis_port), "--save", "", "--appendonly", "no",
        "--dir", str(settings.home), "--maxmemory", "256mb", "--maxmemory-policy", "volatile-ttl",
    ])



