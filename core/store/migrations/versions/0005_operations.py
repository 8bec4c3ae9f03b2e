"""operations: team plans, service flags (maintenance), file retention marker on jobs

Revision ID: 0005
Revises: 0004

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0005'
down_revision: Union[str, Sequence[str], None] = '0004'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table('team_plans',
    sa.Column('team_id', sa.String(length=40), nullable=False),
    sa.Column('requests_per_minute', sa.Integer(), nullable=True),
    sa.Column('requests_per_hour', sa.Integer(), nullable=True),
    sa.Column('queue_depth', sa.Integer(), nullable=True),
    sa.Column('concurrent_uploads', sa.Integer(), nullable=True),
    sa.Column('updated_at', TS, nullable=False),
    sa.ForeignKeyConstraint(['team_id'], ['teams.id'], name=op.f('fk_team_plans_team_id_teams')),
    sa.PrimaryKeyConstraint('team_id', name=op.f('pk_team_plans'))
    )
    op.create_table('service_flags',
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('value', sa.JSON(), nullable=False),
    sa.Column('updated_at', TS, nullable=False),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_service_flags'))
    )
    with op.batch_alter_table('jobs') as batch:
        batch.add_column(sa.Column('file_purged_at', TS, nullable=True))
        batch.create_index('ix_jobs_status_finished', ['status', 'finished_at'])


def downgrade() -> None:
    with op.batch_alter_table('jobs') as batch:
        batch.drop_index('ix_jobs_status_finished')
        batch.drop_column('file_purged_at')
    op.drop_table('service_flags')
    op.drop_table('team_plans')
