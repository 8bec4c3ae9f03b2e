"""Runtime settings, read once from the environment.

Every process of the stack (API workers, Dagster daemon, code server, stream runs, CLI)
builds the same `Settings` from the same variables, so `INVOICES_HOME` and the port
variables are enough to run two independent stacks side by side.
"""

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    return int(raw) if raw else default


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    return float(raw) if raw else default


# Seconds between the 8 attempts of a webhook delivery (interface.md 3.4, 6 rule 5): 90 s
# times 3 per step, so the last attempt comes about 27 hours after the first.
WEBHOOK_RETRY_DELAYS_S = (90.0, 270.0, 810.0, 2430.0, 7290.0, 21870.0, 65610.0)


@dataclass(frozen=True)
class WebhookSettings:
    """The webhook channel: what the SSRF guard admits and how the dispatcher behaves.

    `allow_loopback` is for local development and tests only (receivers on localhost, any
    port); `retry_delays_s` overrides the schedule (tests use tiny delays); `timeout_s`
    stays 30 s in production, the contract's limit for a receiver's answer.
    """

    allow_loopback: bool = False
    ca_file: Path | None = None
    retry_delays_s: tuple[float, ...] = WEBHOOK_RETRY_DELAYS_S
    timeout_s: float = 30.0
    lease_s: float = 60.0
    concurrency: int = 32
    endpoint_concurrency: int = 4
    poll_s: float = 0.1


def _delays(raw: str) -> tuple[float, ...]:
    """`1,1,2` -> seven delays; the last given value repeats for the attempts not named."""
    values = [float(v) for v in raw.split(",") if v.strip()]
    if not values or any(v < 0 for v in values):
        raise ValueError(f"INVOICES_WEBHOOK_RETRY_DELAYS must list seconds >= 0, got {raw!r}")
    values += [values[-1]] * (len(WEBHOOK_RETRY_DELAYS_S) - len(values))
    return tuple(values[: len(WEBHOOK_RETRY_DELAYS_S)])


def load_webhook_settings() -> WebhookSettings:
    ca_file = os.environ.get("INVOICES_WEBHOOK_CA_FILE", "").strip()
    delays = os.environ.get("INVOICES_WEBHOOK_RETRY_DELAYS", "").strip()
    return WebhookSettings(
        allow_loopback=os.environ.get("INVOICES_WEBHOOK_ALLOW_LOOPBACK", "").strip() == "1",
        ca_file=Path(ca_file) if ca_file else None,
        retry_delays_s=_delays(delays) if delays else WEBHOOK_RETRY_DELAYS_S,
        timeout_s=_float("INVOICES_WEBHOOK_TIMEOUT_S", 30.0),
        lease_s=max(1.0, _float("INVOICES_WEBHOOK_LEASE_S", 60.0)),
        concurrency=max(1, _int("INVOICES_WEBHOOK_CONCURRENCY", 32)),
        endpoint_concurrency=max(1, _int("INVOICES_WEBHOOK_ENDPOINT_CONCURRENCY", 4)),
        poll_s=max(0.01, _float("INVOICES_WEBHOOK_POLL_S", 0.1)),
    )


@dataclass(frozen=True)
class RetentionSettings:
    """How long what is kept is kept (interface.md 2.2, 3.1, 8). Invoices are kept for good.

    `jobs_days` is the contract's 30 days after a terminal state; `files_days` is ours (the
    uploaded file of a terminal job, after which reprocessing is unavailable);
    `idempotency_hours` the 24 hours a key is remembered; `parked_days` how long a job may
    wait unfunded before it is swept to `cancelled` (3.1's last row).
    """

    jobs_days: float = 30.0
    files_days: float = 30.0
    idempotency_hours: float = 24.0
    parked_days: float = 30.0


def load_retention_settings() -> RetentionSettings:
    return RetentionSettings(
        jobs_days=_float("INVOICES_JOB_RETENTION_DAYS", 30.0),
        files_days=_float("INVOICES_FILE_RETENTION_DAYS", 30.0),
        idempotency_hours=_float("INVOICES_IDEMPOTENCY_RETENTION_HOURS", 24.0),
        parked_days=_float("INVOICES_PARKED_RETENTION_DAYS", 30.0),
    )


# The bundled front (nginx on 127.0.0.1) is always a trusted proxy; INVOICES_TRUSTED_PROXIES
# adds more (a TLS terminator's addresses or networks, comma-separated).
LOOPBACK_PROXIES = ("127.0.0.1/32", "::1/128")


def _trusted_proxies(raw: str) -> tuple[str, ...]:
    import ipaddress

    listed = [str(ipaddress.ip_network(part.strip(), strict=False)) for part in raw.split(",") if part.strip()]
    return tuple(dict.fromkeys([*LOOPBACK_PROXIES, *listed]))


