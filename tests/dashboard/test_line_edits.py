"""Lines, document type and direction edited on the invoice page: through the same
`invoice_edits.edit` as PATCH, one history entry (and one invoice.updated) per save,
unchanged lines no change however their numbers are written, numbers read the Lithuanian
way, ambiguous ones refused beside their cell."""

from html import unescape
from html.parser import HTMLParser

import sqlalchemy as sa

from core.store.tables import invoices, outbox
from tests.api.books import extracted


class _Form(HTMLParser):
    """The values a browser would send for the invoice form (inputs inside it or tied to it)."""

    def __init__(self):
        super().__init__()
        self.values: dict[str, str] = {}
        self._select: str | None = None
        self._inside = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self._inside = a.get("id") == "invoice-form"
        if tag == "template":
            self._inside_template = True
        if tag == "option" and self._select and "selected" in a:
            self.values[self._select] = a.get("value") or ""
            return
        mine = self._inside or a.get("form") == "invoice-form"
        if getattr(self, "_inside_template", False) or not mine or "name" not in a or "disabled" in a:
            return
        if tag == "input":
            self.values[a["name"]] = unescape(a.get("value") or "")
        elif tag == "select":
            self._select = a["name"]
            self.values.setdefault(a["name"], "")

    def handle_endtag(self, tag):
        if tag == "form":
            self._inside = False
        if tag == "select":
            self._select = None
        if tag == "template":
            self._inside_template = False


def form_of(html: str) -> dict[str, str]:
    parser = _Form()
    parser.feed(html)
    return parser.values


def _document(store, invoice_id):
    with store.read() as conn:
        return conn.execute(sa.select(invoices.c.document).where(invoices.c.id == invoice_id)).scalar_one()


def _updates(store) -> int:
    with store.read() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(outbox).where(outbox.c.event_type == "invoice.updated")).scalar_one()


def test_unchanged_lines_are_no_change_and_one_save_is_one_entry(member, team, home_store):
    _, invoice_id = team.invoice(client_id=team.client())
    form = form_of(member.get(f"/app/invoices/{invoice_id}").text)
    assert form["lines[0].unitPrice"] == "125,00" and form["lines[0].quantity"] == "10" and form["lines"] == "1"
    assert form["documentType"] == "vat_invoice"
    form["invoiceNumber"] = "SF-1"
    assert member.post(f"/app/invoices/{invoice_id}", form).status_code == 303
    [entry] = _document(home_store, invoice_id)["history"]
    assert [c["field"] for c in entry["changes"]] == ["invoiceNumber"]


def test_lines_edited_added_and_removed_in_one_save(member, team, home_store):
    _, invoice_id = team.invoice(client_id=team.client())
    form = form_of(member.get(f"/app/invoices/{invoice_id}").text)
    form.update({"lines[0].quantity": "12", "lines[0].netAmount": "1 500,00", "documentType": "invoice",
                 "direction": "sales"})
    for name in [k for k in form if k.startswith("lines[2].")]:
        del form[name]  # the third row removed
    form.update({"lines[7].description": "Pristatymas", "lines[7].kind": "service", "lines[7].quantity": "1",
                 "lines[7].unitPrice": "47,50", "lines[7].discount": "-2,50", "lines[7].netAmount": "45,00",
                 "lines[7].vatRate": "21"})
    before = _updates(home_store)
    assert member.post(f"/app/invoices/{invoice_id}", form).status_code == 303
    assert _updates(home_store) == before + 1
    doc = _document(home_store, invoice_id)
    assert [line["description"] for line in doc["lines"]] == ["Saulės modulis 410 W", "Inverteris 5 kW", "Pristatymas"]
    first, added = doc["lines"][0], doc["lines"][2]
    assert first["quantity"] == "12" and first["netAmount"] == "1500.00" and first["unitPrice"] == "125.00"
    assert added["lineNo"] == 3 and added["unitPrice"] == "47.50" and added["kind"] == "service"
    assert added["discount"] == "2.50"  # typed with its minus sign, stored positive
    assert doc["documentType"] == "invoice" and doc["direction"] == "sales"
    [entry] = doc["history"]
    assert {c["field"] for c in entry["changes"]} == {"lines", "documentType", "direction"}
    checks = {c["code"]: c["passed"] for c in doc["validation"]["checks"]}
    assert "lines.quantity_times_price" in checks and "totals.lines_sum" in checks


