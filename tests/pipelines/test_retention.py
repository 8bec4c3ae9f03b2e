"""The retention domain's daily jobs, run in process against a real store: each calls its
sweep of core/jobs/retention.py and shows what it swept as the op's output metadata."""

from datetime import timedelta

import pytest
import sqlalchemy as sa

from core import errors
from core.access import admin
from core.clock import utcnow
from core.modes import Mode
from core.store.tables import jobs, webhook_payloads
from core.webhooks import deliveries, fanout
from pipelines.resources import BlobResource, StoreResource
from pipelines.retention import JOBS, RetentionResource
from tests.support.webhooks import deliveries_of, make_team


def _resources(store, home) -> dict:
    return {
        "store": StoreResource(database_url=store.url),
        "blobs": BlobResource(root=str(home.blob_dir)),
        "windows": RetentionResource(),
    }


def _swept(result, name: str) -> dict:
    [step] = [e for e in result.all_events if e.is_successful_output]
    metadata = {key: value.value for key, value in step.step_output_data.metadata.items()}
    assert metadata == result.output_for_node(f"sweep_{name}")
    return metadata


def test_old_payloads_are_dropped_and_cannot_be_redelivered(home, home_store):
    team = make_team(home_store)
    endpoint = team.endpoint("https://localhost:9/hook")
    old, new = team.fire(), team.fire()
    fanout.fan_out(home_store)
    with home_store.write() as conn:
        conn.execute(
            webhook_payloads.update().where(webhook_payloads.c.event_id == old["id"])
            .values(created_at=utcnow() - timedelta(days=31))
        )
    result = JOBS["webhook_payloads"].execute_in_process(resources=_resources(home_store, home))
    assert result.success and _swept(result, "webhook_payloads") == {"payloadsDropped": 1}
    with home_store.read() as conn:
        bodies = dict(conn.execute(sa.select(webhook_payloads.c.event_id, webhook_payloads.c.body)).all())
    assert bodies[old["id"]] is None and bodies[new["id"]] is not None
    by_event = {d["event_id"]: d["id"] for d in deliveries_of(home_store, endpoint["id"])}
    with pytest.raises(errors.WebhookDeliveryPayloadUnavailable):
        deliveries.redeliver(home_store, team.live, endpoint["id"], by_event[old["id"]])
    assert deliveries.redeliver(home_store, team.live, endpoint["id"], by_event[new["id"]])["eventId"] == new["id"]


def test_a_job_parked_too_long_is_cancelled_by_its_daily_job(home, home_store):
    from core.access.auth import authenticate
    from core.jobs import admission

    team = admin.create_team(home_store, "UAB Be Kreditų")["teamId"]
    principal = authenticate(home_store, admin.create_key(home_store, team, Mode.LIVE, ["invoice:write"])["key"], "127.0.0.1")
    upload = admission.Upload("a.pdf", "application/pdf", "0" * 64, 1, None, None)
    stale, fresh = (admission.admit(home_store, home, principal, [upload])[0].job_id for _ in range(2))
    with home_store.write() as conn:
        conn.execute(jobs.update().where(jobs.c.id == stale).values(created_at=utcnow() - timedelta(days=31)))
    result = JOBS["parked_jobs"].execute_in_process(resources=_resources(home_store, home))
    assert result.success and _swept(result, "parked_jobs") == {"jobsCancelled": 1}
    with home_store.read() as conn:
        status = dict(conn.execute(sa.select(jobs.c.id, jobs.c.status).where(jobs.c.id.in_([stale, fresh]))).all())
    assert status == {stale: "cancelled", fresh: "awaiting_credits"}
