"""Live and test modes: two fully separate data worlds (interface.md section 5.6)."""

import enum


class Mode(str, enum.Enum):
    LIVE = "live"
    TEST = "test"
