"""The blob store's contract (core/blobs.py `Blobs`), one set of tests that every blob store
passes: the local folder, S3 (moto in server mode, a real S3-protocol server) and the
in-memory stand-in (core/blobs_memory.py)."""

import hashlib
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from core.blobs import REUSE_GRACE_S, open_blobs
from core.blobs_memory import MemoryBlobs
from tests.support.s3 import s3_env, s3_server  # noqa: F401 - fixtures

PDF = b"%PDF-1.4 " + bytes(range(256)) * 64


@pytest.fixture(params=["local", "s3", "memory"])
def blobs(request, tmp_path):
    if request.param == "local":
        return open_blobs(tmp_path / "blobs")
    if request.param == "memory":
        return MemoryBlobs()
    server = request.getfixturevalue("s3_env")
    return open_blobs(f"s3://{server.bucket()}/blobs")


def test_put_get_exists(blobs):
    key = blobs.put(PDF)
    assert key == hashlib.sha256(PDF).hexdigest()
    assert blobs.get(key) == PDF and blobs.exists(key)
    assert not blobs.exists("0" * 64)
    with pytest.raises(FileNotFoundError):
        blobs.get("0" * 64)


def test_different_bytes_are_different_blobs(blobs):
    one, two = blobs.put(PDF), blobs.put(PDF + b"\n")
    assert one != two and (blobs.get(one), blobs.get(two)) == (PDF, PDF + b"\n")


def test_the_same_bytes_from_many_threads_are_one_blob(blobs):
    with ThreadPoolExecutor(8) as pool:
        keys = set(pool.map(lambda _: blobs.put(PDF), range(16)))
    assert len(keys) == 1 and blobs.get(keys.pop()) == PDF


def test_remove_spares_a_blob_used_within_the_grace(blobs):
    key = blobs.put(PDF)
    assert blobs.remove(key) == 0 and blobs.exists(key)  # just written
    assert blobs.remove(key, time.time() + REUSE_GRACE_S - 60) == 0 and blobs.exists(key)
    assert blobs.remove(key, time.time() + REUSE_GRACE_S + 60) == 1
    assert not blobs.exists(key) and blobs.remove(key) == 0
    with pytest.raises(FileNotFoundError):
        blobs.get(key)


def test_a_removed_blob_can_be_stored_again(blobs):
    key = blobs.put(PDF)
    assert blobs.remove(key, time.time() + REUSE_GRACE_S + 60) == 1
    assert blobs.put(PDF) == key and blobs.get(key) == PDF
