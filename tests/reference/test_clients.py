"""The generated Python client and the request collection: regenerated from the served
document they must equal what is committed, and the client drives the live stack through the
upload → job → invoice flow (and meets a problem as a typed Problem)."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clients.generate import COLLECTION, HERE
from schemas.openapi import METHODS, document
from tests.support.stack import BIN, ROOT

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_client_collection_and_document_are_what_the_document_generates():
    out = subprocess.run([str(BIN / "python"), "-m", "clients.generate", "--check"], cwd=ROOT,
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_collection_has_a_request_per_operation():
    doc = document("http://127.0.0.1:8000")
    collection = json.loads((HERE / COLLECTION).read_text())
    requests = [r["request"] for folder in collection["item"] for r in folder["item"]]
    operations = [(m.upper(), p) for p, item in doc["paths"].items() for m in item if m in METHODS]
    assert len(requests) == len(operations)
    sent = {(r["method"], "/" + "/".join("{" + s[1:] + "}" if s.startswith(":") else s for s in r["url"]["path"]))
            for r in requests}
    assert sent == set(operations)
    upload = next(r for r in requests if r["method"] == "POST" and r["url"]["path"] == ["invoices"])
    assert upload["body"]["mode"] == "formdata" and upload["body"]["formdata"][0]["type"] == "file"


@pytest.fixture(scope="module")
def generated():
    sys.path.insert(0, str(HERE / "python"))
    try:
        import invoices_client
        yield invoices_client
    finally:
        sys.path.remove(str(HERE / "python"))


@pytest.mark.e2e
def test_the_generated_client_uploads_follows_the_job_and_reads_the_invoice(stack, tourist, generated):
    from invoices_client import AuthenticatedClient
    from invoices_client.api.invoices import get_invoice, upload_invoice
    from invoices_client.api.jobs import get_job
    from invoices_client.models import Invoice, Job, Problem, UploadInvoiceBody, UploadResult
    from invoices_client.types import File

    with AuthenticatedClient(base_url=stack.base, token=tourist["key"]) as client, \
            (FIXTURES / "invoice_digital.pdf").open("rb") as pdf:
        body = UploadInvoiceBody(file=File(payload=pdf, file_name="invoice_digital.pdf", mime_type="application/pdf"))
        admitted = upload_invoice.sync(client=client, body=body, x_client_id=tourist["test_client"])
        assert isinstance(admitted, UploadResult) and admitted.status == "processing", admitted
        deadline = time.monotonic() + 90
        job = get_job.sync(admitted.job_id, client=client)
        while isinstance(job, Job) and job.status == "processing" and time.monotonic() < deadline:
            time.sleep(0.2)
            job = get_job.sync(admitted.job_id, client=client)
        assert isinstance(job, Job) and job.status == "completed", job
        invoice = get_invoice.sync(job.invoice_id, client=client)
        assert isinstance(invoice, Invoice) and invoice.id == job.invoice_id and invoice.job_id == job.id
        assert invoice.mode == "test" and invoice.client_id == tourist["test_client"]
        assert invoice.buyer.company_code == "123456786"  # the canned invoice names the client as buyer
        assert invoice.totals.gross is not None and invoice.lines

    # a live key of the same team sees none of it: a typed problem, not an exception
    with AuthenticatedClient(base_url=stack.base, token=tourist["live"]) as live:
        hidden = get_job.sync(admitted.job_id, client=live)
        assert isinstance(hidden, Problem) and hidden.status == 404 and hidden.code == "job.not_found"
