"""The dashboard's pages call the domain: edits and deletions fire their events with source
`ui`, review and job actions apply, and nothing of another team or of test mode is reachable."""

import sqlalchemy as sa

from core.access import admin
from core.modes import Mode
from core.store.tables import invoices, jobs, outbox
from core.access.auth import authenticate
from core.webhooks import endpoints
from schemas.webhooks import EndpointCreate
from tests.dashboard.support import Browser, make_team
from tests.support.webhooks import LOOPBACK


def _events(store, event_type):
    with store.read() as conn:
        return conn.execute(sa.select(outbox.c.payload, outbox.c.source, outbox.c.user_id)
                            .where(outbox.c.event_type == event_type)).all()


def test_edit_goes_through_the_api_code_and_fires_updated_with_source_ui(member, team, home_store):
    _, invoice_id = team.invoice(client_id=team.client())
    page = member.get(f"/app/invoices/{invoice_id}")
    version = page.text.split('name="version" value="')[1].split('"')[0]
    saved = member.post(f"/app/invoices/{invoice_id}", {"version": version, "invoiceNumber": "SF 777", "totals.gross": "1.00"})
    assert saved.status_code == 303
    [event] = _events(home_store, "invoice.updated")
    invoice = event.payload["data"]["invoice"]
    assert event.source == "ui" and event.user_id.startswith("usr_")
    assert invoice["invoiceNumber"] == "SF 777" and invoice["history"][-1]["source"] == "ui"
    assert {c["field"] for c in invoice["history"][-1]["changes"]} == {"invoiceNumber", "totals.gross"}
    shown = member.get(f"/app/invoices/{invoice_id}")
    assert "SF 777" in shown.text and "totals.gross" in shown.text  # the history lists it
    stale = member.post(f"/app/invoices/{invoice_id}", {"version": version, "notes": "late"})
    assert stale.status_code == 409
    bad = member.post(f"/app/invoices/{invoice_id}", {"version": str(int(version) + 1), "issueDate": "2026-13-45"})
    assert bad.status_code == 400 and "validation.invalid_format" not in bad.text
    assert 'data-error-for="issueDate"' in bad.text and 'value="2026-13-45"' in bad.text  # beside it, as typed


def test_delete_asks_first_then_fires_deleted_with_the_full_invoice(member, team, home_store):
    job_id, invoice_id = team.invoice(client_id=team.client())
    assert "delete" in member.get(f"/app/invoices/{invoice_id}/delete").text
    assert member.post(f"/app/invoices/{invoice_id}/delete").status_code == 303
    [event] = _events(home_store, "invoice.deleted")
    assert event.source == "ui" and event.payload["data"]["invoice"]["id"] == invoice_id
    assert event.payload["data"]["invoice"]["seller"]["name"]
    assert member.get(f"/app/invoices/{invoice_id}").status_code == 404
    with home_store.read() as conn:
        assert conn.execute(sa.select(jobs.c.status).where(jobs.c.id == job_id)).scalar_one() == "completed"


def test_the_page_image_is_rendered_and_cached(member, team, home):
    _, invoice_id = team.invoice(client_id=team.client())
    page = member.get(f"/app/invoices/{invoice_id}")
    assert f"/app/invoices/{invoice_id}/pages/1" in page.text and "<svg viewBox=" in page.text
    image = member.get(f"/app/invoices/{invoice_id}/pages/1")
    assert image.status_code == 200 and image.headers["content-type"] == "image/png" and image.content[:4] == b"\x89PNG"
    assert list((home.home / "cache" / "pages").rglob("*.png"))
    assert member.get(f"/app/invoices/{invoice_id}/pages/9").status_code == 404


def test_another_teams_or_test_mode_ids_answer_404(member, team, home, home_store):
    neighbours = make_team(home_store, home, "UAB Kaimynai")
    _, foreign = neighbours.invoice(client_id=neighbours.client())
    _, test_invoice = team.invoice(Mode.TEST, client_id=team.client(Mode.TEST))
    for invoice_id in (foreign, test_invoice):
        for path in ("", "/pages/1", "/export?format=json", "/delete"):
            assert member.get(f"/app/invoices/{invoice_id}{path}").status_code == 404, path
        assert member.post(f"/app/invoices/{invoice_id}/delete").status_code == 404
        assert member.post(f"/app/invoices/{invoice_id}", {"notes": "x", "version": "2"}).status_code == 404
        assert member.post(f"/app/review/{invoice_id}/approve").status_code in (400, 404)
    with home_store.read() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(invoices)).scalar_one() == 2
    listing = member.get("/app/invoices").text
    assert foreign not in listing and test_invoice not in listing


