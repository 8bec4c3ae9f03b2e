"""A period's exports as one download: every invoice of a filtered list rendered in one
format, in one ZIP, with the invoices that could not be exported and why.

Each accounting program imports its own files (Rivilė's EIP, Finvalda's and Centas' XML,
Agnum's); the bundle holds each invoice's file as the single export gives it, named by the
invoice, and `refused.txt` lists the invoices left out with the reason the single export
would give, so nothing is dropped silently.
"""

import io
import zipfile
from dataclasses import dataclass, field
from datetime import date

from core import errors, pagination
from core.auth import Principal
from core.exports import exportable_invoice, load_lookups
from core.invoices import Search, search_invoices
from core.store.db import Store
from exporters import registry

MAX_INVOICES = 500


@dataclass
class Bundle:
    body: bytes
    exported: list[str] = field(default_factory=list)
    refused: list[tuple[str, str, str]] = field(default_factory=list)  # (invoice id, code, detail)


def invoice_ids(store: Store, principal: Principal, search: Search) -> list[str]:
    """The ids of the list's invoices, oldest first, at most MAX_INVOICES."""
    ids, cursor = [], None
    while len(ids) < MAX_INVOICES:
        page = pagination.parse(cursor, str(pagination.MAX_LIMIT), search.as_filters())
        with store.read() as conn:
            items, cursor = search_invoices(conn, principal.team_id, principal.mode, search, page, lambda doc: doc["id"])
        ids += items
        if not cursor:
            break
    return list(reversed(ids[:MAX_INVOICES]))


def build(store: Store, principal: Principal, search: Search, fmt: str, today: date) -> Bundle:
    render = registry.renderer(fmt)
    out, bundle = io.BytesIO(), Bundle(b"")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for invoice_id in invoice_ids(store, principal, search):
            try:
                with store.read() as conn:
                    invoice = exportable_invoice(conn, principal.team_id, principal.mode, invoice_id)
                    lookups = load_lookups(conn, principal.team_id, principal.mode, invoice, today)
                exported = render(invoice, lookups)
            except errors.ServiceError as exc:
                bundle.refused.append((invoice_id, exc.code, exc.detail or ""))
                continue
            archive.writestr(f"{invoice_id}/{exported.filename}", exported.body)
            bundle.exported.append(invoice_id)
        if bundle.refused:
            archive.writestr("refused.txt", "".join(f"{i}\t{code}\t{detail}\n" for i, code, detail in bundle.refused))
    bundle.body = out.getvalue()
    return bundle
