"""What an export reads from the store: the invoice once it is exportable, and plain lookups.

`exportable_invoice` is the one place that decides between 404 and the 409s of an export
(interface.md 7.2). The invoice row's own status decides: `queued`, `processing` or
`awaiting_credits` → 409 invoice.not_ready_for_export, `failed` → 409
invoice.export_unavailable_failed, `completed` → exportable. Today an invoice row is
written only when its job completes, so an `inv_` id with a processing job arises when a
completed invoice is reprocessed (`POST /invoices/{id}/reprocess` puts the row and its job
back to `processing` until the new reading lands); a `failed` invoice row arises once rows
are created at admission (interface.md 3.2 lists the status). The job is read as well, so
a job that runs again is never exported half-way even if its row still says `completed`;
a failed *reprocess* leaves the row `completed` with its previous content, which stays
exportable.

`load_lookups` gathers what exporters need beyond the DTO (client, settings, mapping
rules, currency rates) as plain data, so exporters never touch the store.
"""

from dataclasses import dataclass
from datetime import date

import sqlalchemy as sa

from core import errors
from core.books.currency_rates import RateTable, table_for
from core.books.export_mapping import PARTNER, MappingRule, rules_for
from core.books.export_settings import effective
from core.modes import Mode
from core.store.scoping import in_client, in_mode
from core.store.tables import clients, invoices, jobs
from schemas.invoice import Invoice

_NOT_READY = {"queued", "processing", "awaiting_credits"}
_FAILED = {"failed", "cancelled"}


@dataclass(frozen=True)
class ClientInfo:
    id: str
    name: str
    company_code: str | None
    vat_code: str | None


@dataclass(frozen=True)
class ExportLookups:
    """Read-only inputs of an export besides the invoice DTO."""

    settings: dict[str, str]
    item_rules: tuple[MappingRule, ...] = ()
    partner_rules: tuple[MappingRule, ...] = ()
    client: ClientInfo | None = None
    rates: RateTable | None = None
    export_date: date | None = None


def exportable_invoice(
    conn: sa.Connection, team_id: str, mode: Mode, invoice_id: str, client_id: str | None = None,
) -> Invoice:
    """The invoice record, or InvoiceNotFound / InvoiceNotReadyForExport / InvoiceExportUnavailableFailed.
    `client_id` confines a client-scoped key to its client's invoices."""
    row = conn.execute(
        sa.select(invoices.c.status, invoices.c.document, jobs.c.status.label("job_status"), jobs.c.error_message)
        .select_from(invoices.outerjoin(jobs, jobs.c.id == invoices.c.job_id))
        .where(in_mode(invoices, team_id, mode), in_client(invoices, client_id), invoices.c.id == invoice_id)
    ).first()
    if row is None:
        raise errors.InvoiceNotFound(f"No invoice {invoice_id} for this team.")
    if row.status in _FAILED:
        reason = f": {row.error_message}" if row.error_message else ""
        raise errors.InvoiceExportUnavailableFailed(f"Processing of invoice {invoice_id} failed{reason}.")
    if row.status in _NOT_READY or row.job_status in _NOT_READY:
        raise errors.InvoiceNotReadyForExport(
            f"Invoice {invoice_id} is still being processed; export it once its job is completed."
        )
    return Invoice.model_validate(row.document)


def invoice_dates(invoice: Invoice) -> list[date]:
    """The invoice's issue and delivery dates that are dates (what a currency rate is looked up for)."""
    out = []
    for value in (invoice.issueDate, invoice.deliveryDate):
        try:
            out.append(date.fromisoformat(value or ""))
        except ValueError:
            continue
    return out


def load_lookups(conn: sa.Connection, team_id: str, mode: Mode, invoice: Invoice, today: date) -> ExportLookups:
    client_id = invoice.clientId
    client = None
    if client_id:
        row = conn.execute(sa.select(clients).where(in_mode(clients, team_id, mode), clients.c.id == client_id)).first()
        if row is not None:
            client = ClientInfo(row.id, row.name, row.company_code, row.vat_code)
    rules = rules_for(conn, team_id, mode, client_id)
    currency = (invoice.currency or "EUR").upper()
    rates = None
    dates = invoice_dates(invoice)
    if currency != "EUR" and dates:
        rates = table_for(conn, currency, min(dates), max(dates))
    return ExportLookups(
        settings=effective(conn, team_id, mode, client_id),
        item_rules=tuple(r for r in rules if r.subject != PARTNER),
        partner_rules=tuple(r for r in rules if r.subject == PARTNER),
        client=client,
        rates=rates,
        export_date=today,
    )
