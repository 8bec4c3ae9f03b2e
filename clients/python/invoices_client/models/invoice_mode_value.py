from typing import Literal

InvoiceModeValue = Literal["live", "test"]

INVOICE_MODE_VALUE_VALUES: set[InvoiceModeValue] = {
    "live",
    "test",
}


def check_invoice_mode_value(value: str) -> InvoiceModeValue:
    if value in INVOICE_MODE_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVOICE_MODE_VALUE_VALUES!r}")
