"""The blob store: files under their content hash, in folders made on first use."""

import hashlib
import threading
from concurrent.futures import ThreadPoolExecutor

from core.blobs import BlobStore


def _files(root):
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def test_a_file_lands_under_its_hash_in_folders_made_for_it(tmp_path):
    blobs = BlobStore(tmp_path / "blobs")
    key = blobs.put(b"%PDF-1.4 one")
    assert key == hashlib.sha256(b"%PDF-1.4 one").hexdigest()
    assert blobs.get(key) == b"%PDF-1.4 one"
    assert _files(tmp_path / "blobs") == [f"{key[:2]}/{key[2:4]}/{key}"]  # no temporary left behind


def test_the_same_bytes_share_one_file(tmp_path):
    blobs = BlobStore(tmp_path / "blobs")
    with ThreadPoolExecutor(8) as pool:
        keys = set(pool.map(lambda _: blobs.put(b"%PDF-1.4 same"), range(32)))
    assert len(keys) == 1 and len(_files(tmp_path / "blobs")) == 1


def test_a_temporary_left_by_a_crashed_writer_is_overwritten(tmp_path):
    blobs = BlobStore(tmp_path / "blobs")
    key = hashlib.sha256(b"%PDF-1.4 two").hexdigest()
    folder = tmp_path / "blobs" / key[:2] / key[2:4]
    folder.mkdir(parents=True)
    (folder / f".{key}.{threading.get_native_id()}.tmp").write_bytes(b"half a file")
    assert blobs.put(b"%PDF-1.4 two") == key
    assert blobs.get(key) == b"%PDF-1.4 two" and _files(tmp_path / "blobs") == [f"{key[:2]}/{key[2:4]}/{key}"]
