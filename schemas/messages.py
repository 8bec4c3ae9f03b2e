"""The Kafka message of `invoices.uploads` and `invoices.reprocess` (ARCHITECTURE "Stores").

One builder for both producers (admission and reprocessing), so the two topics cannot
drift apart; consumers only need `jobId` (processing is idempotent on it), and read it
leniently so one malformed record is skipped rather than stopping a partition.
"""

from pydantic import BaseModel, ConfigDict, Field

from schemas.base import ModeName, Timestamp


class UploadMessage(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    jobId: str = Field(pattern=r"^job_")
    teamId: str
    mode: ModeName
    blob: str = Field(description="the file's key in the blob store (its SHA-256)")
    submittedAt: Timestamp = Field(description="when the upload was admitted")
    requestId: str | None = Field(default=None, description="the API request that uploaded it, for the logs")


def upload_message(
    job_id: str, team_id: str, mode: str, blob: str, submitted_at: str, request_id: str | None = None,
) -> dict:
    """The message as a JSON-ready dict, checked against the contract once, at the producer;
    `requestId` is left out when no request caused it (a resume, a reprocess)."""
    message = UploadMessage(
        jobId=job_id, teamId=team_id, mode=mode, blob=blob, submittedAt=submitted_at, requestId=request_id
    )
    return message.model_dump(exclude_none=True)


def job_id_of(value: object) -> str | None:
    """The job a consumed record names, or None for a record that is not a message of ours."""
    job_id = value.get("jobId") if isinstance(value, dict) else None
    return job_id if isinstance(job_id, str) and job_id else None


def request_id_of(value: object) -> str | None:
    """The id of the API request behind a consumed record, when it carries one."""
    request_id = value.get("requestId") if isinstance(value, dict) else None
    return request_id if isinstance(request_id, str) else None
