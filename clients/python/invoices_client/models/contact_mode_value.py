from typing import Literal

ContactModeValue = Literal["live", "test"]

CONTACT_MODE_VALUE_VALUES: set[ContactModeValue] = {
    "live",
    "test",
}


def check_contact_mode_value(value: str) -> ContactModeValue:
    if value in CONTACT_MODE_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTACT_MODE_VALUE_VALUES!r}")
