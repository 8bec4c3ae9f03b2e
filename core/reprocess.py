"""Operator-requested reprocessing of failed jobs.

The job goes back to `processing` (holding a credit again in live mode) and a message is
written to the outbox for `invoices.reprocess`, where a sensor batches requests into
micro-batch runs keyed by their offset range.
"""

import sqlalchemy as sa

from core import credits, outbox
from core.admin import AdminError
from core.clock import utcnow
from core.jobs import FAILED, PROCESSING
from core.kafka import Publisher
from core.settings import Settings
from core.store.db import Store
from core.store.tables import jobs


def request(settings: Settings, store: Store, job_id: str) -> dict:
    with store.write() as conn:
        job = conn.execute(sa.select(jobs).where(jobs.c.id == job_id)).mappings().first()
        if job is None:
            raise AdminError(f"no job {job_id}")
        if job["status"] != FAILED:
            raise AdminError(f"job {job_id} is {job['status']}; only failed jobs are reprocessed")
        if job["mode"] == "live":
            store.lock_team(conn, job["team_id"])
            if not credits.try_hold(conn, job["team_id"], job_id):
                raise AdminError(f"team {job['team_id']} has no available credit for {job_id}")
        conn.execute(
            jobs.update().where(jobs.c.id == job_id).values(
                status=PROCESSING, attempts=0, error_message=None, finished_at=None, updated_at=utcnow()
            )
        )
        message = {"jobId": job_id, "teamId": job["team_id"], "mode": job["mode"], "blob": job["blob_key"]}
        row_id = outbox.add_kafka(conn, settings.reprocess_topic, job["team_id"], message, job_id)
    published = Publisher(settings, store).publish_row(row_id, settings.reprocess_topic, job["team_id"], message)
    return {"jobId": job_id, "status": PROCESSING, "published": published}
