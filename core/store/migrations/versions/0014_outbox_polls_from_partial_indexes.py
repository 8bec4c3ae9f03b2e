"""outbox polls from partial indexes: the unsent upload messages (the reconciler) and the
events not yet fanned out (the webhook dispatcher), each in an index of its own rows, in
place of (kind, published_at) and (kind, fanned_out_at), on which PostgreSQL walked the whole
outbox in id order

Revision ID: 0014
Revises: 0013

"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0014'
down_revision: Union[str, Sequence[str], None] = '0013'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

UNSENT = sa.text("kind = 'kafka' AND published_at IS NULL")
NOT_FANNED_OUT = sa.text("kind = 'event' AND fanned_out_at IS NULL")


def upgrade() -> None:
    op.create_index("ix_outbox_unsent", "outbox", ["id"], sqlite_where=UNSENT, postgresql_where=UNSENT)
    op.create_index("ix_outbox_not_fanned_out", "outbox", ["id"], sqlite_where=NOT_FANNED_OUT,
                    postgresql_where=NOT_FANNED_OUT)
    op.drop_index("ix_outbox_pending", table_name="outbox")
    op.drop_index("ix_outbox_fan_out", table_name="outbox")


def downgrade() -> None:
    op.create_index("ix_outbox_fan_out", "outbox", ["kind", "fanned_out_at"])
    op.create_index("ix_outbox_pending", "outbox", ["kind", "published_at"])
    op.drop_index("ix_outbox_not_fanned_out", table_name="outbox")
    op.drop_index("ix_outbox_unsent", table_name="outbox")
