"""Public identifiers: `job_`, `inv_`, `cl_`, `evt_`, `req_` plus the test marker.

A ULID body makes ids random, URL-safe and sortable by creation time, which keeps
"oldest first" queries and B-tree inserts cheap. interface.md 2.1: test-mode ids carry
`test_` after the prefix; clients carry `live_` or `test_` in both modes.
"""

from ulid import ULID

from core.modes import Mode


def _body() -> str:
    return str(ULID()).lower()


def new_id(prefix: str, mode: Mode | None = None) -> str:
    if mode is Mode.TEST:
        return f"{prefix}_test_{_body()}"
    return f"{prefix}_{_body()}"


def new_team_id() -> str:
    """Teams exist once for both modes, so their ids carry no mode."""
    return f"team_{_body()}"


def new_client_id(mode: Mode) -> str:
    return f"cl_{mode.value}_{_body()}"


def mode_of_id(public_id: str) -> Mode:
    """The mode an id was minted in (`cl_live_...` is live, any `*_test_...` is test)."""
    parts = public_id.split("_")
    return Mode.TEST if len(parts) > 2 and parts[1] == "test" else Mode.LIVE
