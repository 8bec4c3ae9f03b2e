"""Real answers of the API, events of the outbox and Kafka messages, checked against the
contracts of schemas/: the pydantic models, and the JSON Schema the OpenAPI components are
generated from (so the published document accepts what the service really sends)."""

import jsonschema_rs
import pytest
import sqlalchemy as sa

from core.store.tables import outbox
from pipelines.work import JobRunner
from schemas.components import COMPONENTS, REF_TEMPLATE, json_schemas
from schemas.events import EventEnvelope
from schemas.messages import UploadMessage
from tests.api.helpers import PDF, get, multipart, upload

SCHEMAS = json_schemas()


def conforms(component: str, body: dict) -> None:
    COMPONENTS[component].model_validate(body)
    document = {"$ref": REF_TEMPLATE.format(model=component), "components": {"schemas": SCHEMAS}}
    jsonschema_rs.validator_for(document).validate(body)


@pytest.fixture
def processed(world, env):
    """A live and a test upload, run by the pipeline's job runner: their jobs and invoices."""
    uploads = [upload(world, world["live"]), upload(world, world["test"], headers={"X-Client-Id": world["test_client"]})]
    for resp in uploads:
        assert resp.status_code == 202
        conforms("UploadResult", resp.json)
    runner = JobRunner(env, world["store"])
    return [(key, runner.run(resp.json["jobId"])) for key, resp in zip((world["live"], world["test"]), uploads)]


def test_jobs_and_invoices_as_read_match_their_components(world, processed):
    for key, outcome in processed:
        assert outcome.status == "completed"
        conforms("Job", get(world, key, f"/external/v1/jobs/{outcome.job_id}").json)
        conforms("JobPage", get(world, key, "/external/v1/jobs").json)
        conforms("Invoice", get(world, key, f"/external/v1/invoices/{outcome.invoice_id}").json)
        conforms("InvoiceStatus", get(world, key, f"/external/v1/invoices/{outcome.invoice_id}/status").json)
        conforms("InvoicePage", get(world, key, "/external/v1/invoices").json)


def test_a_batch_with_a_refused_file_matches_its_component(world):
    body, ctype = multipart([("file", "a.pdf", "application/pdf", PDF), ("file", "b.pdf", "application/pdf", b"not a pdf")])
    resp = world["client"].simulate_post(
        "/external/v1/invoices/batch", body=body,
        headers={"Authorization": f"Bearer {world['live']}", "Content-Type": ctype},
    )
    assert resp.status_code == 207
    conforms("BatchUploadResult", resp.json)
    assert [item["status"] for item in resp.json["results"]] == ["processing", "rejected"]


def test_errors_match_the_problem_component(world):
    resp = get(world, world["live"], "/external/v1/jobs/job_missing")
    assert resp.status_code == 404
    conforms("Problem", resp.json)


def test_events_and_kafka_messages_match_their_contracts(world, processed):
    with world["store"].read() as conn:
        rows = conn.execute(sa.select(outbox.c.kind, outbox.c.payload)).all()
    events = [payload for kind, payload in rows if kind == "event"]
    messages = [payload for kind, payload in rows if kind == "kafka"]
    assert {e["type"] for e in events} >= {"invoice.processed"} and len(messages) == 2
    for envelope in events:
        EventEnvelope.model_validate(envelope)
        conforms("EventEnvelope", envelope)
    for message in messages:
        UploadMessage.model_validate(message)
