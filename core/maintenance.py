"""The maintenance switch: while on, every /external/v1 request answers 503 service.maintenance.

The switch is a row of the operational store, so every worker of every node sees the same
state; each process re-reads it at most every `CACHE_S` seconds, which keeps a request from
paying a store read while bounding how late a worker notices (under a second). Uploads
accepted before the switch keep processing: the pipeline never looks at it.
"""

import threading
import time
from dataclasses import dataclass

import sqlalchemy as sa

from core.clock import iso_ms, utcnow
from core.store.db import Store
from core.store.tables import service_flags

FLAG = "maintenance"
CACHE_S = 0.5
DEFAULT_RETRY_AFTER_S = 300
DEFAULT_MESSAGE = "The service is down for maintenance; please retry later."


@dataclass(frozen=True)
class Maintenance:
    on: bool
    retry_after_s: int = DEFAULT_RETRY_AFTER_S
    message: str = DEFAULT_MESSAGE
    since: str | None = None

    def as_dict(self) -> dict:
        return {"maintenance": self.on, "retryAfter": self.retry_after_s, "message": self.message, "since": self.since}


OFF = Maintenance(False)


def read(store: Store) -> Maintenance:
    with store.read() as conn:
        row = conn.execute(sa.select(service_flags.c.value).where(service_flags.c.name == FLAG)).first()
    if row is None or not row.value.get("on"):
        return OFF
    value = row.value
    return Maintenance(True, int(value["retryAfter"]), value["message"], value.get("since"))


def switch_on(store: Store, retry_after_s: int | None = None, message: str | None = None) -> Maintenance:
    if retry_after_s is not None and retry_after_s < 1:
        raise ValueError("--retry-after must be at least 1 second")
    state = Maintenance(True, retry_after_s or DEFAULT_RETRY_AFTER_S, message or DEFAULT_MESSAGE, iso_ms(utcnow()))
    _write(store, {"on": True, "retryAfter": state.retry_after_s, "message": state.message, "since": state.since})
    return state


def switch_off(store: Store) -> Maintenance:
    _write(store, {"on": False})
    return OFF


def _write(store: Store, value: dict) -> None:
    with store.write() as conn:
        updated = conn.execute(
            service_flags.update().where(service_flags.c.name == FLAG).values(value=value, updated_at=utcnow())
        ).rowcount
        if not updated:
            conn.execute(service_flags.insert().values(name=FLAG, value=value, updated_at=utcnow()))


class MaintenanceSwitch:
    """A process's cached view of the switch."""

    def __init__(self, store: Store, cache_s: float = CACHE_S):
        self.store, self.cache_s = store, cache_s
        self._state, self._read_at = OFF, float("-inf")
        self._lock = threading.Lock()

    def current(self) -> Maintenance:
        now = time.monotonic()
        if now - self._read_at >= self.cache_s:
            with self._lock:
                if now - self._read_at >= self.cache_s:
                    self._state, self._read_at = read(self.store), now
        return self._state
