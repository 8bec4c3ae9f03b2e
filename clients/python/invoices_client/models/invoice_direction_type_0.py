from typing import Literal

InvoiceDirectionType0 = Literal["purchase", "sales"]

INVOICE_DIRECTION_TYPE_0_VALUES: set[InvoiceDirectionType0] = {
    "purchase",
    "sales",
}


def check_invoice_direction_type_0(value: str) -> InvoiceDirectionType0:
    if value in INVOICE_DIRECTION_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_DIRECTION_TYPE_0_VALUES!r}")
