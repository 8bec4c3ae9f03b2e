"""What a bookkeeper reads, in a real browser and both languages: amounts with two
decimals and quantities and prices with the invoice's own, grouped the locale's way;
checks, warnings and foreign VAT in words; held jobs that lead to the review; search
without accents; the page image zoomed."""

import copy

from tests.api.books import extracted
from tests.dashboard.browser_support import world_fixture

world = world_fixture()


def _priced_lines(doc: dict) -> dict:
    doc = copy.deepcopy(doc)
    base = doc["lines"][0]
    doc["lines"] = [
        {**base, "lineNo": 1, "code": "OB-1", "description": "Obuoliai", "quantity": "2.500", "unit": "kg",
         "unitPrice": "34.56", "netAmount": "86.40", "vatAmount": "18.14", "grossAmount": "104.54"},
        {**base, "lineNo": 2, "code": "ST-2", "description": "Stalas", "quantity": "1", "unit": "vnt.",
         "unitPrice": "1140.00", "netAmount": "1140.00", "vatAmount": "239.40", "grossAmount": "1379.40"},
        {**base, "lineNo": 3, "code": "VR-3", "description": "Varžtai", "quantity": "2000", "unit": "vnt.",
         "unitPrice": "0.5125", "netAmount": "1025.00", "vatAmount": "215.25", "grossAmount": "1240.25"},
    ]
    doc["totals"].update(net="2251.40", vat="472.79", gross="2724.19", payable="2724.19")
    doc["vatBreakdown"][0].update(taxableAmount="2251.40", vatAmount="472.79")
    doc["validation"] = {"checks": [
        {"code": "totals.net_plus_vat", "passed": True, "detail": "2251.40 + 472.79 = 2724.19"},
        {"code": "totals.lines_sum", "passed": True, "detail": "sum of 3 line amounts 2251.40 vs net 2251.40"},
        {"code": "lines.quantity_times_price", "passed": False, "detail": "lines 1: quantity x unit price != amount"},
    ], "warnings": ["due date is before the issue date"]}
    return doc


def _dutch(doc: dict) -> dict:
    doc = copy.deepcopy(doc)
    doc["invoiceNumber"] = "NL-2026-15"
    doc["seller"].update(name="Zonnepanelen B.V.", companyCode=None, vatCode="NL859149236B01", iban=None,
                         address={"street": "Keizersgracht 1", "city": "Amsterdam", "postalCode": "1015 CJ",
                                  "country": "NL", "text": "Keizersgracht 1, 1015 CJ Amsterdam"})
    return doc


def _cell(page, row: int, name: str) -> str:
    """What a line's cell shows (lines of a processed invoice are inputs)."""
    return page.locator(f"#lines [name='lines[{row}].{name}']").input_value()


