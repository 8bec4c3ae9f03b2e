from typing import Literal

ClientMode = Literal["live", "test"]

CLIENT_MODE_VALUES: set[ClientMode] = {
    "live",
    "test",
}


def check_client_mode(value: str) -> ClientMode:
    if value in CLIENT_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CLIENT_MODE_VALUES!r}")
