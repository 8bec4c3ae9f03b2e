"""`invoices admin user ...`: the team members who use the dashboard.

`create` prints one JSON object; without `--password` it carries `setPasswordUrl`, a
one-time link (valid 7 days) where the member chooses a password. The link starts with
INVOICES_PUBLIC_URL (default http://127.0.0.1:${INVOICES_API_PORT:-8000}).
"""

import sys

import click

from cli.output import emit
from core import members, password_links
from core.secret_key import signing_key
from core.settings import load_settings
from core.store.db import get_store


@click.group("user")
def user_group() -> None:
    """Team members (dashboard users)."""


@user_group.command("create")
@click.option("--team", "team_id", required=True)
@click.option("--email", required=True)
@click.option("--role", type=click.Choice(members.ROLES), default=members.MEMBER, show_default=True)
@click.option("--password", default=None, help="Set this password now instead of printing a one-time link.")
def user_create(team_id: str, email: str, role: str, password: str | None) -> None:
    settings = load_settings()
    store = get_store(settings.database_url)
    try:
        created = members.create(store, team_id, email, role, password)
    except members.MemberError as exc:
        emit({"error": str(exc)})
        sys.exit(1)
    if password is None:
        created["setPasswordUrl"] = password_links.make_link(
            settings.public_url, signing_key(settings), created["userId"], password_state="",
        )
    emit(created)
