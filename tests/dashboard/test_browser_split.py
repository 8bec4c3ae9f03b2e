"""A file of several invoices in a real browser: the invoice says it is the first of them
and names each one's pages, and "split into N uploads" sends one upload per invoice, which
the upload page then follows; in both languages.

The file is a real pile of three generated invoices read by the real reader."""

import pytest
import sqlalchemy as sa

from assets.process import process_document
from core.billing import credits
from core.store.tables import jobs
from corpus.layouts import chromium
from corpus.stacks import stack
from tests.dashboard.browser_support import world_fixture

world = world_fixture()


@pytest.fixture(scope="module")
def pile():
    """Printed and read before the browser starts: the corpus prints through a Playwright
    session of its own, closed here so the world's can start."""
    try:
        made = stack(12, invoices=3)
    finally:
        chromium.close()
    return made, process_document(made.pdf, made.mime)


def _parts(world, client_id: str) -> list[dict]:
    """The client's uploads but the pile itself (faktura.pdf), oldest first."""
    with world.store.read() as conn:
        return conn.execute(sa.select(jobs).where(jobs.c.client_id == client_id, jobs.c.source_file != "faktura.pdf")
                            .order_by(jobs.c.created_at, jobs.c.id)).mappings().all()


def _held(world) -> int:
    with world.store.read() as conn:
        return credits.balance(conn, world.team.team_id)["held"]


def test_the_member_splits_a_pile_into_uploads_lt(pile, world):
    made, read = pile
    team = world.team
    client_id = team.client()
    _, invoice_id = team.invoice(client_id=client_id, doc=read, data=made.pdf)
    page = world.page(team.member_email, "lt")
    page.goto(f"{world.base}/invoices/{invoice_id}")
    card = page.locator("#multiple-invoices")
    assert "Šiame faile sąskaitų: 3" in card.inner_text()
    assert [r.inner_text() for r in card.locator(".range").all()] == [
        f"{a}" if a == b else f"{a}–{b}" for a, b in made.ranges]
    assert page.locator("#split-invoices").inner_text() == "Padalyti į atskirus įkėlimus (3)"
    assert "Šiame faile sąskaitų: 3 (puslapiai" in page.inner_text("body")  # the warning, in Lithuanian
    world.shot(page, "split-lt", "#multiple-invoices")
    held = _held(world)
    page.click("#split-invoices")
    page.wait_for_selector("#split-parts")
    rows = page.locator("#split-parts tr.split-part")
    assert rows.count() == 3
    parts = _parts(world, client_id)
    assert len(parts) == 3 and _held(world) == held + 3  # each part is an upload, charged as one
    for row, part, (first, last) in zip(rows.all(), parts, made.ranges):
        assert row.get_attribute("data-job-id") == part["id"] and part["user_id"] and part["api_key_id"] is None
        label = f"faktura (page {first}).pdf" if first == last else f"faktura (pages {first}-{last}).pdf"
        assert part["source_file"] == label and label in row.inner_text()
        assert "apdorojama" in row.inner_text()
    page.click("#follow-split")
    page.wait_for_url(f"{world.base}/upload")
    for part in parts:
        page.locator(f"#upload-{part['id']}").wait_for()
    page.context.close()


def test_a_split_reads_in_english_and_a_second_click_gives_the_same_uploads(pile, world):
    made, read = pile
    team = world.team
    client_id = team.client(name="UAB Krūva")
    _, invoice_id = team.invoice(client_id=client_id, doc=read, data=made.pdf)
    page = world.page(team.member_email, "en")
    page.goto(f"{world.base}/invoices/{invoice_id}")
    assert "This file holds 3 invoices; this page shows the first of them." in page.locator("#multiple-invoices").inner_text()
    page.click("#split-invoices")
    page.wait_for_selector("#split-parts")
    first = [r.get_attribute("data-job-id") for r in page.locator("#split-parts tr.split-part").all()]
    assert "Split into 3 uploads" in page.locator("h1").inner_text()
    held = _held(world)
    page.go_back()
    page.click("#split-invoices")
    page.wait_for_selector("#split-parts")
    assert [r.get_attribute("data-job-id") for r in page.locator("#split-parts tr.split-part").all()] == first
    assert _held(world) == held and [p["id"] for p in _parts(world, client_id)] == first
    page.context.close()
