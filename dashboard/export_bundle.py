"""A period's exports as one download: every invoice of a filtered list in one format,
with the invoices that could not be exported and why.

An accounting program whose import takes several invoices in one file (Rivilė, Finvalda,
Centas, Agnum: exporters/period.py through the registry) gets that file, one per side
(purchases, sales), with every invoice of the period in it. When the period makes a single
file and nothing is refused, the download is that file; otherwise a ZIP of the files and
`refused.txt`, which lists the invoices left out with the reason the single export would
give, so nothing is dropped silently. Formats that hold one invoice per document (JSON,
UBL, CII) give a ZIP of each invoice's file as the single export gives it, named by the
invoice.
"""

import io
import zipfile
from dataclasses import dataclass, field
from datetime import date

from core import errors, pagination
from core.access.auth import Principal
from core.books.exports import exportable_invoice, load_lookups
from core.books.invoices import Search, search_invoices
from core.store.db import Store
from exporters import registry

MAX_INVOICES = 500


@dataclass
class Bundle:
    body: bytes
    exported: list[str] = field(default_factory=list)
    refused: list[tuple[str, str, str]] = field(default_factory=list)  # (invoice id, code, detail)
    filename: str = ""  # the one merged file's name when the download is that file, else ""
    content_type: str = "application/zip"


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
    render, period = registry.renderer(fmt), registry.period_of(fmt)
    bundle, files, pieces = Bundle(b""), [], []
    for invoice_id in invoice_ids(store, principal, search):
        try:
            with store.read() as conn:
                invoice = exportable_invoice(conn, principal.team_id, principal.mode, invoice_id)
                lookups = load_lookups(conn, principal.team_id, principal.mode, invoice, today)
            if period is not None:
                pieces.append(period.piece(invoice, lookups))
            else:
                exported = render(invoice, lookups)
                files.append((f"{invoice_id}/{exported.filename}", exported.body))
        except errors.ServiceError as exc:
            bundle.refused.append((invoice_id, exc.code, exc.detail or ""))
            continue
        bundle.exported.append(invoice_id)
    if period is not None and pieces:
        merged = period.merge(pieces)
        if len(merged) == 1 and not bundle.refused:
            bundle.body, bundle.filename, bundle.content_type = merged[0].body, merged[0].filename, merged[0].content_type
            return bundle
        files = [(f.filename, f.body) for f in merged]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, body in files:
            archive.writestr(name, body)
        if bundle.refused:
            archive.writestr("refused.txt", "".join(f"{i}\t{code}\t{detail}\n" for i, code, detail in bundle.refused))
    bundle.body = out.getvalue()
    return bundle
