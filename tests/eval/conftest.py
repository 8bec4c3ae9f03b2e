"""The corpus prints its Chromium families through one Playwright session kept open for the
process (corpus/layouts/chromium.py); a test run is one process, so the session is closed
when these tests end: a Playwright session left running makes every later browser test's
`sync_playwright()` refuse to start ("Sync API inside the asyncio loop")."""

import pytest

from corpus.layouts import chromium


@pytest.fixture(autouse=True, scope="package")
def _chromium_closed_after_the_corpus():
    yield
    chromium.close()
