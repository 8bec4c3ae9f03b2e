"""Uploads (POST /invoices, POST /invoices/batch) and invoice reads (interface.md 4)."""

import falcon

from api.multipart import FilePart, read_upload_form
from core import admission, errors, idempotency, invoice_edits, pagination, reprocess, scopes, uploads
from core.actors import Actor
from core.auth import Principal
from core.blobs import BlobStore
from core.clients import resolve_client
from core.invoices import get_status, get_versioned, list_invoices
from core.kafka import Publisher
from core.modes import Mode
from core.rules import InvoiceRules
from core.settings import Settings
from core.store.db import Store
from core.validation import parse
from schemas.invoices import InvoicePatch

MAX_BATCH_FILES = 10
MAX_BATCH_BODY_BYTES = 500 * 1024 * 1024


class _Uploader:
    """What single and batch uploads share: checks, idempotency, admission, publishing."""

    def __init__(self, settings: Settings, store: Store, blobs: BlobStore, publisher: Publisher):
        self.settings, self.store, self.blobs, self.publisher = settings, store, blobs, publisher

    @staticmethod
    def scenario(principal: Principal, value: str | None) -> str | None:
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

    @staticmethod
    def checked(part: FilePart) -> tuple[str, str]:
        """(mime type, filename) of a file part, or the upload error that refuses it."""
        mime_type = uploads.decide_mime_type(part.data, part.content_type)
        filename = part.filename or f"upload.{uploads.ACCEPTED_TYPES[mime_type]}"
        uploads.check_filename(filename)
        return mime_type, filename

    def begin(self, req: falcon.Request) -> tuple[Principal, str | None]:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_WRITE)
        if principal.billing_suspended and principal.mode is Mode.LIVE:
            raise errors.BillingSuspended("Paid processing is suspended for this team; reads keep working.")
        key = req.get_header("Idempotency-Key")
        if key is not None:
            idempotency.validate_key(key)
        return principal, key

    def admit(self, req, principal, key, fingerprint, files, respond, resp) -> None:
        """Claim the key, store blobs, admit in one transaction, publish, answer."""
        client_header = req.get_header("X-Client-Id")
        with self.store.read() as conn:
            client_id = resolve_client(conn, principal, client_header)
        claim = None
        if key is not None:
            claim = idempotency.Claim(principal.team_id, principal.mode, key, fingerprint(client_header))
            cached = idempotency.claim(self.store, claim)
            if cached is not None:
                resp.status, resp.media = cached
                resp.set_header("Idempotent-Replayed", "true")
                return
        try:
            batch = []
            for data, filename, mime_type, scenario in files:
                try:
                    blob_key = self.blobs.put(data)
                except OSError as exc:
                    raise errors.UploadFailed("The file could not be stored; retry with the same Idempotency-Key.") from exc
                batch.append(admission.Upload(filename, mime_type, blob_key, len(data), client_id, scenario))
            admitted = admission.admit(self.store, self.settings, principal, batch, claim, respond)
        except Exception:
            if claim is not None:
                idempotency.abandon(self.store, claim)
            raise
        for item in admitted:
            if item.outbox_id is not None:
                self.publisher.publish_row(item.outbox_id, self.settings.uploads_topic, principal.team_id, item.message)
        resp.status, resp.media = respond(admitted)


class InvoiceUploads(_Uploader):
    """POST /invoices (one file; 202) and GET /invoices (list)."""

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal, key = self.begin(req)
        form = read_upload_form(req)
        if not form.files:
            raise errors.UploadNoFile("The request has no part named 'file'.")
        if len(form.files) > 1:
            raise errors.InvalidBody(
                "Send one file per upload; use /invoices/batch for several.",
                errors=[errors.field_error("file", "validation.invalid_value")],
            )
        part = form.files[0]
        scenario = self.scenario(principal, form.fields.get("hints.testScenario"))
        mime_type, filename = self.checked(part)

        def fingerprint(client_header):
            return uploads.request_fingerprint([(part.data, filename, mime_type)], client_header, scenario)

        def respond(admitted):
            return 202, {"jobId": admitted[0].job_id, "status": admitted[0].status}

        self.admit(req, principal, key, fingerprint, [(part.data, filename, mime_type, scenario)], respond, resp)

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_READ)
        status, assignment = req.get_param("status"), req.get_param("assignment")
        filters = {"status": status, "assignment": assignment} if assignment else {"status": status}
        page = pagination.parse(req.get_param("cursor"), req.get_param("limit"), filters)
        with self.store.read() as conn:
            items, next_cursor = list_invoices(conn, principal.team_id, principal.mode, status, page, assignment)
        resp.media = {"data": items, "nextCursor": next_cursor}


class InvoiceBatchUploads(_Uploader):
    """POST /invoices/batch: up to 10 files; 207 with one result per file.

    A file that fails its own checks (type, size, name) is rejected on its own and listed
    with its error; the others are admitted together in one transaction.
    """

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal, key = self.begin(req)
        form = read_upload_form(req, max_body=MAX_BATCH_BODY_BYTES)
        if not form.files:
            raise errors.UploadNoFile("The request has no part named 'file'.")
        if len(form.files) > MAX_BATCH_FILES:
            raise errors.InvalidBody(
                f"A batch carries at most {MAX_BATCH_FILES} files.",
                errors=[errors.field_error("file", "validation.length")],
            )
        scenario = self.scenario(principal, form.fields.get("hints.testScenario"))
        accepted, rejected = [], []
        for index, part in enumerate(form.files):
            try:
                mime_type, filename = self.checked(part)
            except errors.ServiceError as exc:
                rejected.append((index, part.filename or f"file-{index + 1}", exc))
                continue
            accepted.append((index, part.data, filename, mime_type))

        def fingerprint(client_header):
            return uploads.request_fingerprint([(d, f, m) for _, d, f, m in accepted] + [(b"", f, e.code) for _, f, e in rejected], client_header, scenario)

        def respond(admitted):
            results: list[tuple[int, dict]] = [
                (i, {"filename": f, "jobId": None, "status": "rejected", "error": {"code": e.code, "detail": e.detail}})
                for i, f, e in rejected
            ]
            results += [
                (i, {"filename": a.filename, "jobId": a.job_id, "status": a.status})
                for (i, *_), a in zip(accepted, admitted)
            ]
            ordered = [r for _, r in sorted(results, key=lambda x: x[0])]
            return 207, {
                "results": ordered,
                "accepted": len(admitted),
                "rejected": len(rejected),
                "awaitingCredits": sum(1 for a in admitted if a.status == "awaiting_credits"),
            }

        files = [(d, f, m, scenario) for _, d, f, m in accepted]
        self.admit(req, principal, key, fingerprint, files, respond, resp)


class Invoice:
    """GET /invoices/{id} (with its version as ETag) and PATCH /invoices/{id} (a JSON merge
    patch, `If-Match` against lost updates; the edit fires invoice.updated, source api)."""

    def __init__(self, store: Store, rules: InvoiceRules):
        self.store, self.rules = store, rules

    def on_get(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_READ)
        with self.store.read() as conn:
            resp.media, version = get_versioned(conn, principal.team_id, principal.mode, invoice_id)
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
            resp.media = get_status(conn, principal.team_id, principal.mode, invoice_id)


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
