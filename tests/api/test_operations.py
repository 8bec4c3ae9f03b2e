"""Plans and limits, maintenance, probes, metrics and the served contract, in process against
a real SQLite store and the run's real counter store (over gunicorn: tests/e2e)."""

import dataclasses
import time

import falcon.testing
import pytest

from api.app import create_app

from core import maintenance
from core.billing import plans
from schemas.components import COMPONENTS
from tests.api.helpers import assert_problem, get, upload
from tests.support.processes import free_port


def test_probes_answer_without_a_key(world):
    client = world["client"]
    assert client.simulate_get("/healthz").json == {"status": "ok"}
    ready = client.simulate_get("/readyz")
    assert ready.status_code == 200 and ready.json["status"] == "ready", ready.json
    assert all(check["ok"] for check in ready.json["checks"].values())


def test_not_ready_without_the_broker(world, env, counters):
    app = create_app(dataclasses.replace(env, kafka_bootstrap=f"127.0.0.1:{free_port()}"), counters=counters)
    ready = falcon.testing.TestClient(app).simulate_get("/readyz")
    assert ready.status_code == 503 and ready.headers["retry-after"]
    checks = ready.json["checks"]
    assert checks["store"]["ok"] and checks["counters"]["ok"] and not checks["broker"]["ok"]


def test_metrics_count_requests_by_route_status_and_mode(world):
    assert upload(world, world["live"]).status_code == 202
    get(world, world["live"], "/external/v1/jobs/job_missing")
    get(world, world["test"], "/external/v1/me")
    text = world["client"].simulate_get("/metrics").text
    assert 'invoices_http_requests_total{method="GET",mode="live",route="/external/v1/jobs/{job_id}",status="404"}' in text
    assert 'route="/external/v1/me",status="200"' in text and 'mode="test"' in text
    assert "invoices_http_request_duration_seconds_bucket" in text
    assert 'invoices_jobs{mode="live",status="processing"} 1.0' in text
    assert 'invoices_queue_depth{mode="live"} 1.0' in text
    assert 'invoices_uploads_total{mode="live",status="processing"}' in text


def test_the_served_contract_and_its_pages(world):
    client = world["client"]
    doc = client.simulate_get("/external/v1/openapi.json").json
    assert doc["openapi"] == "3.1.0" and doc["servers"][0]["url"].endswith("/external/v1")
    schemas = doc["components"]["schemas"]
    assert set(COMPONENTS) <= set(schemas) and "InvoicePatch" in schemas
    for item in doc["paths"].values():
        for method, op in item.items():
            if method in ("get", "post", "patch", "delete"):
                assert "default" in op["responses"]
    registry = client.simulate_get("/docs/errors/error-registry")
    assert registry.headers["content-type"].startswith("text/html")
    for code in ("rate_limit.exceeded", "upload.concurrent_limit_exceeded", "service.maintenance",
                 "idempotency.backend_unavailable", "invoice.reprocess_unavailable", "validation.invalid_idempotency_key"):
        assert f'id="{code}"' in registry.text
    reference = client.simulate_get("/docs")
    assert "/invoices/{invoiceId}" in reference.text and "openapi.json" in reference.text
    problem = get(world, world["live"], "/external/v1/jobs/job_missing").json
    assert problem["type"].endswith("/docs/errors/error-registry")


def test_rate_limit_per_key_with_ietf_headers(world):
    plans.set_plan(world["store"], world["team"], requests_per_minute=3)
    answers = [get(world, world["live"], "/external/v1/me") for _ in range(4)]
    assert [a.status_code for a in answers[:3]] == [200, 200, 200]
    assert answers[0].headers["ratelimit-policy"] == '"minute";q=3;w=60, "hour";q=36000;w=3600'
    assert answers[2].headers["ratelimit"].startswith('"minute";r=0;t=')
    refused = assert_problem(answers[3], 429, "rate_limit.exceeded")
    assert 1 <= int(answers[3].headers["retry-after"]) <= 60 and refused
    assert answers[3].headers["ratelimit"].startswith('"minute";r=0;')
    # the test key counts on its own counters, under the same ceiling
    assert get(world, world["test"], "/external/v1/me").status_code == 200


def test_concurrent_uploads_are_capped_per_team_and_mode(world, counters):
    plans.set_plan(world["store"], world["team"], concurrent_uploads=1)
    with counters.slot(f"uploads:{world['team']}:live", 1) as taken:
        assert taken  # an upload of the team in flight elsewhere
        resp = upload(world, world["live"])
        assert_problem(resp, 429, "upload.concurrent_limit_exceeded")
        assert resp.headers["retry-after"]
        # test mode has its own slots
        test = upload(world, world["test"], headers={"X-Client-Id": world["test_client"]})
        assert test.status_code == 202, test.text
    assert upload(world, world["live"]).status_code == 202


def test_queue_depth_comes_from_the_plan(world):
    plans.set_plan(world["store"], world["team"], queue_depth=1)
    assert upload(world, world["live"]).status_code == 202
    assert_problem(upload(world, world["live"]), 503, "ingestion.queue_full")


def test_maintenance_switch(world):
    store, client = world["store"], world["client"]
    maintenance.switch_on(store, retry_after_s=42, message="Upgrading the store.")
    time.sleep(maintenance.CACHE_S + 0.1)
    try:
        resp = get(world, world["live"], "/external/v1/me")
        body = assert_problem(resp, 503, "service.maintenance")
        assert resp.headers["retry-after"] == "42" and body["detail"] == "Upgrading the store."
        # without a key too: nothing under /external/v1 answers, the probes do
        assert_problem(client.simulate_get("/external/v1/jobs"), 503, "service.maintenance")
        assert client.simulate_get("/healthz").status_code == 200
    finally:
        maintenance.switch_off(store)
    time.sleep(maintenance.CACHE_S + 0.1)
    assert get(world, world["live"], "/external/v1/me").status_code == 200


def test_plan_defaults_and_changes(world, env):
    default = plans.default_plan(env)
    shown = plans.show_plan(world["store"], world["team"], default)
    assert shown["defaults"] and shown["queueDepth"] == env.queue_depth_limit
    changed = plans.set_plan(world["store"], world["team"], default, requests_per_hour=10)
    assert changed.requests_per_hour == 10 and changed.requests_per_minute == default.requests_per_minute
    with pytest.raises(ValueError):
        plans.set_plan(world["store"], world["team"], default, queue_depth=0)
    with pytest.raises(plans.UnknownTeam):
        plans.show_plan(world["store"], "team_nobody", default)
