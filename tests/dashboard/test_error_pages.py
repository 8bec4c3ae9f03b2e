"""Error pages say what went wrong in the page's language: an export that cannot be made
yet says so in words (with the exporter's reason), a bad cursor is no form to fix, and no
code shows."""

import re

from core.modes import Mode
from tests.api.books import extracted


def _said(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_a_refused_export_says_why_in_the_pages_language(member, team):
    doc = extracted()
    doc["direction"] = None
    doc["lines"][0]["netAmount"] = "9999.00"  # the lines no longer add up to the net total
    _, invoice_id = team.invoice(client_id=team.client(), doc=doc)
    refused = member.get(f"/app/invoices/{invoice_id}/export?format=rivile&lang=lt")
    assert refused.status_code == 409, refused.status_code
    said = _said(refused.text)
    assert "Eksportuoti dar negalima" in said and "invoice.export_unavailable_preprocessing" not in said


def test_a_bad_cursor_is_not_a_form_to_fix(member, team):
    team.invoice(client_id=team.client(), mode=Mode.LIVE)
    page = member.get("/app/invoices?cursor=garbage&lang=lt")
    assert page.status_code == 400
    said = _said(page.text)
    assert "Šio adreso ar jo parametrų naudoti negalima." in said and "pagination." not in said