def test_numbers_checks_and_foreign_vat_in_both_languages(world):
    team = world.team
    client = team.client()
    _, invoice_id = team.invoice(client_id=client, doc=_priced_lines(extracted()))
    _, dutch_id = team.invoice(client_id=client, doc=_dutch(extracted()))
    page = world.page(team.member_email, "lt")
    page.goto(f"{world.base}/invoices/{invoice_id}")
    assert [_cell(page, 0, n) for n in ("quantity", "unit", "unitPrice", "netAmount", "vatRate")] == \
        ["2,500", "kg", "34,56", "86,40", "21"]
    assert _cell(page, 1, "unitPrice") == "1\u00a0140,00" and _cell(page, 1, "netAmount") == "1\u00a0140,00"
    assert _cell(page, 2, "quantity") == "2\u00a0000" and _cell(page, 2, "unitPrice") == "0,5125"
    assert page.input_value("input[name='totals.net']") == "2\u00a0251,40"
    assert page.input_value("[name='vatBreakdown[0].taxableAmount']") == "2\u00a0251,40"
    checks = page.locator("ul.checks").inner_text()
    assert "tenkina" in checks and "passed" not in checks and "Suma be PVM + PVM = suma su PVM" in checks
    assert "2\u00a0251,40 + 472,79 = 2\u00a0724,19" in checks and "3 eil. suma 2\u00a0251,40" in checks
    assert "nesutampa eilutės 1" in checks and "Apmokėjimo data ankstesnė už išrašymo datą." in checks
    world.shot(page, "reading-invoice-lines-lt")

    page.goto(f"{world.base}/invoices/{invoice_id}?lang=en")
    assert _cell(page, 0, "netAmount") == "86.40" and _cell(page, 0, "quantity") == "2.500"
    assert _cell(page, 1, "unitPrice") == "1,140.00" and _cell(page, 2, "unitPrice") == "0.5125"
    assert _cell(page, 2, "quantity") == "2000"  # 2,000 would be ambiguous
    assert "Net + VAT = gross" in page.locator("ul.checks").inner_text()
    world.shot(page, "reading-invoice-lines-en")

    page.goto(f"{world.base}/invoices/{dutch_id}?lang=lt")
    assert _cell(page, 0, "vatClassifier") == ""
    classifier = page.locator("[name='vatBreakdown[0].vatClassifier']")
    assert classifier.input_value() == "" and classifier.get_attribute("placeholder") == "nėra (ne Lietuvos PVM)"
    assert "pardavėjo šalies (NL) PVM" in page.locator("ul.checks").inner_text()
    assert "PVM1" not in page.locator("main").inner_text() and "PVM1" not in _cell(page, 1, "vatClassifier")
    world.shot(page, "reading-foreign-vat-lt")
    page.goto(f"{world.base}/invoices/{dutch_id}?lang=en")
    assert "not Lithuanian VAT" in page.locator("ul.checks").inner_text()


def test_search_without_accents_held_jobs_and_zoom(world):
    from core.access import admin
    from core.modes import Mode

    team = world.team
    upload_client = admin.create_client(team.store, team.team_id, Mode.LIVE, "UAB Trečiasis", "333333335", None)["clientId"]
    team.client()
    job_id, held = team.invoice(client_id=upload_client)  # held for review
    page = world.page(team.member_email, "lt")
    page.goto(f"{world.base}/invoices")
    for text, shown in (("saules", True), ("LT100001234510", True), ("nėra-tokios", False)):
        page.fill("#q", "")
        page.locator("#q").press_sequentially(text)  # the list follows the typing
        page.wait_for_function("t => new URL(location.href).searchParams.get('q') === t", arg=text)
        page.locator(f"#results a[href='/app/invoices/{held}']").wait_for(state="visible" if shown else "detached")
    world.shot(page, "reading-search-lt")

    page.goto(f"{world.base}/jobs")
    row = page.locator(f"#job-{job_id}")
    assert "laukia peržiūros" in row.inner_text() and "apdorojama" not in row.inner_text()
    world.shot(page, "reading-jobs-held-lt")
    row.locator("a.held").click()
    page.locator(f"#review-{held}").wait_for()
    reasons = page.locator(f"#review-{held} .reasons").inner_text()
    assert "nėra nei pardavėjas, nei pirkėjas" in reasons and "_" not in reasons
    assert "įkelta klientui UAB Trečiasis" in page.locator(f"#review-{held}").inner_text()
    world.shot(page, "reading-review-lt")
    page.keyboard.press("j")  # the keys: select the first invoice, approve it
    assert "selected" in page.locator(".review-card").first.get_attribute("class")
    page.keyboard.press("a")
    page.locator(".notice").wait_for()
    assert page.locator(f"#review-{held}").count() == 0

    page.goto(f"{world.base}/invoices/{held}")
    sheet = page.locator(".sheet").first
    sheet.locator("img").wait_for()
    narrow = sheet.bounding_box()["width"]
    page.click("[data-zoom-step='1']")
    assert page.locator(".pages").get_attribute("data-zoom") == "2"
    assert sheet.bounding_box()["width"] > narrow * 1.4
    assert page.locator(".zoom-level").inner_text() == "150 %"
    sheet.click(position={"x": 100, "y": 100})  # a click on the page (its boxes lie over the image)
    assert page.locator(".pages").get_attribute("data-zoom") == "3"
    world.shot(page, "reading-zoom-lt")
    page.click("[data-zoom-step='0']")
    assert abs(sheet.bounding_box()["width"] - narrow) < 2
