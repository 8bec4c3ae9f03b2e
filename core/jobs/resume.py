"""Resumption of parked jobs when a team's balance rises (interface.md 3.1).

Nothing remembers "a grant happened": each pass compares every team's parked jobs with its
available balance, so a crash between a grant and the resume only delays it to the next
pass. Per team, in one transaction: the oldest parked jobs, as many as the available
balance covers, each hold one credit, turn `processing` and get their upload message. Passes
are serialised per team (BEGIN IMMEDIATE on SQLite, a row lock on PostgreSQL), so two
passes racing cannot resume a job twice.
Teams whose paid processing is suspended (or the team itself) stay parked.
"""

from dataclasses import dataclass, field

import sqlalchemy as sa

from core.billing import credits
from core.clock import utcnow
from core.jobs.admission import start_processing
from core.jobs.records import AWAITING_CREDITS, PROCESSING
from core.modes import Mode
from core.outbox import KafkaRow, OutboxPublisher
from core.settings import Settings
from core.store.db import Store
from core.store.scoping import in_mode
from core.store.tables import jobs, teams


@dataclass
class Resumed:
    by_team: dict[str, list[str]] = field(default_factory=dict)
    published: int = 0

    @property
    def count(self) -> int:
        return sum(len(v) for v in self.by_team.values())


def _teams_with_parked_work(conn: sa.Connection) -> list[str]:
    rows = conn.execute(
        sa.select(jobs.c.team_id)
        .join(teams, teams.c.id == jobs.c.team_id)
        .where(
            jobs.c.status == AWAITING_CREDITS, jobs.c.mode == "live",
            teams.c.billing_suspended.is_(False), teams.c.status == "active",
        )
        .group_by(jobs.c.team_id)
    )
    return [r.team_id for r in rows]


def resume_team(store: Store, settings: Settings, team_id: str) -> list[KafkaRow]:
    """Resume what the team's available balance covers; returns the outbox rows to send."""
    to_send: list[KafkaRow] = []
    with store.write() as conn:
        store.lock_team(conn, team_id)
        available = credits.balance(conn, team_id)["available"]
        if available < 1:
            return []
        parked = conn.execute(
            sa.select(jobs)
            .where(in_mode(jobs, team_id, Mode.LIVE), jobs.c.status == AWAITING_CREDITS)
            .order_by(jobs.c.created_at, jobs.c.id)
            .limit(available)
        ).mappings().all()
        for row in parked:  # the team lock (or BEGIN IMMEDIATE) keeps this selection current
            if not credits.try_hold(conn, team_id, row["id"]):
                break
            conn.execute(jobs.update().where(jobs.c.id == row["id"]).values(status=PROCESSING, updated_at=utcnow()))
            to_send.append(start_processing(conn, settings, dict(row)))
    return to_send


def resume_parked(store: Store, settings: Settings, publisher: OutboxPublisher | None = None) -> Resumed:
    result = Resumed()
    with store.read() as conn:
        team_ids = _teams_with_parked_work(conn)
    for team_id in team_ids:
        sent = resume_team(store, settings, team_id)
        if sent:
            result.by_team[team_id] = [row.value["jobId"] for row in sent]
            if publisher is not None:
                for row in sent:
                    result.published += publisher.publish_row(row)
    return result
