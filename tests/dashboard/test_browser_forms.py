"""Every dashboard form, refused, in a real browser: the problem and each field's message
show beside the field in the page's language, what was typed stays, no code shows, and a
409 offers its way out (load the newer version; move anyway)."""

import re

from assets.rules import RULES
from core.access import admin
from core.access.actors import Actor
from core.access.auth import authenticate
from core.books import invoice_edits
from core.modes import Mode
from core.store.tables import jobs
from schemas.invoices import InvoicePatch
from tests.dashboard.browser_support import world_fixture

world = world_fixture(INVOICES_WEBHOOK_ALLOW_LOOPBACK="1")
CODE = re.compile(r"\b(validation|webhook|invoice|http|number)\.[a-z_]+\b")


def _no_codes(page) -> None:
    """No error code in the messages (event type names of webhooks are names, not codes)."""
    shown = " ".join(el.inner_text() for el in page.locator(".problem, .error, .reasons").all())
    assert shown.strip() and not CODE.search(shown), shown


def _error(page, field: str) -> str:
    """The message beside `field`, once it shows."""
    beside = page.locator(f"[data-error-for='{field}']")
    beside.wait_for(state="visible")
    return beside.inner_text()


def _problem(page) -> str:
    box = page.locator(".problem[role=alert]").first
    box.wait_for(state="visible")
    assert box.is_visible()
    return box.inner_text()


def test_invoice_edit_refused_then_saved_then_stale(world):
    team = world.team
    _, invoice_id = team.invoice(client_id=team.client())
    page = world.page(team.member_email, "lt")
    page.goto(f"{world.base}/invoices/{invoice_id}")
    assert page.input_value("input[name='totals.net']") == "2\u00a0504,00"
    page.fill("input[name='totals.net']", "1,234")
    page.fill("input[name='issueDate']", "2026-13-45")
    page.click("form.fields button[type=submit]")
    assert "Niekas neišsaugota" in _problem(page)
    assert "Dviprasmiška" in _error(page, "totals.net")
    assert "2026-03-31" in _error(page, "issueDate")
    assert page.input_value("input[name='totals.net']") == "1,234"  # what was typed stays
    assert page.input_value("input[name='issueDate']") == "2026-13-45"
    assert page.evaluate("document.activeElement.name") in ("totals.net", "issueDate")
    _no_codes(page)
    assert page.url.endswith(f"/invoices/{invoice_id}")
    world.shot(page, "form-invoice-refused-lt")

    page.fill("input[name='totals.net']", "47 488,52")
    page.fill("input[name='issueDate']", "2026-03-31")
    page.click("form.fields button[type=submit]")
    page.wait_for_selector(".notice")
    assert page.input_value("input[name='totals.net']") == "47\u00a0488,52"

    # someone else saves meanwhile: the member's edit is refused, kept, and the newer version one click away
    principal = authenticate(team.store, team.live_key, "127.0.0.1")
    invoice_edits.edit(team.store, RULES, principal, invoice_id, InvoicePatch(notes="kitas buhalteris"), None,
                       Actor.api(principal.key_id))
    page.fill("input[name='paymentTerms']", "30 dienų")
    page.click("form.fields button[type=submit]")
    assert "Kažkas tuo metu išsaugojo" in _problem(page)
    assert page.input_value("input[name='paymentTerms']") == "30 dienų"
    world.shot(page, "form-invoice-stale-lt")
    page.click("#reload-newer")
    page.locator(".problem").wait_for(state="detached")
    assert page.input_value("input[name='notes']") == "kitas buhalteris"


def test_review_move_needs_force_then_moves_anyway_and_discard_asks(world):
    team = world.team
    store = team.store
    upload_client = admin.create_client(store, team.team_id, Mode.LIVE, "UAB Kitas klientas", "111111115", None)["clientId"]
    third = admin.create_client(store, team.team_id, Mode.LIVE, "UAB Trečias", "222222226", None)["clientId"]
    team.client()  # the buyer is another client of the team: the gate holds the invoices
    _, held = team.invoice(client_id=upload_client)
    _, other = team.invoice(client_id=upload_client)
    page = world.page(team.member_email, "en")
    page.goto(f"{world.base}/review")
    card = page.locator(f"#review-{held}")
    assert "The client it was uploaded for is neither the seller nor the buyer." in card.inner_text()
    card.locator("select[name=clientId]").select_option(third)
    card.locator("form[action$='/move'] button").click()
    assert "not a party of this invoice either" in _problem(page)
    assert page.url == f"{world.base}/review"  # swapped in by htmx: the address bar stays on the queue
    _no_codes(page)
    world.shot(page, "form-review-move-409-en")
    page.click(f"#review-{held} #move-anyway")
    page.wait_for_selector(".notice")
    assert page.locator(f"#review-{held}").count() == 0

    page.click(f"#review-{other} a[href$='/discard']")
    page.wait_for_selector("#discard-confirm")
    assert "still charged" in page.locator("main").inner_text()
    world.shot(page, "review-discard-confirm-en")
    page.click("#discard-confirm")
    page.wait_for_selector(".notice")
    assert page.locator(f"#review-{other}").count() == 0


