"""admission indexes: queue depth and the credit balance answered from indexes alone

Revision ID: 0007
Revises: 0006

"""
from typing import Sequence, Union

from alembic import op


revision: str = '0007'
down_revision: Union[str, Sequence[str], None] = '0006'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # Every upload counts its team's queue and sums its ledger inside the admission
    # transaction; covering indexes keep both from reading table rows.
    op.create_index('ix_jobs_queue', 'jobs', ['team_id', 'mode', 'status', 'held_at'])
    op.create_index('ix_credit_ledger_balance', 'credit_ledger', ['team_id', 'kind', 'amount'])


def downgrade() -> None:
    op.drop_index('ix_credit_ledger_balance', table_name='credit_ledger')
    op.drop_index('ix_jobs_queue', table_name='jobs')
