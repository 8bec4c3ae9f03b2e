from typing import Literal

InvoicePatchDocumentTypeType0 = Literal[
    "credit_note", "debit_note", "invoice", "other", "proforma", "receipt", "vat_invoice"
]

INVOICE_PATCH_DOCUMENT_TYPE_TYPE_0_VALUES: set[InvoicePatchDocumentTypeType0] = {
    "credit_note",
    "debit_note",
    "invoice",
    "other",
    "proforma",
    "receipt",
    "vat_invoice",
}


def check_invoice_patch_document_type_type_0(value: str) -> InvoicePatchDocumentTypeType0:
    if value in INVOICE_PATCH_DOCUMENT_TYPE_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_PATCH_DOCUMENT_TYPE_TYPE_0_VALUES!r}")
