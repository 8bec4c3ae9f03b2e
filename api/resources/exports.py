"""GET /invoices/{id}/export?format= (interface.md section 4; scope invoice:export).

The body is the file itself, sent as an attachment: `rivile` a ZIP of EIP files,
`finvalda`, `centas`, `agnum` and `xml` one XML document, `json` the invoice DTO.
Errors are problem+json: 400 export.invalid_format (missing or unknown format), 404
invoice.not_found (also for the other mode's invoices), 409 invoice.not_ready_for_export,
invoice.export_unavailable_failed and invoice.export_unavailable_preprocessing (its
`detail` names what is missing).
"""

from datetime import date

import falcon

from core.access import scopes
from core.access.auth import Principal
from core.books.exports import exportable_invoice, load_lookups
from core.store.db import Store
from exporters import registry


class InvoiceExport:
    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_EXPORT)
        render = registry.renderer(req.get_param("format"))
        with self.store.read() as conn:
            invoice = exportable_invoice(conn, principal.team_id, principal.mode, invoice_id, principal.client_id)
            lookups = load_lookups(conn, principal.team_id, principal.mode, invoice, date.today())
        exported = render(invoice, lookups)
        resp.status = falcon.HTTP_200
        resp.content_type = exported.content_type
        resp.downloadable_as = exported.filename
        resp.data = exported.body
