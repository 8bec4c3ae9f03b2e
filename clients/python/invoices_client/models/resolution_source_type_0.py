from typing import Literal

ResolutionSourceType0 = Literal["api", "system", "ui"]

RESOLUTION_SOURCE_TYPE_0_VALUES: set[ResolutionSourceType0] = {
    "api",
    "system",
    "ui",
}


def check_resolution_source_type_0(value: str) -> ResolutionSourceType0:
    if value in RESOLUTION_SOURCE_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RESOLUTION_SOURCE_TYPE_0_VALUES!r}")
