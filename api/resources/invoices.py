"""Uploads (POST /invoices, POST /invoices/batch) and invoice reads (interface.md 4)."""

import falcon

from api.multipart import FilePart, UploadForm, read_upload_form
from core import errors, limits, pagination, text
from core.access import scopes
from core.books import invoice_edits
from core.jobs import admission, idempotency, reprocess, uploads
from core.access.actors import Actor
from core.access.auth import Principal
from core.blobs import Blobs
from core.books.invoices import get_status, get_versioned, list_invoices
from core.modes import Mode
from core.outbox import OutboxPublisher
from core.billing.ratelimits import Counters
from core.rules import InvoiceRules
from core.settings import Settings
from core.store.db import Store
from core.validation import parse
from schemas.invoices import InvoicePatch

class _Uploads:
    """What single and batch uploads share: scope and billing checks, the form, the slot.

    The plan's ceiling on uploads in flight is taken before the body is read, since reading
    it is what costs; the rest is `admission.receive`.
    """

    def __init__(self, settings: Settings, store: Store, blobs: Blobs, publisher: OutboxPublisher, counters: Counters):
        self.settings, self.store, self.blobs, self.publisher, self.counters = settings, store, blobs, publisher, counters

    def receive(self, req: falcon.Request, resp: falcon.Response, max_body: int, batch: bool) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_WRITE)
        if principal.billing_suspended and principal.mode is Mode.LIVE:
            raise errors.BillingSuspended("Paid processing is suspended for this team; reads keep working.")
        key = req.get_header("Idempotency-Key")
        if key is not None:
            idempotency.validate_key(key)
        with admission.in_flight(self.counters, principal):
            form = read_upload_form(req, max_body=max_body)
            request = _request(principal, form, key, req, batch)
            answer = admission.receive(self.store, self.blobs, self.publisher, self.settings, principal, request)
        resp.status, resp.media = answer.status, answer.body
        if answer.replayed:
            resp.set_header("Idempotent-Replayed", "true")


def _request(principal: Principal, form: UploadForm, key: str | None, req: falcon.Request, batch: bool) -> admission.UploadRequest:
    """The upload as the domain sees it: checked files, refused ones (batch only), hints."""
    if not form.files:
        raise errors.UploadNoFile("The request has no part named 'file'.")
    if not batch and len(form.files) > 1:
        raise errors.InvalidBody(
            "Send one file per upload; use /invoices/batch for several.",
            errors=[errors.field_error("file", "validation.invalid_value")],
        )
    if len(form.files) > limits.BATCH_FILES:
        raise errors.InvalidBody(
            f"A batch carries at most {limits.BATCH_FILES} files.",
            errors=[errors.field_error("file", "validation.length")],
        )
    scenario = _scenario(principal, form.fields.get("hints.testScenario"))
    accepted, rejected = [], []
    for index, part in enumerate(form.files):
        try:
            accepted.append(_checked(index, part))
        except errors.ServiceError as exc:
            if not batch:
                raise
            rejected.append(admission.RejectedFile(index, text.stripped(part.filename or "") or f"file-{index + 1}", exc))
    return admission.UploadRequest(
        files=tuple(accepted), rejected=tuple(rejected), client_header=req.get_header("X-Client-Id"),
        scenario=scenario, idempotency_key=key, request_id=req.context.request_id, batch=batch,
    )


def _checked(index: int, part: FilePart) -> admission.IncomingFile:
    return admission.incoming_file(index, part.data, part.filename, part.content_type)


def _scenario(principal: Principal, value: str | None) -> str | None:
    if value is None or value == "":
        return None
    if principal.mode is not Mode.TEST:
        raise errors.InvalidBody(
            "hints.testScenario is only accepted with test keys.",
            errors=[errors.field_error("hints.testScenario", "validation.invalid_value")],
        )
    if value not in uploads.TEST_SCENARIOS:
        raise errors.InvalidBody(
            f"hints.testScenario must be one of {sorted(uploads.TEST_SCENARIOS)}.",
            errors=[errors.field_error("hints.testScenario", "validation.invalid_enum")],
        )
    return value


class InvoiceUploads(_Uploads):
    """POST /invoices (one file; 202) and GET /invoices (list)."""

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        self.receive(req, resp, limits.SINGLE_BODY_BYTES, batch=False)

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_READ)
        status, assignment = req.get_param("status"), req.get_param("assignment")
        filters = {"status": status, "assignment": assignment} if assignment else {"status": status}
        page = pagination.parse(req.get_param("cursor"), req.get_param("limit"), filters)
        with self.store.read() as conn:
            items, next_cursor = list_invoices(
                conn, principal.team_id, principal.mode, status, page, assignment, principal.client_id
            )
        resp.media = {"data": items, "nextCursor": next_cursor}


class InvoiceBatchUploads(_Uploads):
    """POST /invoices/batch: up to 10 files; 207 with one result per file.

    A file that fails its own checks (type, size, name) is rejected on its own and listed
    with its error; the others are admitted together in one transaction.
    """

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        self.receive(req, resp, limits.BATCH_BODY_BYTES, batch=True)


class Invoice:
    """GET /invoices/{id} (with its version as ETag) and PATCH /invoices/{id} (a JSON merge
    patch, `If-Match` against lost updates; the edit fires invoice.updated, source api)."""

    def __init__(self, store: Store, rules: InvoiceRules):
        self.store, self.rules = store, rules

    def on_get(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_READ)
        with self.store.read() as conn:
            resp.media, version = get_versioned(conn, principal.team_id, principal.mode, invoice_id, principal.client_id)
        resp.etag = invoice_edits.etag(version)

    def on_patch(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_WRITE)
        patch = parse(InvoicePatch, req.get_media())
        resp.media, version = invoice_edits.edit(
            self.store, self.rules, principal, invoice_id, patch, req.get_header("If-Match"), Actor.api(principal.key_id)
        )
        resp.etag = invoice_edits.etag(version)


class InvoiceStatus:
    """GET /invoices/{id}/status: id, status, jobId, assignment status, updatedAt."""

    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_READ)
        with self.store.read() as conn:
            resp.media = get_status(conn, principal.team_id, principal.mode, invoice_id, principal.client_id)


class InvoiceReprocess:
    """POST /invoices/{id}/reprocess: read the source file again (interface.md 4 leaves the
    method and path to us). 202 with the job; paid at once, so 402 credits.insufficient when
    the live balance cannot cover it."""

    def __init__(self, settings: Settings, store: Store):
        self.settings, self.store = settings, store

    def on_post(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_WRITE)
        resp.status = 202
        resp.media = reprocess.request_invoice(self.settings, self.store, principal, invoice_id)
