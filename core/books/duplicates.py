"""Duplicates: the same invoice uploaded twice (../spec/invoice.md `duplicateOf`).

An invoice is a duplicate of an earlier invoice of the same team and mode when its file has
the same bytes, or when it has the same seller (VAT code, else company code, else name) and
the same number, and, where both invoices carry them, the same issue date and gross total.
The later one carries `duplicateOf` (the earlier one's id) and a validation warning; the
earlier one is left as it is. A discarded invoice is no earlier copy (it left the books).

Every processed upload is still charged (interface.md 1: one credit per ingested invoice):
the flag tells the bookkeeper, who keeps the invoice (dismisses the flag) or deletes it.
The decision is taken again when the invoice is read again or edited (a corrected number
may make it unique), except after a dismissal, which stands. Test mode's canned invoices
all carry one seller and number, so for them only the same bytes count.
"""

import copy
import hashlib
import re
from decimal import Decimal, InvalidOperation

import sqlalchemy as sa

from core import errors, outbox
from core.access.actors import Actor
from core.access.auth import Principal
from core.books.invoices import folded, locked_row
from core.clock import iso_ms, utcnow
from core.jobs import completion
from core.modes import Mode
from core.store.scoping import in_mode
from core.store.tables import invoice_edits, invoices, jobs

FIELD = "duplicateOf"
SAME_FILE, SAME_NUMBER = "duplicate.same_file", "duplicate.same_number"
_PAGE = 50  # earlier copies compared per query


def _bare(value) -> str:
    return re.sub(r"[\W_]+", "", folded(value))


def key_of(doc: dict) -> str | None:
    """What two copies of one invoice share: the seller and the number, written loosely
    (`LT 1000-0123` = `lt10000123`); None when either could not be read."""
    if (doc.get("extraction") or {}).get("engine") == "canned":
        return None  # a test-mode invoice's content is not read from its file: it says nothing of it
    seller = doc.get("seller") or {}
    who = next((_bare(seller.get(k)) for k in ("vatCode", "companyCode", "name") if _bare(seller.get(k))), "")
    number = _bare(doc.get("invoiceNumber")) or _bare(f"{doc.get('series') or ''}{doc.get('number') or ''}")
    if not who or not number:
        return None
    return hashlib.sha256(f"{who}\x00{number}".encode()).hexdigest()


def _agree(doc: dict, other: dict) -> bool:
    """Issue date and gross agree wherever both invoices carry them."""
    pairs = [(doc.get("issueDate"), other.get("issueDate")),
             ((doc.get("totals") or {}).get("gross"), (other.get("totals") or {}).get("gross"))]
    return all(a is None or b is None or _same(a, b) for a, b in pairs)


def _same(a, b) -> bool:
    """Dates as written; amounts as decimals (`"2504.00"` is `"2504.0"`)."""
    try:
        return Decimal(str(a)) == Decimal(str(b))
    except InvalidOperation:
        return str(a) == str(b)


def earlier(conn: sa.Connection, team_id: str, mode: Mode, invoice_id: str, doc: dict, key: str | None,
            blob_key: str | None = None) -> tuple[str, str] | None:
    """(the earliest other copy's id, why), or None. Ids sort by creation time. ``blob_key``:
    the invoice's file, when the caller holds its job (else read through the job)."""
    scope = sa.and_(in_mode(invoices, team_id, mode), invoices.c.id < invoice_id,
                    invoices.c.status != completion.INVOICE_DISCARDED)
    with_jobs = invoices.join(jobs, jobs.c.id == invoices.c.job_id)
    if blob_key is None:
        blob_key = conn.execute(sa.select(jobs.c.blob_key).select_from(with_jobs).where(invoices.c.id == invoice_id)).scalar()
    same_file = conn.execute(
        sa.select(invoices.c.id).select_from(with_jobs)
        .where(scope, in_mode(jobs, team_id, mode), jobs.c.blob_key == blob_key)
        .order_by(invoices.c.id).limit(1)
    ).scalar() if blob_key else None
    if same_file:
        return same_file, SAME_FILE
    if key is None:
        return None
    # Ids a page at a time in the index's order, then one document at a time: an invoice
    # uploaded a thousand times must not sort or load a thousand documents per completion.
    after = ""
    while True:
        ids = conn.execute(
            sa.select(invoices.c.id).where(scope, invoices.c.duplicate_key == key, invoices.c.id > after)
            .order_by(invoices.c.id).limit(_PAGE)
        ).scalars().all()
        for other_id in ids:
            other = conn.execute(sa.select(invoices.c.document).where(invoices.c.id == other_id)).scalar()
            if _agree(doc, other):
                return other_id, SAME_NUMBER
        if len(ids) < _PAGE:
            return None
        after = ids[-1]


def flag(conn: sa.Connection, team_id: str, mode: Mode, invoice_id: str, doc: dict, blob_key: str | None = None) -> None:
    """Set `duplicateOf` and its warning on `doc` (saved by the caller) and the row's key.
    ``blob_key``: the invoice's file, when the caller holds its job (a completion does)."""
    key = key_of(doc)
    dismissed = conn.execute(  # the key stored and the bookkeeper's dismissal read in one statement
        invoices.update().where(invoices.c.id == invoice_id).values(duplicate_key=key)
        .returning(invoices.c.duplicate_dismissed)
    ).scalar()
    found = None if dismissed else earlier(conn, team_id, mode, invoice_id, doc, key, blob_key)
    doc[FIELD] = found[0] if found else None
    if doc.get("validation") is None and not found:
        return  # nothing was checked and nothing to say
    validation = doc["validation"] = doc.get("validation") or {"checks": [], "warnings": []}
    warnings = [w for w in validation.get("warnings") or [] if not str(w).startswith("duplicate.")]
    validation["warnings"] = warnings + ([f"{found[1]}: {found[0]}"] if found else [])


def dismiss(store, principal: Principal, invoice_id: str, actor: Actor) -> dict:
    """The bookkeeper keeps the invoice: the flag goes, for good; one history entry and
    `invoice.updated`, as any edit of a field."""
    with store.write() as conn:
        row = locked_row(conn, principal.team_id, principal.mode, invoice_id, principal.client_id)
        if not row["document"].get(FIELD):
            return row["document"]
        if row["status"] != completion.INVOICE_COMPLETED:
            raise errors.InvoiceNotEditable("The invoice is still being processed; decide on it once it is processed.")
        document = copy.deepcopy(row["document"])
        change = {"field": FIELD, "old": document[FIELD], "new": None}
        conn.execute(invoices.update().where(invoices.c.id == invoice_id).values(duplicate_dismissed=True))
        flag(conn, principal.team_id, principal.mode, invoice_id, document)
        now, version = utcnow(), row["version"] + 1
        document.setdefault("history", []).append({"version": version, "at": iso_ms(now), **actor.as_dict(),
                                                   "changes": [change]})
        completion.save_document(conn, invoice_id, document, completion.INVOICE_COMPLETED)
        conn.execute(invoice_edits.insert().values(
            invoice_id=invoice_id, team_id=principal.team_id, mode=principal.mode.value, version=version,
            source=actor.source, api_key_id=actor.api_key_id, user_id=actor.user_id, changes=[change], created_at=now,
        ))
        outbox.add_event(conn, principal.team_id, principal.mode, "invoice.updated", {"invoice": document},
                         row["job_id"], actor)
        return document
