"""extraction comparisons: the page reading of each embedded e-invoice against its XML

Revision ID: 0009
Revises: 0008

"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0009'
down_revision: Union[str, Sequence[str], None] = '0008'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        'extraction_comparisons',
        sa.Column('job_id', sa.String(48), nullable=False),
        sa.Column('invoice_id', sa.String(48), nullable=False),
        sa.Column('team_id', sa.String(40), nullable=False),
        sa.Column('mode', sa.String(8), nullable=False),
        sa.Column('producer', sa.String(200), nullable=False),
        sa.Column('syntax', sa.String(40), nullable=False),
        sa.Column('language', sa.String(8), nullable=True),
        sa.Column('engine', sa.String(24), nullable=False),
        sa.Column('duration_ms', sa.Integer(), nullable=False),
        sa.Column('fields', sa.JSON(), nullable=False),
        sa.Column('pairs', sa.JSON(), nullable=True),
        sa.Column('page_text', sa.Text(), nullable=True),
        sa.Column('created_at', TS, nullable=False),
        sa.Column('purged_at', TS, nullable=True),
        sa.PrimaryKeyConstraint('job_id', name=op.f('pk_extraction_comparisons')),
    )
    op.create_index('ix_extraction_comparisons_created', 'extraction_comparisons', ['created_at'])
    op.create_index('ix_extraction_comparisons_invoice', 'extraction_comparisons', ['invoice_id'])


def downgrade() -> None:
    op.drop_index('ix_extraction_comparisons_invoice', table_name='extraction_comparisons')
    op.drop_index('ix_extraction_comparisons_created', table_name='extraction_comparisons')
    op.drop_table('extraction_comparisons')
