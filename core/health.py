"""Readiness checks, free of HTTP: can this process reach what it needs to answer?

`/readyz` runs them on every probe, so each is one cheap round trip with a short timeout;
a probe must never hang on a dead dependency.
"""

import socket
import time

import sqlalchemy as sa

from core.billing.ratelimits import Counters
from core.store.db import Store

TIMEOUT_S = 1.0


def _timed(check) -> dict:
    started = time.perf_counter()
    try:
        check()
        result = {"ok": True}
    except Exception as exc:  # a probe reports, it never raises
        result = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:200]}
    result["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return result


def store_check(store: Store):
    def check():
        with store.read() as conn:
            conn.execute(sa.text("SELECT 1")).scalar_one()
    return check


def broker_check(bootstrap: str):
    """The broker's listener accepts a connection (any of the bootstrap servers)."""
    def check():
        errors = []
        for server in bootstrap.split(","):
            host, _, port = server.strip().rpartition(":")
            try:
                socket.create_connection((host or "127.0.0.1", int(port)), timeout=TIMEOUT_S).close()
                return
            except OSError as exc:
                errors.append(f"{server}: {exc}")
        raise ConnectionError("; ".join(errors))
    return check


def readiness(store: Store, bootstrap: str, counters: Counters) -> tuple[bool, dict]:
    """(ready, checks). The counter store is reported but does not make the API unready:
    limits fail open without it (core.billing.ratelimits)."""
    checks = {
        "store": _timed(store_check(store)),
        "broker": _timed(broker_check(bootstrap)),
        "counters": _timed(counters.ping),
    }
    return checks["store"]["ok"] and checks["broker"]["ok"], checks
