"""The Alembic migrations build exactly the tables that core/store/tables.py declares."""

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from core.store.tables import metadata

BOOKS = ("contacts", "invoice_edits", "held_at", "assignment_status", "'version'", "'source'", "api_key_id", "user_id")


def test_migration_0003_matches_the_tables(store):
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert [d for d in diff if any(name in str(d) for name in BOOKS)] == []


def test_migration_0008_starts_each_team_total_from_its_ledger(tmp_path):
    from alembic import command

    from core.store.migrate import alembic_config

    url = f"sqlite:///{tmp_path / 'store.db'}"
    command.upgrade(alembic_config(url), "0007")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        for team in ("team_a", "team_b", "team_c"):
            conn.execute(sa.text("INSERT INTO teams (id, name, created_at) VALUES (:t, 'T', '2026-01-01 00:00:00')"), {"t": team})
        moves = [("team_a", "grant", 10), ("team_a", "hold", 1), ("team_a", "hold", 1), ("team_a", "charge", 1),
                 ("team_a", "release", 1), ("team_b", "grant", 5), ("team_b", "hold", 1)]
        for team, kind, amount in moves:
            conn.execute(sa.text(
                "INSERT INTO credit_ledger (team_id, kind, amount, created_at) VALUES (:t, :k, :a, '2026-01-01 00:00:00')"
            ), {"t": team, "k": kind, "a": amount})
    command.upgrade(alembic_config(url), "0008")
    with engine.connect() as conn:
        totals = {r.team_id: (r.balance, r.held) for r in conn.execute(sa.text("SELECT * FROM credit_balances"))}
    engine.dispose()
    assert totals == {"team_a": (9, 0), "team_b": (5, 1), "team_c": (0, 0)}
