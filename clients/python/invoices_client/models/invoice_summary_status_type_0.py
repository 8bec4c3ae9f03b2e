from typing import Literal

InvoiceSummaryStatusType0 = Literal["completed", "discarded", "processing"]

INVOICE_SUMMARY_STATUS_TYPE_0_VALUES: set[InvoiceSummaryStatusType0] = {
    "completed",
    "discarded",
    "processing",
}


def check_invoice_summary_status_type_0(value: str) -> InvoiceSummaryStatusType0:
    if value in INVOICE_SUMMARY_STATUS_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_SUMMARY_STATUS_TYPE_0_VALUES!r}")
