"""What the pipeline does with one job, without any Dagster: used by the stream runs and
the reprocessing micro-batches alike.

Live jobs read their blob and run the extraction engine of `assets`; test-mode jobs
complete with the canned invoice naming the upload's client as its buyer (so the gate
confirms it), are held for review when the upload asked for `needs_review` (the canned buyer
is then nobody's client), or fail when it asked for `failed`.
Every outcome ends in `core.jobs.processing.complete` or `fail`, so a job never stays
`processing` because of an error in its document.
"""

import logging
from dataclasses import dataclass

import structlog

from assets.extraction.canned import canned_invoice
from assets.ocr.model import DocumentError
from assets.process import Reading, read_upload
from assets.rules import RULES
from core.jobs import observe, processing
from core.books.clients import client_ref
from core.blobs import Blobs, open_blobs
from core.settings import Settings
from core.store.db import Store
from schemas.canned_invoice import NOT_A_CLIENT_BUYER
from schemas.invoice import ExtractedInvoice

log = logging.getLogger(__name__)
events = structlog.get_logger(__name__)  # bound to the job and its request id by the stream run

TEST_FAILURE_MESSAGE = "Simulated processing failure (hints.testScenario=failed)."


@dataclass
class Outcome:
    job_id: str
    status: str  # completed | failed | skipped
    invoice_id: str | None = None
    error: str | None = None


class JobRunner:
    def __init__(self, settings: Settings, store: Store, blobs: Blobs | None = None):
        self.settings, self.store = settings, store
        self.blobs = blobs if blobs is not None else open_blobs(settings.blob_location)

    def _extract(self, job: dict) -> Reading:
        if job["mode"] == "test":
            if job["test_scenario"] == "failed":
                raise DocumentError(TEST_FAILURE_MESSAGE)
            if job["test_scenario"] == "needs_review":
                return Reading(canned_invoice(NOT_A_CLIENT_BUYER))  # the client is no party: held for review
            return Reading(canned_invoice(self._client_as_buyer(job["client_id"])))
        data = self.blobs.get(job["blob_key"])
        return read_upload(data, job["mime_type"], time_limit_s=self.settings.document_time_limit_s)

    def _client_as_buyer(self, client_id: str | None) -> dict | None:
        """The upload's client as the canned invoice's buyer, so the gate confirms it."""
        with self.store.read() as conn:
            client = client_ref(conn, client_id)
        if client is None:
            return None
        return {"name": client.name, "companyCode": client.company_code, "vatCode": client.vat_code}

    def run(self, job_id: str, position: processing.Position | None = None) -> Outcome:
        job = processing.claim(self.store, job_id, self.settings.max_attempts, position)
        if job is None:
            return Outcome(job_id, "skipped")
        outcome, extracted = self._finish(job, position)
        observe.job_done(job["mode"], outcome.status, extracted)
        events.info("job finished", status=outcome.status, invoice_id=outcome.invoice_id, error=outcome.error)
        return outcome

    def _finish(self, job: dict, position: processing.Position | None) -> tuple[Outcome, ExtractedInvoice | None]:
        job_id = job["id"]
        try:
            reading = self._extract(job)
        except DocumentError as exc:
            processing.fail(self.store, job, str(exc), position)
            return Outcome(job_id, "failed", error=str(exc)), None
        except FileNotFoundError:
            message = "The uploaded file is no longer retained."
            processing.fail(self.store, job, message, position)
            return Outcome(job_id, "failed", error=message), None
        except Exception as exc:  # a bug or an engine crash must still end the job
            log.exception("extraction of %s crashed", job_id)
            message = f"Internal error while reading the document ({type(exc).__name__})."
            processing.fail(self.store, job, message, position)
            return Outcome(job_id, "failed", error=message), None
        invoice_id = processing.complete(self.store, job, reading.invoice, position, assess=RULES.assess,
                                         comparison=reading.comparison)
        return Outcome(job_id, "completed" if invoice_id else "skipped", invoice_id=invoice_id), reading.invoice
