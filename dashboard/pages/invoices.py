"""Invoices: the list, one invoice (page image with boxes, fields, checks, history,
exports), its edit and its deletion. Each responder parses, calls one domain function
with the member's live principal and `Actor.ui`, and renders."""

from datetime import date

import falcon

from core import errors, pagination
from core.access import members
from core.access.actors import Actor
from core.billing.plans import default_plan
from core.books import duplicates, invoice_deletion, invoice_edits
from core.books.clients import list_clients
from core.books.exports import exportable_invoice, load_lookups
from core.books.invoices import Search, get_versioned, search_invoices, source_file
from core.jobs import admission, member_uploads, splits
from core.validation import parse
from dashboard import checks, forms, invoice_form, page_images, problems
from dashboard.web import PREFIX, Page, redirect
from exporters import registry
from schemas.document_warnings import ranges_of
from schemas.invoices import InvoicePatch

LIST_STATUSES = ("processing", "completed", "discarded")


def row_of(doc: dict) -> dict:
    totals, assignment = doc.get("totals") or {}, doc.get("assignment") or {}
    return {
        "id": doc["id"], "status": doc["status"], "number": doc.get("invoiceNumber"),
        "seller": (doc.get("seller") or {}).get("name"), "buyer": (doc.get("buyer") or {}).get("name"),
        "gross": totals.get("gross"), "currency": doc.get("currency"), "clientId": doc.get("clientId"),
        "assignment": assignment.get("status"), "confidence": (doc.get("confidence") or {}).get("overall"),
        "issueDate": doc.get("issueDate"), "sourceFile": doc.get("sourceFile"), "duplicateOf": doc.get("duplicateOf"),
    }


def client_names(conn, principal) -> dict[str, str]:
    items, _ = list_clients(conn, principal, pagination.Page(None, pagination.MAX_LIMIT))
    return {c["id"]: c["name"] for c in items}


class InvoiceList(Page):
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal = self.principal(req)
        status = req.get_param("status") if req.get_param("status") in LIST_STATUSES else None
        search = Search(
            status=status, assignment="needs_review" if req.get_param("review") == "1" else None,
            client_id=req.get_param("client") or None, issued_from=req.get_param("from") or None,
            issued_to=req.get_param("to") or None, text=req.get_param("q") or None,
            duplicates=req.get_param("dup") == "1",
        )
        page = pagination.parse(req.get_param("cursor"), "25", search.as_filters())
        with self.store.read() as conn:
            items, next_cursor = search_invoices(conn, principal.team_id, principal.mode, search, page, row_of)
            clients = client_names(conn, principal)
        self.render(req, resp, "invoices.html", items=items, next_cursor=next_cursor, clients=clients,
                    statuses=LIST_STATUSES, search=search)


