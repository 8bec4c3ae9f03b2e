from typing import Literal

InvoicePatchDirectionType0 = Literal["purchase", "sales"]

INVOICE_PATCH_DIRECTION_TYPE_0_VALUES: set[InvoicePatchDirectionType0] = {
    "purchase",
    "sales",
}


def check_invoice_patch_direction_type_0(value: str) -> InvoicePatchDirectionType0:
    if value in INVOICE_PATCH_DIRECTION_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_PATCH_DIRECTION_TYPE_0_VALUES!r}")
