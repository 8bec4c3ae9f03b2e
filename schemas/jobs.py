"""Jobs and upload results as partners read them (interface.md 2.2, 2.3, 2.4).

`core/jobs/records.py` builds the job body and `api/resources/invoices.py` the upload answers as
plain dicts (cheap on the hot path); these models are their contract: the OpenAPI
components are generated from them and the API tests validate real answers with them.
"""

from typing import Literal

from pydantic import Field

from schemas.base import Reply, Timestamp

JobStatus = Literal["processing", "completed", "failed", "awaiting_credits", "cancelled"]
UploadStatus = Literal["processing", "awaiting_credits"]


class JobError(Reply):
    """Why a job failed, or why an operator or a review cancelled it."""

    message: str


class Job(Reply):
    """GET /jobs/{jobId}; also the items of GET /jobs. A job is kept 30 days after it ends."""

    id: str = Field(pattern=r"^job_")
    status: JobStatus
    sourceFile: str
    clientId: str | None
    invoiceId: str | None = Field(description="set when the job completed")
    error: JobError | None = Field(description="set when failed or cancelled")
    createdAt: Timestamp
    updatedAt: Timestamp


class JobPage(Reply):
    """GET /jobs: newest first."""

    data: list[Job]
    nextCursor: str | None


class UploadResult(Reply):
    """POST /invoices answers 202 with this: parked uploads say `awaiting_credits`."""

    jobId: str = Field(pattern=r"^job_")
    status: UploadStatus


class RejectedFile(Reply):
    """The problem code and detail of one file of a batch that failed its own checks."""

    code: str
    detail: str


class BatchItem(Reply):
    """One file of a batch, in the order it was sent."""

    filename: str
    jobId: str | None = Field(description="null for a rejected file")
    status: Literal["processing", "awaiting_credits", "rejected"]
    error: RejectedFile | None = None


class BatchUploadResult(Reply):
    """POST /invoices/batch answers 207 with this."""

    results: list[BatchItem]
    accepted: int = Field(ge=0, description="every admitted file, parked ones included")
    rejected: int = Field(ge=0)
    awaitingCredits: int = Field(ge=0, description="the admitted files that parked")
