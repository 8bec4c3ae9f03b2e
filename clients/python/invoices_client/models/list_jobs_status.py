from typing import Literal

ListJobsStatus = Literal["awaiting_credits", "cancelled", "completed", "failed", "processing"]

LIST_JOBS_STATUS_VALUES: set[ListJobsStatus] = {
    "awaiting_credits",
    "cancelled",
    "completed",
    "failed",
    "processing",
}


def check_list_jobs_status(value: str) -> ListJobsStatus:
    if value in LIST_JOBS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_JOBS_STATUS_VALUES!r}")
