"""A tour of the public API: every operation of the OpenAPI document called once, in the order
a partner meets them, against a running service in test mode.

The tour is where the document's examples come from (`--write` records them into
schemas/openapi_examples.json), and the examples test drives it against a real gunicorn to
prove that every recorded example still is what the service answers. Test mode is used so a
tour costs no credits; its invoices complete with the canned invoice.

    python -m clients.tour http://127.0.0.1:8000/external/v1 KEY CLIENT OTHER_CLIENT \
        --webhook-url https://localhost:8443/hooks [--write]

KEY is a test key with every scope; CLIENT and OTHER_CLIENT are two test clients of its
team, the first the canned invoice's buyer (company code 123456786); the webhook URL must
pass the service's URL guard (a loopback one where INVOICES_WEBHOOK_ALLOW_LOOPBACK=1).
"""

import argparse
import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from schemas.examples import EXAMPLES_PATH, PROBLEM, PUBLIC_WEBHOOK_URL

PDF = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "invoice_digital.pdf"
FINAL_JOB_STATES = ("completed", "failed", "cancelled")
DEFAULT_ORIGIN = "http://127.0.0.1:8000"
SECRET = re.compile(r"whsec_[A-Za-z0-9+/=]+")
EXAMPLE_SECRET = "whsec_" + "x" * 43 + "="


@dataclass
class Call:
    """One operation as it was called and answered."""

    operation_id: str
    method: str
    path: str  # the concrete path, ids filled in
    status: int
    response: Any  # the JSON body, or None for an empty or non-JSON one
    params: dict = field(default_factory=dict)
    body: Any = None  # a JSON body, or the form fields of an upload (the file by its name)
    content_type: str | None = None
    headers: dict = field(default_factory=dict)  # those the operation documents, not the key


