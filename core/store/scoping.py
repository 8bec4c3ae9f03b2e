"""The one place where queries are limited to a team and a mode (interface.md 5.6)."""

import sqlalchemy as sa

from core.modes import Mode


def in_mode(table: sa.Table, team_id: str, mode: Mode) -> sa.ColumnElement[bool]:
    return sa.and_(table.c.team_id == team_id, table.c.mode == mode.value)


def in_bound_mode(table: sa.Table) -> sa.ColumnElement[bool]:
    """`in_mode` with the team and mode as bound parameters (`bound_scope` fills them), for a
    statement built once and run on every request of a hot path."""
    return sa.and_(table.c.team_id == sa.bindparam("scope_team_id"), table.c.mode == sa.bindparam("scope_mode"))


def bound_scope(team_id: str, mode: Mode) -> dict:
    return {"scope_team_id": team_id, "scope_mode": mode.value}


def in_client(table: sa.Table, client_id: str | None) -> sa.ColumnElement[bool]:
    """A client-scoped key's confinement (interface.md 5.5): rows of its own client only.
    `client_id` None (a team-wide key, a dashboard member) adds no condition. A row of
    another client then reads exactly as a row of another team: not found."""
    return sa.true() if client_id is None else table.c.client_id == client_id
