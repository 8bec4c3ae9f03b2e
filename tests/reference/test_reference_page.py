"""The reference at /docs renders in a real browser (Playwright, Debian's chromium) through
the front, offline: Redoc comes from the service itself, nothing is fetched from another
origin, and the page's Content-Security-Policy is never violated."""

import hashlib
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests

from api.resources.docs import STATIC

pytestmark = pytest.mark.e2e

CHROMIUM = "/usr/bin/chromium"
# the bundled Redoc release (api/static/README.md)
REDOC_SHA256 = "dcaf76612bc4a3fbcc923a8966dee2f6146a5f32e5ce1b6f02dd60cbbf89500b"
# Redoc 2 always asks for its makers' logo in the menu's footer; the policy refuses it (img-src
# 'self') and Redoc then hides the image, so offline the page only lacks that logo
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


def test_the_bundled_redoc_is_the_pinned_release():
    assert hashlib.sha256((STATIC / "redoc.standalone.js").read_bytes()).hexdigest() == REDOC_SHA256


def test_the_reference_page_sends_its_security_headers(stack):
    origin = stack.base.split("/external/")[0]
    page = requests.get(f"{origin}/docs", timeout=60)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    csp = page.headers["content-security-policy"]
    assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp and "cdn" not in csp
    assert "<script>" not in page.text  # no inline script: the policy would refuse it
    bundle = requests.get(f"{origin}/docs/static/redoc.standalone.js", timeout=60)
    assert bundle.status_code == 200 and "javascript" in bundle.headers["content-type"]
    assert hashlib.sha256(bundle.content).hexdigest() == REDOC_SHA256


def test_the_reference_renders_offline_under_its_policy(stack, tmp_path):
    from playwright.sync_api import sync_playwright

    origin = stack.base.split("/external/")[0]
    problems, foreign = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.on("request", lambda r: foreign.append(r.url) if _foreign(r.url, origin) else None)
            page.set_default_timeout(60_000)  # a loaded machine renders slowly
            page.goto(f"{origin}/docs")
            page.wait_for_selector("html[data-reference=rendered]", timeout=90_000)
            # the menu names every operation by its summary; an operation shows its examples
            menu = page.locator("[role=menu], .menu-content").first
            for summary in ("Upload one invoice", "Get an invoice", "Create a webhook endpoint", "Approve a held invoice"):
                assert menu.get_by_text(summary, exact=True).count() >= 1, summary
            page.goto(f"{origin}/docs#operation/getInvoice")
            operation = page.locator("[id='operation/getInvoice']")
            operation.wait_for(timeout=30_000)
            assert "inv_test_" in operation.inner_text()  # the recorded answer, in the samples panel
            assert "curl" in operation.inner_text()  # the request as a curl line
            # search runs in a worker made from a blob: allowed, and it finds operations
            page.fill("input[placeholder='Search...']", "webhook endpoint")
            results = page.locator("[data-role='search:results']")
            results.wait_for(timeout=30_000)
            assert "Create a webhook endpoint" in results.inner_text()
            page.screenshot(path=str(tmp_path / "reference.png"))
        finally:
            browser.close()
    assert set(foreign) <= {REDOC_LOGO}, foreign
    assert not [p for p in problems if REDOC_LOGO not in p], problems


def _foreign(url: str, origin: str) -> bool:
    scheme = urlsplit(url).scheme
    return scheme in ("http", "https", "ws", "wss") and not url.startswith(origin)
