"""Chromium as a PDF producer: HTML printed by Debian's ``chromium`` through Playwright.

Chromium's print path (Skia PDF, its own line breaking and font fallback, ``<thead>``
repeated on every page, its own page-break rules) gives a third kind of
text layer next to reportlab's and WeasyPrint's. One headless browser serves every
document of a process: it starts on first use (about a second) and closes at exit, so a
corpus pays the start-up once. ``CHROMIUM`` names another executable.
"""

from __future__ import annotations

import atexit
import os
import shutil

_session: dict = {}


def executable() -> str:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and os.path.exists(candidate):
            return candidate
    raise RuntimeError("Chromium is not installed (Debian package 'chromium'; or set CHROMIUM)")


def _page():
    if "page" not in _session:
        from playwright.sync_api import sync_playwright  # only the Chromium families need it

        driver = sync_playwright().start()
        browser = driver.chromium.launch(executable_path=executable(),
                                         args=["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"])
        _session.update(driver=driver, browser=browser, page=browser.new_page())
        atexit.register(close)
    return _session["page"]


def close() -> None:
    """Stop the browser (called at exit; safe to call twice)."""
    browser, driver = _session.pop("browser", None), _session.pop("driver", None)
    _session.pop("page", None)
    if browser is not None:
        browser.close()
    if driver is not None:
        driver.stop()


def render(document: str) -> bytes:
    """The PDF Chromium prints for an HTML document (page size and margins from its CSS)."""
    page = _page()
    page.set_content(document, wait_until="load")
    return page.pdf(prefer_css_page_size=True, print_background=True, display_header_footer=False)
