"""The upload reconciler: Kafka is the transport, the store is the truth.

Each pass (a Dagster sensor tick) publishes outbox messages that the API could not send
(broker down at upload time) and re-queues uploads the consumers moved past without ever
starting them. Sending a job twice is harmless: processing is idempotent on the job id.
"""

import logging
from dataclasses import dataclass

from core import outbox
from core.kafka import Publisher
from core.settings import Settings
from core.store.db import Store

log = logging.getLogger(__name__)

_publishers: dict[str, Publisher] = {}


@dataclass
class Report:
    requeued: int
    published: int
    error: str | None = None

    def describe(self) -> str:
        text = f"published {self.published} pending message(s), re-queued {self.requeued} lost upload(s)"
        return f"{text}; broker error: {self.error}" if self.error else text


def run_once(settings: Settings, store: Store, min_age_s: float = 2.0) -> Report:
    publisher = _publishers.get(settings.database_url)
    if publisher is None:
        publisher = _publishers[settings.database_url] = Publisher(settings, store)
    with store.write() as conn:
        lost = outbox.lost_uploads(conn, settings.uploads_topic)
        requeued = outbox.requeue_kafka_for_jobs(conn, lost)
    if lost:
        log.warning("re-queued %d upload(s) that no run picked up: %s", len(lost), lost[:10])
    try:
        published = publisher.publish_pending(older_than_s=0 if lost else min_age_s)
    except Exception as exc:
        return Report(requeued, 0, str(exc))
    return Report(requeued, published)
