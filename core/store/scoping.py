"""The one place where queries are limited to a team and a mode (interface.md 5.6)."""

import sqlalchemy as sa

from core.modes import Mode


def in_mode(table: sa.Table, team_id: str, mode: Mode) -> sa.ColumnElement[bool]:
    return sa.and_(table.c.team_id == team_id, table.c.mode == mode.value)
