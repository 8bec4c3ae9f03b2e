"""The piles these tests read are printed by the corpus, whose Chromium families go through
one Playwright session kept open for the process (corpus/layouts/chromium.py): it is closed
when these tests end, so a later browser test can start its own."""

import pytest

from corpus.layouts import chromium


@pytest.fixture(autouse=True, scope="package")
def _chromium_closed_after_the_piles():
    yield
    chromium.close()
