from typing import Literal

BatchItemStatusValue = Literal["awaiting_credits", "processing", "rejected"]

BATCH_ITEM_STATUS_VALUE_VALUES: set[BatchItemStatusValue] = {
    "awaiting_credits",
    "processing",
    "rejected",
}


def check_batch_item_status_value(value: str) -> BatchItemStatusValue:
    if value in BATCH_ITEM_STATUS_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BATCH_ITEM_STATUS_VALUE_VALUES!r}")
