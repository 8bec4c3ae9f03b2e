"""The Dagster UI as docs/data-engineers.md describes it, in a real browser (Playwright
driving Debian's chromium) against the real stack's webserver: the left navigation's pages,
the sensors on *Automation*, the live stream run on *Runs*. Screenshots land in the run's
temporary folder and, with INVOICES_SCREENS=<dir> (docs/ for the docs' pictures), there too."""

import os
import re
import shutil
import time
from pathlib import Path

import pytest

from tests.support.processes import Managed, free_port, wait_for_port
from tests.support.stack import BIN, ROOT

pytestmark = pytest.mark.e2e

CHROMIUM = "/usr/bin/chromium"
DOC = ROOT / "docs" / "data-engineers.md"
NAVIGATION = ["Overview", "Runs", "Catalog", "Jobs", "Automation", "Lineage", "Deployment"]
SENSORS = ["stream_keeper", "upload_reconciler", "parked_jobs_resumer", "reprocess_sensor", "isaf_clients"]
SCHEDULES = ["warehouse_today", "warehouse_yesterday"]


@pytest.fixture(scope="module")
def ui(stack, tmp_path_factory):
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = Managed("ui", [str(BIN / "dagster-webserver"), "-w", "workspace.yaml", "-h", "127.0.0.1", "-p", str(port)],
                     stack.env, stack.logs, ROOT).start()
    try:
        wait_for_port(port, 120, server.proc)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            try:
                page = browser.new_page(viewport={"width": 1440, "height": 900})
                page.set_default_timeout(30_000)
                yield {"page": page, "base": f"http://127.0.0.1:{port}", "screens": tmp_path_factory.mktemp("screens")}
            finally:
                browser.close()
    finally:
        server.stop()


def _shot(ui, name: str) -> None:
    path = Path(ui["screens"]) / name
    ui["page"].screenshot(path=str(path))
    if os.environ.get("INVOICES_SCREENS"):
        shutil.copy(path, Path(os.environ["INVOICES_SCREENS"]) / name)


def test_the_navigation_has_the_pages_the_docs_name(ui):
    page = ui["page"]
    page.goto(ui["base"] + "/overview")
    # The navigation fills in as the code location loads (Jobs last): read the links until
    # every page is there, for a minute at most.
    deadline = time.monotonic() + 60
    while True:
        links = {text.strip() for text in page.locator("a").all_inner_texts()}
        if set(NAVIGATION) <= links or time.monotonic() > deadline:
            break
        page.wait_for_timeout(500)
    assert set(NAVIGATION) <= links, sorted(links)
    doc = DOC.read_text()
    for label in NAVIGATION:
        assert f"*{label}*" in doc, label


def test_automation_lists_the_stream_sensors_running(ui):
    page = ui["page"]
    page.goto(ui["base"] + "/automation")
    page.wait_for_load_state("networkidle")
    page.get_by_text(SENSORS[0], exact=True).first.wait_for()
    texts = set(page.locator("body").inner_text().split())
    assert set(SENSORS + SCHEDULES) <= texts, sorted(texts)
    doc = DOC.read_text()
    assert all(f"`{name}`" in doc for name in SENSORS + SCHEDULES)
    _shot(ui, "dagster-automation.png")


def test_runs_shows_the_live_stream_run(ui, stack):
    page = ui["page"]
    deadline = time.monotonic() + 60
    while True:
        page.goto(ui["base"] + "/runs")
        try:
            page.get_by_role("link", name="stream_job", exact=True).first.wait_for(timeout=5_000)
            break
        except Exception:
            if time.monotonic() > deadline:
                raise AssertionError("no stream_job run on Runs\n" + stack.logs_tail())
    page.get_by_text(re.compile(r"^Started$|^Starting$")).first.wait_for()
    page.get_by_text("stream_keeper", exact=True).first.wait_for()  # launched by the sensor
    page.get_by_text("Backfills", exact=True).first.wait_for()  # the tab the docs send backfills to
    _shot(ui, "dagster-runs.png")


def test_the_catalog_has_the_warehouse_tables_and_their_checks(ui):
    page = ui["page"]
    page.goto(ui["base"] + "/assets/warehouse/invoices?view=checks")
    for check in ("rows_match_store", "unique_ids", "live_view_is_live"):
        page.get_by_text(check, exact=True).first.wait_for()
