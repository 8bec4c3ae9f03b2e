from typing import Literal

ReprocessInvoiceResponse202Status = Literal["processing"]

REPROCESS_INVOICE_RESPONSE_202_STATUS_VALUES: set[ReprocessInvoiceResponse202Status] = {
    "processing",
}


def check_reprocess_invoice_response_202_status(value: str) -> ReprocessInvoiceResponse202Status:
    if value in REPROCESS_INVOICE_RESPONSE_202_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REPROCESS_INVOICE_RESPONSE_202_STATUS_VALUES!r}")
