"""indexes for a million invoices: lists newest first read from an index in id order for
each filter (none, status, assignment status, client), a client's invoices by issue date,
the rows of one day (the warehouse), jobs by file (retention), the dashboard uploads of
members and a job's events by type, instead of sorting or scanning a team's whole history

Revision ID: 0013
Revises: 0012

"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0013'
down_revision: Union[str, Sequence[str], None] = '0012'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

# the document's issue date, written as core.store.tables.issue_date() writes it in queries
_invoices = sa.table("invoices", sa.column("document", sa.JSON))
ISSUE_DATE = _invoices.c.document["issueDate"].as_string()
MEMBERS_ONLY = sa.text("user_id IS NOT NULL")


def upgrade() -> None:
    op.drop_index("ix_invoices_team_mode_created", table_name="invoices")  # nothing reads it
    op.create_index("ix_invoices_team_mode_id", "invoices", ["team_id", "mode", "id"])
    op.create_index("ix_invoices_team_mode_status", "invoices", ["team_id", "mode", "status", "id"])
    op.drop_index("ix_invoices_team_mode_assignment", table_name="invoices")
    op.create_index("ix_invoices_team_mode_assignment", "invoices", ["team_id", "mode", "assignment_status", "id"])
    op.create_index("ix_invoices_team_mode_client", "invoices", ["team_id", "mode", "client_id", "id"])
    op.create_index("ix_invoices_team_mode_client_issued", "invoices",
                    [sa.column("team_id"), sa.column("mode"), sa.column("client_id"), ISSUE_DATE])
    op.create_index("ix_invoices_created", "invoices", ["created_at"])
    op.create_index("ix_jobs_created", "jobs", ["created_at"])
    op.create_index("ix_jobs_blob", "jobs", ["blob_key"])
    op.create_index("ix_jobs_member_uploads", "jobs", ["team_id", "mode", "created_at", "id"],
                    sqlite_where=MEMBERS_ONLY, postgresql_where=MEMBERS_ONLY)
    op.create_index("ix_credit_ledger_created", "credit_ledger", ["created_at"])
    op.create_index("ix_webhook_deliveries_created", "webhook_deliveries", ["created_at"])
    # a job's first event of a type: without the kind and type beside the job the planner
    # walked every event row of the kind for each job instead
    op.drop_index("ix_outbox_job_id", table_name="outbox")
    op.create_index("ix_outbox_job_kind", "outbox", ["job_id", "kind", "event_type", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_outbox_job_kind", table_name="outbox")
    op.create_index("ix_outbox_job_id", "outbox", ["job_id"])
    for table, name in (("webhook_deliveries", "ix_webhook_deliveries_created"),
                        ("credit_ledger", "ix_credit_ledger_created"), ("jobs", "ix_jobs_member_uploads"),
                        ("jobs", "ix_jobs_blob"), ("jobs", "ix_jobs_created"), ("invoices", "ix_invoices_created"),
                        ("invoices", "ix_invoices_team_mode_client_issued"), ("invoices", "ix_invoices_team_mode_client"),
                        ("invoices", "ix_invoices_team_mode_assignment"), ("invoices", "ix_invoices_team_mode_status"),
                        ("invoices", "ix_invoices_team_mode_id")):
        op.drop_index(name, table_name=table)
    op.create_index("ix_invoices_team_mode_assignment", "invoices", ["team_id", "mode", "assignment_status"])
    op.create_index("ix_invoices_team_mode_created", "invoices", ["team_id", "mode", "created_at"])
