"""Lines edited in a real browser: the row arithmetic checked as it is typed, rows added
and removed, a refused save keeping every row as typed, one history entry per save; the
document type and direction chosen from lists."""

import sqlalchemy as sa

from core.store.tables import invoices
from tests.dashboard.browser_support import world_fixture

world = world_fixture()


def _document(store, invoice_id):
    with store.read() as conn:
        return conn.execute(sa.select(invoices.c.document).where(invoices.c.id == invoice_id)).scalar_one()


def test_lines_edited_with_the_row_check_live(world):
    team = world.team
    _, invoice_id = team.invoice(client_id=team.client())
    page = world.page(team.member_email, "lt")
    page.goto(f"{world.base}/invoices/{invoice_id}")
    rows = page.locator("#lines tbody tr.line")
    assert rows.count() == 3 and rows.nth(0).locator(".row-check").inner_text() == "✓"

    rows.nth(0).locator("[name='lines[0].quantity']").fill("12")
    assert rows.nth(0).locator(".row-check").inner_text() == "≠ 1\u00a0500,00"
    assert "mismatch" in rows.nth(0).get_attribute("class")
    rows.nth(0).locator("[name='lines[0].netAmount']").fill("1 500,00")
    assert rows.nth(0).locator(".row-check").inner_text() == "✓"

    rows.nth(2).locator(".remove-line").click()
    page.click("#add-line")
    added = page.locator("#lines tbody tr.line").last
    assert added.locator("[name$='].lineNo']").input_value() == "3"
    added.locator("[name$='].description']").fill("Pristatymas")
    added.locator("[name$='].kind']").select_option("service")
    added.locator("[name$='].quantity']").fill("1")
    added.locator("[name$='].unitPrice']").fill("47,50")
    added.locator("[name$='].netAmount']").fill("1,234")  # ambiguous: refused with its message
    added.locator("[name$='].vatRate']").fill("21")
    page.select_option("#f-documentType", "invoice")
    world.shot(page, "lines-editing-lt")
    page.click("form.fields button[type=submit]")
    page.locator(".problem[role=alert]").wait_for()
    beside = page.locator("[data-error-for='lines[2].netAmount']")
    assert "Dviprasmiška" in beside.inner_text()
    kept = page.locator("#lines tbody tr.line")
    assert kept.count() == 3 and kept.nth(2).locator("[name$='].description']").input_value() == "Pristatymas"
    assert kept.nth(0).locator("[name$='].netAmount']").input_value() == "1 500,00"
    assert page.locator("#f-documentType").input_value() == "invoice"
    world.shot(page, "lines-refused-lt")
    page.set_viewport_size({"width": 1800, "height": 900})
    world.shot(page, "lines-refused-section-lt", ".lines-section")
    page.set_viewport_size({"width": 1366, "height": 900})

    kept.nth(2).locator("[name$='].netAmount']").fill("47,50")
    page.click("#add-vat")
    vat_row = page.locator("#vat tbody tr").last
    vat_row.locator("[name$='].rate']").fill("5")
    vat_row.locator("[name$='].category']").select_option("S")
    vat_row.locator("[name$='].taxableAmount']").fill("47,50")
    vat_row.locator("[name$='].vatAmount']").fill("2,38")
    page.click(".lines-section button[type=submit]")
    page.locator(".notice").wait_for()
    doc = _document(team.store, invoice_id)
    assert [line["description"] for line in doc["lines"]] == ["Saulės modulis 410 W", "Inverteris 5 kW", "Pristatymas"]
    assert doc["lines"][0]["netAmount"] == "1500.00" and doc["lines"][2]["netAmount"] == "47.50"
    assert doc["documentType"] == "invoice" and len(doc["history"]) == 1
    assert [(e["rate"], e["taxableAmount"]) for e in doc["vatBreakdown"]] == [("21", "2504.00"), ("5", "47.50")]
    history = page.locator("main").inner_text()
    assert "Eilutės: 3 → 3 (eilutės pakeistos)" in history and "PVM išklotinė: 1 → 2" in history
    assert "Dokumento tipas: PVM sąskaita faktūra → sąskaita faktūra" in history and "vat_invoice" not in history

    page.goto(f"{world.base}/invoices/{invoice_id}?lang=en")
    assert page.locator("#lines tbody tr.line").nth(2).locator("[name$='].unitPrice']").input_value() == "47.50"
    assert page.locator("#f-direction option:checked").inner_text() == "purchase (the client buys)"
    world.shot(page, "lines-saved-en")
