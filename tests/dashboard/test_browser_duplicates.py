"""Duplicates in a real browser: the banner on the later invoice with the way to the earlier
one, the badge and the filter in the list, and keeping the invoice, in both languages."""

from playwright.sync_api import expect

from tests.dashboard.browser_support import world_fixture

world = world_fixture()


def test_a_duplicate_is_shown_filtered_and_kept_lt(world):
    team = world.team
    client_id = team.client()
    _, first = team.invoice(client_id=client_id)
    _, second = team.invoice(client_id=client_id)
    page = world.page(team.member_email, "lt")
    page.check("input[name=dup]")
    page.locator(f"#results a[href='/app/invoices/{second}']").first.wait_for()
    # the later invoice is listed before and after the filter applies: wait for the earlier
    # one's row to leave the list (only the badge still links it)
    expect(page.locator(f"#results a[href='/app/invoices/{first}']:not(.badge)")).to_have_count(0)
    assert page.locator("#results .badge.duplicate").inner_text() == "dublikatas"
    page.goto(f"{world.base}/invoices/{second}")
    banner = page.locator("#duplicate")
    assert "Ši sąskaita kartoja anksčiau įkeltą" in banner.inner_text()
    world.shot(page, "duplicate-lt", "#duplicate")
    page.click("#duplicate-earlier")
    page.wait_for_url(f"{world.base}/invoices/{first}")
    assert page.locator("#duplicate").count() == 0  # the earlier one is not a copy
    page.go_back()
    page.click("#keep-duplicate")
    page.wait_for_selector(".notice")
    assert "nebežymima kaip dublikatas" in page.locator(".notice").inner_text()
    assert page.locator("#duplicate").count() == 0
    page.context.close()


def test_a_duplicate_reads_in_english_and_discard_goes_to_the_deletion(world):
    team = world.team
    client_id = team.client(name="UAB Anglų")
    team.invoice(client_id=client_id)
    page = world.page(team.member_email, "en")
    _, copy = team.invoice(client_id=client_id)
    page.goto(f"{world.base}/invoices/{copy}")
    assert "This invoice repeats one uploaded before" in page.locator("#duplicate").inner_text()
    assert "The same file was uploaded before as" in page.inner_text("body")
    page.click("#discard-duplicate")
    page.wait_for_url(f"{world.base}/invoices/{copy}/delete")
    page.context.close()
