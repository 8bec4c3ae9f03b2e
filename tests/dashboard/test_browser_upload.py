"""Upload in a real browser: files chosen or dropped, each with its progress and answer in
the page's language; the uploaded jobs listed below, the list following them until done."""

import base64

import sqlalchemy as sa

from assets.rules import RULES
from core.jobs import processing
from core.store.tables import jobs
from tests.api.books import extracted
from tests.api.helpers import PDF
from tests.dashboard.browser_support import world_fixture
from tests.support.readings import reading

world = world_fixture()
TEXT = b"not a document at all"


def _results(page, count: int) -> list[str]:
    page.locator("#sending tr[data-state]").nth(count - 1).wait_for()
    return [row.get_attribute("data-state") for row in page.locator("#sending tr[data-state]").all()]


def _job_of(world, filename: str) -> dict:
    with world.store.read() as conn:
        return conn.execute(sa.select(jobs).where(jobs.c.source_file == filename)).mappings().one()


def test_chosen_files_upload_with_progress_and_the_list_follows_them_lt(world):
    team = world.team
    client_id = team.client()
    page = world.page(team.member_email, "lt")
    page.click("nav a[href='/app/upload']")
    page.wait_for_selector("#drop")
    assert page.locator("[data-error-for='clientId']").is_hidden()
    files = [{"name": "vasaris.pdf", "mimeType": "application/pdf", "buffer": PDF},
             {"name": "pastabos.txt", "mimeType": "text/plain", "buffer": TEXT}]
    page.set_input_files("#files", files)  # no client chosen yet: nothing is sent, the select says why
    assert page.locator("[data-error-for='clientId']").inner_text() == "Pasirinkite klientą, kuriam skirti failai."
    assert page.locator("#sending tbody tr").count() == 0
    page.select_option("#clientId", client_id)
    page.set_input_files("#files", files)
    assert _results(page, 2) == ["accepted", "refused"]
    assert page.locator("[data-error-for='clientId']").is_hidden()
    rows = page.locator("#sending tr.upload-file")
    assert rows.nth(0).locator("progress").evaluate("p => p.value === p.max && p.max > 1")
    assert "apdorojama" in rows.nth(0).inner_text()
    assert "Šis failas nėra PDF, JPEG, PNG ar WebP dokumentas." in rows.nth(1).inner_text()
    job = _job_of(world, "vasaris.pdf")
    assert job["client_id"] == client_id and job["user_id"] and job["api_key_id"] is None
    page.locator(f"#upload-{job['id']}").wait_for()
    world.shot(page, "upload-lt")
    invoice_id = processing.complete(world.store, processing.claim(world.store, job["id"], 3), reading(extracted()),
                                     assess=RULES.assess)
    page.locator(f"#upload-{job['id']} a[href='/app/invoices/{invoice_id}']").wait_for(timeout=8_000)
    assert "apdorota" in page.locator(f"#upload-{job['id']}").inner_text()
    page.context.close()


def test_dropped_files_upload_and_refusals_read_in_english(world):
    team = world.team
    client_id = team.client(name="UAB Antras klientas")
    page = world.page(team.member_email, "en")
    page.goto(f"{world.base}/upload?client={client_id}")
    page.evaluate(
        """([pdf, text]) => {
             const bytes = b64 => Uint8Array.from(atob(b64), c => c.charCodeAt(0));
             const drop = new DataTransfer();
             drop.items.add(new File([bytes(pdf)], "dropped.pdf", {type: "application/pdf"}));
             drop.items.add(new File([bytes(text)], "dropped.txt", {type: "text/plain"}));
             document.getElementById("drop").dispatchEvent(new DragEvent("drop", {dataTransfer: drop, bubbles: true}));
           }""",
        [base64.b64encode(PDF).decode(), base64.b64encode(TEXT).decode()],
    )
    assert _results(page, 2) == ["accepted", "refused"]
    assert "This file is not a PDF, JPEG, PNG or WebP document." in page.locator("#sending tbody tr").nth(1).inner_text()
    assert _job_of(world, "dropped.pdf")["client_id"] == client_id
    world.shot(page, "upload-en")
    page.context.close()
