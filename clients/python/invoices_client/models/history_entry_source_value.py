from typing import Literal

HistoryEntrySourceValue = Literal["api", "system", "ui"]

HISTORY_ENTRY_SOURCE_VALUE_VALUES: set[HistoryEntrySourceValue] = {
    "api",
    "system",
    "ui",
}


def check_history_entry_source_value(value: str) -> HistoryEntrySourceValue:
    if value in HISTORY_ENTRY_SOURCE_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HISTORY_ENTRY_SOURCE_VALUE_VALUES!r}")
