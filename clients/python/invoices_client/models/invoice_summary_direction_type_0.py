from typing import Literal

InvoiceSummaryDirectionType0 = Literal["purchase", "sales"]

INVOICE_SUMMARY_DIRECTION_TYPE_0_VALUES: set[InvoiceSummaryDirectionType0] = {
    "purchase",
    "sales",
}


def check_invoice_summary_direction_type_0(value: str) -> InvoiceSummaryDirectionType0:
    if value in INVOICE_SUMMARY_DIRECTION_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_SUMMARY_DIRECTION_TYPE_0_VALUES!r}")
