"""Uploads in the dashboard go through the API's admission: a credit held per file, parked
without credits, Idempotency-Key honoured, the file checked by its bytes, the client's mode
checked; the jobs remember the member, so their events' source is `ui`. Refusals come back
as a row in the page's language, never a code."""

import re

import sqlalchemy as sa

from assets.rules import RULES
from core.access import admin
from core.access.auth import authenticate
from core.billing import credits
from core.jobs import member_uploads, processing
from core.modes import Mode
from core.store.tables import jobs, outbox, users
from tests.api.books import extracted
from tests.api.helpers import PDF, multipart
from tests.dashboard.support import make_team
from tests.support.readings import reading

CODE = re.compile(r"\b(upload|validation|idempotency|billing)\.[a-z_]+\b")


def _post(browser, client_id, data=PDF, filename="saskaita.pdf", ctype="application/pdf", key=None, csrf=True, lang=None):
    fields = [("clientId", None, None, client_id.encode())] if client_id is not None else []
    body, content_type = multipart(fields + [("file", filename, ctype, data)])
    headers = {"Content-Type": content_type}
    if csrf:
        headers["X-CSRF-Token"] = browser.csrf
    if key:
        headers["Idempotency-Key"] = key
    path = "/app/upload" + (f"?lang={lang}" if lang else "")
    return browser.request("POST", path, body=body, headers=headers)


def _jobs(store, team_id):
    with store.read() as conn:
        return conn.execute(sa.select(jobs).where(jobs.c.team_id == team_id)).mappings().all()


def _member_id(store, email):
    with store.read() as conn:
        return conn.execute(sa.select(users.c.id).where(users.c.email == email)).scalar_one()


def _events(store, job_id):
    with store.read() as conn:
        rows = conn.execute(sa.select(outbox.c.event_type, outbox.c.source, outbox.c.user_id)
                            .where(outbox.c.kind == "event", outbox.c.job_id == job_id)).all()
    return {row.event_type: (row.source, row.user_id) for row in rows}


def test_an_upload_holds_a_credit_runs_and_its_events_are_the_members(member, team, home_store):
    client_id = team.client()
    page = member.get("/app/upload")
    assert page.status_code == 200 and 'id="files"' in page.text and client_id in page.text
    answer = _post(member, client_id)
    assert answer.status_code == 202, answer.text
    [job] = _jobs(home_store, team.team_id)
    assert job["id"] in answer.text and job["status"] == "processing"
    user_id = _member_id(home_store, team.member_email)
    assert (job["client_id"], job["api_key_id"], job["user_id"], job["mode"]) == (client_id, None, user_id, "live")
    with home_store.read() as conn:
        assert credits.balance(conn, team.team_id)["held"] == 1
    invoice_id = processing.complete(home_store, processing.claim(home_store, job["id"], 3), reading(extracted()),
                                     assess=RULES.assess)
    assert _events(home_store, job["id"])["invoice.processed"] == ("ui", user_id)
    recent = member.get("/app/upload/recent")
    assert f"/app/invoices/{invoice_id}" in recent.text and "hx-trigger" not in recent.text  # nothing runs: no polling


def test_without_credits_the_file_parks_and_says_so(app, home_store, home):
    import falcon.testing

    from tests.dashboard.support import Browser

    poor = make_team(home_store, home, "UAB Be kreditų", credits=0)
    browser = Browser(falcon.testing.TestClient(app))
    assert browser.login(poor.member_email).status_code == 303
    browser.get("/app/upload?lang=lt")
    answer = _post(browser, poor.client())
    assert answer.status_code == 202
    [job] = _jobs(home_store, poor.team_id)
    assert job["status"] == "awaiting_credits" and "laukia kreditų" in answer.text
    assert _events(home_store, job["id"])["invoice.awaiting_credits"][0] == "ui"
    assert "hx-trigger=\"every 2s\"" in browser.get("/app/upload/recent").text  # parked work keeps the list fresh


def test_idempotency_key_replays_and_refuses_another_file(member, team, home_store):
    client_id = team.client()
    member.get("/app/upload?lang=en")
    first = _post(member, client_id, key="k-1")
    again = _post(member, client_id, key="k-1")
    assert first.status_code == again.status_code == 202
    assert len(_jobs(home_store, team.team_id)) == 1
    [job] = _jobs(home_store, team.team_id)
    assert job["id"] in again.text
    other = _post(member, client_id, key="k-1", filename="kita.pdf")
    assert other.status_code == 409
    assert "already sent differently" in other.text and not CODE.search(other.text)
    assert len(_jobs(home_store, team.team_id)) == 1


