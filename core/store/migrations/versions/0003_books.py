"""books: contacts, invoice edits and versions, review holds, the source of events

Revision ID: 0003
Revises: 0002

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0003'
down_revision: Union[str, Sequence[str], None] = '0002'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table('outbox') as batch:
        batch.add_column(sa.Column('source', sa.String(length=8), nullable=True))
        batch.add_column(sa.Column('api_key_id', sa.String(length=40), nullable=True))
        batch.add_column(sa.Column('user_id', sa.String(length=48), nullable=True))
    with op.batch_alter_table('jobs') as batch:
        batch.add_column(sa.Column('held_at', TS, nullable=True))
    with op.batch_alter_table('invoices') as batch:
        batch.add_column(sa.Column('assignment_status', sa.String(length=20), nullable=True))
        batch.add_column(sa.Column('version', sa.Integer(), server_default='1', nullable=False))
        batch.create_index('ix_invoices_team_mode_assignment', ['team_id', 'mode', 'assignment_status'])
    op.create_table('contacts',
    sa.Column('id', sa.String(length=48), nullable=False),
    sa.Column('team_id', sa.String(length=40), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('client_id', sa.String(length=48), nullable=True),
    sa.Column('name', sa.String(length=300), nullable=False),
    sa.Column('name_key', sa.String(length=300), nullable=False),
    sa.Column('company_code', sa.String(length=40), nullable=True),
    sa.Column('vat_code', sa.String(length=40), nullable=True),
    sa.Column('is_natural_person', sa.Boolean(), nullable=True),
    sa.Column('address', sa.JSON(), nullable=True),
    sa.Column('email', sa.String(length=320), nullable=True),
    sa.Column('phone', sa.String(length=64), nullable=True),
    sa.Column('iban', sa.String(length=40), nullable=True),
    sa.Column('external_id', sa.String(length=200), nullable=True),
    sa.Column('created_at', TS, nullable=False),
    sa.Column('updated_at', TS, nullable=False),
    sa.ForeignKeyConstraint(['team_id'], ['teams.id'], name=op.f('fk_contacts_team_id_teams')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_contacts'))
    )
    op.create_index('ix_contacts_team_mode_vat', 'contacts', ['team_id', 'mode', 'vat_code'])
    op.create_index('ix_contacts_team_mode_company', 'contacts', ['team_id', 'mode', 'company_code'])
    op.create_index('ix_contacts_team_mode_name', 'contacts', ['team_id', 'mode', 'name_key'])
    op.create_table('invoice_edits',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('invoice_id', sa.String(length=48), nullable=False),
    sa.Column('team_id', sa.String(length=40), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('source', sa.String(length=8), nullable=False),
    sa.Column('api_key_id', sa.String(length=40), nullable=True),
    sa.Column('user_id', sa.String(length=48), nullable=True),
    sa.Column('changes', sa.JSON(), nullable=False),
    sa.Column('created_at', TS, nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_invoice_edits'))
    )
    op.create_index(op.f('ix_invoice_edits_invoice_id'), 'invoice_edits', ['invoice_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_invoice_edits_invoice_id'), table_name='invoice_edits')
    op.drop_table('invoice_edits')
    op.drop_index('ix_contacts_team_mode_name', table_name='contacts')
    op.drop_index('ix_contacts_team_mode_company', table_name='contacts')
    op.drop_index('ix_contacts_team_mode_vat', table_name='contacts')
    op.drop_table('contacts')
    with op.batch_alter_table('invoices') as batch:
        batch.drop_index('ix_invoices_team_mode_assignment')
        batch.drop_column('version')
        batch.drop_column('assignment_status')
    with op.batch_alter_table('jobs') as batch:
        batch.drop_column('held_at')
    with op.batch_alter_table('outbox') as batch:
        batch.drop_column('user_id')
        batch.drop_column('api_key_id')
        batch.drop_column('source')
