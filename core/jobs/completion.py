"""Completing an invoice for its client, or holding it for review (interface.md 3.1, 3.3).

After extraction the pipeline decides the assignment; an invoice that needs review is
*held*: its row exists (status `processing`), the job stays `processing` with `held_at`
set so no worker claims it again, its credit stays held, and `invoice.review_required`
fires. Completion — direction and VAT classifiers from the client's side, contacts
matched, the credit charged, the job `completed`, `invoice.processed` — runs at once for
an invoice that passes the gate, and from a review action for a held one: the same code
in both cases.
"""

import sqlalchemy as sa

from core import outbox, vat_classification
from core.access.actors import Actor
from core.billing import credits
from core.books.clients import client_ref
from core.books.contacts import match_party
from core.clock import iso_ms, utcnow
from core.jobs.records import COMPLETED, update_job
from core.modes import Mode
from core.store.tables import invoices

INVOICE_PROCESSING, INVOICE_COMPLETED, INVOICE_DISCARDED = "processing", "completed", "discarded"


# Built once: every completed invoice is saved with it while the write lock is held.
_SAVE = invoices.update().where(invoices.c.id == sa.bindparam("invoice_id")).values(version=invoices.c.version + 1)


def save_document(conn: sa.Connection, invoice_id: str, dto: dict, status: str) -> dict:
    """Write the document with its status; bumps the version (the ETag) and `updatedAt`."""
    now = utcnow()
    dto["status"], dto["updatedAt"] = status, iso_ms(now)
    conn.execute(_SAVE, dict(
        invoice_id=invoice_id, status=status, document=dto, client_id=dto.get("clientId"),
        assignment_status=(dto.get("assignment") or {}).get("status"), updated_at=now,
    ))
    return dto


def enrich(conn: sa.Connection, team_id: str, mode: Mode, dto: dict) -> None:
    """Direction from the client's side, VAT classifiers for it, parties matched to contacts."""
    client = client_ref(conn, dto.get("clientId"))
    flow, _rule = vat_classification.direction(dto, client, "")
    dto["direction"] = flow
    vat_classification.classify_invoice(dto)
    for role in ("seller", "buyer"):
        party = dto.get(role)
        if isinstance(party, dict) and not party.get("contactId"):
            party["contactId"] = match_party(conn, team_id, mode, party, dto.get("clientId"))


def hold(conn: sa.Connection, job: dict, dto: dict, actor: Actor) -> None:
    now = utcnow()
    save_document(conn, dto["id"], dto, INVOICE_PROCESSING)
    update_job(conn, job["id"], invoice_id=dto["id"], client_id=dto.get("clientId"), held_at=now, updated_at=now)
    outbox.add_event(conn, job["team_id"], Mode(job["mode"]), "invoice.review_required", {"invoice": dto}, job["id"], actor)


def finish(conn: sa.Connection, job: dict, dto: dict, actor: Actor) -> dict:
    mode = Mode(job["mode"])
    enrich(conn, job["team_id"], mode, dto)
    save_document(conn, dto["id"], dto, INVOICE_COMPLETED)
    now = utcnow()
    update_job(
        conn, job["id"], status=COMPLETED, invoice_id=dto["id"], client_id=dto.get("clientId"), held_at=None,
        updated_at=now, finished_at=now,
    )
    if mode is Mode.LIVE:
        credits.charge(conn, job["team_id"], job["id"])
    outbox.add_event(conn, job["team_id"], mode, "invoice.processed", {"invoice": dto}, job["id"], actor)
    return dto
