"""Content-addressed blob store for uploaded files.

A file is written under its SHA-256, to a temporary name, fsynced, renamed into place and
the directory fsynced, all before the job row that points at it commits: a 202 therefore
never refers to a file that a crash could lose. Identical uploads share one blob.

Retention removes blobs (`remove`); an upload that finds its bytes already stored touches the
file, and `remove` spares a file touched within `REUSE_GRACE_S`, so a blob is never taken from
under an upload that reuses it but has not committed its job yet.
"""

import hashlib
import os
import tempfile
import time
from pathlib import Path

REUSE_GRACE_S = 3600.0


class BlobStore:
    def __init__(self, root: Path):
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / key[2:4] / key

    def put(self, data: bytes) -> str:
        key = hashlib.sha256(data).hexdigest()
        path = self._path(key)
        if path.exists() and path.stat().st_size == len(data):
            try:
                os.utime(path)  # reused now: retention must spare it
                return key
            except FileNotFoundError:  # removed in between: store it again
                pass
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

    def remove(self, key: str, now: float | None = None) -> int:
        """Delete a blob unless an upload reused it within REUSE_GRACE_S of `now` (a Unix
        time; the current one by default); 1 when deleted.

        The file is first renamed aside, so an upload touching it afterwards finds it gone and
        writes it anew; one that touched it just before is seen by the age check, and the file
        is put back.
        """
        path = self._path(key)
        aside = path.with_name(f".{key}.removing")
        try:
            os.replace(path, aside)
        except FileNotFoundError:
            return 0
        if (time.time() if now is None else now) - aside.stat().st_mtime < REUSE_GRACE_S:
            try:
                os.link(aside, path)
            except FileExistsError:
                pass
            aside.unlink()
            return 0
        aside.unlink()
        return 1
