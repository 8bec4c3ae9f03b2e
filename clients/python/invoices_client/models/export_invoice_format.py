from typing import Literal

ExportInvoiceFormat = Literal["agnum", "centas", "cii", "finvalda", "json", "rivile", "xml"]

EXPORT_INVOICE_FORMAT_VALUES: set[ExportInvoiceFormat] = {
    "agnum",
    "centas",
    "cii",
    "finvalda",
    "json",
    "rivile",
    "xml",
}


def check_export_invoice_format(value: str) -> ExportInvoiceFormat:
    if value in EXPORT_INVOICE_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_INVOICE_FORMAT_VALUES!r}")
