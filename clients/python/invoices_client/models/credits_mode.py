from typing import Literal

CreditsMode = Literal["live"]

CREDITS_MODE_VALUES: set[CreditsMode] = {
    "live",
}


def check_credits_mode(value: str) -> CreditsMode:
    if value in CREDITS_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREDITS_MODE_VALUES!r}")
