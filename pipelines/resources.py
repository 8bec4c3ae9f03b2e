"""The systems the pipeline talks to, as Dagster resources (the shape of Dagster's
`project_fully_featured`): the operational store, the blob store, Kafka, the stream runs'
knobs and the warehouse.

`definitions.py` builds them once from the settings when the code location loads; sensors,
ops and assets receive them as parameters, and tests hand their own to `materialize()` or
`build_sensor_context()` instead of patching the environment. They hold configuration only,
so building them on every sensor tick costs nothing; a connection is opened where it is
used and closed there, never kept in a module global.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import dagster as dg
from kafka import KafkaConsumer, TopicPartition

from core import kafka as kafka_io
from core.blobs import Blobs, open_blobs
from core.settings import Settings, settings
from core.store.db import Store, get_store


class StoreResource(dg.ConfigurableResource):
    """The operational store: SQLite in INVOICES_HOME, or PostgreSQL."""

    database_url: str

    def get(self) -> Store:
        return get_store(self.database_url)


class BlobResource(dg.ConfigurableResource):
    """Uploaded files by content hash: `root` is a local folder or an `s3://bucket/prefix` URL."""

    root: str

    def get(self) -> Blobs:
        return open_blobs(self.root)


class KafkaResource(dg.ConfigurableResource):
    """The broker and the two topics: uploads (stream runs) and reprocessing (micro-batches)."""

    bootstrap: str
    uploads_topic: str = "invoices.uploads"
    reprocess_topic: str = "invoices.reprocess"
    topic_partitions: int = 4

    @contextmanager
    def reprocess_consumer(self) -> Iterator[tuple[KafkaConsumer, str]]:
        """A consumer of invoices.reprocess's one partition and the topic's id, closed after use.

        Offsets live in the sensor's cursor, so nothing is lost by not keeping the consumer."""
        topic_id = kafka_io.ensure_topic(self.bootstrap, self.reprocess_topic, 1)
        consumer = kafka_io.make_consumer(self.bootstrap)
        try:
            consumer.assign([TopicPartition(self.reprocess_topic, 0)])
            yield consumer, topic_id
        finally:
            consumer.close()


class StreamResource(dg.ConfigurableResource):
    """How stream runs share the uploads topic and hand it over, and how long a job may take."""

    groups: int = 2
    window_s: float = 1800.0
    lease_ttl_s: float = 10.0
    max_attempts: int = 3
    document_time_limit_s: float = 120.0


class WarehouseResource(dg.ConfigurableResource):
    """The warehouse: Parquet under `<table>/date=<day>/` in the folder `root`, or under `url`
    (`s3://bucket/prefix`) when set, with the i.SAF registers; `root` keeps `warehouse.duckdb`."""

    root: str
    url: str = ""

    def files(self):
        """The Parquet's storage (pipelines/warehouse/storage.py)."""
        from pipelines.warehouse.storage import open_warehouse

        return open_warehouse(self.url or self.root)

    @property
    def path(self) -> Path:
        return Path(self.root)

    @property
    def duckdb_path(self) -> Path:
        return self.path / "warehouse.duckdb"


def core_settings(store: StoreResource, kafka: KafkaResource, stream: StreamResource | None = None) -> Settings:
    """The `Settings` that core's functions take: the pipeline's part comes from the resources,
    the rest (ports and URLs the pipeline never reads) from the process's settings, read once."""
    overrides = {
        "database_url": store.database_url,
        "kafka_bootstrap": kafka.bootstrap,
        "uploads_topic": kafka.uploads_topic,
        "reprocess_topic": kafka.reprocess_topic,
        "topic_partitions": kafka.topic_partitions,
    }
    if stream is not None:
        overrides.update(
            stream_groups=stream.groups,
            stream_window_s=stream.window_s,
            lease_ttl_s=stream.lease_ttl_s,
            max_attempts=stream.max_attempts,
            document_time_limit_s=stream.document_time_limit_s,
        )
    return dataclasses.replace(settings(), **overrides)