class Tour:
    """Every operation once, in the order a partner meets them; the ids each answer gives lead
    to the next call. A call answered with an error stops the tour (but the one recorded
    problem, on purpose)."""

    def __init__(self, base: str, key: str, client_id: str, other_client_id: str, webhook_url: str,
                 timeout_s: float = 180.0):
        self.http = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60)
        self.client_id, self.other_client_id = client_id, other_client_id
        self.webhook_url, self.timeout_s = webhook_url, timeout_s
        self.calls: list[Call] = []

    def call(self, operation_id: str, method: str, path: str, *, params: dict | None = None, json_body: Any = None,
             content_type: str | None = None, form: dict | None = None, headers: dict | None = None) -> Call:
        kwargs: dict[str, Any] = {"params": params, "headers": dict(headers or {})}
        form = dict(form) if form is not None else None
        body = json_body
        if form is not None:
            pdf = PDF.read_bytes()
            count = form.pop("files", None)  # a batch: so many copies
            files = [("file", (PDF.name, pdf, "application/pdf")) for _ in range(count or 1)]
            kwargs.update(files=files, data=form)
            body = {"file": [PDF.name] * count if count else PDF.name, **form}
            content_type = "multipart/form-data"
        elif json_body is not None:
            content_type = content_type or "application/json"
            kwargs["content"] = json.dumps(json_body)
            kwargs["headers"]["Content-Type"] = content_type
        resp = self.http.request(method, path, **kwargs)
        is_json = resp.headers.get("content-type", "").split(";")[0].endswith("json") and resp.content
        call = Call(operation_id, method, path, resp.status_code, resp.json() if is_json else None,
                    params or {}, body, content_type, dict(headers or {}))
        if resp.status_code >= 400 and operation_id != PROBLEM:
            raise RuntimeError(f"{operation_id}: {method} {path} answered {resp.status_code}: {resp.text[:500]}")
        self.calls.append(call)
        return call

    def wait_job(self, job_id: str) -> dict:
        deadline = time.monotonic() + self.timeout_s
        while time.monotonic() < deadline:
            job = self.http.get(f"/jobs/{job_id}").json()
            if job["status"] in FINAL_JOB_STATES or (job.get("invoiceId") and job["status"] == "processing"
                                                     and self._held(job["invoiceId"])):
                return job
            time.sleep(0.2)
        raise TimeoutError(f"job {job_id} did not finish in {self.timeout_s} s")

    def _held(self, invoice_id: str) -> bool:
        answer = self.http.get(f"/invoices/{invoice_id}/status")
        return answer.status_code == 200 and (answer.json().get("assignment") or {}).get("status") == "needs_review"

    def upload(self, scenario: str | None = None, operation_id: str | None = None) -> dict:
        form = {"hints.testScenario": scenario} if scenario else {}
        headers = {"X-Client-Id": self.client_id}
        if operation_id:
            return self.call(operation_id, "POST", "/invoices", form=form, headers=headers).response
        with PDF.open("rb") as fh:
            resp = self.http.post("/invoices", files={"file": (PDF.name, fh, "application/pdf")}, data=form,
                                  headers=headers)
        return resp.json()

    def run(self) -> list[Call]:
        self.call("getMe", "GET", "/me")
        self.call(PROBLEM, "GET", "/jobs/job_test_01JZZZZZZZZZZZZZZZZZZZZZZZ")
        self.call("getCredits", "GET", "/me/credits")
        self.call("getQuotaCredits", "GET", "/me/quota.credits")
        self.call("listClients", "GET", "/clients", params={"limit": 2})

        job = self.wait_job(self.upload(operation_id="uploadInvoice")["jobId"])
        invoice_id = job["invoiceId"]
        self.call("getJob", "GET", f"/jobs/{job['id']}")
        self.call("listJobs", "GET", "/jobs", params={"status": "completed", "limit": 1})
        self.call("getInvoiceStatus", "GET", f"/invoices/{invoice_id}/status")
        self.call("getInvoice", "GET", f"/invoices/{invoice_id}")
        self.call("listInvoices", "GET", "/invoices", params={"status": "completed", "limit": 1})
        self.call("updateInvoice", "PATCH", f"/invoices/{invoice_id}", content_type="application/merge-patch+json",
                  json_body={"notes": "Paid by card", "orderReference": "PO-2026-117"})
        self.call("exportInvoice", "GET", f"/invoices/{invoice_id}/export", params={"format": "json"})
        reprocess = self.call("reprocessInvoice", "POST", f"/invoices/{invoice_id}/reprocess")
        self.wait_job(reprocess.response["jobId"])
        batch = self.call("uploadInvoiceBatch", "POST", "/invoices/batch", form={"files": 2},
                          headers={"X-Client-Id": self.client_id})
        for item in batch.response["results"]:
            if item["jobId"] is None:
                raise RuntimeError(f"a batch file was rejected: {item}")
            self.wait_job(item["jobId"])

        self._review()
        self._contacts()
        self._webhooks()
        return self.calls

    def _review(self) -> None:
        held = [self.wait_job(self.upload("needs_review")["jobId"])["invoiceId"] for _ in range(3)]
        self.call("approveInvoiceAssignment", "POST", f"/invoices/{held[0]}/assignment/approve")
        self.call("discardInvoiceAssignment", "POST", f"/invoices/{held[1]}/assignment/discard")
        self.call("moveInvoiceAssignment", "POST", f"/invoices/{held[2]}/assignment/move",
                  json_body={"clientId": self.other_client_id, "force": True})

    def _contacts(self) -> None:
        created = self.call("createContact", "POST", "/contacts", json_body={
            "name": "UAB Medienos prekyba", "companyCode": "304512874", "vatCode": "LT123456715",
            "address": {"street": "Savanorių pr. 12", "city": "Vilnius", "postalCode": "LT-03116", "country": "LT"},
            "email": "saskaitos@medienos.example", "externalId": "ERP-1042",
        })
        contact_id = created.response["id"]
        self.call("getContact", "GET", f"/contacts/{contact_id}")
        self.call("listContacts", "GET", "/contacts", params={"q": "medienos", "limit": 10})
        self.call("updateContact", "PATCH", f"/contacts/{contact_id}", json_body={"phone": "+37052123456", "email": None})
        self.call("deleteContact", "DELETE", f"/contacts/{contact_id}")

    def _webhooks(self) -> None:
        created = self.call("createWebhook", "POST", "/webhooks", json_body={
            "url": self.webhook_url, "events": ["invoice.processed", "invoice.review_required"], "sourceFilter": "api",
        })
        hook = created.response["id"]
        self.call("listWebhooks", "GET", "/webhooks")
        self.call("getWebhook", "GET", f"/webhooks/{hook}")
        self.call("updateWebhook", "PATCH", f"/webhooks/{hook}", json_body={"events": ["invoice.processed"]})
        sent = self.call("sendWebhookTestEvent", "POST", f"/webhooks/{hook}/test")
        self.call("listWebhookDeliveries", "GET", f"/webhooks/{hook}/deliveries", params={"limit": 10})
        self.call("getWebhookDelivery", "GET", f"/webhooks/{hook}/deliveries/{sent.response['id']}")
        self.call("redeliverWebhookDelivery", "POST", f"/webhooks/{hook}/deliveries/{sent.response['id']}/redeliver")
        self.call("rotateWebhookSecret", "POST", f"/webhooks/{hook}/secret/rotate")
        self.call("deleteWebhook", "DELETE", f"/webhooks/{hook}")


def as_examples(calls: list[Call], base: str, webhook_url: str) -> dict:
    """The calls as the examples file keeps them: by operationId, with the webhook URL made
    public, the service at its `make run` address and no real signing secret."""
    text = json.dumps({
        c.operation_id: {
            "request": {"path": c.path, "params": c.params, "headers": c.headers, "contentType": c.content_type,
                        "body": c.body},
            "status": str(c.status), "response": c.response,
        } for c in calls
    }, ensure_ascii=False, indent=1, sort_keys=True)
    text = text.replace(json.dumps(webhook_url)[1:-1], PUBLIC_WEBHOOK_URL)
    text = text.replace(base.split("/external/")[0], DEFAULT_ORIGIN)
    return json.loads(SECRET.sub(EXAMPLE_SECRET, text))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base"), parser.add_argument("key")
    parser.add_argument("client"), parser.add_argument("other_client")
    parser.add_argument("--webhook-url", required=True)
    parser.add_argument("--write", action="store_true", help=f"record the answers into {EXAMPLES_PATH.name}")
    args = parser.parse_args(argv)
    calls = Tour(args.base, args.key, args.client, args.other_client, args.webhook_url).run()
    examples = as_examples(calls, args.base, args.webhook_url)
    if args.write:
        EXAMPLES_PATH.write_text(json.dumps(examples, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    print(json.dumps({c.operation_id: c.status for c in calls}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
