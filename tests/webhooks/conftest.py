"""Fixtures of the webhook tests: a migrated store in a fresh INVOICES_HOME (SQLite, or
PostgreSQL under INVOICES_TEST_POSTGRES), a loopback HTTPS receiver, a team with keys."""

import pytest

from core import settings as settings_module
from core.store.db import Store
from core.store.migrate import upgrade
from tests.support.webhook_receiver import Receiver
from tests.support.webhooks import make_team


@pytest.fixture
def wh_env(tmp_path, monkeypatch, database_url):
    monkeypatch.setenv("INVOICES_HOME", str(tmp_path / "home"))
    if database_url:
        monkeypatch.setenv("INVOICES_DATABASE_URL", database_url)
    else:
        monkeypatch.delenv("INVOICES_DATABASE_URL", raising=False)
    settings_module.settings.cache_clear()
    yield settings_module.settings()
    settings_module.settings.cache_clear()


@pytest.fixture
def wh_store(wh_env) -> Store:
    upgrade(wh_env.database_url)
    store = Store(wh_env.database_url)
    yield store
    store.dispose()


@pytest.fixture
def team(wh_store):
    return make_team(wh_store)


@pytest.fixture
def receiver(tmp_path):
    r = Receiver(tmp_path).start()
    yield r
    r.stop()
