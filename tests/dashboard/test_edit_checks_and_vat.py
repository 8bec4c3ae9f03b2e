"""An edit in the dashboard computes every check again (none dropped, a line's arithmetic
among them), keeps the foreign-VAT warning, and the invoice page shows foreign VAT plainly:
no Lithuanian classifier, a warning in words."""

import copy
import re

import sqlalchemy as sa

from core.store.tables import invoices
from tests.api.books import extracted


def _text(html: str) -> str:
    """What the page says (codes in attributes are for scripts and tests, not read)."""
    return re.sub(r"<[^>]+>", "", html)


def _document(store, invoice_id):
    with store.read() as conn:
        return conn.execute(sa.select(invoices.c.document).where(invoices.c.id == invoice_id)).scalar_one()


def _version(member, invoice_id):
    return member.get(f"/app/invoices/{invoice_id}").text.split('name="version" value="')[1].split('"')[0]


def _dutch_seller(doc: dict) -> dict:
    doc = copy.deepcopy(doc)
    doc["seller"].update(name="Zonnepanelen B.V.", companyCode=None, vatCode="NL859149236B01", iban=None,
                         address={"street": "Keizersgracht 1", "city": "Amsterdam", "postalCode": "1015 CJ",
                                  "country": "NL", "text": "Keizersgracht 1, 1015 CJ Amsterdam"})
    for line in doc["lines"]:
        line["vatClassifier"] = "PVM1"  # as a reader might have guessed it
    doc["vatBreakdown"][0]["vatClassifier"] = "PVM1"
    return doc


def test_an_edit_keeps_every_check_and_the_line_arithmetic(member, team, home_store):
    doc = extracted()
    doc["lines"][0].update(quantity="2", unitPrice="253.90", discount="126.95", netAmount="380.85")
    doc["lines"][1]["netAmount"] = "890.00"
    doc["totals"].update(net="1634.85", vat="343.32", gross="1978.17", payable="1978.17")
    doc["vatBreakdown"][0].update(taxableAmount="1634.85", vatAmount="343.32")
    _, invoice_id = team.invoice(client_id=team.client(), doc=doc)
    member.get(f"/app/invoices/{invoice_id}")
    before = {c["code"] for c in _document(home_store, invoice_id)["validation"]["checks"]}
    saved = member.post(f"/app/invoices/{invoice_id}", {"version": _version(member, invoice_id), "invoiceNumber": "SF-9"})
    assert saved.status_code == 303
    after = {c["code"]: c["passed"] for c in _document(home_store, invoice_id)["validation"]["checks"]}
    assert before <= set(after) and after["lines.quantity_times_price"] is True
    html = member.get(f"/app/invoices/{invoice_id}?lang=en").text
    page = _text(html)
    assert "Every line: quantity × unit price − discount = amount" in page and "lines.quantity_times_price" not in page
    assert 'name="lines[0].discount" form="invoice-form" value="126.95"' in html  # the discount column


def test_foreign_vat_gets_no_lithuanian_classifier_and_says_so_after_an_edit(member, team, home_store):
    _, invoice_id = team.invoice(client_id=team.client(), doc=_dutch_seller(extracted()))
    document = _document(home_store, invoice_id)
    assert all(line["vatClassifier"] is None for line in document["lines"])
    assert any(w.startswith("vat.foreign") for w in document["validation"]["warnings"])
    member.get(f"/app/invoices/{invoice_id}")
    assert member.post(f"/app/invoices/{invoice_id}", {"version": _version(member, invoice_id), "notes": "NL"}).status_code == 303
    document = _document(home_store, invoice_id)
    assert any(w.startswith("vat.foreign") for w in document["validation"]["warnings"])
    lt_html = member.get(f"/app/invoices/{invoice_id}?lang=lt").text
    lt = _text(lt_html)
    assert 'placeholder="nėra (ne Lietuvos PVM)"' in lt_html  # the breakdown's empty classifier says why
    assert "pardavėjo šalies (NL) PVM" in lt and "vat.foreign" not in lt
    en_html = member.get(f"/app/invoices/{invoice_id}?lang=en").text
    assert 'placeholder="none (not Lithuanian VAT)"' in en_html and "PVM1" not in en_html
