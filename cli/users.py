"""`invoices admin user ...`: the team members who use the dashboard.

`create` prints one JSON object; without `--password` it carries `setPasswordUrl`, a
one-time link (valid 7 days) where the member chooses a password. The link starts with
INVOICES_PUBLIC_URL (default http://127.0.0.1:${INVOICES_API_PORT:-8000}).
"""

import sys

import click

from cli.output import emit, show, store, table_option
from core.access import admin_lists, members, password_links
from core.access.secret_key import signing_key
from core.settings import load_settings


@click.group("user")
def user_group() -> None:
    """Team members (dashboard users)."""


@user_group.command("create")
@click.option("--team", "team_id", required=True, help="The team's id (team_...).")
@click.option("--email", required=True, help="The member's email (their login).")
@click.option("--role", type=click.Choice(members.ROLES), default=members.MEMBER, show_default=True)
@click.option("--password", default=None, help="Set this password now instead of printing a one-time link.")
def user_create(team_id: str, email: str, role: str, password: str | None) -> None:
    """Create a dashboard member; without --password, prints a one-time setPasswordUrl."""
    settings = load_settings()
    opened = store()
    try:
        created = members.create(opened, team_id, email, role, password)
    except members.MemberError as exc:
        emit({"error": str(exc)})
        sys.exit(1)
    if password is None:
        created["setPasswordUrl"] = password_links.make_link(
            settings.public_url, signing_key(settings), created["userId"], password_state="",
        )
    emit(created)


@user_group.command("list")
@click.option("--team", "team_id", default=None, help="Only this team's members.")
@table_option
def user_list(team_id: str | None, as_table: bool) -> None:
    """Dashboard members with their role and whether a password is set (never its hash):
    {"users": [...]}."""
    show(admin_lists.list_users, store(), team_id, as_table=as_table, rows_key="users",
         columns=["userId", "teamId", "email", "role", "passwordSet", "createdAt", "lastLoginAt"])
