"""Retention of webhook payloads (interface.md 8: delivery payloads are kept 30 days).

A daily job forgets the bodies of events older than 30 days; a redelivery of such an
event then answers 409 `webhook.delivery_payload_unavailable`. It runs in Dagster so
engineers see in the UI what each run swept. The store comes in as a resource, so tests
run the job against their own store.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

import dagster as dg

from core.settings import load_settings
from core.store.db import Store, get_store
from core.webhooks import payloads


class OperationalStore(dg.ConfigurableResource):
    """The store of INVOICES_DATABASE_URL / INVOICES_HOME, unless a URL is given."""

    database_url: str = ""

    def get(self) -> Store:
        return get_store(self.database_url or load_settings().database_url)


@dg.op(description="Drop the bodies of webhook events older than 30 days.")
def drop_expired_webhook_payloads(context: dg.OpExecutionContext, store: OperationalStore) -> int:
    with store.get().write() as conn:
        dropped = payloads.drop_expired(conn)
    context.log.info(f"dropped {dropped} webhook payload(s) past the {payloads.RETENTION.days}-day retention")
    return dropped


@dg.job(
    resource_defs={"store": OperationalStore()},
    executor_def=dg.in_process_executor,
    tags={"invoices/kind": "retention"},
    description="Daily: webhook delivery payloads are kept 30 days, then dropped.",
)
def webhook_payload_retention_job():
    drop_expired_webhook_payloads()


webhook_payload_retention_schedule = dg.ScheduleDefinition(
    name="webhook_payload_retention_daily",
    job=webhook_payload_retention_job,
    cron_schedule="40 3 * * *",
    execution_timezone="UTC",
    default_status=dg.DefaultScheduleStatus.RUNNING,
    description="Daily at 03:40 UTC: drop webhook payloads past the 30-day retention.",
)
