"""The daily Dagster job that drops webhook payloads past 30 days; redelivery then says 409."""

from datetime import timedelta

import pytest
import sqlalchemy as sa

from core import errors
from core.clock import utcnow
from core.store.tables import webhook_payloads
from core.webhooks import deliveries, fanout
from pipelines.definitions import defs
from pipelines.webhooks import OperationalStore, webhook_payload_retention_job
from tests.support.webhooks import deliveries_of, make_team


def test_old_payloads_are_dropped_and_cannot_be_redelivered(store):
    team = make_team(store)
    endpoint = team.endpoint("https://localhost:9/hook")
    old, new = team.fire(), team.fire()
    fanout.fan_out(store)
    with store.write() as conn:
        conn.execute(
            webhook_payloads.update().where(webhook_payloads.c.event_id == old["id"]).values(created_at=utcnow() - timedelta(days=31))
        )
    result = webhook_payload_retention_job.execute_in_process(resources={"store": OperationalStore(database_url=store.url)})
    assert result.success and result.output_for_node("drop_expired_webhook_payloads") == 1
    with store.read() as conn:
        bodies = dict(conn.execute(sa.select(webhook_payloads.c.event_id, webhook_payloads.c.body)).all())
    assert bodies[old["id"]] is None and bodies[new["id"]] is not None
    by_event = {d["event_id"]: d["id"] for d in deliveries_of(store, endpoint["id"])}
    with pytest.raises(errors.WebhookDeliveryPayloadUnavailable):
        deliveries.redeliver(store, team.live, endpoint["id"], by_event[old["id"]])
    assert deliveries.redeliver(store, team.live, endpoint["id"], by_event[new["id"]])["eventId"] == new["id"]


def test_the_job_runs_daily_from_the_definitions():
    [schedule] = [s for s in defs.schedules if s.name == "webhook_payload_retention_daily"]
    assert schedule.job_name == "webhook_payload_retention_job"
    minute, hour, *every_day = schedule.cron_schedule.split(" ")
    assert minute.isdigit() and hour.isdigit() and every_day == ["*", "*", "*"]
