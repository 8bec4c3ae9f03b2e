from typing import Literal

InvoiceStubStatusValue = Literal["completed", "discarded", "processing"]

INVOICE_STUB_STATUS_VALUE_VALUES: set[InvoiceStubStatusValue] = {
    "completed",
    "discarded",
    "processing",
}


def check_invoice_stub_status_value(value: str) -> InvoiceStubStatusValue:
    if value in INVOICE_STUB_STATUS_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_STUB_STATUS_VALUE_VALUES!r}")
