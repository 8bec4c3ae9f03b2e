"""Deleting an invoice: the row and its edit audit go, invoice.deleted fires in the same
transaction with the full DTO and the member as actor, and the job stays as it ended."""

import pytest
import sqlalchemy as sa

from core import errors
from core.books import invoice_deletion, invoice_edits
from core.access.actors import Actor
from core.access.auth import authenticate
from core.modes import Mode
from core.store.tables import invoice_edits as edits_table
from core.store.tables import invoices, jobs, outbox
from schemas.invoices import InvoicePatch
from assets.rules import RULES
from tests.dashboard.support import make_team


def _count(conn, table, *where) -> int:
    return conn.execute(sa.select(sa.func.count()).select_from(table).where(*where)).scalar_one()


def test_delete_removes_the_invoice_and_fires_deleted(home, home_store):
    team = make_team(home_store, home, "UAB Trynimas")
    job_id, invoice_id = team.invoice(client_id=team.client())
    principal = authenticate(home_store, team.live_key, "127.0.0.1")
    invoice_edits.edit(home_store, RULES, principal, invoice_id, InvoicePatch(notes="pastaba"), None, Actor.ui("usr_x"))
    with home_store.read() as conn:
        before = conn.execute(sa.select(invoices.c.document).where(invoices.c.id == invoice_id)).scalar_one()

    deleted = invoice_deletion.delete(home_store, principal, invoice_id, Actor.ui("usr_x"))

    assert deleted == before
    with home_store.read() as conn:
        assert _count(conn, invoices, invoices.c.id == invoice_id) == 0
        assert _count(conn, edits_table, edits_table.c.invoice_id == invoice_id) == 0
        job = conn.execute(sa.select(jobs.c.status, jobs.c.invoice_id).where(jobs.c.id == job_id)).one()
        event = conn.execute(sa.select(outbox).where(outbox.c.event_type == "invoice.deleted")).mappings().one()
    assert job.status == "completed" and job.invoice_id == invoice_id
    assert event["payload"]["data"] == {"invoice": before} and event["source"] == "ui" and event["user_id"] == "usr_x"
    assert event["mode"] == "live" and event["job_id"] == job_id
    with pytest.raises(errors.InvoiceNotFound):
        invoice_deletion.delete(home_store, principal, invoice_id, Actor.ui("usr_x"))


def test_delete_is_limited_to_the_team_and_mode_and_to_finished_invoices(home, home_store):
    team, other = make_team(home_store, home, "UAB Viena"), make_team(home_store, home, "UAB Kita")
    _, invoice_id = team.invoice(client_id=team.client())
    _, test_invoice = team.invoice(Mode.TEST, client_id=team.client(Mode.TEST))
    strangers = authenticate(home_store, other.live_key, "127.0.0.1")
    live = authenticate(home_store, team.live_key, "127.0.0.1")
    with pytest.raises(errors.InvoiceNotFound):
        invoice_deletion.delete(home_store, strangers, invoice_id, Actor.ui("usr_x"))
    with pytest.raises(errors.InvoiceNotFound):
        invoice_deletion.delete(home_store, live, test_invoice, Actor.ui("usr_x"))
    with home_store.write() as conn:
        conn.execute(invoices.update().where(invoices.c.id == invoice_id).values(status="processing"))
    with pytest.raises(errors.InvoiceNotEditable):
        invoice_deletion.delete(home_store, live, invoice_id, Actor.ui("usr_x"))
    with home_store.read() as conn:
        assert _count(conn, outbox, outbox.c.event_type == "invoice.deleted") == 0
