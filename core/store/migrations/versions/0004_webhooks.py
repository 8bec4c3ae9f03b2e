"""webhooks: endpoints, payloads, deliveries and their attempts; outbox fan-out marker

Revision ID: 0004
Revises: 0003

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0004'
down_revision: Union[str, Sequence[str], None] = '0003'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table('outbox') as batch:
        batch.add_column(sa.Column('fanned_out_at', TS, nullable=True))
        batch.create_index('ix_outbox_fan_out', ['kind', 'fanned_out_at'])
    # No endpoint existed before this revision: the events already written have nobody to
    # be delivered to, and must not flood endpoints created later.
    op.execute("UPDATE outbox SET fanned_out_at = created_at WHERE kind = 'event'")
    op.create_table('webhook_endpoints',
    sa.Column('id', sa.String(length=48), nullable=False),
    sa.Column('team_id', sa.String(length=40), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('url', sa.String(length=2048), nullable=False),
    sa.Column('events', sa.JSON(), nullable=False),
    sa.Column('source_filter', sa.JSON(), nullable=False),
    sa.Column('enabled', sa.Boolean(), server_default=sa.true(), nullable=False),
    sa.Column('secret', sa.String(length=100), nullable=False),
    sa.Column('previous_secret', sa.String(length=100), nullable=True),
    sa.Column('previous_secret_expires_at', TS, nullable=True),
    sa.Column('created_at', TS, nullable=False),
    sa.Column('updated_at', TS, nullable=False),
    sa.Column('deleted_at', TS, nullable=True),
    sa.ForeignKeyConstraint(['team_id'], ['teams.id'], name=op.f('fk_webhook_endpoints_team_id_teams')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_webhook_endpoints'))
    )
    op.create_index('ix_webhook_endpoints_team_mode', 'webhook_endpoints', ['team_id', 'mode'])
    op.create_table('webhook_payloads',
    sa.Column('event_id', sa.String(length=48), nullable=False),
    sa.Column('team_id', sa.String(length=40), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('event_type', sa.String(length=60), nullable=False),
    sa.Column('body', sa.Text(), nullable=True),
    sa.Column('oversized', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('created_at', TS, nullable=False),
    sa.Column('dropped_at', TS, nullable=True),
    sa.PrimaryKeyConstraint('event_id', name=op.f('pk_webhook_payloads'))
    )
    op.create_index('ix_webhook_payloads_created', 'webhook_payloads', ['created_at'])
    op.create_table('webhook_deliveries',
    sa.Column('id', sa.String(length=48), nullable=False),
    sa.Column('endpoint_id', sa.String(length=48), nullable=False),
    sa.Column('team_id', sa.String(length=40), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('event_id', sa.String(length=48), nullable=False),
    sa.Column('event_type', sa.String(length=60), nullable=False),
    sa.Column('is_test', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('redelivery_of', sa.String(length=48), nullable=True),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('attempts', sa.Integer(), server_default='0', nullable=False),
    sa.Column('next_attempt_at', TS, nullable=True),
    sa.Column('lease_holder', sa.String(length=80), nullable=True),
    sa.Column('lease_token', sa.String(length=40), nullable=True),
    sa.Column('lease_until', TS, nullable=True),
    sa.Column('last_status_code', sa.Integer(), nullable=True),
    sa.Column('last_error', sa.String(length=300), nullable=True),
    sa.Column('delivered_at', TS, nullable=True),
    sa.Column('created_at', TS, nullable=False),
    sa.Column('updated_at', TS, nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_webhook_deliveries'))
    )
    op.create_index(op.f('ix_webhook_deliveries_event_id'), 'webhook_deliveries', ['event_id'])
    op.create_index('ix_webhook_deliveries_due', 'webhook_deliveries', ['status', 'next_attempt_at'])
    op.create_index('ix_webhook_deliveries_endpoint', 'webhook_deliveries', ['endpoint_id', 'id'])
    op.create_table('webhook_delivery_attempts',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('delivery_id', sa.String(length=48), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('dispatcher', sa.String(length=80), nullable=False),
    sa.Column('started_at', TS, nullable=False),
    sa.Column('finished_at', TS, nullable=True),
    sa.Column('duration_ms', sa.Integer(), nullable=True),
    sa.Column('status_code', sa.Integer(), nullable=True),
    sa.Column('error', sa.String(length=300), nullable=True),
    sa.Column('response_body', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_webhook_delivery_attempts'))
    )
    op.create_index(
        op.f('ix_webhook_delivery_attempts_delivery_id'), 'webhook_delivery_attempts', ['delivery_id']
    )


def downgrade() -> None:
    op.drop_index(op.f('ix_webhook_delivery_attempts_delivery_id'), table_name='webhook_delivery_attempts')
    op.drop_table('webhook_delivery_attempts')
    op.drop_index('ix_webhook_deliveries_endpoint', table_name='webhook_deliveries')
    op.drop_index('ix_webhook_deliveries_due', table_name='webhook_deliveries')
    op.drop_index(op.f('ix_webhook_deliveries_event_id'), table_name='webhook_deliveries')
    op.drop_table('webhook_deliveries')
    op.drop_index('ix_webhook_payloads_created', table_name='webhook_payloads')
    op.drop_table('webhook_payloads')
    op.drop_index('ix_webhook_endpoints_team_mode', table_name='webhook_endpoints')
    op.drop_table('webhook_endpoints')
    with op.batch_alter_table('outbox') as batch:
        batch.drop_index('ix_outbox_fan_out')
        batch.drop_column('fanned_out_at')