@dataclass(frozen=True)
class Settings:
    home: Path
    database_url: str
    kafka_bootstrap: str
    embedded_broker: bool
    broker_port: int
    api_port: int
    ui_port: int
    uploads_topic: str
    reprocess_topic: str
    topic_partitions: int
    stream_groups: int
    stream_window_s: float
    lease_ttl_s: float
    max_attempts: int
    document_time_limit_s: float
    queue_depth_limit: int
    queue_retry_after_s: int
    requests_per_minute: int
    requests_per_hour: int
    concurrent_uploads: int
    auth_cache_s: float
    docs_url: str
    public_url: str
    redis_url: str
    embedded_redis: bool
    redis_port: int
    webhooks: WebhookSettings = WebhookSettings()
    retention: RetentionSettings = RetentionSettings()
    trusted_proxies: tuple[str, ...] = LOOPBACK_PROXIES
    blob_url: str = ""  # s3://bucket/prefix; empty: the local folder blob_dir
    warehouse_url: str = ""  # s3://bucket/prefix for the Parquet; empty: warehouse_dir

    @property
    def blob_dir(self) -> Path:
        return self.home / "blobs"

    @property
    def blob_location(self) -> str:
        """Where uploaded files live: INVOICES_BLOB_URL, else `INVOICES_HOME/blobs`."""
        return self.blob_url or str(self.blob_dir)

    @property
    def dagster_home(self) -> Path:
        return self.home / "dagster"

    @property
    def warehouse_dir(self) -> Path:
        return self.home / "warehouse"

    def partitions_of_group(self, group: int) -> list[int]:
        """Partitions are dealt round-robin to groups: group g owns p where p % groups == g."""
        return [p for p in range(self.topic_partitions) if p % self.stream_groups == group]


def load_settings() -> Settings:
    home = Path(os.environ.get("INVOICES_HOME", "./var")).resolve()
    broker_port = _int("INVOICES_BROKER_PORT", 9092)
    external = os.environ.get("KAFKA_BOOTSTRAP_SERVERS", "").strip()
    api_port = _int("INVOICES_API_PORT", 8000)
    public_url = os.environ.get("INVOICES_PUBLIC_URL", "").strip().rstrip("/") or f"http://127.0.0.1:{api_port}"
    redis_port = _int("INVOICES_REDIS_PORT", 6379)
    external_redis = os.environ.get("INVOICES_REDIS_URL", "").strip()
    groups = max(1, _int("INVOICES_STREAM_GROUPS", 2))
    partitions = max(groups, _int("INVOICES_TOPIC_PARTITIONS", 4))
    return Settings(
        home=home,
        database_url=os.environ.get("INVOICES_DATABASE_URL", "").strip()
        or f"sqlite:///{home / 'store.db'}",
        kafka_bootstrap=external or f"127.0.0.1:{broker_port}",
        embedded_broker=not external,
        broker_port=broker_port,
        api_port=api_port,
        ui_port=_int("INVOICES_UI_PORT", 3000),
        uploads_topic=os.environ.get("INVOICES_UPLOADS_TOPIC", "invoices.uploads"),
        reprocess_topic=os.environ.get("INVOICES_REPROCESS_TOPIC", "invoices.reprocess"),
        topic_partitions=partitions,
        stream_groups=groups,
        stream_window_s=_float("INVOICES_STREAM_WINDOW_S", 1800.0),
        lease_ttl_s=_float("INVOICES_LEASE_TTL_S", 10.0),
        max_attempts=max(1, _int("INVOICES_MAX_ATTEMPTS", 3)),
        document_time_limit_s=_float("INVOICES_DOCUMENT_TIME_LIMIT_S", 120.0),
        queue_depth_limit=max(1, _int("INVOICES_QUEUE_DEPTH_LIMIT", 500)),
        queue_retry_after_s=max(1, _int("INVOICES_QUEUE_RETRY_AFTER_S", 5)),
        requests_per_minute=max(1, _int("INVOICES_REQUESTS_PER_MINUTE", 1200)),
        requests_per_hour=max(1, _int("INVOICES_REQUESTS_PER_HOUR", 36000)),
        concurrent_uploads=max(1, _int("INVOICES_CONCURRENT_UPLOADS", 16)),
        auth_cache_s=max(0.0, _float("INVOICES_AUTH_CACHE_S", 1.0)),
        docs_url=os.environ.get("INVOICES_DOCS_URL", "").strip().rstrip("/") or f"{public_url}/docs",
        public_url=public_url,
        redis_url=external_redis or f"redis://127.0.0.1:{redis_port}/0",
        embedded_redis=not external_redis,
        redis_port=redis_port,
        webhooks=load_webhook_settings(),
        retention=load_retention_settings(),
        trusted_proxies=_trusted_proxies(os.environ.get("INVOICES_TRUSTED_PROXIES", "")),
        blob_url=_s3_url("INVOICES_BLOB_URL"),
        warehouse_url=_s3_url("INVOICES_WAREHOUSE_URL"),
    )


def _s3_url(name: str) -> str:
    """An object storage location, `s3://bucket[/prefix]`, or "" for the local default."""
    raw = os.environ.get(name, "").strip().rstrip("/")
    if raw and (not raw.startswith("s3://") or len(raw) == len("s3://")):
        raise ValueError(f"{name} must be s3://bucket[/prefix], got {raw!r}")
    return raw


@cache
def settings() -> Settings:
    """The process-wide settings (environment read once)."""
    return load_settings()
