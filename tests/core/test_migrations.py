"""The Alembic migrations build exactly the tables that core/store/tables.py declares."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from core.store.tables import metadata

BOOKS = ("contacts", "invoice_edits", "held_at", "assignment_status", "'version'", "'source'", "api_key_id", "user_id")


def test_migration_0003_matches_the_tables(store):
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert [d for d in diff if any(name in str(d) for name in BOOKS)] == []
