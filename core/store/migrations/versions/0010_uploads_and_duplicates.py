"""dashboard uploads and duplicates: who uploaded a job, and what an invoice is compared by

Revision ID: 0010
Revises: 0009

"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0010'
down_revision: Union[str, Sequence[str], None] = '0009'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # A dashboard upload has no key: the member behind it makes its events' source `ui`.
    with op.batch_alter_table('jobs') as batch:
        batch.add_column(sa.Column('user_id', sa.String(40), nullable=True))
        batch.create_index('ix_jobs_team_mode_blob', ['team_id', 'mode', 'blob_key'])
    # An invoice uploaded twice (the same bytes, or the same seller and number) is flagged
    # against the earlier one; the key is indexed so the comparison reads a few rows.
    with op.batch_alter_table('invoices') as batch:
        batch.add_column(sa.Column('duplicate_key', sa.String(64), nullable=True))
        batch.add_column(sa.Column('duplicate_dismissed', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.create_index('ix_invoices_team_mode_duplicate', ['team_id', 'mode', 'duplicate_key'])


def downgrade() -> None:
    with op.batch_alter_table('invoices') as batch:
        batch.drop_index('ix_invoices_team_mode_duplicate')
        batch.drop_column('duplicate_dismissed')
        batch.drop_column('duplicate_key')
    with op.batch_alter_table('jobs') as batch:
        batch.drop_index('ix_jobs_team_mode_blob')
        batch.drop_column('user_id')
