"""The Dagster code location of the service (loaded through workspace.yaml)."""

import dagster as dg

from pipelines.jobs import reprocess_job, stream_job
from pipelines.sensors import parked_jobs_resumer, reprocess_sensor, stream_keeper, upload_reconciler
from pipelines.warehouse import credit_ledger, credit_ledger_job, credit_ledger_schedule
from pipelines.webhooks import webhook_payload_retention_job, webhook_payload_retention_schedule

defs = dg.Definitions(
    assets=[credit_ledger],
    jobs=[stream_job, reprocess_job, credit_ledger_job, webhook_payload_retention_job],
    sensors=[stream_keeper, upload_reconciler, parked_jobs_resumer, reprocess_sensor],
    schedules=[credit_ledger_schedule, webhook_payload_retention_schedule],
)
