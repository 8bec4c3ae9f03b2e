from typing import Literal

JobStatusValue = Literal["awaiting_credits", "cancelled", "completed", "failed", "processing"]

JOB_STATUS_VALUE_VALUES: set[JobStatusValue] = {
    "awaiting_credits",
    "cancelled",
    "completed",
    "failed",
    "processing",
}


def check_job_status_value(value: str) -> JobStatusValue:
    if value in JOB_STATUS_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOB_STATUS_VALUE_VALUES!r}")
