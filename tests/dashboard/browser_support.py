"""A light world for dashboard tests in a real browser: the service's Falcon app served by
a threaded wsgiref server in this process (no gunicorn, broker or Dagster: invoices are
made through the real admission and completion code, as `support.Team.invoice` does), and
Playwright driving Debian's chromium. One world per test module; screenshots land in the
run's temporary folder (`screens/`) and, with INVOICES_SCREENS=<dir>, there too."""

import os
import shutil
import threading
import uuid
from pathlib import Path
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import pytest

from core import settings as settings_module
from core.store.db import Store
from core.store.migrate import upgrade
from tests.dashboard.support import PASSWORD, make_team

CHROMIUM = "/usr/bin/chromium"


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, *args) -> None:
        pass


class World:
    def __init__(self, tmp: Path, redis_url: str, **env: str):
        self.tmp, self.redis_url, self.env = tmp, redis_url, env
        self.screens = tmp / "screens"
        self.screens.mkdir(parents=True, exist_ok=True)
        self._patch = pytest.MonkeyPatch()

    def __enter__(self) -> "World":
        from playwright.sync_api import sync_playwright

        from api.app import create_app
        from core.billing.ratelimits import Counters

        patch = self._patch
        patch.setenv("INVOICES_HOME", str(self.tmp / "home"))
        patch.setenv("INVOICES_AUTH_CACHE_S", "0")
        patch.delenv("KAFKA_BOOTSTRAP_SERVERS", raising=False)
        patch.delenv("INVOICES_DATABASE_URL", raising=False)
        for name, value in self.env.items():
            patch.setenv(name, value)
        settings_module.settings.cache_clear()
        self.settings = settings_module.settings()
        upgrade(self.settings.database_url)
        self.store = Store(self.settings.database_url)
        app = create_app(self.settings, counters=Counters(self.redis_url, prefix=f"test-{uuid.uuid4().hex[:12]}"))
        self.server = make_server("127.0.0.1", 0, app, server_class=_Server, handler_class=_QuietHandler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_port}/app"
        self.team = make_team(self.store, self.settings, "UAB Skaičiuotuvas", credits=20)
        self._playwright = sync_playwright().start()
        self.browser = self._playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        return self

    def page(self, email: str, lang: str = "lt", width: int = 1366):
        """A logged-in page of its own browser context (its own cookies)."""
        context = self.browser.new_context(viewport={"width": width, "height": 900}, locale="lt-LT")
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{self.base}/login?lang={lang}")
        page.fill("#email", email)
        page.fill("#password", PASSWORD)
        page.click("form[action='/app/login'] button")
        page.wait_for_url(f"{self.base}/invoices")
        return page

    def shot(self, page, name: str, selector: str | None = None) -> Path:
        """The whole page, or only the element `selector` names."""
        path = self.screens / f"{name}.png"
        if selector:
            page.locator(selector).screenshot(path=str(path))
        else:
            page.screenshot(path=str(path), full_page=True)
        extra = os.environ.get("INVOICES_SCREENS")
        if extra:
            Path(extra).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(extra) / path.name)
        return path

    def __exit__(self, *exc) -> None:
        try:
            self.browser.close()
            self._playwright.stop()
        finally:
            self.server.shutdown()
            self.store.dispose()
            self._patch.undo()
            settings_module.settings.cache_clear()


def world_fixture(**env: str):
    """A module-scoped fixture of a World (skipped where chromium is not installed)."""

    @pytest.fixture(scope="module")
    def world(tmp_path_factory, redis_url):
        if not os.path.exists(CHROMIUM):
            pytest.skip("Debian's chromium is not installed")
        with World(tmp_path_factory.mktemp("dashboard-browser"), redis_url, **env) as w:
            yield w

    return world
