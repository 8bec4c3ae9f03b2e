"""What the browser must not keep or pass on: page images are never cached, and a page
whose URL carries a one-time token sends no Referer."""

from core.access import members, password_links
from core.access.secret_key import signing_key


def test_page_images_are_not_kept_in_the_browser_cache(member, team):
    _, invoice_id = team.invoice(client_id=team.client())
    image = member.get(f"/app/invoices/{invoice_id}/pages/1")
    assert image.status_code == 200 and image.headers["cache-control"] == "no-store"


def test_a_page_with_a_token_in_its_url_sends_no_referer(browser, team, home, home_store):
    created = members.create(home_store, team.team_id, "referer@example.lt")
    link = password_links.make_link(home.public_url, signing_key(home), created["userId"], "")
    path = "/app/" + link.split("/app/", 1)[1]
    page = browser.get(path)
    assert page.status_code == 200 and page.headers["referrer-policy"] == "no-referrer"
    assert browser.get("/app/login").headers["referrer-policy"] == "same-origin"
