from typing import Literal

LineKindType0 = Literal["goods", "service"]

LINE_KIND_TYPE_0_VALUES: set[LineKindType0] = {
    "goods",
    "service",
}


def check_line_kind_type_0(value: str) -> LineKindType0:
    if value in LINE_KIND_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINE_KIND_TYPE_0_VALUES!r}")
