"""The response models of the public API by their OpenAPI component name.

The served OpenAPI document takes its response components from here, and the API tests
validate real answers with the same classes, so the document and the service cannot
disagree. Request bodies (contacts.py, invoices.py, review.py, webhooks.py) are
the models the API itself parses with.
"""

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from schemas.events import EventEnvelope
from schemas.invoice import Assignment, Invoice, InvoicePage, InvoiceStatus, InvoiceSummary
from schemas.jobs import BatchUploadResult, Job, JobPage, UploadResult
from schemas.problems import Problem

COMPONENTS: dict[str, type[BaseModel]] = {
    "Job": Job,
    "JobPage": JobPage,
    "UploadResult": UploadResult,
    "BatchUploadResult": BatchUploadResult,
    "Invoice": Invoice,
    "InvoiceStatus": InvoiceStatus,
    "InvoiceSummary": InvoiceSummary,
    "InvoicePage": InvoicePage,
    "Assignment": Assignment,
    "EventEnvelope": EventEnvelope,
    "Problem": Problem,
}

REF_TEMPLATE = "#/components/schemas/{model}"


def json_schemas() -> dict[str, dict]:
    """JSON Schema (2020-12, what OpenAPI 3.1 uses) of every component and of the parts they
    refer to, keyed by name, with references written as `#/components/schemas/<name>`."""
    _, top = models_json_schema(
        [(model, "serialization") for model in COMPONENTS.values()], ref_template=REF_TEMPLATE
    )
    return top["$defs"]