def test_webhook_forms_refuse_plain_http_beside_the_url(world):
    page = world.page(world.team.admin_email, "lt")
    page.goto(f"{world.base}/webhooks")
    page.fill("#url", "http://example.com/hook")
    page.click("#new-endpoint button[type=submit]")
    assert "https://" in _problem(page)
    assert "https://" in _error(page, "url")
    assert page.input_value("#url") == "http://example.com/hook"
    _no_codes(page)
    world.shot(page, "form-webhook-create-refused-lt")
    page.fill("#url", "https://localhost:8443/hook")
    page.click("#new-endpoint button[type=submit]")
    page.wait_for_selector("#secret")
    page.goto(f"{world.base}/webhooks")
    assert "bet kur" in page.locator("table tbody tr").first.inner_text()  # the source filter in words
    page.click("table tbody tr a")
    page.wait_for_url(re.compile(r".*/webhooks/[^/]+$"))
    page.wait_for_load_state()
    page.fill("form.card #url", "http://localhost:8443/hook")
    page.click("form.card button[type=submit]:has-text('Išsaugoti')")
    assert "https://" in _error(page, "url")
    assert page.input_value("form.card #url") == "http://localhost:8443/hook"
    _no_codes(page)


def test_clients_contacts_and_keys_forms(world):
    page = world.page(world.team.admin_email, "en")
    page.goto(f"{world.base}/clients")
    page.fill("#c-name", "UAB \u202eKlientas")
    page.fill("#c-code", "304050607")
    page.click("#new-client button[type=submit]")
    assert _error(page, "name")
    assert page.input_value("#c-code") == "304050607"
    _no_codes(page)

    page.fill("#n-name", "UAB Tiekėjas")
    page.fill("#n-vatCode", "LT123")
    page.click("#new-contact button[type=submit]")
    assert "VAT code" in _error(page, "vatCode")
    assert page.input_value("#n-name") == "UAB Tiekėjas"
    _no_codes(page)
    world.shot(page, "form-contact-refused-en")
    page.fill("#n-vatCode", "LT123456715")
    page.click("#new-contact button[type=submit]")
    page.wait_for_selector(".notice")

    page.click("a:has-text('UAB Tiekėjas')")
    page.fill("#ct-iban", "LT00 1234")
    page.click("form.fields button[type=submit]")
    assert "IBAN" in _error(page, "iban")
    assert page.input_value("#ct-iban") == "LT00 1234"
    _no_codes(page)

    page.goto(f"{world.base}/keys")
    for box in page.locator("#new-key-form input[type=checkbox]").all():
        box.uncheck()
    page.click("#new-key-form button[type=submit]")
    assert "scope" in _error(page, "scopes")
    _no_codes(page)


def test_cancelling_a_job_that_is_no_longer_parked_says_so(world):
    from tests.dashboard.support import make_team

    broke = make_team(world.store, world.settings, "UAB Be kreditų", credits=0)
    job_id = broke.parked_job()
    page = world.page(broke.member_email, "lt")
    page.goto(f"{world.base}/jobs")
    with world.store.write() as conn:  # credits came meanwhile: the job is no longer parked
        conn.execute(jobs.update().where(jobs.c.id == job_id).values(status="processing"))
    page.click(f"#job-{job_id} form button")
    assert "nebelaukia kreditų" in _problem(page)
    _no_codes(page)


def test_login_and_set_password_refusals_are_visible(world):
    from core.access import members, password_links
    from core.access.secret_key import signing_key

    context = world.browser.new_context(locale="lt-LT")
    page = context.new_page()
    page.goto(f"{world.base}/login?lang=en")
    page.fill("#email", world.team.member_email)
    page.fill("#password", "not the password")
    page.click("form[action='/app/login'] button")
    assert "Wrong email or password." in _problem(page)
    assert page.input_value("#email") == world.team.member_email

    created = members.create(world.store, world.team.team_id, "naujokas@example.lt")
    link = password_links.make_link(world.base.removesuffix("/app"), signing_key(world.settings), created["userId"], "")
    page.goto(link + "&lang=lt")
    page.fill("#password", "naujas slaptazodis")
    page.fill("#password_again", "kitas slaptazodis")
    page.click("form[action='/app/set-password'] button")
    assert "Slaptažodžiai nesutampa." in _problem(page)
    context.close()
