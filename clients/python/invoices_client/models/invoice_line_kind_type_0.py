from typing import Literal

InvoiceLineKindType0 = Literal["goods", "service"]

INVOICE_LINE_KIND_TYPE_0_VALUES: set[InvoiceLineKindType0] = {
    "goods",
    "service",
}


def check_invoice_line_kind_type_0(value: str) -> InvoiceLineKindType0:
    if value in INVOICE_LINE_KIND_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_LINE_KIND_TYPE_0_VALUES!r}")
