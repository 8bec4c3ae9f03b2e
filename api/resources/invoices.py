"""POST /invoices (upload) and GET /invoices/{id} (interface.md section 4)."""

import falcon

from api.multipart import read_upload_form
from core import admission, errors, idempotency, scopes, uploads
from core.auth import Principal
from core.blobs import BlobStore
from core.clients import resolve_client
from core.invoices import get_invoice
from core.kafka import Publisher
from core.modes import Mode
from core.settings import Settings
from core.store.db import Store


class InvoiceUploads:
    def __init__(self, settings: Settings, store: Store, blobs: BlobStore, publisher: Publisher):
        self.settings, self.store, self.blobs, self.publisher = settings, store, blobs, publisher

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_WRITE)
        if principal.billing_suspended and principal.mode is Mode.LIVE:
            raise errors.BillingSuspended("Paid processing is suspended for this team; reads keep working.")
        key = req.get_header("Idempotency-Key")
        if key is not None:
            idempotency.validate_key(key)

        form = read_upload_form(req)
        if not form.files:
            raise errors.UploadNoFile("The request has no part named 'file'.")
        if len(form.files) > 1:
            raise errors.InvalidBody(
                "Send one file per upload; use /invoices/batch for several.",
                errors=[errors.field_error("file", "validation.invalid_value")],
            )
        part = form.files[0]
        scenario = self._scenario(principal, form.fields.get("hints.testScenario"))
        mime_type = uploads.decide_mime_type(part.data, part.content_type)
        filename = part.filename or f"upload.{uploads.ACCEPTED_TYPES[mime_type]}"
        uploads.check_filename(filename)
        client_header = req.get_header("X-Client-Id")
        with self.store.read() as conn:
            client_id = resolve_client(conn, principal, client_header)

        claim = None
        if key is not None:
            claim = idempotency.Claim(
                principal.team_id, principal.mode, key,
                uploads.request_fingerprint(part.data, filename, mime_type, client_header, scenario),
            )
            cached = idempotency.claim(self.store, claim)
            if cached is not None:
                resp.status, resp.media = cached
                resp.set_header("Idempotent-Replayed", "true")
                return
        try:
            try:
                blob_key = self.blobs.put(part.data)
            except OSError as exc:
                raise errors.UploadFailed("The file could not be stored; retry with the same Idempotency-Key.") from exc
            upload = admission.Upload(filename, mime_type, blob_key, len(part.data), client_id, scenario)
            admitted = admission.admit(self.store, self.settings, principal, upload, claim)
        except Exception:
            if claim is not None:
                idempotency.abandon(self.store, claim)
            raise
        if admitted.outbox_id is not None:
            self.publisher.publish_row(admitted.outbox_id, self.settings.uploads_topic, principal.team_id, admitted.message)
        resp.status = 202
        resp.media = {"jobId": admitted.job_id, "status": admitted.status}

    @staticmethod
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


class Invoice:
    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_READ)
        with self.store.read() as conn:
            resp.media = get_invoice(conn, principal.team_id, principal.mode, invoice_id)
