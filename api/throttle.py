"""Blocking of sources that keep failing authentication (auth.too_many_failed_attempts).

Counted per API worker process in a sliding window: cheap, needs no shared state, and with
N workers an attacker gets at most N × MAX_FAILURES guesses per window, against a 285-bit
key space. A shared counter (store or Redis) is the upgrade when several nodes serve.
"""

import threading
import time
from collections import defaultdict, deque

MAX_FAILURES = 20
WINDOW_S = 60.0


class FailedAuthLimiter:
    def __init__(self, max_failures: int = MAX_FAILURES, window_s: float = WINDOW_S):
        self.max_failures, self.window_s = max_failures, window_s
        self._failures: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def _trim(self, q: deque[float], now: float) -> None:
        while q and now - q[0] > self.window_s:
            q.popleft()

    def retry_after(self, source: str) -> int | None:
        """Seconds to wait when the source is blocked, else None."""
        now = time.monotonic()
        with self._lock:
            q = self._failures.get(source)
            if not q:
                return None
            self._trim(q, now)
            if len(q) < self.max_failures:
                return None
            return max(1, int(self.window_s - (now - q[0])) + 1)

    def record_failure(self, source: str) -> None:
        now = time.monotonic()
        with self._lock:
            q = self._failures[source]
            self._trim(q, now)
            q.append(now)
