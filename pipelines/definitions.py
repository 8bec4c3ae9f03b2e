"""The Dagster code location of the service (loaded through workspace.yaml).

One `Definitions` per domain, merged: stream (the hot path), reprocessing, credits,
retention and the warehouse, so the UI reads as a map of the system. The resources are
built here once, from the settings of the process that loads the location (the daemon's
code server, a run, the CLI); tests build their own and pass them in.
"""

import warnings

import dagster as dg

from core.settings import Settings, load_settings
from pipelines import credits, defaults, reprocessing, retention, stream_runs, warehouse
from pipelines.resources import BlobResource, KafkaResource, StoreResource, StreamResource, WarehouseResource
from pipelines.retention import RetentionResource
from pipelines.warehouse.io_manager import ParquetIOManager


def resources_for(settings: Settings) -> dict:
    """The resource map of a deployment: every deployment is described by its settings
    (SQLite or PostgreSQL, embedded broker or a Kafka cluster), so one function serves all."""
    warehouse_dir = WarehouseResource(root=str(settings.warehouse_dir), url=settings.warehouse_url)
    return {
        "store": StoreResource(database_url=settings.database_url),
        "blobs": BlobResource(root=settings.blob_location),
        "kafka": KafkaResource(
            bootstrap=settings.kafka_bootstrap, uploads_topic=settings.uploads_topic,
            reprocess_topic=settings.reprocess_topic, topic_partitions=settings.topic_partitions,
        ),
        "stream": StreamResource(
            groups=settings.stream_groups, window_s=settings.stream_window_s, lease_ttl_s=settings.lease_ttl_s,
            max_attempts=settings.max_attempts, document_time_limit_s=settings.document_time_limit_s,
        ),
        "windows": RetentionResource(
            jobs_days=settings.retention.jobs_days, files_days=settings.retention.files_days,
            idempotency_hours=settings.retention.idempotency_hours, parked_days=settings.retention.parked_days,
        ),
        "warehouse": warehouse_dir,
        "parquet": ParquetIOManager(warehouse=warehouse_dir),
    }


RESOURCES = resources_for(load_settings())

# Binding resources to sensors that target jobs makes Dagster 1.13 copy them with its own
# beta `owners` argument, which warns in every process that loads the location.
warnings.filterwarnings("ignore", message="Parameter `owners`", category=dg.BetaWarning)

DOMAINS = (stream_runs.defs, reprocessing.defs, credits.defs, retention.defs, warehouse.defs)

# Runs log their events as one JSON object per line (pipelines/defaults.py), like every other
# process of the stack (the daemon and its code server run with `--log-format json`, cli/supervise.py).
# Every job without an executor of its own runs in one process: that is the asset job the UI
# builds for a materialisation or a backfill. The warehouse's steps take milliseconds, and
# Dagster's default (a fresh process per step, two at a time) spent 3.5 s starting each of its
# 30 steps: a day's backfill took 90 s, in process it takes what the schedule's run takes.
defs = dg.Definitions.merge(*DOMAINS, dg.Definitions(
    resources=RESOURCES, loggers=defaults.LOGGERS, executor=dg.in_process_executor,
))
