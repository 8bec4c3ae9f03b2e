"""Uploads a team member makes in the dashboard (interface.md 3.1 and 4, source `ui`).

They go through the very admission that POST /invoices uses (`core.jobs.admission.receive`):
the same credit holds and parking, queue depth, uploads-in-flight ceiling, Idempotency-Key
and file checks. What differs is only the caller: no key, but the member, so admission
needs the team's real plan and billing state (a suspended team or billing refuses here as
its keys are refused there), and the jobs remember the member so their events' source is
`ui` (webhooks with `sourceFilter: ui` receive them).
"""

import sqlalchemy as sa

from core import errors
from core.access.auth import Principal
from core.jobs.records import job_dto
from core.billing.plans import DEFAULT_PLAN, FIELDS as PLAN_FIELDS, Plan, plan_of
from core.store.scoping import in_mode
from core.store.tables import jobs, team_plans, teams

RECENT = 20


def uploader(conn: sa.Connection, member_principal: Principal, default_plan: Plan = DEFAULT_PLAN) -> Principal:
    """The member's principal with the team's plan (or the deployment's default plan, as the
    API's authentication takes it) and billing state, as a key's would carry."""
    row = conn.execute(
        sa.select(teams.c.status, teams.c.billing_suspended, team_plans.c.team_id.label("has_plan"),
                  *(team_plans.c[name] for name in PLAN_FIELDS))
        .outerjoin(team_plans, team_plans.c.team_id == teams.c.id)
        .where(teams.c.id == member_principal.team_id)
    ).mappings().one()
    if row["status"] == "suspended":
        raise errors.TeamSuspended("The team is suspended.")
    return Principal(
        key_id=None, key_prefix="", team_id=member_principal.team_id, team_name=member_principal.team_name,
        mode=member_principal.mode, scopes=member_principal.scopes, client_id=None,
        billing_suspended=bool(row["billing_suspended"]), plan=plan_of(row if row["has_plan"] else None, default_plan),
    )


def recent(conn: sa.Connection, principal: Principal, limit: int = RECENT) -> list[dict]:
    """The team's latest uploads made in the dashboard (by any member), newest first, with
    the uploading member's id beside each job."""
    rows = conn.execute(
        sa.select(jobs).where(in_mode(jobs, principal.team_id, principal.mode), jobs.c.user_id.is_not(None))
        .order_by(jobs.c.created_at.desc(), jobs.c.id.desc()).limit(limit)
    ).mappings()
    return [{**job_dto(row), "userId": row["user_id"]} for row in rows]
