"""Content-addressed blob store for uploaded files: the interface, the local folder (the
embedded default) and `open_blobs`, which picks the implementation for a location.

`INVOICES_BLOB_URL=s3://bucket/prefix` puts the files on an S3-compatible service
(core/blobs_s3.py) so API nodes and stream runs on different machines share them; without
it they live under `INVOICES_HOME/blobs`; core/blobs_memory.py keeps them in memory (tests,
experiments). All keep the same keys and the same promises (tests/core/test_blob_contract.py):

- `put` returns the SHA-256 of the bytes only once they are durable, and a reader never
  sees part of a file (a failure raises `OSError`, which admission answers with
  `invoice.upload_failed`);
- a blob reused by an upload is spared by `remove` for `REUSE_GRACE_S`.

In the local folder a file is written under its SHA-256, to a temporary name, fsynced, renamed into place and
the directory fsynced, all before the job row that points at it commits: a 202 therefore
never refers to a file that a crash could lose. Identical uploads share one blob.

Retention removes blobs (`remove`); an upload that finds its bytes already stored touches the
file, and `remove` spares a file touched within `REUSE_GRACE_S`, so a blob is never taken from
under an upload that reuses it but has not committed its job yet.
"""

import contextlib
import hashlib
import os
import threading
import time
from pathlib import Path
from typing import Protocol

REUSE_GRACE_S = 3600.0
_TEMPORARY_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC


class Blobs(Protocol):
    """What every blob store offers; keys are the SHA-256 of the content, in hex."""

    def put(self, data: bytes) -> str: ...

    def get(self, key: str) -> bytes: ...

    def exists(self, key: str) -> bool: ...

    def remove(self, key: str, now: float | None = None) -> int: ...


def open_blobs(location: str | Path) -> Blobs:
    """The blob store at `location`: an `s3://bucket/prefix` URL or a local folder."""
    if str(location).startswith("s3://"):
        from core.blobs_s3 import S3BlobStore  # boto3 is loaded only where S3 is used

        return S3BlobStore(str(location))
    return BlobStore(Path(location))


class BlobStore:
    """Blobs in a local folder, `<root>/<key[:2]>/<key[2:4]>/<key>`."""

    def __init__(self, root: Path):
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / key[2:4] / key

    def put(self, data: bytes) -> str:
        key = hashlib.sha256(data).hexdigest()
        path = self._path(key)
        try:
            if os.stat(path).st_size == len(data):
                os.utime(path)  # reused now: retention must spare it
                return key
        except FileNotFoundError:  # not stored yet, or removed in between: store it
            pass
        tmp = self._write_temporary(path.parent, key, data)
        try:
            os.replace(tmp, path)
        except BaseException:
            _discard(tmp)
            raise
        _fsync_dir(path.parent)
        return key

    def _write_temporary(self, folder: Path, key: str, data: bytes) -> str:
        """Write and fsync the bytes under a temporary name in `folder`, made on first use
        (tried first and made only when missing: a mkdir per upload cost more than the write).

        The name carries the writing thread's id, unique among the machine's live threads, so
        two uploads of the same content never share it, and a leftover of a crashed one is
        simply overwritten."""
        tmp = str(folder / f".{key}.{threading.get_native_id()}.tmp")
        try:
            fd = os.open(tmp, _TEMPORARY_FLAGS, 0o600)
        except FileNotFoundError:
            _make_folders(folder, self.root)
            fd = os.open(tmp, _TEMPORARY_FLAGS, 0o600)
        try:
            view, written = memoryview(data), 0
            while written < len(view):
                written += os.write(fd, view[written:])
            os.fsync(fd)
        except BaseException:
            _discard(tmp)
            raise
        finally:
            os.close(fd)
        return tmp

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


def _make_folders(folder: Path, root: Path) -> None:
    """Make `folder` and the folders above it up to `root`, each one's entry flushed to its
    parent, so a file fsynced in it is reachable after a crash too."""
    missing = []
    while not folder.exists() and folder != root:
        missing.append(folder)
        folder = folder.parent
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    for made in reversed(missing):
        made.mkdir(mode=0o700, exist_ok=True)
        _fsync_dir(made.parent)


def _discard(tmp: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