def test_refusals_are_words_in_the_pages_language_and_make_no_job(member, team, home_store):
    client_id = team.client()
    member.get("/app/upload?lang=lt")
    wrong = _post(member, client_id, data=b"just text, not a document", filename="notes.txt", ctype="text/plain")
    assert wrong.status_code == 400 and "nėra PDF, JPEG, PNG ar WebP" in wrong.text and not CODE.search(wrong.text)
    no_client = _post(member, None)
    assert no_client.status_code == 400 and "Užpildykite" in no_client.text
    member.get("/app/upload?lang=en")
    wrong = _post(member, client_id, data=b"just text, not a document", filename="notes.txt", ctype="text/plain")
    assert "is not a PDF, JPEG, PNG or WebP" in wrong.text and not CODE.search(wrong.text)
    assert _post(member, client_id, csrf=False).status_code == 403
    assert _jobs(home_store, team.team_id) == []


def test_suspended_billing_refuses_dashboard_uploads_as_it_refuses_keys(member, team, home_store):
    client_id = team.client()
    admin.set_team_state(home_store, team.team_id, "billing_suspended", True)
    member.get("/app/upload?lang=en")
    answer = _post(member, client_id)
    assert answer.status_code == 403 and "Paid processing is suspended" in answer.text
    assert _jobs(home_store, team.team_id) == []


def test_cross_mode_a_test_client_is_refused_and_test_uploads_never_listed(member, team, home_store):
    test_client = team.client(Mode.TEST)
    member.get("/app/upload?lang=en")
    page = member.get("/app/upload")
    assert test_client not in page.text  # only live clients are offered
    refused = _post(member, test_client)
    assert refused.status_code == 400 and "test mode" in refused.text
    assert _jobs(home_store, team.team_id) == []
    # a member's upload in test mode (as admission would record it) stays out of the live list, and the reverse
    from core.access.actors import Actor
    from core.blobs import BlobStore
    from core.jobs import admission

    user_id = _member_id(home_store, team.member_email)
    test_principal = authenticate(home_store, team.test_key, "127.0.0.1")
    blob = BlobStore(team.settings.blob_dir).put(PDF)
    request = admission.UploadRequest(files=(admission.incoming_file(0, PDF, "test.pdf", None),), actor=Actor.ui(user_id))
    [parked] = admission.admit(home_store, team.settings, test_principal,
                               [admission.Upload("test.pdf", "application/pdf", blob, len(PDF), test_client, None)],
                               request=request)
    assert parked.job_id.startswith("job_test_")
    assert parked.job_id not in member.get("/app/upload/recent").text
    live_answer = _post(member, team.client())
    live_job = re.search(r'data-job-id="(job_[^"]+)"', live_answer.text).group(1)
    with home_store.read() as conn:
        test_list = member_uploads.recent(conn, test_principal)
    assert [j["id"] for j in test_list] == [parked.job_id] and live_job not in str(test_list)


def test_a_file_over_the_dashboards_form_cap_is_taken_as_an_upload(member, team, home_store):
    """Dashboard forms are capped at 256 KB; the upload route takes the single upload's 50 MB."""
    client_id = team.client()
    member.get("/app/upload")
    big = PDF + b"\n%" + b"x" * (300 * 1024) + b"\n"
    answer = _post(member, client_id, data=big, filename="didele.pdf")
    assert answer.status_code == 202, answer.text[:300]
    [job] = _jobs(home_store, team.team_id)
    assert job["size_bytes"] == len(big)
    assert member.post("/app/clients/new", {"name": "x" * (300 * 1024)}).status_code == 413  # other forms stay capped


def test_the_plans_uploads_in_flight_hold_for_the_dashboard_too(member, team, home_store, counters):
    """With every slot of the team's plan taken (as uploads in flight would), a dashboard
    upload is refused with 429 and Retry-After, and the page says it will try again."""
    from core.billing import plans

    plans.set_plan(home_store, team.team_id, concurrent_uploads=1)
    client_id = team.client()
    member.get("/app/upload?lang=en")
    with counters.slot(f"uploads:{team.team_id}:live", 1) as free:
        assert free
        busy = _post(member, client_id)
    assert busy.status_code == 429 and busy.headers["retry-after"] == "1"
    assert "this file will be retried" in busy.text and _jobs(home_store, team.team_id) == []
    assert _post(member, client_id).status_code == 202  # the slot is free again
