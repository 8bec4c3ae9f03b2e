"""Tables of the operational store (SQLAlchemy Core).

Every row that belongs to a partner's data world carries `mode`; reads go through
`core.store.scoping.in_mode` so no query filters by mode by hand. Money and credit
amounts are integers (credits) or decimal strings inside the invoice JSON; no floats.
"""

import sqlalchemy as sa

metadata = sa.MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

TS = sa.DateTime(timezone=True)

teams = sa.Table(
    "teams",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("status", sa.String(20), nullable=False, server_default="active"),
    sa.Column("billing_suspended", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("api_access", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("created_at", TS, nullable=False),
)

api_keys = sa.Table(
    "api_keys",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("team_id", sa.ForeignKey("teams.id"), nullable=False, index=True),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("prefix", sa.String(16), nullable=False),
    sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("scopes", sa.JSON, nullable=False),
    sa.Column("client_id", sa.String(48), nullable=True),
    sa.Column("allowed_ips", sa.JSON, nullable=False),
    sa.Column("expires_at", TS, nullable=True),
    sa.Column("status", sa.String(20), nullable=False, server_default="active"),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("last_used_at", TS, nullable=True),
)

clients = sa.Table(
    "clients",
    metadata,
    sa.Column("id", sa.String(48), primary_key=True),
    sa.Column("team_id", sa.ForeignKey("teams.id"), nullable=False, index=True),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("name", sa.String(300), nullable=False),
    sa.Column("company_code", sa.String(40), nullable=True),
    sa.Column("vat_code", sa.String(40), nullable=True),
    sa.Column("created_at", TS, nullable=False),
)

jobs = sa.Table(
    "jobs",
    metadata,
    sa.Column("id", sa.String(48), primary_key=True),
    sa.Column("team_id", sa.ForeignKey("teams.id"), nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("client_id", sa.String(48), nullable=True),
    sa.Column("api_key_id", sa.String(40), nullable=True),
    # the team member who uploaded the file in the dashboard (its events' source is then `ui`)
    sa.Column("user_id", sa.String(40), nullable=True),
    sa.Column("status", sa.String(24), nullable=False),
    sa.Column("source_file", sa.String(400), nullable=False),
    sa.Column("blob_key", sa.String(80), nullable=False),
    sa.Column("mime_type", sa.String(40), nullable=False),
    sa.Column("size_bytes", sa.Integer, nullable=False),
    sa.Column("test_scenario", sa.String(40), nullable=True),
    sa.Column("invoice_id", sa.String(48), nullable=True),
    sa.Column("error_message", sa.Text, nullable=True),
    sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("updated_at", TS, nullable=False),
    sa.Column("started_at", TS, nullable=True),
    sa.Column("finished_at", TS, nullable=True),
    # set while the job's invoice waits in client-assignment review (interface.md 3.1, 3.3):
    # the job stays `processing` but no worker may claim it again
    sa.Column("held_at", TS, nullable=True),
    # set when retention removed the uploaded file: reprocess is then unavailable (3.1)
    sa.Column("file_purged_at", TS, nullable=True),
    sa.Index("ix_jobs_team_mode_status", "team_id", "mode", "status", "created_at"),
    sa.Index("ix_jobs_status_created", "status", "created_at"),
    sa.Index("ix_jobs_status_finished", "status", "finished_at"),
    sa.Index("ix_jobs_queue", "team_id", "mode", "status", "held_at"),  # queue depth from the index alone
    sa.Index("ix_jobs_team_mode_blob", "team_id", "mode", "blob_key"),  # the same file uploaded again
    sa.Index("ix_jobs_blob", "blob_key"),  # whether another job still needs a file (retention)
    sa.Index("ix_jobs_created", "created_at"),  # one day's jobs (the warehouse)
    # a team's latest dashboard uploads, newest first, without walking the API's uploads
    sa.Index("ix_jobs_member_uploads", "team_id", "mode", "created_at", "id",
             sqlite_where=sa.text("user_id IS NOT NULL"), postgresql_where=sa.text("user_id IS NOT NULL")),
)

invoices = sa.Table(
    "invoices",
    metadata,
    sa.Column("id", sa.String(48), primary_key=True),
    sa.Column("team_id", sa.ForeignKey("teams.id"), nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("client_id", sa.String(48), nullable=True),
    sa.Column("job_id", sa.String(48), nullable=False, unique=True),
    sa.Column("status", sa.String(24), nullable=False),
    sa.Column("document", sa.JSON, nullable=False),
    sa.Column("assignment_status", sa.String(20), nullable=True),
    # bumped by every change of the document; the ETag of GET /invoices/{id}
    sa.Column("version", sa.Integer, nullable=False, server_default="1"),
    # seller and number, as core.books.duplicates compares them; a member may dismiss the flag
    sa.Column("duplicate_key", sa.String(64), nullable=True),
    sa.Column("duplicate_dismissed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("updated_at", TS, nullable=False),
    # lists are newest first by id, page after page by cursor: each filter has an index in
    # id order, so a page is read from the index instead of sorting a team's whole history
    sa.Index("ix_invoices_team_mode_id", "team_id", "mode", "id"),
    sa.Index("ix_invoices_team_mode_status", "team_id", "mode", "status", "id"),
    sa.Index("ix_invoices_team_mode_assignment", "team_id", "mode", "assignment_status", "id"),
    sa.Index("ix_invoices_team_mode_client", "team_id", "mode", "client_id", "id"),
    sa.Index("ix_invoices_team_mode_duplicate", "team_id", "mode", "duplicate_key", "id"),  # earliest copy first
    sa.Index("ix_invoices_created", "created_at"),  # one day's invoices (the warehouse)
)


def issue_date() -> sa.ColumnElement:
    """The document's issue date (YYYY-MM-DD) as a query must write it for the index below:
    an index on an expression serves only that same expression, so the JSON path is written
    into the SQL, not bound as a parameter."""
    path = sa.bindparam("issue_date_path", "issueDate", type_=sa.JSON.JSONStrIndexType(), literal_execute=True)
    return invoices.c.document[path].as_string()


# a client's invoices of a period (the dashboard's list and period export)
sa.Index("ix_invoices_team_mode_client_issued", invoices.c.team_id, invoices.c.mode, invoices.c.client_id,
         invoices.c.document["issueDate"].as_string())

# The page reading of a PDF with an embedded e-invoice compared with its XML
# (assets.einvoice.shadow), one row per job, replaced when the job is read again. `fields`
# (agreement and confidence per field) is kept; `pairs` and `page_text` are the document's
# content and are cleared with its uploaded file (`purged_at`, core.jobs.retention).
extraction_comparisons = sa.Table(
    "extraction_comparisons",
    metadata,
    sa.Column("job_id", sa.String(48), primary_key=True),
    sa.Column("invoice_id", sa.String(48), nullable=False),
    sa.Column("team_id", sa.String(40), nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("producer", sa.String(200), nullable=False),
    sa.Column("syntax", sa.String(40), nullable=False),
    sa.Column("language", sa.String(8), nullable=True),
    sa.Column("engine", sa.String(24), nullable=False),  # what read the page
    sa.Column("duration_ms", sa.Integer, nullable=False),
    sa.Column("fields", sa.JSON, nullable=False),
    sa.Column("pairs", sa.JSON, nullable=True),
    sa.Column("page_text", sa.Text, nullable=True),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("purged_at", TS, nullable=True),
    sa.Index("ix_extraction_comparisons_created", "created_at"),
    sa.Index("ix_extraction_comparisons_invoice", "invoice_id"),
)

# --- the team's books: contacts and the edit history of invoices ------------------------

contacts = sa.Table(
    "contacts",
    metadata,
    sa.Column("id", sa.String(48), primary_key=True),
    sa.Column("team_id", sa.ForeignKey("teams.id"), nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("client_id", sa.String(48), nullable=True),
    sa.Column("name", sa.String(300), nullable=False),
    sa.Column("name_key", sa.String(300), nullable=False),  # normalised name, for matching and `q`
    sa.Column("company_code", sa.String(40), nullable=True),
    sa.Column("vat_code", sa.String(40), nullable=True),
    sa.Column("is_natural_person", sa.Boolean, nullable=True),
    sa.Column("address", sa.JSON, nullable=True),
    sa.Column("email", sa.String(320), nullable=True),
    sa.Column("phone", sa.String(64), nullable=True),
    sa.Column("iban", sa.String(40), nullable=True),
    sa.Column("external_id", sa.String(200), nullable=True),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("updated_at", TS, nullable=False),
    sa.Index("ix_contacts_team_mode_vat", "team_id", "mode", "vat_code"),
    sa.Index("ix_contacts_team_mode_company", "team_id", "mode", "company_code"),
    sa.Index("ix_contacts_team_mode_name", "team_id", "mode", "name_key"),
)

invoice_edits = sa.Table(
    "invoice_edits",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("invoice_id", sa.String(48), nullable=False, index=True),
    sa.Column("team_id", sa.String(40), nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),  # the invoice's version after this edit
    sa.Column("source", sa.String(8), nullable=False),
    sa.Column("api_key_id", sa.String(40), nullable=True),
    sa.Column("user_id", sa.String(48), nullable=True),
    sa.Column("changes", sa.JSON, nullable=False),  # [{field, old, new}]
    sa.Column("created_at", TS, nullable=False),
)

idempotency_records = sa.Table(
    "idempotency_records",
    metadata,
    sa.Column("team_id", sa.String(40), primary_key=True),
    sa.Column("mode", sa.String(8), primary_key=True),
    sa.Column("key", sa.String(255), primary_key=True),
    sa.Column("request_hash", sa.String(64), nullable=False),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("response_status", sa.Integer, nullable=True),
    sa.Column("response_body", sa.JSON, nullable=True),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("locked_until", TS, nullable=False),
)

credit_ledger = sa.Table(
    "credit_ledger",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("team_id", sa.ForeignKey("teams.id"), nullable=False),
    sa.Column("kind", sa.String(12), nullable=False),  # grant | hold | charge | release
    sa.Column("amount", sa.Integer, nullable=False),
    sa.Column("job_id", sa.String(48), nullable=True),
    sa.Column("note", sa.String(200), nullable=True),
    sa.Column("created_at", TS, nullable=False),
    sa.Index("ix_credit_ledger_team_kind", "team_id", "kind"),
    sa.Index("ix_credit_ledger_job", "job_id"),
    sa.Index("ix_credit_ledger_balance", "team_id", "kind", "amount"),  # balances from the index alone
    sa.Index("ix_credit_ledger_created", "created_at"),  # one day's rows (the warehouse)
)

# The running total of each team's ledger, moved in the transaction of every ledger row:
# admission reads one row instead of summing a ledger that grows with every upload.
credit_balances = sa.Table(
    "credit_balances",
    metadata,
    sa.Column("team_id", sa.ForeignKey("teams.id"), primary_key=True),
    sa.Column("balance", sa.Integer, nullable=False),  # grants − charges
    sa.Column("held", sa.Integer, nullable=False),  # holds − charges − releases
    sa.Column("updated_at", TS, nullable=False),
)

outbox = sa.Table(
    "outbox",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("kind", sa.String(12), nullable=False),  # kafka | event
    sa.Column("topic", sa.String(120), nullable=True),
    sa.Column("key", sa.String(120), nullable=True),
    sa.Column("event_id", sa.String(48), nullable=True, unique=True),
    sa.Column("event_type", sa.String(60), nullable=True),
    sa.Column("team_id", sa.String(40), nullable=True),
    sa.Column("mode", sa.String(8), nullable=True),
    sa.Column("job_id", sa.String(48), nullable=True),
    sa.Column("payload", sa.JSON, nullable=False),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("published_at", TS, nullable=True),
    sa.Column("partition", sa.Integer, nullable=True),
    sa.Column("offset", sa.BigInteger, nullable=True),
    sa.Column("publish_attempts", sa.Integer, nullable=False, server_default="0"),
    # who caused an event (core.access.actors): `api`, `ui` or `system`, and the key or member behind it
    sa.Column("source", sa.String(8), nullable=True),
    sa.Column("api_key_id", sa.String(40), nullable=True),
    sa.Column("user_id", sa.String(48), nullable=True),
    # set when the webhook dispatcher turned an event row into its deliveries
    sa.Column("fanned_out_at", TS, nullable=True),
    # a job's rows and its first event of a type (the warehouse's jobs): with the kind and
    # type beside the job the planner never walks every event instead
    sa.Index("ix_outbox_job_kind", "job_id", "kind", "event_type", "created_at"),
)


def outbox_kind(kind: str) -> sa.ColumnElement[bool]:
    """`outbox.kind = 'kafka'` (or 'event') with the kind written into the SQL: a partial
    index below serves a query only where its condition is the index's own, and a bound
    parameter (or PostgreSQL's generic plan of a prepared statement) cannot show that."""
    return outbox.c.kind == sa.literal(kind, literal_execute=True)


# What the reconciler and the webhook dispatcher poll for, oldest first: the few rows not yet
# sent or fanned out, in an index of their own. On (kind, published_at) PostgreSQL's planner
# took a kind's unsent rows for a quarter of the table (the other kind's rows are null there
# too) and walked the whole outbox in id order instead: 0.8 s a poll at a million invoices.
UNSENT = sa.and_(outbox_kind("kafka"), outbox.c.published_at.is_(None))
NOT_FANNED_OUT = sa.and_(outbox_kind("event"), outbox.c.fanned_out_at.is_(None))
_UNSENT_SQL = sa.text("kind = 'kafka' AND published_at IS NULL")
_NOT_FANNED_OUT_SQL = sa.text("kind = 'event' AND fanned_out_at IS NULL")
sa.Index("ix_outbox_unsent", outbox.c.id, sqlite_where=_UNSENT_SQL, postgresql_where=_UNSENT_SQL)
sa.Index("ix_outbox_not_fanned_out", outbox.c.id, sqlite_where=_NOT_FANNED_OUT_SQL, postgresql_where=_NOT_FANNED_OUT_SQL)

consumer_offsets = sa.Table(
    "consumer_offsets",
    metadata,
    sa.Column("topic", sa.String(120), primary_key=True),
    sa.Column("partition", sa.Integer, primary_key=True),
    sa.Column("next_offset", sa.BigInteger, nullable=False),
    sa.Column("topic_id", sa.String(64), nullable=True),
    sa.Column("updated_at", TS, nullable=False),
)

stream_leases = sa.Table(
    "stream_leases",
    metadata,
    sa.Column("group_id", sa.Integer, primary_key=True),
    sa.Column("holder", sa.String(80), nullable=True),
    sa.Column("holder_pid", sa.Integer, nullable=True),
    sa.Column("acquired_at", TS, nullable=True),
    sa.Column("heartbeat_at", TS, nullable=True),
    sa.Column("successor", sa.String(80), nullable=True),
)

# --- exports (per-client export settings, mapping rules, currency rates) --------------------
# `client_id` is a client id, or "*" for the team's own profile, which applies to invoices
# without a client and to every client that does not override a key or add its own rules.

export_settings = sa.Table(
    "export_settings",
    metadata,
    sa.Column("team_id", sa.ForeignKey("teams.id"), primary_key=True),
    sa.Column("mode", sa.String(8), primary_key=True),
    sa.Column("client_id", sa.String(48), primary_key=True),
    sa.Column("key", sa.String(80), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
    sa.Column("updated_at", TS, nullable=False),
)

export_mapping_rules = sa.Table(
    "export_mapping_rules",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("team_id", sa.ForeignKey("teams.id"), nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("client_id", sa.String(48), nullable=False),
    sa.Column("subject", sa.String(12), nullable=False),  # item | partner
    sa.Column("direction", sa.String(12), nullable=True),  # purchase | sales | null = both
    sa.Column("match_code", sa.String(120), nullable=True),
    sa.Column("match_text", sa.String(200), nullable=True),
    sa.Column("match_partner", sa.String(40), nullable=True),
    sa.Column("target_code", sa.String(40), nullable=False),
    sa.Column("target_type", sa.String(12), nullable=True),  # goods | service | code (items)
    sa.Column("target_name", sa.String(200), nullable=True),
    sa.Column("priority", sa.Integer, nullable=False, server_default="100"),
    sa.Column("created_at", TS, nullable=False),
    sa.Index("ix_export_mapping_rules_scope", "team_id", "mode", "client_id"),
)

# Public reference data (ECB euro reference rates), shared by every team and mode.
currency_rates = sa.Table(
    "currency_rates",
    metadata,
    sa.Column("currency", sa.String(3), primary_key=True),
    sa.Column("rate_date", sa.Date, primary_key=True),
    sa.Column("rate", sa.String(24), nullable=False),  # units of `currency` per 1 EUR
    sa.Column("source", sa.String(40), nullable=False),
    sa.Column("loaded_at", TS, nullable=False),
)


# --- webhooks (interface.md 2.7-2.9, 3.4, 6) ---------------------------------------------
# An endpoint is soft-deleted (`deleted_at`) so its delivery history stays readable by
# operators; every partner-facing read skips deleted endpoints.

webhook_endpoints = sa.Table(
    "webhook_endpoints",
    metadata,
    sa.Column("id", sa.String(48), primary_key=True),
    sa.Column("team_id", sa.ForeignKey("teams.id"), nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("url", sa.String(2048), nullable=False),
    sa.Column("events", sa.JSON, nullable=False),
    sa.Column("source_filter", sa.JSON, nullable=False),  # "any" | "api" | "ui" | {"apiKeyId": ...}
    # set: the endpoint belongs to one client and receives only that client's events
    sa.Column("client_id", sa.String(48), nullable=True),
    sa.Column("enabled", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("secret", sa.String(100), nullable=False),
    # after a rotation the old secret keeps signing beside the new one until it expires
    sa.Column("previous_secret", sa.String(100), nullable=True),
    sa.Column("previous_secret_expires_at", TS, nullable=True),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("updated_at", TS, nullable=False),
    sa.Column("deleted_at", TS, nullable=True),
    sa.Index("ix_webhook_endpoints_team_mode", "team_id", "mode"),
)

# The body of one event exactly as it is sent (oversized envelope already applied), shared
# by every delivery and redelivery of the event; `body` is dropped after 30 days.
webhook_payloads = sa.Table(
    "webhook_payloads",
    metadata,
    sa.Column("event_id", sa.String(48), primary_key=True),
    sa.Column("team_id", sa.String(40), nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("event_type", sa.String(60), nullable=False),
    sa.Column("body", sa.Text, nullable=True),
    sa.Column("oversized", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("dropped_at", TS, nullable=True),
    sa.Index("ix_webhook_payloads_created", "created_at"),
)

webhook_deliveries = sa.Table(
    "webhook_deliveries",
    metadata,
    sa.Column("id", sa.String(48), primary_key=True),
    sa.Column("endpoint_id", sa.String(48), nullable=False),
    sa.Column("team_id", sa.String(40), nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("event_id", sa.String(48), nullable=False, index=True),
    sa.Column("event_type", sa.String(60), nullable=False),
    sa.Column("is_test", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("redelivery_of", sa.String(48), nullable=True),
    sa.Column("status", sa.String(16), nullable=False),  # pending | delivered | dead_lettered | cancelled
    sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
    sa.Column("next_attempt_at", TS, nullable=True),
    # the claim of a dispatcher: whoever holds an unexpired lease is the only one attempting
    sa.Column("lease_holder", sa.String(80), nullable=True),
    sa.Column("lease_token", sa.String(40), nullable=True),
    sa.Column("lease_until", TS, nullable=True),
    sa.Column("last_status_code", sa.Integer, nullable=True),
    sa.Column("last_error", sa.String(300), nullable=True),
    sa.Column("delivered_at", TS, nullable=True),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("updated_at", TS, nullable=False),
    sa.Index("ix_webhook_deliveries_due", "status", "next_attempt_at"),
    sa.Index("ix_webhook_deliveries_endpoint", "endpoint_id", "id"),
    sa.Index("ix_webhook_deliveries_created", "created_at"),  # one day's deliveries (the warehouse)
)

webhook_delivery_attempts = sa.Table(
    "webhook_delivery_attempts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("delivery_id", sa.String(48), nullable=False, index=True),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("dispatcher", sa.String(80), nullable=False),
    sa.Column("started_at", TS, nullable=False),
    sa.Column("finished_at", TS, nullable=True),
    sa.Column("duration_ms", sa.Integer, nullable=True),
    sa.Column("status_code", sa.Integer, nullable=True),
    sa.Column("error", sa.String(300), nullable=True),
    sa.Column("response_body", sa.Text, nullable=True),  # the first 1 KB of the answer
)

# --- operations: plans, service switches --------------------------------------------------

# A team's plan (interface.md 5.4, 5.8, 8). A column left NULL takes the documented default
# of `core.billing.plans.DEFAULT_PLAN`, so changing a default changes every team that never chose.
team_plans = sa.Table(
    "team_plans",
    metadata,
    sa.Column("team_id", sa.ForeignKey("teams.id"), primary_key=True),
    sa.Column("requests_per_minute", sa.Integer, nullable=True),
    sa.Column("requests_per_hour", sa.Integer, nullable=True),
    sa.Column("queue_depth", sa.Integer, nullable=True),
    sa.Column("concurrent_uploads", sa.Integer, nullable=True),
    sa.Column("updated_at", TS, nullable=False),
)

# Switches every worker and node must see (the maintenance switch): a name and a JSON value.
service_flags = sa.Table(
    "service_flags",
    metadata,
    sa.Column("name", sa.String(60), primary_key=True),
    sa.Column("value", sa.JSON, nullable=False),
    sa.Column("updated_at", TS, nullable=False),
)

# --- the dashboard: team members and their sessions ---------------------------------------
# A member's email is unique across the service (the login form asks for no team). A session
# row is keyed by the SHA-256 of the random id its signed cookie carries, so a copy of the
# table cannot be replayed as cookies; deleting the row ends the session everywhere.

users = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.String(48), primary_key=True),
    sa.Column("team_id", sa.ForeignKey("teams.id"), nullable=False, index=True),
    sa.Column("email", sa.String(320), nullable=False, unique=True),  # stored lower-cased
    sa.Column("role", sa.String(12), nullable=False),  # admin | member
    sa.Column("password_hash", sa.String(200), nullable=True),  # argon2id; null until set
    sa.Column("created_at", TS, nullable=False),
    sa.Column("password_set_at", TS, nullable=True),
    sa.Column("last_login_at", TS, nullable=True),
)

user_sessions = sa.Table(
    "user_sessions",
    metadata,
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column("user_id", sa.ForeignKey("users.id"), nullable=False, index=True),
    sa.Column("csrf_token", sa.String(64), nullable=False),
    sa.Column("created_at", TS, nullable=False),
    sa.Column("last_seen_at", TS, nullable=False),
    sa.Column("expires_at", TS, nullable=False),
)
