"""Shared fixtures: a migrated SQLite store in a temporary INVOICES_HOME, a real Tansu
broker for tests that publish, and a real counter store (redis-server) for the whole run."""

import os
import uuid

# The test process keeps its metrics in memory; each test stack writes to a folder of its own.
os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)

import pytest
import sqlalchemy as sa

from core import settings as settings_module
from core.store.db import Store
from core.store.migrate import upgrade
from tests.support.processes import Managed, free_port, wait_for_port
from tests.support.stack import BIN, ROOT


def pytest_collection_modifyitems(config, items):
    """Modules with a slow test first: in the parallel run of `make test` (`-n 2`, a module per
    worker at a time) they start at once and the quick ones fill in around them, instead of
    one slow module finishing alone at the end. The sort is stable: order within a module stays."""
    slow = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow)


@pytest.fixture(scope="session", autouse=True)
def redis_url(tmp_path_factory):
    """The run's counter store, started through `invoices redis` like `make run` does; every
    app and stack of the run uses it (keys are per team and key, so tests never collide)."""
    port = free_port()
    home = tmp_path_factory.mktemp("redis")
    env = {**os.environ, "INVOICES_HOME": str(home), "INVOICES_REDIS_PORT": str(port)}
    env.pop("INVOICES_REDIS_URL", None)
    proc = Managed("redis", [str(BIN / "invoices"), "redis"], env, home, ROOT).start()
    url = f"redis://127.0.0.1:{port}/0"
    previous = os.environ.get("INVOICES_REDIS_URL")
    try:
        wait_for_port(port, 20, proc.proc)
        os.environ["INVOICES_REDIS_URL"] = url
        yield url
    finally:
        if previous is None:
            os.environ.pop("INVOICES_REDIS_URL", None)
        else:
            os.environ["INVOICES_REDIS_URL"] = previous
        proc.stop()


@pytest.fixture
def counters(redis_url):
    """The run's counter store under a namespace of this test's own, so counts start at 0."""
    from core.billing.ratelimits import Counters

    return Counters(redis_url, prefix=f"test-{uuid.uuid4().hex[:12]}")


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


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL server for the run: INVOICES_TEST_POSTGRES_URL if given, a private
    throw-away cluster when INVOICES_TEST_POSTGRES=1, else None (tests use SQLite)."""
    if os.environ.get("INVOICES_TEST_POSTGRES_URL"):
        yield os.environ["INVOICES_TEST_POSTGRES_URL"]
    elif os.environ.get("INVOICES_TEST_POSTGRES") == "1":
        from tests.support.postgres import TemporaryCluster

        with TemporaryCluster() as url:
            yield url
    else:
        yield None


@pytest.fixture
def database_url(postgres_server):
    """SQLite in the test's home (None), or a fresh PostgreSQL database for this test."""
    server = postgres_server
    if not server:
        yield None
        return
    name = f"invoices_test_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = sa.make_url(server).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        from core.store import db as db_module

        store = db_module._stores.pop(url, None)
        if store is not None:
            store.dispose()
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def home(tmp_path, monkeypatch, database_url):
    """Settings pointing at a fresh home and store, without a broker."""
    monkeypatch.setenv("INVOICES_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("INVOICES_AUTH_CACHE_S", "0")  # state changes take effect at once in tests
    monkeypatch.delenv("KAFKA_BOOTSTRAP_SERVERS", raising=False)
    if database_url:
        monkeypatch.setenv("INVOICES_DATABASE_URL", database_url)
    else:
        monkeypatch.delenv("INVOICES_DATABASE_URL", raising=False)
    settings_module.settings.cache_clear()
    yield settings_module.settings()
    settings_module.settings.cache_clear()


@pytest.fixture
def env(home, monkeypatch, broker_port):
    """The same, with the session broker for tests that publish."""
    monkeypatch.setenv("INVOICES_BROKER_PORT", str(broker_port))
    settings_module.settings.cache_clear()
    return settings_module.settings()


def _migrated(settings):
    upgrade(settings.database_url)
    return Store(settings.database_url)


@pytest.fixture
def store(env) -> Store:
    s = _migrated(env)
    yield s
    s.dispose()


@pytest.fixture
def home_store(home) -> Store:
    """A migrated store for tests that need no broker."""
    s = _migrated(home)
    yield s
    s.dispose()
