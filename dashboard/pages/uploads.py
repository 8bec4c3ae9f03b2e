"""Upload: files dropped or chosen, for a chosen client, each sent on its own request (so
each has its own progress and its own answer) through `core.jobs.admission.receive`, the same
admission as POST /invoices, with the member as the source (`ui`).

The page's script sends every file as multipart with an Idempotency-Key made for that file,
so a retry after a lost answer never makes a second job. The answer is a table row for the
file (its job, or the reason it was refused, in the page's language); the list of the
team's dashboard uploads below refreshes itself while any of them is still running.
"""

import falcon

from api.multipart import read_upload_form
from core import errors, limits
from core.access.actors import Actor
from core.billing.plans import default_plan
from core.jobs import admission, idempotency, member_uploads
from core.jobs.records import AWAITING_CREDITS, PROCESSING
from dashboard import problems
from dashboard.pages.invoices import client_names
from dashboard.web import Page


class Upload(Page):
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal = self.principal(req)
        with self.store.read() as conn:
            clients = client_names(conn, principal)
            recent = member_uploads.recent(conn, principal)
        self.render(req, resp, "upload.html", clients=clients, chosen=req.get_param("client"), recent=recent,
                    running=_running(recent), max_mb=limits.FILE_BYTES // (1024 * 1024))

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        """One file: 202 with its row, or the refusal's status with the reason beside the file."""
        try:
            with self.store.read() as conn:
                principal = member_uploads.uploader(conn, self.principal(req), default_plan(self.settings))
            key = req.get_header("Idempotency-Key")
            if key is not None:
                idempotency.validate_key(key)
            with admission.in_flight(self.counters, principal):
                request = _request(req, key, Actor.ui(self.member(req).id))
                answer = admission.receive(self.store, self.blobs, self.publisher, self.settings, principal, request)
        except errors.ServiceError as exc:  # every refusal is shown beside its file
            if exc.retry_after:
                resp.set_header("Retry-After", str(exc.retry_after))
            self.render(req, resp, "_upload_row.html", status=falcon.code_to_http_status(exc.status),
                        problem=problems.explain(exc), job=None)
            return
        self.render(req, resp, "_upload_row.html", status=falcon.code_to_http_status(answer.status), problem=None,
                    job={"id": answer.body["jobId"], "status": answer.body["status"]})


def _request(req: falcon.Request, key: str | None, actor: Actor) -> admission.UploadRequest:
    """The form's one file for its client, checked as POST /invoices checks its file."""
    form = read_upload_form(req)
    client_id = (form.fields.get("clientId") or "").strip() or None
    if client_id is None:
        raise errors.InvalidBody("Choose the client the files are for.",
                                 errors=[errors.field_error("clientId", "validation.required")])
    if not form.files:
        raise errors.UploadNoFile("The request has no part named 'file'.")
    part = form.files[0]
    return admission.UploadRequest(
        files=(admission.incoming_file(0, part.data, part.filename, part.content_type),), client_header=client_id,
        idempotency_key=key, request_id=getattr(req.context, "request_id", None), actor=actor,
    )


class RecentUploads(Page):
    """The team's latest dashboard uploads, for the page to refresh while jobs run."""

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal = self.principal(req)
        with self.store.read() as conn:
            recent = member_uploads.recent(conn, principal)
        self.render(req, resp, "_upload_recent.html", recent=recent, running=_running(recent))


def _running(recent: list[dict]) -> bool:
    return any(job["status"] in (PROCESSING, AWAITING_CREDITS) and not job["invoiceId"] for job in recent)
