from typing import Literal

InvoiceDocumentTypeType0 = Literal[
    "credit_note", "debit_note", "invoice", "other", "proforma", "receipt", "vat_invoice"
]

INVOICE_DOCUMENT_TYPE_TYPE_0_VALUES: set[InvoiceDocumentTypeType0] = {
    "credit_note",
    "debit_note",
    "invoice",
    "other",
    "proforma",
    "receipt",
    "vat_invoice",
}


def check_invoice_document_type_type_0(value: str) -> InvoiceDocumentTypeType0:
    if value in INVOICE_DOCUMENT_TYPE_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_DOCUMENT_TYPE_TYPE_0_VALUES!r}")
