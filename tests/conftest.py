"""Shared fixtures: a migrated SQLite store in a temporary INVOICES_HOME, and a real
Tansu broker for tests that publish."""

import pytest

from core import settings as settings_module
from core.store.db import Store
from core.store.migrate import upgrade
from tests.support.processes import Managed, free_port, wait_for_port
from tests.support.stack import BIN, ROOT


@pytest.fixture(scope="session")
def broker_port(tmp_path_factory):
    port = free_port()
    logs = tmp_path_factory.mktemp("broker")
    import os

    env = {**os.environ, "INVOICES_BROKER_PORT": str(port)}
    env.pop("KAFKA_BOOTSTRAP_SERVERS", None)
    proc = Managed("broker", [str(BIN / "invoices"), "broker"], env, logs, ROOT).start()
    try:
        wait_for_port(port, 20, proc.proc)
        yield port
    finally:
        proc.stop()


@pytest.fixture
def env(tmp_path, monkeypatch, broker_port):
    """Settings pointing at a fresh home and the session broker."""
    monkeypatch.setenv("INVOICES_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("INVOICES_BROKER_PORT", str(broker_port))
    monkeypatch.delenv("KAFKA_BOOTSTRAP_SERVERS", raising=False)
    monkeypatch.delenv("INVOICES_DATABASE_URL", raising=False)
    settings_module.settings.cache_clear()
    yield settings_module.settings()
    settings_module.settings.cache_clear()


@pytest.fixture
def store(env) -> Store:
    upgrade(env.database_url)
    s = Store(env.database_url)
    yield s
    s.dispose()
