from typing import Literal

InvoiceStatusValue = Literal["completed", "discarded", "processing"]

INVOICE_STATUS_VALUE_VALUES: set[InvoiceStatusValue] = {
    "completed",
    "discarded",
    "processing",
}


def check_invoice_status_value(value: str) -> InvoiceStatusValue:
    if value in INVOICE_STATUS_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_STATUS_VALUE_VALUES!r}")
