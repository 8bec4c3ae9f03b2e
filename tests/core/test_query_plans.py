"""The store's polls and list pages are read from their indexes, on SQLite and on PostgreSQL
(`make test` runs this file on both), with the kinds of rows a busy store holds: thousands
of sent upload messages and fanned-out events around a few waiting ones, and a team's live
invoices older than a flood of test-mode ones (a test-mode id sorts after every live id).

Each of these walked a whole table on PostgreSQL at a million invoices (the reconciler's
poll 0.8 s, a live key's first page 0.12 s) while SQLite read the same from an index."""

from datetime import timedelta

import pytest
import sqlalchemy as sa

from core import ids, outbox, pagination
from core.access import admin
from core.clock import utcnow
from core.modes import Mode
from core.store.scoping import in_mode
from core.store.tables import NOT_FANNED_OUT, UNSENT, invoices
from core.store.tables import outbox as outbox_rows

ROWS = 3_000
INVOICES = 40_000


def _plan(conn: sa.Connection, statement: sa.Select) -> str:
    compiled = statement.compile(conn, compile_kwargs={"render_postcompile": True})
    if conn.dialect.name == "sqlite":
        params = tuple(compiled.params[name] for name in compiled.positiontup)
        return " ".join(row[3] for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {compiled}", params))
    literal = statement.compile(conn, compile_kwargs={"literal_binds": True})
    return " ".join(row[0] for row in conn.exec_driver_sql(f"EXPLAIN {literal}"))


def _analyzed(store) -> None:
    """Statistics as a running store has them: on PostgreSQL autovacuum's (VACUUM sets the
    visibility map, by which the planner prices an index-only scan), on SQLite ANALYZE's."""
    if store.engine.dialect.name == "sqlite":
        with store.write() as conn:
            conn.exec_driver_sql("ANALYZE")
        return
    with store.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.exec_driver_sql("VACUUM ANALYZE")


@pytest.fixture
def busy_outbox(store):
    now = utcnow()
    with store.write() as conn:
        conn.execute(outbox_rows.insert(), [
            dict(kind="kafka", topic="invoices.uploads", key=f"job_{n}", job_id=f"job_{n}", payload={"n": n},
                 created_at=now - timedelta(minutes=5), published_at=now, partition=n % 4, offset=n // 4)
            for n in range(ROWS)])
        conn.execute(outbox_rows.insert(), [
            dict(kind="event", event_id=f"evt_{n}", event_type="invoice.processed", team_id="team_1", mode="live",
                 job_id=f"job_{n}", payload={"n": n}, created_at=now - timedelta(minutes=5), fanned_out_at=now)
            for n in range(ROWS)])
        for n in range(3):
            outbox.add_kafka(conn, "invoices.uploads", f"late_{n}", {"jobId": f"late_{n}"}, f"late_{n}", n)
            outbox.add_event(conn, "team_1", Mode.LIVE, "invoice.processed", {"n": n}, f"late_{n}")
    _analyzed(store)
    return store


def test_the_reconcilers_poll_reads_only_the_unsent_messages(busy_outbox):
    with busy_outbox.read() as conn:
        statement = sa.select(outbox_rows.c.id).where(UNSENT, outbox_rows.c.created_at <= utcnow()) \
            .order_by(outbox_rows.c.id).limit(500)
        assert "ix_outbox_unsent" in _plan(conn, statement)
        assert [row.key for row in outbox.pending_kafka(conn, 0)] == ["late_0", "late_1", "late_2"]


def test_the_dispatchers_poll_reads_only_the_events_not_fanned_out(busy_outbox):
    with busy_outbox.read() as conn:
        statement = sa.select(outbox_rows.c.id).where(NOT_FANNED_OUT).order_by(outbox_rows.c.id).limit(200)
        assert "ix_outbox_not_fanned_out" in _plan(conn, statement)
        assert len(conn.execute(statement).all()) == 3


def test_a_live_keys_first_page_is_chosen_from_the_teams_index_past_newer_test_invoices(store):
    """Eight teams' live invoices, then as many newer test-mode ones: the first page of one
    team's live list is its newest live invoices, read from (team, mode, id), not by walking
    the primary key past every test-mode id (PostgreSQL's plan for whole rows)."""
    now = utcnow()
    teams = [admin.create_team(store, f"UAB Komanda {k}")["teamId"] for k in range(8)]
    rows = []
    for n in range(INVOICES):  # every team's live invoices, then every team's test-mode ones
        mode = Mode.LIVE if n < INVOICES // 2 else Mode.TEST
        rows.append(dict(id=ids.new_id("inv", mode), team_id=teams[n % 8], mode=mode.value, job_id=f"job_{n}",
                         status="completed", document={"n": n}, created_at=now, updated_at=now))
    with store.write() as conn:
        conn.execute(invoices.insert(), rows)
    _analyzed(store)
    query = sa.select(invoices.c.id, invoices.c.document).where(in_mode(invoices, teams[0], Mode.LIVE))
    with store.read() as conn:
        plan = _plan(conn, pagination.page_query(query, invoices.c.id, pagination.Page(None, 50)))
        items, cursor = pagination.fetch(conn, query, invoices.c.id, pagination.Page(None, 50), {}, dict)
    assert "ix_invoices_team_mode_id" in plan, plan
    live = sorted((r["id"] for r in rows if r["mode"] == "live" and r["team_id"] == teams[0]), reverse=True)
    assert [item["id"] for item in items] == live[:50] and cursor is not None