class InvoiceView(Page):
    """GET shows the invoice; POST saves the edited fields (source `ui`, `invoice.updated`)."""

    def _show(self, req, resp, invoice_id: str, problem=None, status=falcon.HTTP_200, notice=None, typed=None,
              typed_lines=None, typed_vat=None) -> None:
        principal = self.principal(req)
        with self.store.read() as conn:
            doc, version = get_versioned(conn, principal.team_id, principal.mode, invoice_id)
            people = {m["id"]: m["email"] for m in members.team_members(conn, principal.team_id)}
            clients = client_names(conn, principal)
            source = source_file(conn, principal.team_id, principal.mode, invoice_id)
        self.render(req, resp, "invoice.html", doc=doc, version=typed.get("version", version) if typed else version,
                    pages=self._pages(source, doc), sections=invoice_form.SECTIONS,
                    value_at=invoice_form.value_at, shown=invoice_form.shown, low=invoice_form.LOW_CONFIDENCE,
                    people=people, clients=clients, formats=registry.FORMATS, problem=problem,
                    field_labels=invoice_form.LABELS, typed=typed or {}, checks=checks, status=status,
                    choices=invoice_form.CHOICES, line_fields=invoice_form.LINE_FIELDS,
                    line_numbers=invoice_form.LINE_NUMBERS, kinds=invoice_form.KINDS, line_value=invoice_form.line_value,
                    typed_lines=typed_lines, typed_vat=typed_vat, vat_fields=invoice_form.VAT_FIELDS,
                    vat_grid=invoice_form.VAT, categories=invoice_form.CATEGORIES, cell_value=invoice_form.cell_value,
                    notice=notice or req.get_param("notice"),
                    split_ranges=ranges_of((doc.get("validation") or {}).get("warnings")))

    def _pages(self, source: dict, doc: dict) -> list[dict]:
        """Each page's number and size in points (the boxes' coordinates); none once the
        file is gone."""
        if source["purged"] or not self.blobs.exists(source["blobKey"]):
            return []
        blob_key, out, read = source["blobKey"], [], {}

        def data_of() -> bytes:  # the blob is read once, and only for a page not drawn yet
            if "data" not in read:
                read["data"] = self.blobs.get(blob_key)
            return read["data"]

        for number in range(1, max(1, int(doc.get("pageCount") or 1)) + 1):
            size = page_images.page_size(self.page_cache, blob_key, data_of, source["mimeType"], number)
            if size is not None:
                out.append({"number": number, "width": round(size[0], 2), "height": round(size[1], 2)})
        return out

    def on_get(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        self._show(req, resp, invoice_id)

    def on_post(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal, form = self.principal(req), self.form(req)
        with self.store.read() as conn:
            doc, _version = get_versioned(conn, principal.team_id, principal.mode, invoice_id)
        try:
            version = forms.integer(form, "version")
            patch, unreadable = invoice_form.patch_from(doc, form)
            try:
                parsed = parse(InvoicePatch, patch)
            except errors.InvalidBody as exc:
                raise errors.InvalidBody(exc.detail, errors=unreadable + (exc.errors or [])) from exc
            if unreadable:
                raise errors.InvalidBody("Amounts that cannot be read.", errors=unreadable)
            invoice_edits.edit(self.store, self.rules, principal, invoice_id, parsed,
                               invoice_edits.etag(version), Actor.ui(self.member(req).id))
        except (errors.InvalidBody, errors.Conflict, errors.InvoiceNotEditable) as exc:
            typed = {k: forms.text(form, k) or "" for k in (*invoice_form.PATHS, "version") if k in form}
            rows = invoice_form.typed_lines(form) if "lines" in form else None
            vat = invoice_form.typed_rows(form, invoice_form.VAT) if "vatBreakdown" in form else None
            self._show(req, resp, invoice_id, exc, falcon.code_to_http_status(exc.status), typed=typed, typed_lines=rows,
                       typed_vat=vat)
            return
        raise redirect(f"{PREFIX}/invoices/{invoice_id}?notice=saved")


class InvoiceDelete(Page):
    """A confirmation page, then the deletion (`invoice.deleted`, source `ui`)."""

    def on_get(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal = self.principal(req)
        with self.store.read() as conn:
            doc, _version = get_versioned(conn, principal.team_id, principal.mode, invoice_id)
        self.render(req, resp, "invoice_delete.html", doc=doc)

    def on_post(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        invoice_deletion.delete(self.store, self.principal(req), invoice_id, Actor.ui(self.member(req).id))
        raise redirect(f"{PREFIX}/invoices?notice=deleted")


class InvoiceDuplicate(Page):
    """POST: the member keeps an invoice flagged as a duplicate (the flag goes, for good).
    Discarding it is the invoice's deletion, with its own confirmation page."""

    def on_post(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        duplicates.dismiss(self.store, self.principal(req), invoice_id, Actor.ui(self.member(req).id))
        raise redirect(f"{PREFIX}/invoices/{invoice_id}?notice=kept")


class InvoiceSplit(Page):
    """POST: a file that holds several invoices (the `document.multiple_invoices` warning)
    sent again as one upload per invoice, each through the upload admission and charged as
    an upload (`core.jobs.splits`); the answer lists the parts' jobs. A second POST gives
    the same jobs."""

    def on_post(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        member = self.member(req)
        with self.store.read() as conn:
            principal = member_uploads.uploader(conn, self.principal(req), default_plan(self.settings))
            doc, _version = get_versioned(conn, principal.team_id, principal.mode, invoice_id)
        with admission.in_flight(self.counters, principal):
            parts = splits.split(self.store, self.blobs, self.publisher, self.settings, principal, invoice_id,
                                 Actor.ui(member.id), getattr(req.context, "request_id", None))
        self.render(req, resp, "invoice_split.html", status=falcon.HTTP_202, doc=doc, parts=parts)


class InvoiceExport(Page):
    def on_get(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal = self.principal(req)
        render = registry.renderer(req.get_param("format"))
        with self.store.read() as conn:
            invoice = exportable_invoice(conn, principal.team_id, principal.mode, invoice_id)
            lookups = load_lookups(conn, principal.team_id, principal.mode, invoice, date.today())
        try:
            exported = render(invoice, lookups)
        except errors.InvoiceExportUnavailablePreprocessing as exc:  # say it, and where it is fixed
            self.render(req, resp, "error.html", status=falcon.HTTP_409, code=409,
                        detail=problems.error_page_detail(exc), fix_at=problems.setting_link(invoice.clientId, exc.detail))
            return
        resp.content_type, resp.downloadable_as, resp.data = exported.content_type, exported.filename, exported.body


class InvoicePageImage(Page):
    """The rendered page (PNG) behind the boxes; cached on disk, never in the browser (a
    page of an invoice must not outlive the session in the browser's cache)."""

    def on_get(self, req: falcon.Request, resp: falcon.Response, invoice_id: str, page: int) -> None:
        principal = self.principal(req)
        with self.store.read() as conn:
            source = source_file(conn, principal.team_id, principal.mode, invoice_id)
        if source["purged"] or not self.blobs.exists(source["blobKey"]):
            raise falcon.HTTPNotFound()
        png = page_images.rendered(self.page_cache, source["blobKey"], lambda: self.blobs.get(source["blobKey"]),
                                   source["mimeType"], page)
        if png is None:
            raise falcon.HTTPNotFound()
        resp.content_type, resp.data = "image/png", png
        resp.set_header("Cache-Control", "no-store")
