"""exports: per-client export settings, mapping rules, currency rates

Revision ID: 0002
Revises: 0001

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0002'
down_revision: Union[str, Sequence[str], None] = '0001'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('currency_rates',
    sa.Column('currency', sa.String(length=3), nullable=False),
    sa.Column('rate_date', sa.Date(), nullable=False),
    sa.Column('rate', sa.String(length=24), nullable=False),
    sa.Column('source', sa.String(length=40), nullable=False),
    sa.Column('loaded_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('currency', 'rate_date', name=op.f('pk_currency_rates'))
    )
    op.create_table('export_settings',
    sa.Column('team_id', sa.String(length=40), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('client_id', sa.String(length=48), nullable=False),
    sa.Column('key', sa.String(length=80), nullable=False),
    sa.Column('value', sa.String(length=200), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['team_id'], ['teams.id'], name=op.f('fk_export_settings_team_id_teams')),
    sa.PrimaryKeyConstraint('team_id', 'mode', 'client_id', 'key', name=op.f('pk_export_settings'))
    )
    op.create_table('export_mapping_rules',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('team_id', sa.String(length=40), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('client_id', sa.String(length=48), nullable=False),
    sa.Column('subject', sa.String(length=12), nullable=False),
    sa.Column('direction', sa.String(length=12), nullable=True),
    sa.Column('match_code', sa.String(length=120), nullable=True),
    sa.Column('match_text', sa.String(length=200), nullable=True),
    sa.Column('match_partner', sa.String(length=40), nullable=True),
    sa.Column('target_code', sa.String(length=40), nullable=False),
    sa.Column('target_type', sa.String(length=12), nullable=True),
    sa.Column('target_name', sa.String(length=200), nullable=True),
    sa.Column('priority', sa.Integer(), server_default='100', nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['team_id'], ['teams.id'], name=op.f('fk_export_mapping_rules_team_id_teams')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_export_mapping_rules'))
    )
    with op.batch_alter_table('export_mapping_rules', schema=None) as batch_op:
        batch_op.create_index('ix_export_mapping_rules_scope', ['team_id', 'mode', 'client_id'], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('export_mapping_rules', schema=None) as batch_op:
        batch_op.drop_index('ix_export_mapping_rules_scope')

    op.drop_table('export_mapping_rules')
    op.drop_table('export_settings')
    op.drop_table('currency_rates')
