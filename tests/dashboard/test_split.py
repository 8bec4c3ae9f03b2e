"""A file of several invoices, split into one upload per invoice from the invoice's page:
each part goes through the upload admission (a credit held each, the member as the source),
a second click gives the same jobs, a POST without the CSRF token changes nothing, and
another mode's invoice is never found nor are the parts seen from it.

The file is a real pile of three generated invoices, read by the real reader
(`assets.process`), so the warning and its ranges are the ones a job would store."""

import time
from datetime import datetime, timezone

import falcon.testing
import pypdfium2 as pdfium
import pytest
import sqlalchemy as sa

from assets.process import process_document
from assets.rules import RULES
from core import errors
from core.access import admin
from core.access.actors import Actor
from core.access.auth import authenticate
from core.billing import credits
from core.blobs import BlobStore
from core.books import invoice_edits
from core.jobs import member_uploads, splits
from core.kafka import Publisher
from core.modes import Mode
from core.store.tables import jobs, outbox, users
from corpus.layouts import chromium
from corpus.stacks import stack
from schemas.document_warnings import ranges_of
from schemas.invoices import InvoicePatch


@pytest.fixture(scope="module")
def pile():
    try:
        made = stack(12, invoices=3)
    finally:
        chromium.close()  # the corpus prints through a Playwright session; a later browser test starts its own
    read = process_document(made.pdf, made.mime)
    assert ranges_of(read.validation.warnings) == made.ranges
    return made, read


def _jobs(store, team_id, mode="live"):
    with store.read() as conn:
        return conn.execute(sa.select(jobs).where(jobs.c.team_id == team_id, jobs.c.mode == mode)
                            .order_by(jobs.c.created_at, jobs.c.id)).mappings().all()


def _pages(data: bytes) -> int:
    doc = pdfium.PdfDocument(data)
    try:
        return len(doc)
    finally:
        doc.close()


def test_the_member_splits_the_file_into_one_charged_upload_per_invoice(member, team, home, home_store, pile):
    made, read = pile
    client_id = team.client()
    job_id, invoice_id = team.invoice(client_id=client_id, doc=read, data=made.pdf)
    page = member.get(f"/app/invoices/{invoice_id}?lang=en")
    assert page.status_code == 200
    assert "Split into 3 uploads" in page.text and f'action="/app/invoices/{invoice_id}/split"' in page.text
    assert "This file holds 3 invoices" in page.text
    with home_store.read() as conn:
        held_before = credits.balance(conn, team.team_id)["held"]

    answer = member.post(f"/app/invoices/{invoice_id}/split?lang=en")
    assert answer.status_code == 202, answer.text
    parts = [j for j in _jobs(home_store, team.team_id) if j["id"] != job_id]
    assert len(parts) == 3
    with home_store.read() as conn:
        assert credits.balance(conn, team.team_id)["held"] == held_before + 3  # each part is an upload
        member_id = conn.execute(sa.select(users.c.id).where(users.c.email == team.member_email)).scalar_one()
    blobs = BlobStore(home.blob_dir)
    for part, (first, last) in zip(parts, made.ranges):
        assert part["status"] == "processing" and part["client_id"] == client_id
        assert (part["user_id"], part["api_key_id"], part["mode"]) == (member_id, None, "live")
        label = f"page {first}" if first == last else f"pages {first}-{last}"
        assert part["source_file"] == f"faktura ({label}).pdf"
        assert _pages(blobs.get(part["blob_key"])) == last - first + 1
        assert part["id"] in answer.text
    with home_store.read() as conn:
        sources = conn.execute(sa.select(outbox.c.source).where(outbox.c.job_id.in_([p["id"] for p in parts]),
                                                                outbox.c.kind == "event")).scalars().all()
    assert set(sources) <= {"ui"}

    again = member.post(f"/app/invoices/{invoice_id}/split?lang=en")  # a second click: the same jobs
    assert again.status_code == 202, again.text[again.text.find("<main"):][:1500]
    assert len(_jobs(home_store, team.team_id)) == 4
    assert all(p["id"] in again.text for p in parts)
    with home_store.read() as conn:
        assert credits.balance(conn, team.team_id)["held"] == held_before + 3


def test_a_split_without_the_csrf_token_is_refused_and_sends_nothing(member, team, home_store, pile):
    made, read = pile
    _, invoice_id = team.invoice(client_id=team.client(), doc=read, data=made.pdf)
    assert member.post(f"/app/invoices/{invoice_id}/split", csrf=False).status_code == 403
    assert member.post(f"/app/invoices/{invoice_id}/split", {"csrf_token": "forged"}, csrf=False).status_code == 403
    assert len(_jobs(home_store, team.team_id)) == 1


def test_an_invoice_of_one_invoice_offers_no_split_and_refuses_one(member, team, home_store):
    _, invoice_id = team.invoice()
    page = member.get(f"/app/invoices/{invoice_id}?lang=en")
    assert "/split" not in page.text
    assert member.post(f"/app/invoices/{invoice_id}/split?lang=en").status_code == 409
    assert len(_jobs(home_store, team.team_id)) == 1


