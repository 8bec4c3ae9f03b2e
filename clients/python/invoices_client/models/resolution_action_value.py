from typing import Literal

ResolutionActionValue = Literal["approve", "discard", "move"]

RESOLUTION_ACTION_VALUE_VALUES: set[ResolutionActionValue] = {
    "approve",
    "discard",
    "move",
}


def check_resolution_action_value(value: str) -> ResolutionActionValue:
    if value in RESOLUTION_ACTION_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RESOLUTION_ACTION_VALUE_VALUES!r}")
