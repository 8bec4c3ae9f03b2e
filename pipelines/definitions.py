"""The Dagster code location of the service (loaded through workspace.yaml)."""

import dagster as dg

from pipelines.jobs import reprocess_job, stream_job
from pipelines.sensors import reprocess_sensor, stream_keeper, upload_reconciler

defs = dg.Definitions(
    jobs=[stream_job, reprocess_job],
    sensors=[stream_keeper, upload_reconciler, reprocess_sensor],
)
