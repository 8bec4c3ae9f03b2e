"""E-invoicing over the real stack: a payment QR code read by the pipeline and kept with the
invoice, and the EN 16931 exports (UBL and CII) checked by Saxon inside gunicorn's threads."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from exporters import schematron
from tests.assets.einvoice.test_qr_codes import EPC, IBAN, _page

pytestmark = pytest.mark.e2e

SYNTAX = {"xml": "ubl", "cii": "cii"}
REFERENCE = "RF18539007547034"
REFERENCE_IN = {"xml": f"<cbc:PaymentID>{REFERENCE}</cbc:PaymentID>",
                "cii": f"<ram:PaymentReference>{REFERENCE}</ram:PaymentReference>"}


@pytest.fixture(scope="module")
def keys(stack):
    team = stack.cli("admin", "team", "create", "--name", "UAB E. sąskaitos")["teamId"]
    stack.cli("admin", "credits", "grant", "--team", team, "--amount", "5")
    scopes = "invoice:read,invoice:write,invoice:export"
    return {mode: stack.cli("admin", "key", "create", "--team", team, "--mode", mode, "--scopes", scopes)["key"]
            for mode in ("live", "test")}


def test_payment_code_is_kept_and_the_e_invoices_pass_the_rules(stack, keys, tmp_path):
    pdf = tmp_path / "sv000123.pdf"
    pdf.write_bytes(_page(EPC, angle=90, iban_line=False))
    resp = stack.upload(keys["live"], pdf)
    assert resp.status_code == 202, resp.text
    job = stack.wait_job(keys["live"], resp.json()["jobId"])
    assert job["status"] == "completed", job
    invoice = stack.get(keys["live"], f"/invoices/{job['invoiceId']}").json()
    assert [(c["kind"], c["iban"], c["amount"]) for c in invoice["qrCodes"]] == [("epc", IBAN, "3029.84")]
    assert invoice["seller"]["iban"] == IBAN
    assert invoice["paymentReference"] == REFERENCE  # the code's structured reference
    assert {"payment_qr.iban": True, "payment_qr.reference": True, "payment_qr.amount": True}.items() <= \
        {c["code"]: c["passed"] for c in invoice["validation"]["checks"]}.items()

    path = f"/invoices/{invoice['id']}/export?format="
    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(lambda fmt: (fmt, stack.get(keys["live"], path + fmt)), ["xml", "cii"] * 3))
    for fmt, answer in answers:
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-disposition"].endswith(f'_{"ubl" if fmt == "xml" else "cii"}.xml"')
        assert schematron.fatal(answer.content, SYNTAX[fmt]) == []
        assert REFERENCE_IN[fmt] in answer.text
    # the other mode never sees the invoice, in any format
    for fmt in SYNTAX:
        assert stack.get(keys["test"], path + fmt).status_code == 404
