from typing import Literal

EventJobStatusValue = Literal["awaiting_credits", "failed"]

EVENT_JOB_STATUS_VALUE_VALUES: set[EventJobStatusValue] = {
    "awaiting_credits",
    "failed",
}


def check_event_job_status_value(value: str) -> EventJobStatusValue:
    if value in EVENT_JOB_STATUS_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_JOB_STATUS_VALUE_VALUES!r}")
