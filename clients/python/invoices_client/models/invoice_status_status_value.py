from typing import Literal

InvoiceStatusStatusValue = Literal["completed", "discarded", "processing"]

INVOICE_STATUS_STATUS_VALUE_VALUES: set[InvoiceStatusStatusValue] = {
    "completed",
    "discarded",
    "processing",
}


def check_invoice_status_status_value(value: str) -> InvoiceStatusStatusValue:
    if value in INVOICE_STATUS_STATUS_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_STATUS_STATUS_VALUE_VALUES!r}")
