"""/metrics: loopback clients only, or a bearer token (INVOICES_METRICS_TOKEN)."""

import falcon.testing

from api.app import create_app


def test_metrics_answer_loopback_clients_only_without_a_token(home, home_store, counters, monkeypatch):
    monkeypatch.delenv("INVOICES_METRICS_TOKEN", raising=False)
    client = falcon.testing.TestClient(create_app(home, counters=counters))
    assert client.simulate_get("/metrics", remote_addr="127.0.0.1").status_code == 200
    assert client.simulate_get("/metrics", remote_addr="::1").status_code == 200
    refused = client.simulate_get("/metrics", remote_addr="203.0.113.9")
    assert refused.status_code == 403 and refused.json["code"] == "http.forbidden"
    assert refused.headers["content-type"] == "application/problem+json"


def test_metrics_ask_for_the_token_when_one_is_set(home, home_store, counters, monkeypatch):
    monkeypatch.setenv("INVOICES_METRICS_TOKEN", "scrape-me-0123456789")
    client = falcon.testing.TestClient(create_app(home, counters=counters))
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic scrape-me-0123456789"}):
        refused = client.simulate_get("/metrics", headers=headers, remote_addr="127.0.0.1")
        assert refused.status_code == 401 and refused.json["code"] == "http.unauthorized"
    good = {"Authorization": "Bearer scrape-me-0123456789"}
    answer = client.simulate_get("/metrics", headers=good, remote_addr="203.0.113.9")
    assert answer.status_code == 200 and "invoices_jobs" in answer.text
