"""Duplicates: the same file, or the same seller and number (with the same date and gross),
uploaded again in a team and mode is flagged on the later invoice (`duplicateOf`, a warning,
a badge, a filter, the review queue); the member keeps it (the flag goes for good, as an
edit) or deletes it. Another mode's invoices are never compared."""

import copy

import sqlalchemy as sa

from assets.rules import RULES
from core.access import admin
from core.access.actors import Actor
from core.access.auth import authenticate
from core.books import duplicates, invoice_edits
from core.books.invoices import get_invoice
from core.modes import Mode
from core.store.tables import outbox
from schemas.invoice import Invoice
from schemas.invoices import InvoicePatch
from tests.api.books import extracted
from tests.api.helpers import PDF

OTHER_PDF = PDF + b"\n%another upload\n"  # other bytes, the same document


def _doc(store, team, invoice_id, mode=Mode.LIVE):
    with store.read() as conn:
        return get_invoice(conn, team.team_id, mode, invoice_id)


def _variant(**changes) -> dict:
    doc = copy.deepcopy(extracted())
    for path, value in changes.items():
        target = doc
        *parents, leaf = path.split("__")
        for name in parents:
            target = target[name]
        target[leaf] = value
    return doc


def test_the_same_file_again_is_flagged_against_the_first(team, home_store):
    _, first = team.invoice()
    _, second = team.invoice()
    earlier, later = _doc(home_store, team, first), _doc(home_store, team, second)
    assert earlier["duplicateOf"] is None
    assert later["duplicateOf"] == first
    assert f"duplicate.same_file: {first}" in later["validation"]["warnings"]
    Invoice.model_validate(later)  # the contract names the field


def test_the_same_seller_and_number_flag_only_when_date_and_gross_agree(team, home_store):
    _, first = team.invoice()
    _, same = team.invoice(data=OTHER_PDF + b"1", doc=_variant(invoiceNumber=" " + extracted()["invoiceNumber"].lower()))
    _, other_total = team.invoice(data=OTHER_PDF + b"2", doc=_variant(totals__gross="9999.00"))
    _, other_date = team.invoice(data=OTHER_PDF + b"3", doc=_variant(issueDate="2020-01-01"))
    _, other_number = team.invoice(data=OTHER_PDF + b"4", doc=_variant(invoiceNumber="KITAS-1"))
    assert _doc(home_store, team, same)["duplicateOf"] == first  # the number written loosely is the same number
    assert f"duplicate.same_number: {first}" in _doc(home_store, team, same)["validation"]["warnings"]
    for different in (other_total, other_date, other_number):
        assert _doc(home_store, team, different)["duplicateOf"] is None


def test_an_edit_decides_again_and_a_kept_invoice_stays_kept(team, home_store):
    _, first = team.invoice()
    _, second = team.invoice(data=OTHER_PDF)
    principal = authenticate(home_store, team.live_key, "127.0.0.1")
    assert _doc(home_store, team, second)["duplicateOf"] == first
    invoice_edits.edit(home_store, RULES, principal, second, InvoicePatch(invoiceNumber="SF-2"), None, Actor.api(principal.key_id))
    assert _doc(home_store, team, second)["duplicateOf"] is None
    invoice_edits.edit(home_store, RULES, principal, second, InvoicePatch(invoiceNumber=extracted()["invoiceNumber"]),
                       None, Actor.api(principal.key_id))
    assert _doc(home_store, team, second)["duplicateOf"] == first
    kept = duplicates.dismiss(home_store, principal, second, Actor.ui("usr_1"))
    assert kept["duplicateOf"] is None and not any(w.startswith("duplicate.") for w in kept["validation"]["warnings"])
    assert kept["history"][-1]["changes"] == [{"field": "duplicateOf", "old": first, "new": None}]
    with home_store.read() as conn:
        sources = conn.execute(sa.select(outbox.c.source).where(outbox.c.event_type == "invoice.updated")).scalars().all()
    assert sources[-1] == "ui"
    invoice_edits.edit(home_store, RULES, principal, second, InvoicePatch(notes="palikta"), None, Actor.api(principal.key_id))
    assert _doc(home_store, team, second)["duplicateOf"] is None


def test_pages_show_the_duplicate_and_the_member_keeps_it(member, team, home_store):
    client_id = team.client()
    _, first = team.invoice(client_id=client_id)
    _, second = team.invoice(client_id=client_id)
    page = member.get(f"/app/invoices/{second}?lang=lt")
    assert "Ši sąskaita kartoja anksčiau įkeltą" in page.text and f'href="/app/invoices/{first}"' in page.text
    assert f"/app/invoices/{second}/delete" in page.text
    assert "Tas pats failas jau įkeltas kaip" in page.text  # the warning in words
    english = member.get(f"/app/invoices/{second}?lang=en")
    assert "This invoice repeats one uploaded before" in english.text and "duplicate.same_file" not in english.text
    listed = member.get("/app/invoices?dup=1")
    assert second in listed.text and f"/app/invoices/{first}\"" in listed.text  # the badge links the earlier one
    assert f'<a href="/app/invoices/{first}">' not in listed.text  # the earlier one is no duplicate
    kept = member.post(f"/app/invoices/{second}/duplicate", {})
    assert kept.status_code == 303 and kept.headers["location"].endswith("notice=kept")
    assert _doc(home_store, team, second)["duplicateOf"] is None
    assert second not in member.get("/app/invoices?dup=1").text


def test_the_review_queue_announces_a_duplicate(member, team, home_store):
    from core.access import admin

    uploaded_for = admin.create_client(home_store, team.team_id, Mode.LIVE, "UAB Kitas klientas", "111111115", None)["clientId"]
    team.client()  # the buyer is another client of the team: the gate holds the invoices
    _, first = team.invoice(client_id=uploaded_for)
    _, second = team.invoice(client_id=uploaded_for)
    queue = member.get("/app/review?lang=en")
    assert f"review-{second}" in queue.text
    card = queue.text.split(f'id="review-{second}"', 1)[1].split('class="card review-card"', 1)[0]
    assert "The same invoice was uploaded before" in card and f"/app/invoices/{first}" in card


def test_cross_mode_test_invoices_are_never_compared_with_live_ones(member, team, home_store):
    _, test_first = team.invoice(mode=Mode.TEST)
    _, live = team.invoice()
    _, test_second = team.invoice(mode=Mode.TEST)
    assert _doc(home_store, team, live)["duplicateOf"] is None
    assert _doc(home_store, team, test_second, Mode.TEST)["duplicateOf"] == test_first
    assert member.post(f"/app/invoices/{test_second}/duplicate", {}).status_code == 404
    assert _doc(home_store, team, test_second, Mode.TEST)["duplicateOf"] == test_first
    assert test_second not in member.get("/app/invoices?dup=1").text


def test_the_earliest_agreeing_copy_is_found_past_a_page_of_copies_that_disagree(team, home_store, monkeypatch):
    """Earlier copies are compared a page of ids at a time: the first that agrees wins,
    wherever it stands."""
    monkeypatch.setattr(duplicates, "_PAGE", 2)
    admin.grant_credits(home_store, team.team_id, 10)
    disagreeing = [team.invoice(data=OTHER_PDF + f"d{n}".encode(), doc=_variant(totals__gross=f"{100 + n}.00"))[1]
                   for n in range(5)]
    _, agreeing = team.invoice(data=OTHER_PDF + b"a")
    _, later = team.invoice(data=OTHER_PDF + b"b")
    assert _doc(home_store, team, later)["duplicateOf"] == agreeing
    assert _doc(home_store, team, disagreeing[0])["duplicateOf"] is None
