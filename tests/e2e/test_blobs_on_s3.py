"""Upload → invoice with the files on an S3-protocol server: the API stores the upload in the
bucket, the stream run reads it from there, and nothing lands in the local blobs/ folder."""

import hashlib
import json
from pathlib import Path

import pytest

from tests.support.s3 import s3_server  # noqa: F401 - fixture
from tests.support.stack import running

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())


def test_an_upload_becomes_an_invoice_with_its_file_on_s3(tmp_path, s3_server):
    bucket = s3_server.bucket()
    with running(tmp_path / "stack", INVOICES_STREAM_GROUPS="1", INVOICES_BLOB_URL=f"s3://{bucket}/uploads",
                 **s3_server.env) as stack:
        team = stack.provision(credits=2)
        resp = stack.upload(team["live"], FIXTURES / "invoice_digital.pdf")
        assert resp.status_code == 202, resp.text
        job = stack.wait_job(team["live"], resp.json()["jobId"])
        assert job["status"] == "completed", job
        invoice = stack.get(team["live"], f"/invoices/{job['invoiceId']}").json()
        assert invoice["invoiceNumber"] == EXPECTED["invoice_digital.pdf"]["invoiceNumber"]
        key = hashlib.sha256((FIXTURES / "invoice_digital.pdf").read_bytes()).hexdigest()
        assert s3_server.names(bucket) == [f"uploads/{key[:2]}/{key[2:4]}/{key}"]
        local = stack.home / "blobs"
        assert not local.exists() or not [p for p in local.rglob("*") if p.is_file()]
