"""duplicates in id order: the index of seller + number keys carries the invoice id, so the
earliest earlier copy is read from the index without sorting every copy

Revision ID: 0012
Revises: 0011

"""
from typing import Sequence, Union

from alembic import op


revision: str = '0012'
down_revision: Union[str, Sequence[str], None] = '0011'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.drop_index("ix_invoices_team_mode_duplicate", table_name="invoices")
    op.create_index("ix_invoices_team_mode_duplicate", "invoices", ["team_id", "mode", "duplicate_key", "id"])


def downgrade() -> None:
    op.drop_index("ix_invoices_team_mode_duplicate", table_name="invoices")
    op.create_index("ix_invoices_team_mode_duplicate", "invoices", ["team_id", "mode", "duplicate_key"])