def test_test_mode_and_live_mode_never_see_each_others_splits(app, member, team, home, home_store, pile):
    made, read = pile
    test_client = team.client(Mode.TEST)
    _, test_invoice = team.invoice(Mode.TEST, client_id=test_client, doc=read, data=made.pdf)
    # the dashboard is live: a test-mode invoice is not found, and nothing is sent
    assert member.post(f"/app/invoices/{test_invoice}/split").status_code == 404
    assert member.get(f"/app/invoices/{test_invoice}").status_code == 404
    assert _jobs(home_store, team.team_id, "test")[1:] == [] and len(_jobs(home_store, team.team_id)) == 0

    live_client = team.client()
    _, live_invoice = team.invoice(client_id=live_client, doc=read, data=made.pdf)
    test_principal = authenticate(home_store, team.test_key, "127.0.0.1")
    with home_store.read() as conn:
        as_test = member_uploads.uploader(conn, test_principal)
    blobs = BlobStore(home.blob_dir)
    with pytest.raises(errors.InvoiceNotFound):  # a test key's caller cannot split a live invoice
        splits.split(home_store, blobs, Publisher(home, home_store), home, as_test, live_invoice, Actor.api(test_principal.key_id))

    # a test-mode split stays in test mode: no credit held, its parts invisible to the live key
    parts = splits.split(home_store, blobs, Publisher(home, home_store), home, as_test, test_invoice, Actor.api(test_principal.key_id))
    assert len(parts) == 3
    with home_store.read() as conn:
        assert credits.balance(conn, team.team_id)["held"] == 1  # only the live invoice's own upload
    api = falcon.testing.TestClient(app)
    for part in parts:
        assert api.simulate_get(f"/external/v1/jobs/{part.job_id}",
                                headers={"Authorization": f"Bearer {team.live_key}"}).status_code == 404
        assert api.simulate_get(f"/external/v1/jobs/{part.job_id}",
                                headers={"Authorization": f"Bearer {team.test_key}"}).status_code == 200
    assert {j["id"] for j in _jobs(home_store, team.team_id, "test")} >= {p.job_id for p in parts}

    # and the live split's parts are invisible to the test key
    answer = member.post(f"/app/invoices/{live_invoice}/split")
    assert answer.status_code == 202
    live_parts = [j for j in _jobs(home_store, team.team_id) if j["source_file"] != "faktura.pdf"]
    assert len(live_parts) == 3
    for part in live_parts:
        assert api.simulate_get(f"/external/v1/jobs/{part['id']}",
                                headers={"Authorization": f"Bearer {team.test_key}"}).status_code == 404


def test_the_parts_are_named_after_the_file_and_cut_the_same_every_time(pile):
    made, _ = pile
    assert splits.part_name("rietuvė.pdf", 3, 4) == "rietuvė (pages 3-4).pdf"
    assert splits.part_name("C:\\scans\\pile.PDF", 2, 2) == "pile (page 2).pdf"
    uploaded = datetime(2026, 11, 26, 12, 0, 5, tzinfo=timezone.utc)
    first = splits.cut(made.pdf, made.ranges, uploaded)
    time.sleep(1.1)  # PDFium dates what it writes to the second, and names it at random
    assert splits.cut(made.pdf, made.ranges, uploaded) == first  # the Idempotency-Key compares the bytes
    assert [_pages(p) for p in first] == [b - a + 1 for a, b in made.ranges]
    assert all(b"/CreationDate(D:20261126120005+00'00')" in p for p in first)
    with pytest.raises(errors.Conflict):
        splits.cut(made.pdf, [(1, made.pages + 1)], uploaded)


def test_an_edit_keeps_what_was_said_of_the_file_and_the_split_stays_offered(member, team, home_store, pile):
    made, read = pile
    buyer = read.buyer  # the pile's first buyer as the team's client: the gate confirms it, so it is editable
    client_id = admin.create_client(home_store, team.team_id, Mode.LIVE, buyer.name, buyer.companyCode,
                                    buyer.vatCode)["clientId"]
    _, invoice_id = team.invoice(client_id=client_id, doc=read, data=made.pdf)
    principal = authenticate(home_store, team.live_key, "127.0.0.1")
    edited, _version = invoice_edits.edit(home_store, RULES, principal, invoice_id, InvoicePatch(notes="pirmoji iš trijų"), None,
                                Actor.api(principal.key_id))
    assert ranges_of(edited["validation"]["warnings"]) == made.ranges
    assert "Split into 3 uploads" in member.get(f"/app/invoices/{invoice_id}?lang=en").text


def test_once_the_file_is_gone_the_split_is_not_offered_and_refused(member, team, home, home_store, pile):
    made, read = pile
    job_id, invoice_id = team.invoice(client_id=team.client(), doc=read, data=made.pdf)
    with home_store.read() as conn:
        blob_key = conn.execute(sa.select(jobs.c.blob_key).where(jobs.c.id == job_id)).scalar_one()
    assert BlobStore(home.blob_dir).remove(blob_key, now=time.time() + 7200) == 1  # as retention removes it, later
    page = member.get(f"/app/invoices/{invoice_id}?lang=en")
    assert "This file holds 3 invoices" in page.text and 'id="split-unavailable"' in page.text
    assert f'action="/app/invoices/{invoice_id}/split"' not in page.text
    assert member.post(f"/app/invoices/{invoice_id}/split?lang=en").status_code == 409
    assert len(_jobs(home_store, team.team_id)) == 1
