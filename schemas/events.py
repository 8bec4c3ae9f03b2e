"""The event envelope (interface.md 2.9 and 6) that the outbox stores and webhooks deliver.

`core/events.py` builds it when the state change commits; `data` carries the full invoice
DTO, the minimal one of an oversized event, or the job of a failure without an invoice.
"""

from typing import Literal

from pydantic import Field

from schemas.base import Reply, Timestamp
from schemas.invoice import Invoice, InvoiceStub
from schemas.jobs import JobError
from schemas.webhooks import EventType

API_VERSION = "v1"


class EventJob(Reply):
    """`data.job`: id, status, sourceFile, createdAt, and error when failed (6 rule 1)."""

    id: str = Field(pattern=r"^job_")
    status: Literal["awaiting_credits", "failed"]
    sourceFile: str
    createdAt: Timestamp
    error: JobError | None = None


class EventData(Reply):
    """A handler routes on which of the two is present (6 rule 2)."""

    invoice: Invoice | InvoiceStub | None = None
    job: EventJob | None = None


class EventEnvelope(Reply):
    id: str = Field(pattern=r"^evt_", description="the same on every retry and redelivery")
    type: EventType
    apiVersion: str = Field(description="v1, or a date YYYY-MM-DD")
    createdAt: Timestamp
    data: EventData
    oversized: Literal[True] | None = Field(default=None, description="present only when true")
