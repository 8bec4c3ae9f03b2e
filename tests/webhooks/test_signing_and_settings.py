"""Standard Webhooks signatures (verified with the `standardwebhooks` library) and the
webhook settings."""

from datetime import datetime, timedelta, timezone

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from core.settings import WEBHOOK_RETRY_DELAYS_S, load_webhook_settings
from core.webhooks import claims, signing


def test_secrets_are_standard_webhooks_secrets():
    secret = signing.new_secret()
    assert secret.startswith("whsec_") and secret != signing.new_secret()
    Webhook(secret)  # the library accepts it


def test_headers_verify_with_the_library_for_every_signing_secret():
    old, new = signing.new_secret(), signing.new_secret()
    body = '{"id":"evt_1","type":"invoice.processed","data":{"invoice":{"id":"inv_1","status":"completed"}}}'
    now = datetime.now(timezone.utc)
    headers = signing.headers([new, old], "evt_1", now, body)
    assert headers["webhook-id"] == "evt_1" and headers["webhook-timestamp"] == str(int(now.timestamp()))
    assert headers["content-type"] == "application/json" and headers["user-agent"].startswith("invoices-webhooks/")
    assert len(headers["webhook-signature"].split(" ")) == 2
    assert all(part.startswith("v1,") for part in headers["webhook-signature"].split(" "))
    for secret in (old, new):
        assert Webhook(secret).verify(body, headers)["id"] == "evt_1"
    with pytest.raises(WebhookVerificationError):
        Webhook(signing.new_secret()).verify(body, headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(new).verify(body.replace("inv_1", "inv_2"), headers)


def test_default_schedule_is_exponential_and_about_a_day():
    assert len(WEBHOOK_RETRY_DELAYS_S) == 7  # 8 attempts
    assert all(b == a * 3 for a, b in zip(WEBHOOK_RETRY_DELAYS_S, WEBHOOK_RETRY_DELAYS_S[1:]))
    assert timedelta(hours=20) < timedelta(seconds=sum(WEBHOOK_RETRY_DELAYS_S)) < timedelta(hours=30)


def test_retry_delays_have_jitter_around_the_schedule():
    delays = [claims.retry_delay(1, (100.0,) * 7).total_seconds() for _ in range(200)]
    assert all(90 <= d <= 110 for d in delays) and len(set(delays)) > 100
    assert 0.9 * 65610 <= claims.retry_delay(7, WEBHOOK_RETRY_DELAYS_S).total_seconds() <= 1.1 * 65610


def test_settings_from_the_environment(monkeypatch, tmp_path):
    assert load_webhook_settings().allow_loopback is False
    monkeypatch.setenv("INVOICES_WEBHOOK_ALLOW_LOOPBACK", "1")
    monkeypatch.setenv("INVOICES_WEBHOOK_CA_FILE", str(tmp_path / "ca.pem"))
    monkeypatch.setenv("INVOICES_WEBHOOK_RETRY_DELAYS", "1,1,2")
    cfg = load_webhook_settings()
    assert cfg.allow_loopback and cfg.ca_file == tmp_path / "ca.pem"
    assert cfg.retry_delays_s == (1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 2.0)
    monkeypatch.setenv("INVOICES_WEBHOOK_RETRY_DELAYS", "-1")
    with pytest.raises(ValueError):
        load_webhook_settings()