def test_an_ambiguous_number_in_a_line_is_refused_beside_its_cell(member, team, home_store):
    _, invoice_id = team.invoice(client_id=team.client())
    form = form_of(member.get(f"/app/invoices/{invoice_id}").text)
    form["lines[1].unitPrice"] = "1,234"
    refused = member.post(f"/app/invoices/{invoice_id}?lang=en", form)
    assert refused.status_code == 400
    assert 'data-error-for="lines[1].unitPrice"' in refused.text and 'value="1,234"' in refused.text
    assert "Ambiguous" in refused.text and "lines[1].unitPrice:" not in refused.text
    assert _document(home_store, invoice_id)["history"] in ([], None)


def test_a_quantity_shown_with_three_decimals_goes_back_unchanged(member, team, home_store):
    doc = extracted()
    doc["lines"][0].update(quantity="1.250", unitPrice="1000.00", netAmount="1250.00")
    doc["totals"]["prepaid"], doc["totals"]["payable"] = "3028.715", "1.125"  # money with three decimals
    _, invoice_id = team.invoice(client_id=team.client(), doc=doc)
    for lang in ("lt", "en"):
        form = form_of(member.get(f"/app/invoices/{invoice_id}?lang={lang}").text)
        assert form["lines[0].quantity"] == ("1,250" if lang == "lt" else "1.250")  # ambiguous if typed
        form["notes"] = f"pastaba {lang}"
        assert member.post(f"/app/invoices/{invoice_id}", form).status_code == 303, lang
    stored = _document(home_store, invoice_id)
    assert stored["lines"][0]["quantity"] == "1.250" and stored["totals"]["payable"] == "1.125"
    assert all([c["field"] for c in entry["changes"]] == ["notes"] for entry in stored["history"])
    form = form_of(member.get(f"/app/invoices/{invoice_id}?lang=lt").text)
    form["lines[1].quantity"] = "1,250"  # typed by the member: ambiguous, refused
    assert member.post(f"/app/invoices/{invoice_id}", form).status_code == 400


def test_the_vat_breakdown_is_edited_in_the_same_save(member, team, home_store):
    _, invoice_id = team.invoice(client_id=team.client())
    form = form_of(member.get(f"/app/invoices/{invoice_id}?lang=lt").text)
    assert form["vatBreakdown[0].taxableAmount"] == "2\u00a0504,00" and form["vatBreakdown[0].category"] == "S"
    form.update({"vatBreakdown[0].taxableAmount": "2 404,00", "vatBreakdown[0].vatAmount": "504,84",
                 "vatBreakdown[3].rate": "9", "vatBreakdown[3].category": "S", "vatBreakdown[3].taxableAmount": "100",
                 "vatBreakdown[3].vatAmount": "9,00", "notes": "du tarifai"})
    assert member.post(f"/app/invoices/{invoice_id}", form).status_code == 303
    doc = _document(home_store, invoice_id)
    assert [(e["rate"], e["taxableAmount"], e["vatAmount"]) for e in doc["vatBreakdown"]] == \
        [("21", "2404.00", "504.84"), ("9", "100", "9.00")]
    [entry] = doc["history"]
    assert {c["field"] for c in entry["changes"]} == {"vatBreakdown", "notes"}
    form = form_of(member.get(f"/app/invoices/{invoice_id}").text)
    form["vatBreakdown[1].rate"] = "nine"
    refused = member.post(f"/app/invoices/{invoice_id}?lang=en", form)
    assert refused.status_code == 400 and 'data-error-for="vatBreakdown[1].rate"' in refused.text
    assert 'value="nine"' in refused.text


def test_a_row_origin_of_unicode_digits_is_no_stored_row_not_an_internal_error(member, team, home_store):
    """`"²".isdigit()` holds but `int("²")` raises: a row's `from` is read only as ASCII digits."""
    _, invoice_id = team.invoice(client_id=team.client())
    form = form_of(member.get(f"/app/invoices/{invoice_id}").text)
    form["lines[0].from"] = "\u00b2"
    form["lines[0].quantity"] = "12"
    assert member.post(f"/app/invoices/{invoice_id}", form).status_code == 303
    assert _document(home_store, invoice_id)["lines"][0]["quantity"] == "12"
