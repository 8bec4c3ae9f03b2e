"""Migration 0004 builds exactly the webhook tables of core/store/tables.py."""

import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from core.clock import utcnow
from core.store.db import Store
from core.store.migrate import alembic_config
from core.store.tables import metadata, outbox

OURS = (
    "webhook_endpoints", "webhook_payloads", "webhook_deliveries", "webhook_delivery_attempts",
    "fanned_out_at", "ix_outbox_fan_out",
)


def test_migration_0004_matches_the_tables(home_store):
    with home_store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert [d for d in diff if any(name in str(d) for name in OURS)] == []


def test_events_written_before_webhooks_existed_are_not_delivered_later(home):
    cfg = alembic_config(home.database_url)
    command.upgrade(cfg, "0003")
    store = Store(home.database_url)
    with store.engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO outbox (kind, event_id, event_type, team_id, mode, payload, created_at, publish_attempts) "
            "VALUES ('event', 'evt_old', 'invoice.processed', 't', 'live', '{}', :at, 0), "
            "('kafka', NULL, NULL, NULL, NULL, '{}', :at, 0)"
        ), {"at": utcnow()})
    command.upgrade(cfg, "head")
    with store.read() as conn:
        marks = dict(conn.execute(sa.select(outbox.c.kind, outbox.c.fanned_out_at)).all())
    assert marks["event"] is not None and marks["kafka"] is None
    command.downgrade(cfg, "0003")  # and the way back works
    store.dispose()
