"""webhook endpoints of one client: the client whose events an endpoint receives

Revision ID: 0011
Revises: 0010

"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0011'
down_revision: Union[str, Sequence[str], None] = '0010'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table("webhook_endpoints") as batch:
        batch.add_column(sa.Column("client_id", sa.String(48), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("webhook_endpoints") as batch:
        batch.drop_column("client_id")
