"""A team's plan: request rates per key, queue-depth ceiling, uploads in flight.

interface.md 5.8 and 8 leave the values to us; the defaults below are documented in
docs/operations.md and apply to every team that has not been given its own. Each mode counts on its own
counters (a test key never uses up live quota) under the same ceilings.
"""

from dataclasses import dataclass, fields, replace

import sqlalchemy as sa

from core.access import access
from core.clock import utcnow
from core.store.db import Store
from core.store.tables import team_plans, teams


@dataclass(frozen=True)
class Plan:
    requests_per_minute: int = 1200
    requests_per_hour: int = 36000
    queue_depth: int = 500
    concurrent_uploads: int = 16

    def as_dict(self) -> dict:
        return {
            "requestsPerMinute": self.requests_per_minute,
            "requestsPerHour": self.requests_per_hour,
            "queueDepth": self.queue_depth,
            "concurrentUploads": self.concurrent_uploads,
        }


DEFAULT_PLAN = Plan()


def default_plan(settings) -> Plan:
    """The plan of a team that has none of its own, from the INVOICES_* defaults."""
    return Plan(
        requests_per_minute=settings.requests_per_minute,
        requests_per_hour=settings.requests_per_hour,
        queue_depth=settings.queue_depth_limit,
        concurrent_uploads=settings.concurrent_uploads,
    )
FIELDS = tuple(f.name for f in fields(Plan))


class UnknownTeam(ValueError):
    pass


def plan_of(row, default: Plan = DEFAULT_PLAN) -> Plan:
    """The plan from a `team_plans` row (or mapping with its columns); NULL takes the default."""
    if row is None:
        return default
    return replace(default, **{name: row[name] for name in FIELDS if row[name] is not None})


def get_plan(conn: sa.Connection, team_id: str, default: Plan = DEFAULT_PLAN) -> Plan:
    row = conn.execute(sa.select(team_plans).where(team_plans.c.team_id == team_id)).mappings().first()
    return plan_of(row, default)


def set_plan(store: Store, team_id: str, default: Plan = DEFAULT_PLAN, **changes: int | None) -> Plan:
    """Change some limits of a team's plan; the others keep their value (or default)."""
    changes = {k: v for k, v in changes.items() if v is not None}
    for name, value in changes.items():
        if name not in FIELDS:
            raise ValueError(f"unknown plan limit {name}")
        if value < 1:
            raise ValueError(f"{name} must be at least 1")
    with store.write() as conn:
        _require_team(conn, team_id)
        exists = conn.execute(sa.select(team_plans.c.team_id).where(team_plans.c.team_id == team_id)).first()
        values = {**changes, "updated_at": utcnow()}
        if exists:
            conn.execute(team_plans.update().where(team_plans.c.team_id == team_id).values(**values))
        else:
            conn.execute(team_plans.insert().values(team_id=team_id, **values))
        plan = get_plan(conn, team_id, default)
    access.changed()  # every worker drops its remembered plans before this returns
    return plan


def show_plan(store: Store, team_id: str, default: Plan = DEFAULT_PLAN) -> dict:
    with store.read() as conn:
        _require_team(conn, team_id)
        return describe(team_id, get_plan(conn, team_id, default), default)


def describe(team_id: str, plan: Plan, default: Plan = DEFAULT_PLAN) -> dict:
    """What `invoices admin team plan` prints: the limits, and whether they are all defaults."""
    return {"teamId": team_id, **plan.as_dict(), "defaults": plan == default}


def _require_team(conn: sa.Connection, team_id: str) -> None:
    if conn.execute(sa.select(teams.c.id).where(teams.c.id == team_id)).first() is None:
        raise UnknownTeam(f"no team {team_id}")
