"""The i.SAF register in a real browser: a member goes from the exports page to the register,
picks a client and a month, reads what stays out and why in the page's language, and
downloads the XML, which VMI's XSD accepts."""

from pathlib import Path

from core.access import admin
from core.modes import Mode
from exporters import isaf
from tests.dashboard.browser_support import world_fixture
from tests.exporters.test_isaf_store_and_cli import load_usd, seed

world = world_fixture()


def test_a_member_downloads_a_clients_month_lt(world):
    team = world.team
    client_id = admin.create_client(world.store, team.team_id, Mode.LIVE, "UAB „Medžio darbai“", "123456786",
                                    "LT123456715")["clientId"]
    seed(world.store, team.team_id, client_id)
    load_usd(world.store)
    page = world.page(team.member_email, "lt")
    page.goto(f"{world.base}/exports")
    page.click("#isaf-link")
    page.wait_for_url(f"{world.base}/exports/isaf")
    page.locator("#isaf-filter").wait_for()
    page.select_option("#client", client_id)
    page.evaluate("document.getElementById('month').type = 'text'")  # as a browser without a month picker
    page.fill("#month", "2026-13")
    page.click("#isaf-filter button")
    page.locator("[data-error-for='month']").wait_for()
    assert page.locator("[data-error-for='month']").inner_text() == "Nurodykite mėnesį formatu MMMM-MM."
    page.fill("#month", "2026-10")
    page.select_option("#type", "F")
    page.click("#isaf-filter button")
    page.wait_for_selector("#isaf-summary")
    assert "Registre: 6 sąskaitos" in page.locator("#isaf-summary").inner_text()
    reasons = page.locator("#isaf-excluded").inner_text()
    assert page.locator("#isaf-excluded tbody tr").count() == 4
    assert "Nėra PVM klasifikatoriaus 9 % PVM tarifui" in reasons and "Pirkėjas neturi nei įmonės, nei PVM kodo." in reasons
    world.shot(page, "isaf-register-lt")
    with page.expect_download() as caught:
        page.click("#isaf-download")
    download = caught.value
    assert download.suggested_filename == "isaf_123456786_2026-10_F.xml"
    body = Path(download.path()).read_bytes()
    assert isaf.validate(body) == []
    assert body.count(b"<InvoiceNo>") == 6
    page.context.close()
