"""Deleting an invoice: the dashboard's alone (interface.md 4 rule 3: the API has none).

Only an invoice that is finished may go: `completed`, or `discarded` by a review. One still
being processed, held for review or reprocessed is refused (409 invoice.not_editable),
since its job is still running and would otherwise end pointing at nothing half-way.

In one transaction the invoice row and its edit audit rows are removed and
`invoice.deleted` fires with the full DTO as it stood (section 6, payload rule 1), with the
team member as its actor. The job is left as it ended (`completed` or `cancelled`, its
credit charged): the document was read, which is what a credit pays for, and the job's
`invoiceId` keeps naming the invoice it produced, which now answers 404 invoice.not_found.
"""

from core import errors, outbox
from core.access.actors import Actor
from core.access.auth import Principal
from core.books import extraction_comparisons
from core.books.invoices import locked_row
from core.clock import utcnow
from core.jobs import completion
from core.store.db import Store
from core.store.tables import invoice_edits, invoices

DELETABLE = (completion.INVOICE_COMPLETED, completion.INVOICE_DISCARDED)


def delete(store: Store, principal: Principal, invoice_id: str, actor: Actor) -> dict:
    """Remove the invoice; returns the DTO that `invoice.deleted` carried."""
    with store.write() as conn:
        row = locked_row(conn, principal.team_id, principal.mode, invoice_id, principal.client_id)
        if row["status"] not in DELETABLE:
            raise errors.InvoiceNotEditable(
                f"The invoice is {row['status']}; delete it once it is processed or its review is resolved."
            )
        document = row["document"]
        conn.execute(invoice_edits.delete().where(invoice_edits.c.invoice_id == invoice_id))
        conn.execute(invoices.delete().where(invoices.c.id == invoice_id))
        extraction_comparisons.forget_content(conn, utcnow(), invoice_id=invoice_id)  # its values, not the agreement
        outbox.add_event(conn, principal.team_id, principal.mode, "invoice.deleted", {"invoice": document},
                         row["job_id"], actor)
    return document
