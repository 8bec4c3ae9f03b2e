"""The credit ledger: every movement is a row; balances are derived, never stored.

Kinds: `grant` (+amount), `hold` (one credit reserved for a job at admission),
`charge` (the hold became a cost: the invoice was ingested), `release` (the hold was
given back: the job failed). Balance = grants − charges; held = holds − charges −
releases; available = balance − held. Callers run these inside one write transaction
together with the job change that causes them, so concurrent uploads cannot overspend.
Test mode never touches the ledger.
"""

from datetime import timedelta

import sqlalchemy as sa

from core.clock import as_utc, iso_ms, utcnow
from core.jobs import AWAITING_CREDITS
from core.modes import Mode
from core.store.scoping import in_mode
from core.store.tables import credit_ledger, jobs


def _insert(conn: sa.Connection, team_id: str, kind: str, amount: int, job_id: str | None, note: str | None = None) -> None:
    conn.execute(
        credit_ledger.insert().values(
            team_id=team_id, kind=kind, amount=amount, job_id=job_id, note=note, created_at=utcnow()
        )
    )


def balance(conn: sa.Connection, team_id: str) -> dict:
    sums = dict(
        conn.execute(
            sa.select(credit_ledger.c.kind, sa.func.coalesce(sa.func.sum(credit_ledger.c.amount), 0))
            .where(credit_ledger.c.team_id == team_id)
            .group_by(credit_ledger.c.kind)
        ).all()
    )
    granted, held_total = int(sums.get("grant", 0)), int(sums.get("hold", 0))
    charged, released = int(sums.get("charge", 0)), int(sums.get("release", 0))
    bal = granted - charged
    held = held_total - charged - released
    return {"balance": bal, "held": held, "available": bal - held}


def grant(conn: sa.Connection, team_id: str, amount: int, note: str | None = None) -> None:
    _insert(conn, team_id, "grant", amount, None, note)


def try_hold(conn: sa.Connection, team_id: str, job_id: str) -> bool:
    """Reserve one credit for the job if the available balance covers it."""
    if balance(conn, team_id)["available"] < 1:
        return False
    _insert(conn, team_id, "hold", 1, job_id)
    return True


def _open_hold(conn: sa.Connection, job_id: str) -> bool:
    rows = dict(
        conn.execute(
            sa.select(credit_ledger.c.kind, sa.func.sum(credit_ledger.c.amount))
            .where(credit_ledger.c.job_id == job_id)
            .group_by(credit_ledger.c.kind)
        ).all()
    )
    return int(rows.get("hold", 0)) - int(rows.get("charge", 0)) - int(rows.get("release", 0)) > 0


def charge(conn: sa.Connection, team_id: str, job_id: str) -> bool:
    """Turn the job's open hold into a charge; a job without an open hold is never charged."""
    if not _open_hold(conn, job_id):
        return False
    _insert(conn, team_id, "charge", 1, job_id)
    return True


def release(conn: sa.Connection, team_id: str, job_id: str) -> bool:
    """Give the job's open hold back; releases nothing it did not hold."""
    if not _open_hold(conn, job_id):
        return False
    _insert(conn, team_id, "release", 1, job_id)
    return True


def summary(conn: sa.Connection, team_id: str) -> dict:
    """The live balance as /me/credits shows it (the same in both modes)."""

    parked = conn.execute(
        sa.select(sa.func.count()).select_from(jobs).where(
            in_mode(jobs, team_id, Mode.LIVE), jobs.c.status == AWAITING_CREDITS
        )
    ).scalar_one()
    last = conn.execute(
        sa.select(credit_ledger.c.amount, credit_ledger.c.created_at)
        .where(credit_ledger.c.team_id == team_id, credit_ledger.c.kind == "grant")
        .order_by(credit_ledger.c.id.desc())
        .limit(1)
    ).first()
    return {
        **balance(conn, team_id),
        "parked": parked,
        "lastGrant": {"amount": last.amount, "at": iso_ms(last.created_at)} if last else None,
    }


def ledger_by_day(conn: sa.Connection, team_id: str, days: int = 30) -> list[dict]:
    """The ledger's movements summed per UTC day and kind, newest day first (the dashboard's
    credits page). Summed here rather than in SQL: date functions differ between SQLite and
    PostgreSQL, and a team's month of rows is small."""
    since = utcnow() - timedelta(days=days)
    rows = conn.execute(
        sa.select(credit_ledger.c.kind, credit_ledger.c.amount, credit_ledger.c.created_at)
        .where(credit_ledger.c.team_id == team_id, credit_ledger.c.created_at >= since)
    ).all()
    by_day: dict[str, dict] = {}
    for row in rows:
        day = as_utc(row.created_at).date().isoformat()
        totals = by_day.setdefault(day, {"day": day, "grant": 0, "hold": 0, "charge": 0, "release": 0})
        totals[row.kind] = totals.get(row.kind, 0) + int(row.amount)
    return sorted(by_day.values(), key=lambda d: d["day"], reverse=True)
