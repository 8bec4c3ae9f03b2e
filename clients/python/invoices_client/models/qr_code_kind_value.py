from typing import Literal

QrCodeKindValue = Literal["epc", "ksef", "other"]

QR_CODE_KIND_VALUE_VALUES: set[QrCodeKindValue] = {
    "epc",
    "ksef",
    "other",
}


def check_qr_code_kind_value(value: str) -> QrCodeKindValue:
    if value in QR_CODE_KIND_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {QR_CODE_KIND_VALUE_VALUES!r}")
