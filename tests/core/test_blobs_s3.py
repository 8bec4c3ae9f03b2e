"""S3 blobs on a real S3-protocol server (moto in server mode): the store is picked by its
location, objects lie under the prefix, a PUT cut short stores nothing and refuses the upload
with invoice.upload_failed, and a reader never sees part of a file being written. The
contract every blob store keeps is tested in test_blob_contract.py."""

import hashlib
import threading

import falcon.testing
import pytest
import sqlalchemy as sa

from api.app import create_app
from core import settings as settings_module
from core.access import admin
from core.blobs import BlobStore, open_blobs
from core.blobs_s3 import BlobStoreError, S3BlobStore
from core.modes import Mode
from core.store.tables import jobs
from tests.api.helpers import PDF as REAL_PDF
from tests.api.helpers import multipart
from tests.support.s3 import CuttingRelay, s3_env, s3_server  # noqa: F401 - fixtures

PDF = b"%PDF-1.4 " + bytes(range(256)) * 64


def test_open_blobs_picks_the_store_by_location(tmp_path, s3_env):
    assert isinstance(open_blobs(tmp_path), BlobStore)
    store = open_blobs(f"s3://{s3_env.bucket()}/some/prefix/")
    assert isinstance(store, S3BlobStore) and store.prefix == "some/prefix"


def test_s3_blobs_lie_under_the_prefix_in_the_local_layout(s3_env):
    bucket = s3_env.bucket()
    key = open_blobs(f"s3://{bucket}/tenant-a").put(PDF)
    assert s3_env.names(bucket) == [f"tenant-a/{key[:2]}/{key[2:4]}/{key}"]


def test_a_put_cut_short_stores_nothing_and_fails(s3_env):
    bucket = s3_env.bucket()
    relay = CuttingRelay(s3_env.port, limit=4096)  # headers pass, the body is cut
    try:
        store = S3BlobStore(f"s3://{bucket}/blobs", client=s3_env.client(relay.endpoint))
        with pytest.raises(BlobStoreError) as raised:
            store.put(PDF)
        assert isinstance(raised.value, OSError) and relay.connections >= 1
    finally:
        relay.close()
    assert s3_env.names(bucket) == []  # no object, not even part of one
    assert not open_blobs(f"s3://{bucket}/blobs").exists(hashlib.sha256(PDF).hexdigest())


def test_readers_see_a_whole_file_or_none_while_it_is_written(s3_env):
    store = open_blobs(f"s3://{s3_env.bucket()}/blobs")
    files = [bytes([n]) * (256 * 1024) + b"%d" % n for n in range(12)]
    keys = [hashlib.sha256(data).hexdigest() for data in files]
    seen, done = {"whole": 0, "missing": 0}, threading.Event()

    def read() -> None:
        while not done.is_set():
            for key, data in zip(keys, files):
                try:
                    got = store.get(key)
                except FileNotFoundError:
                    seen["missing"] += 1
                    continue
                assert got == data, f"{key}: {len(got)} bytes of {len(data)}"
                seen["whole"] += 1

    readers = [threading.Thread(target=read) for _ in range(3)]
    for reader in readers:
        reader.start()
    try:
        for data in files:
            store.put(data)
    finally:
        done.set()
        for reader in readers:
            reader.join()
    assert seen["missing"] > 0 and seen["whole"] > 0  # reads did overlap the writes
    assert all(store.get(key) == data for key, data in zip(keys, files))


def test_an_upload_whose_file_cannot_be_stored_is_refused_and_leaves_no_job(env, store, counters, s3_env,
                                                                            monkeypatch):
    bucket = s3_env.bucket()
    relay = CuttingRelay(s3_env.port, limit=4096)
    monkeypatch.setenv("AWS_ENDPOINT_URL", relay.endpoint)
    monkeypatch.setenv("INVOICES_BLOB_URL", f"s3://{bucket}/blobs")
    settings_module.settings.cache_clear()
    try:
        team = admin.create_team(store, "UAB Debesis")["teamId"]
        admin.grant_credits(store, team, 5)
        key = admin.create_key(store, team, Mode.LIVE, ["invoice:read", "invoice:write"])["key"]
        client = falcon.testing.TestClient(create_app(settings_module.settings(), counters=counters))
        body, ctype = multipart([("file", "a.pdf", "application/pdf", REAL_PDF)])
        headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "cut-1", "Content-Type": ctype}
        resp = client.simulate_post("/external/v1/invoices", headers=headers, body=body)
    finally:
        relay.close()
        settings_module.settings.cache_clear()
    assert resp.status_code == 500, resp.text
    assert resp.headers["content-type"].startswith("application/problem+json")
    assert resp.json["code"] == "invoice.upload_failed"
    assert s3_env.names(bucket) == []
    with store.read() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(jobs)).scalar() == 0
