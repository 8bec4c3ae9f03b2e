"""The invoice page shows the payment reference and edits it like every header field: one
merge patch through the API's code, a history entry, an emptied field cleared to null; a
test-mode invoice's stays out of reach."""

import sqlalchemy as sa

from core.modes import Mode
from core.store.tables import outbox
from tests.api.books import extracted


def _version(page) -> str:
    return page.text.split('name="version" value="')[1].split('"')[0]


def test_the_payment_reference_is_shown_and_edited(member, team, home_store):
    _, invoice_id = team.invoice(client_id=team.client(), doc={**extracted(), "paymentReference": "RF18539007547034"})
    page = member.get(f"/app/invoices/{invoice_id}")
    assert 'name="paymentReference"' in page.text and 'value="RF18539007547034"' in page.text
    saved = member.post(f"/app/invoices/{invoice_id}", {"version": _version(page), "paymentReference": "SF SV 000123"})
    assert saved.status_code == 303, saved.text
    page = member.get(f"/app/invoices/{invoice_id}")
    assert 'value="SF SV 000123"' in page.text
    cleared = member.post(f"/app/invoices/{invoice_id}", {"version": _version(page), "paymentReference": ""})
    assert cleared.status_code == 303, cleared.text
    with home_store.read() as conn:
        events = conn.execute(sa.select(outbox.c.payload, outbox.c.source).where(outbox.c.event_type == "invoice.updated")
                              .order_by(outbox.c.id)).all()
    edits = [e.payload["data"]["invoice"] for e in events]
    assert [(e.source, i["paymentReference"]) for e, i in zip(events, edits)] == [("ui", "SF SV 000123"), ("ui", None)]
    assert edits[-1]["history"][-1]["changes"] == [{"field": "paymentReference", "old": "SF SV 000123", "new": None}]
    page = member.get(f"/app/invoices/{invoice_id}")
    assert 'value="SF SV 000123"' not in page.text and "paymentReference" in page.text  # the history names it


def test_a_test_mode_invoice_is_not_edited_from_the_live_dashboard(member, team):
    _, test_invoice = team.invoice(Mode.TEST, client_id=team.client(Mode.TEST),
                                   doc={**extracted(), "paymentReference": "TEST-1"})
    assert member.get(f"/app/invoices/{test_invoice}").status_code == 404
    assert member.post(f"/app/invoices/{test_invoice}", {"version": "2", "paymentReference": "X"}).status_code == 404
