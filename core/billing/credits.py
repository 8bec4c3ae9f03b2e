"""The credit ledger: every movement is a row, and the team's running total moves with it.

Kinds: `grant` (+amount), `hold` (one credit reserved for a job at admission),
`charge` (the hold became a cost: the invoice was ingested), `release` (the hold was
given back: the job failed). Balance = grants − charges; held = holds − charges −
releases; available = balance − held. Callers run these inside one write transaction
together with the job change that causes them, so concurrent uploads cannot overspend.
Test mode never touches the ledger.

The ledger is the record; `credit_balances` keeps its total per team, written by the same
statement path as each row (`_insert`), so admission reads one row instead of summing a
ledger that grows by two rows per upload.
"""

from datetime import timedelta

import sqlalchemy as sa

from core.clock import as_utc, iso_ms, utcnow
from core.jobs.records import AWAITING_CREDITS
from core.modes import Mode
from core.store.scoping import in_mode
from core.store.tables import credit_balances, credit_ledger, jobs

# What each kind of movement does to (balance, held), per credit.
_MOVES = {"grant": (1, 0), "hold": (0, 1), "charge": (-1, -1), "release": (0, -1)}

# Built once: every upload's admission runs them while its process holds the write lock.
_INSERT = credit_ledger.insert()
_TOTAL = sa.select(credit_balances.c.balance, credit_balances.c.held).where(
    credit_balances.c.team_id == sa.bindparam("team_id")
)
_MOVE = (
    credit_balances.update().where(credit_balances.c.team_id == sa.bindparam("of_team"))
    .values(
        balance=credit_balances.c.balance + sa.bindparam("d_balance"),
        held=credit_balances.c.held + sa.bindparam("d_held"),
        updated_at=sa.bindparam("at"),
    )
)
_JOB_SUMS = (
    sa.select(credit_ledger.c.kind, sa.func.sum(credit_ledger.c.amount))
    .where(credit_ledger.c.job_id == sa.bindparam("job_id"))
    .group_by(credit_ledger.c.kind)
)


def _insert(conn: sa.Connection, team_id: str, kind: str, amount: int, job_id: str | None, note: str | None = None) -> None:
    now = utcnow()
    conn.execute(
        _INSERT, {"team_id": team_id, "kind": kind, "amount": amount, "job_id": job_id, "note": note, "created_at": now}
    )
    d_balance, d_held = (amount * sign for sign in _MOVES[kind])
    moved = conn.execute(_MOVE, {"of_team": team_id, "d_balance": d_balance, "d_held": d_held, "at": now})
    if moved.rowcount == 0:  # a team made without its total (admin.create_team makes it)
        open_total(conn, team_id)
        conn.execute(_MOVE, {"of_team": team_id, "d_balance": d_balance, "d_held": d_held, "at": now})


def open_total(conn: sa.Connection, team_id: str) -> None:
    """The team's running total, at zero: made with the team."""
    conn.execute(credit_balances.insert().values(team_id=team_id, balance=0, held=0, updated_at=utcnow()))


def balance(conn: sa.Connection, team_id: str) -> dict:
    row = conn.execute(_TOTAL, {"team_id": team_id}).first()
    bal, held = (int(row.balance), int(row.held)) if row else (0, 0)
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
    rows = dict(conn.execute(_JOB_SUMS, {"job_id": job_id}).all())
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
