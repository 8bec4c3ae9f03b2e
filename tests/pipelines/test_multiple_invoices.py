"""A job whose file holds several invoices, run by the pipeline's job runner (the stream
run's code without Dagster, real store and blob folder): it completes with the first
invoice, read from that invoice's pages, and the `document.multiple_invoices` warning naming
every invoice's pages, charged as the one upload it is; GET /invoices/{id} serves it."""

import falcon.testing
import pytest
import sqlalchemy as sa

from api.app import create_app
from core.access import admin
from core.access.auth import authenticate
from core.billing import credits
from core.blobs import BlobStore
from core.books.invoices import get_invoice
from core.jobs import admission
from core.modes import Mode
from core.store.tables import jobs
from corpus.layouts import chromium
from corpus.stacks import stack
from pipelines.work import JobRunner
from schemas.document_warnings import multiple_invoices as warning
from schemas.document_warnings import ranges_of


@pytest.fixture(scope="module")
def pile():
    try:
        return stack(12, invoices=3)
    finally:
        chromium.close()  # the corpus prints through a Playwright session; a later browser test starts its own


def test_a_pile_completes_with_its_first_invoice_and_the_warning(home, home_store, counters, pile):
    first = pile.truths[0]
    team = admin.create_team(home_store, "UAB Krūva")["teamId"]
    admin.grant_credits(home_store, team, 5)
    key = admin.create_key(home_store, team, Mode.LIVE, ["invoice:read", "invoice:write"])["key"]
    buyer = first["buyer"]
    client = admin.create_client(home_store, team, Mode.LIVE, buyer["name"], buyer["companyCode"], buyer["vatCode"])
    principal = authenticate(home_store, key, "127.0.0.1")
    blob = BlobStore(home.blob_dir).put(pile.pdf)
    upload = admission.Upload("krūva.pdf", "application/pdf", blob, len(pile.pdf), client["clientId"], None)
    [admitted] = admission.admit(home_store, home, principal, [upload])

    outcome = JobRunner(home, home_store).run(admitted.job_id)

    assert outcome.status == "completed", outcome
    with home_store.read() as conn:
        doc = get_invoice(conn, team, Mode.LIVE, outcome.invoice_id)
        job = conn.execute(sa.select(jobs).where(jobs.c.id == admitted.job_id)).mappings().one()
        balance = credits.balance(conn, team)
    assert job["status"] == "completed" and job["invoice_id"] == outcome.invoice_id
    assert (doc["invoiceNumber"], doc["issueDate"], doc["totals"]["gross"]) == (
        first["invoiceNumber"], first["issueDate"], first["totals"]["gross"])
    assert doc["pageCount"] == pile.pages
    assert warning(pile.ranges) in doc["validation"]["warnings"]
    last_page_of_first = pile.ranges[0][1]
    assert all(box["page"] <= last_page_of_first for box in doc["sources"].values())
    assert balance["held"] == 0 and balance["balance"] == 4  # one upload, one credit
    served = falcon.testing.TestClient(create_app(home, counters=counters)).simulate_get(
        f"/external/v1/invoices/{outcome.invoice_id}", headers={"Authorization": f"Bearer {key}"})
    assert served.status_code == 200
    assert ranges_of(served.json["validation"]["warnings"]) == pile.ranges
