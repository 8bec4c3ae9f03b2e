from typing import Literal

AssignmentStatusType0 = Literal["confirmed", "discarded", "exempt", "needs_review"]

ASSIGNMENT_STATUS_TYPE_0_VALUES: set[AssignmentStatusType0] = {
    "confirmed",
    "discarded",
    "exempt",
    "needs_review",
}


def check_assignment_status_type_0(value: str) -> AssignmentStatusType0:
    if value in ASSIGNMENT_STATUS_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ASSIGNMENT_STATUS_TYPE_0_VALUES!r}")