def test_other_teams_jobs_webhooks_keys_and_contacts_answer_404(admin_browser, team, home, home_store):
    neighbours = make_team(home_store, home, "UAB Kaimynai", credits=0)
    parked = neighbours.parked_job()
    assert admin_browser.post(f"/app/jobs/{parked}/cancel").status_code == 404
    key = admin.create_key(home_store, neighbours.team_id, Mode.LIVE, ["webhook:manage"])
    hook = endpoints.create(home_store, LOOPBACK, authenticate(home_store, key["key"], "127.0.0.1"),
                            EndpointCreate(url="https://localhost:9/x", events=["invoice.processed"]))
    assert admin_browser.get(f"/app/webhooks/{hook['id']}").status_code == 404
    assert admin_browser.post(f"/app/webhooks/{hook['id']}/delete").status_code == 404
    assert admin_browser.post(f"/app/keys/{key['keyId']}/revoke").status_code == 404
    with home_store.read() as conn:
        assert conn.execute(sa.select(jobs.c.status).where(jobs.c.id == parked)).scalar_one() == "awaiting_credits"


def test_parked_jobs_are_cancelled_from_the_jobs_page(member, home, home_store):
    broke = make_team(home_store, home, "UAB Be kreditų", credits=0)
    b = Browser(member.client, remote_addr="10.0.0.7")
    b.login(broke.member_email)
    job_id = broke.parked_job()
    assert job_id in b.get("/app/jobs").text
    assert b.post(f"/app/jobs/{job_id}/cancel").status_code == 303
    with home_store.read() as conn:
        row = conn.execute(sa.select(jobs.c.status, jobs.c.error_message).where(jobs.c.id == job_id)).one()
    assert row.status == "cancelled" and "dashboard" in row.error_message
    assert b.post(f"/app/jobs/{job_id}/cancel").status_code == 409


def test_review_approve_completes_the_invoice_with_source_ui(member, team, home_store):
    upload_client = admin.create_client(home_store, team.team_id, Mode.LIVE, "UAB Kitas", "111111115", None)["clientId"]
    team.client()  # the buyer is another client of the team: the gate holds the invoice
    _, invoice_id = team.invoice(client_id=upload_client)
    queue = member.get("/app/review")
    assert invoice_id in queue.text and "client_not_a_party" not in queue.text  # said in words, not as a code
    assert "The client it was uploaded for is neither the seller nor the buyer." in member.get("/app/review?lang=en").text
    assert member.post(f"/app/review/{invoice_id}/approve").status_code == 303
    [event] = _events(home_store, "invoice.processed")
    assert event.source == "ui" and event.payload["data"]["invoice"]["assignment"]["resolution"]["source"] == "ui"
    assert invoice_id not in member.get("/app/review").text


def test_admin_creates_a_webhook_sends_a_test_and_makes_a_key(admin_browser, home_store):
    created = admin_browser.post("/app/webhooks", {"url": "http://example.com/hook", "events": ["invoice.updated"]})
    assert created.status_code == 400  # the URL guard refuses plain http
    created = admin_browser.post("/app/webhooks", {"url": "https://localhost:8443/hook", "events": ["invoice.updated", "invoice.deleted"],
                                                   "sourceFilter": "ui"})
    assert created.status_code == 400  # loopback receivers are for tests with INVOICES_WEBHOOK_ALLOW_LOOPBACK
    key = admin_browser.post("/app/keys", {"scopes": ["invoice:read", "invoice:export"]})
    assert key.status_code == 201 and "svc_live_" in key.text
    assert "invoice:export" in admin_browser.get("/app/keys").text


def test_credits_and_clients_pages(member, admin_browser, team):
    credits = member.get("/app/credits?lang=en")
    assert credits.status_code == 200 and "Balance" in credits.text and "Ledger by day" in credits.text
    assert admin_browser.post("/app/clients/new", {"name": "UAB Naujas klientas", "companyCode": "304050607"}).status_code == 303
    assert "UAB Naujas klientas" in member.get("/app/clients").text
    assert member.post("/app/contacts", {"name": "UAB Tiekėjas", "vatCode": "LT123456715"}).status_code == 303
    assert "UAB Tiekėjas" in member.get("/app/clients").text
