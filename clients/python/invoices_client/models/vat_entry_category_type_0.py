from typing import Literal

VatEntryCategoryType0 = Literal["AE", "E", "G", "K", "L", "M", "O", "S", "Z"]

VAT_ENTRY_CATEGORY_TYPE_0_VALUES: set[VatEntryCategoryType0] = {
    "AE",
    "E",
    "G",
    "K",
    "L",
    "M",
    "O",
    "S",
    "Z",
}


def check_vat_entry_category_type_0(value: str) -> VatEntryCategoryType0:
    if value in VAT_ENTRY_CATEGORY_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VAT_ENTRY_CATEGORY_TYPE_0_VALUES!r}")
