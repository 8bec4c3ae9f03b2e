"""Blobs in this process's memory: the stand-in for the blob store (core/blobs.py) where
the files need not outlive the process, such as tests of the domain and a developer's
experiments. It keeps the promises of the `Blobs` interface that a reader can see: keys are
the SHA-256 of the content, the same bytes are one blob, a missing key reads as
`FileNotFoundError`, and `remove` spares a blob written or reused within `REUSE_GRACE_S`.
Durability is the one promise it cannot keep: everything goes with the process.

tests/core/test_blob_contract.py holds it, the local folder and S3 to the same tests.
"""

import hashlib
import threading
import time

from core.blobs import REUSE_GRACE_S


class MemoryBlobs:
    """Blobs in a dict, each with the Unix time it was last written or reused."""

    def __init__(self):
        self._blobs: dict[str, tuple[bytes, float]] = {}
        self._lock = threading.Lock()

    def put(self, data: bytes) -> str:
        key = hashlib.sha256(data).hexdigest()
        with self._lock:
            self._blobs[key] = (bytes(data), time.time())
        return key

    def get(self, key: str) -> bytes:
        with self._lock:
            if key not in self._blobs:
                raise FileNotFoundError(f"memory blob {key}")
            return self._blobs[key][0]

    def exists(self, key: str) -> bool:
        with self._lock:
            return key in self._blobs

    def remove(self, key: str, now: float | None = None) -> int:
        """Delete a blob unless it was written or reused within REUSE_GRACE_S of `now`."""
        with self._lock:
            if key not in self._blobs:
                return 0
            if (time.time() if now is None else now) - self._blobs[key][1] < REUSE_GRACE_S:
                return 0
            del self._blobs[key]
            return 1

    def __len__(self) -> int:
        with self._lock:
            return len(self._blobs)
