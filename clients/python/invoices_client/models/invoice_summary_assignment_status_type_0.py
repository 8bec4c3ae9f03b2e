from typing import Literal

InvoiceSummaryAssignmentStatusType0 = Literal["confirmed", "discarded", "exempt", "needs_review"]

INVOICE_SUMMARY_ASSIGNMENT_STATUS_TYPE_0_VALUES: set[InvoiceSummaryAssignmentStatusType0] = {
    "confirmed",
    "discarded",
    "exempt",
    "needs_review",
}


def check_invoice_summary_assignment_status_type_0(value: str) -> InvoiceSummaryAssignmentStatusType0:
    if value in INVOICE_SUMMARY_ASSIGNMENT_STATUS_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_SUMMARY_ASSIGNMENT_STATUS_TYPE_0_VALUES!r}")
