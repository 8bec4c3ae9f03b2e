from typing import Literal

UploadResultStatusValue = Literal["awaiting_credits", "processing"]

UPLOAD_RESULT_STATUS_VALUE_VALUES: set[UploadResultStatusValue] = {
    "awaiting_credits",
    "processing",
}


def check_upload_result_status_value(value: str) -> UploadResultStatusValue:
    if value in UPLOAD_RESULT_STATUS_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {UPLOAD_RESULT_STATUS_VALUE_VALUES!r}")
