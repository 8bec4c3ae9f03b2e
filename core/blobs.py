"""Content-addressed blob store for uploaded files.

A file is written under its SHA-256, to a temporary name, fsynced, renamed into place and
the directory fsynced, all before the job row that points at it commits: a 202 therefore
never refers to a file that a crash could lose. Identical uploads share one blob.
"""

import hashlib
import os
import tempfile
from pathlib import Path


class BlobStore:
    def __init__(self, root: Path):
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / key[2:4] / key

    def put(self, data: bytes) -> str:
        key = hashlib.sha256(data).hexdigest()
        path = self._path(key)
        if path.exists() and path.stat().st_size == len(data):
            return key
        path.parent.mkdir(parents=True, exist_ok=True)
        # A unique temporary name: threads of one worker may store the same content at once.
        fd, tmp = tempfile.mkstemp(prefix=f".{key}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
        return key

    def get(self, key: str) -> bytes:
        return self._path(key).read_bytes()

    def exists(self, key: str) -> bool:
        return self._path(key).exists()
