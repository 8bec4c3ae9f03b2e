"""Login, logout, session rotation, CSRF, roles, headers and cookies of the dashboard."""

import re

import sqlalchemy as sa

from core.access import members, password_links
from core.access.secret_key import signing_key
from core.store.tables import user_sessions
from dashboard.web import CSP
from tests.dashboard.support import PASSWORD, Browser


def _sessions(store) -> int:
    with store.read() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(user_sessions)).scalar_one()


def test_login_rotates_the_session_and_logout_ends_it(browser, team, home_store):
    assert browser.get("/app/invoices").headers["location"].startswith("/app/login?next=")
    browser.get("/app/login")
    planted = "planted-session-id"
    resp = browser.post("/app/login", {"email": team.member_email, "password": PASSWORD, "next": "/app/jobs"})
    assert resp.status_code == 303 and resp.headers["location"] == "/app/jobs"
    first = browser.cookies["invoices_session"]
    assert planted not in first
    assert browser.get("/app/jobs").status_code == 200
    browser.login(team.member_email)  # a second login: a new id, the old one ended
    second = browser.cookies["invoices_session"]
    assert second != first and _sessions(home_store) == 1
    stale = Browser(browser.client, cookies={"invoices_session": first})
    assert stale.get("/app/invoices").status_code == 303
    browser.get("/app/invoices")
    assert browser.post("/app/logout").status_code == 303
    assert _sessions(home_store) == 0
    replay = Browser(browser.client, cookies={"invoices_session": second})
    assert replay.get("/app/invoices").headers["location"].startswith("/app/login")


def test_wrong_password_and_open_redirects_are_refused(browser, team):
    browser.get("/app/login")
    wrong = browser.post("/app/login", {"email": team.member_email, "password": "not it at all"})
    assert wrong.status_code == 200 and "invoices_session" not in browser.cookies
    ok = browser.post("/app/login", {"email": team.member_email, "password": PASSWORD, "next": "https://evil.example/app"})
    assert ok.headers["location"] == "/app/invoices"


def test_logins_are_throttled_per_email_and_address_on_the_shared_counters(app, team):
    import falcon.testing

    b = Browser(falcon.testing.TestClient(app), remote_addr="10.1.0.1")
    b.get("/app/login")
    for _ in range(11):
        last = b.post("/app/login", {"email": team.member_email, "password": "wrong password!"})
    assert last.status_code == 429 and int(last.headers["retry-after"]) > 0
    blocked = b.post("/app/login", {"email": team.member_email, "password": PASSWORD})
    assert blocked.status_code == 429 and "invoices_session" not in b.cookies
    # the member is not locked out from an address they used and the guesser did not
    elsewhere = Browser(falcon.testing.TestClient(app), remote_addr="10.1.0.2")
    assert elsewhere.login(team.member_email).status_code == 303


def test_a_spoofed_forwarded_for_does_not_escape_the_throttle(app, team):
    import falcon.testing

    b = Browser(falcon.testing.TestClient(app), remote_addr="203.0.113.9")  # not a trusted proxy
    b.get("/app/login")
    for n in range(11):
        last = b.post("/app/login", {"email": team.member_email, "password": "wrong password!"},
                      headers={"X-Forwarded-For": f"10.2.0.{n}"})
    assert last.status_code == 429


def test_behind_the_trusted_front_each_client_address_counts_on_its_own(app, team):
    import falcon.testing

    front = Browser(falcon.testing.TestClient(app), remote_addr="127.0.0.1")  # the bundled nginx
    front.get("/app/login")
    for _ in range(11):
        last = front.post("/app/login", {"email": team.member_email, "password": "wrong password!"},
                          headers={"X-Forwarded-For": "198.51.100.7"})
    assert last.status_code == 429
    ok = front.post("/app/login", {"email": team.member_email, "password": PASSWORD},
                    headers={"X-Forwarded-For": "198.51.100.8"})
    assert ok.status_code == 303


def test_post_without_or_with_a_wrong_csrf_token_is_refused(member, team, home_store):
    assert member.post("/app/logout", csrf=False).status_code == 403
    assert member.post("/app/logout", {"csrf_token": "forged"}, csrf=False).status_code == 403
    assert _sessions(home_store) == 1
    anonymous = Browser(member.client, remote_addr="10.9.9.9")
    anonymous.get("/app/login")
    forged = anonymous.post("/app/login", {"email": team.member_email, "password": PASSWORD, "csrf_token": "x"}, csrf=False)
    assert forged.status_code == 403
    header = member.request("POST", "/app/logout", headers={"X-CSRF-Token": member.csrf})
    assert header.status_code == 303


def test_members_cannot_reach_admin_pages(member, admin_browser):
    for path in ("/app/webhooks", "/app/keys"):
        assert member.get(path).status_code == 403
        assert admin_browser.get(path).status_code == 200
    assert member.post("/app/keys", {"scopes": "invoice:read"}).status_code == 403
    assert member.post("/app/clients/new", {"name": "UAB X"}).status_code == 403


def test_security_headers_and_cookie_flags(browser, team):
    page = browser.get("/app/login")
    assert page.headers["content-security-policy"] == CSP
    assert "frame-ancestors 'none'" in CSP and "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert page.headers["x-content-type-options"] == "nosniff" and page.headers["referrer-policy"] == "same-origin"
    assert "<script>" not in page.text and not re.search(r"\son[a-z]+=", page.text) and "style=" not in page.text
    resp = browser.post("/app/login", {"email": team.member_email, "password": PASSWORD})
    raw = resp.headers["set-cookie"]
    assert "HttpOnly" in raw and "SameSite=Lax" in raw and "Secure" not in raw  # plain http here
    https = browser.client.simulate_get("/app/login", protocol="https")
    assert "Secure" in https.headers["set-cookie"]
    assert browser.get("/app/static/app.js").headers["content-security-policy"] == CSP


def test_templates_escape_what_documents_say(member, team):
    from tests.api.books import extracted

    doc = extracted()
    doc["seller"]["name"] = '<script>alert("x")</script>'
    _, invoice_id = team.invoice(client_id=team.client(), doc=doc)
    page = member.get(f"/app/invoices/{invoice_id}")
    assert '<script>alert("x")</script>' not in page.text and "&lt;script&gt;" in page.text


def test_set_password_link_works_once(browser, team, home, home_store):
    created = members.create(home_store, team.team_id, "naujas@example.lt")
    link = password_links.make_link(home.public_url, signing_key(home), created["userId"], "")
    path = link.split("8000", 1)[-1] if "8000" in link else link
    page = browser.get(path)
    assert page.status_code == 200
    token = path.split("token=")[1]
    done = browser.post("/app/set-password", {"token": token, "password": "naujas slaptazodis", "password_again": "naujas slaptazodis"})
    assert done.status_code == 303
    assert browser.get(path).status_code == 400  # used
    assert browser.login("naujas@example.lt", "naujas slaptazodis").status_code == 303


def test_pages_speak_lithuanian_by_default_and_english_on_request(member):
    assert "Sąskaitos" in member.get("/app/invoices").text
    english = member.get("/app/invoices?lang=en")
    assert "Invoices" in english.text and "Sąskaitos" not in english.text
    assert "Invoices" in member.get("/app/invoices").text  # kept in the cookie
    fresh = Browser(member.client, cookies={k: v for k, v in member.cookies.items() if k != "lang"})
    assert "Invoices" in fresh.get("/app/invoices", headers={"Accept-Language": "en-GB,en;q=0.8"}).text
    assert "Sąskaitos" in fresh.get("/app/invoices", headers={"Accept-Language": "lt,en;q=0.5"}).text
