"""Export set-up and a period's exports in a real browser: a refused export leads to the
field that fixes it, the admin saves it (a refused value shown beside its field, in both
languages), and the client's month downloads as one ZIP of JSON files, or as Centas' one
import file with both invoices in it."""

import io
import zipfile
from pathlib import Path

from lxml import etree

from core.books import export_settings
from core.modes import Mode
from tests.api.helpers import PDF
from tests.dashboard.browser_support import world_fixture

world = world_fixture()


def test_a_refused_export_leads_to_its_setting_which_the_admin_saves_lt(world):
    team = world.team
    client_id = team.client()
    _, invoice_id = team.invoice(client_id=client_id)
    page = world.page(team.admin_email, "lt")
    page.goto(f"{world.base}/invoices/{invoice_id}/export?format=rivile")
    page.click("#fix-setting")
    page.wait_for_url(f"{world.base}/clients/{client_id}/export#setting-default_expense_code")
    field = page.locator("#input-default_expense_code")
    assert field.is_visible() and page.evaluate("location.hash") == "#setting-default_expense_code"
    page.select_option("#input-program", "finvalda")
    page.evaluate("document.getElementById('input-rivile.department').removeAttribute('maxlength')")
    page.fill("#input-rivile\\.department", "x" * 201)
    field.fill("6000")
    page.click("#save-settings")
    beside = page.locator("[data-error-for='rivile.department']")
    beside.wait_for()
    assert beside.inner_text() == "Reikšmė per ilga arba per trumpa."
    assert field.input_value() == "6000"  # what was typed stays
    world.shot(page, "export-setup-refused-lt")
    page.fill("#input-rivile\\.department", "")
    page.click("#save-settings")
    page.wait_for_selector(".notice")
    assert page.locator("#input-default_expense_code").input_value() == "6000"
    assert page.locator("#input-program").input_value() == "finvalda"
    assert page.request.get(f"{world.base}/invoices/{invoice_id}/export?format=rivile").status == 200  # now it exports
    page.fill("#rule-code", "6001")
    page.click("#add-rule")  # nothing to match: refused beside the field
    assert page.locator("[data-error-for='matchCode']").inner_text() == "Užpildykite šį lauką."
    assert page.input_value("#rule-code") == "6001"
    page.fill("#rule-matchText", "Montavimo")
    page.click("#add-rule")
    page.wait_for_selector(".notice")
    assert "Montavimo" in page.locator("#rules ~ .table-wrap").inner_text()
    page.context.close()


def test_a_clients_period_downloads_as_one_zip_en(world):
    team = world.team
    client_id = team.client(name="UAB Eksportas")
    team.invoice(client_id=client_id)
    page = world.page(team.member_email, "en")
    page.click("nav a[href='/app/exports']")
    page.wait_for_url(f"{world.base}/exports")
    page.locator("#export-filter").wait_for()
    page.select_option("#client", client_id)
    page.select_option("#format", "json")
    page.click("#export-filter button")
    page.wait_for_selector("#export-summary")
    assert "Invoices that match: 1" in page.locator("#export-summary").inner_text()
    world.shot(page, "exports-en")
    with page.expect_download() as caught:
        page.click("#download")
    download = caught.value
    assert download.suggested_filename.startswith(f"json-{client_id}")
    names = zipfile.ZipFile(io.BytesIO(open(download.path(), "rb").read())).namelist()
    assert len(names) == 1 and names[0].endswith(".json")
    page.goto(f"{world.base}/clients/{client_id}/export")
    assert "Only an admin of the team changes the export set-up." in page.inner_text("body")
    page.context.close()


def test_a_clients_period_downloads_as_centas_one_import_file_lt(world):
    team = world.team
    client_id = team.client(name="UAB Vienas failas")
    _, first = team.invoice(client_id=client_id, data=PDF + b"\n%centas-1\n")
    _, second = team.invoice(client_id=client_id, data=PDF + b"\n%centas-2\n")
    export_settings.save_client(world.store, team.team_id, Mode.LIVE, client_id, {"default_expense_code": "6000"})
    page = world.page(team.member_email, "lt")
    page.goto(f"{world.base}/exports")
    page.locator("#export-filter").wait_for()
    page.select_option("#client", client_id)
    page.select_option("#format", "centas")
    page.click("#export-filter button")
    page.wait_for_selector("#export-summary")
    assert "po vieną kiekvienai pusei" in page.locator("#download-form").inner_text()
    with page.expect_download() as caught:
        page.click("#download")
    download = caught.value
    assert download.suggested_filename == f"centas-{client_id}-pirkimai.xml"
    root = etree.fromstring(Path(download.path()).read_bytes())
    assert [d.findtext("orig_nuoroda") for d in root.findall("dokumentas")] == [first, second]
    page.context.close()
