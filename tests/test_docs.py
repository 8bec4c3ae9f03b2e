"""The README stays a short door in, and every link in it and in docs/ leads somewhere."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


def test_the_readme_is_short():
    assert len((ROOT / "README.md").read_text().splitlines()) <= 200


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves(page):
    for target, _ in LINK.findall(page.read_text()):
        if re.match(r"[a-z]+:", target):
            continue  # an address on the web or a mail link
        assert (page.parent / target).exists(), f"{page.name}: {target}"
