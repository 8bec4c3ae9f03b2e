"""Blobs on an S3-compatible service (AWS S3, MinIO, Ceph, ...): `s3://bucket/prefix`.

Credentials, region and endpoint come from the standard `AWS_*` variables that boto3 reads
(`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`, and `AWS_ENDPOINT_URL` for a
service other than AWS), so a deployment configures it like any other S3 client.

The promises of core/blobs.py hold for the same reasons as on a disk:
- An object is created whole or not at all: S3 stores a PUT only once its body has arrived
  complete, and the body's SHA-256 travels with it (`ChecksumSHA256`), so bytes damaged or
  cut short on the way are refused rather than stored. `put` returns only after the service
  answered 200, before the job row that names the key commits.
- An upload that finds its bytes already stored refreshes the object's Last-Modified (a copy
  onto itself), and `remove` spares an object modified within `REUSE_GRACE_S`. Between
  `remove`'s look and its delete there is no lock as a rename gives on a disk: an upload
  reusing a file whose last use is a whole retention window old in those milliseconds
  would lose it, and its job would fail for a missing file rather than hang.

Every failure of the service is raised as `BlobStoreError`, an `OSError`, which admission
answers with `invoice.upload_failed` (interface.md section 7).
"""

import base64
import functools
import hashlib
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from urllib.parse import urlsplit

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from core.blobs import REUSE_GRACE_S

# A few quick attempts: an upload waits on this, and its client may retry the whole request.
_CONFIG = Config(retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=5, read_timeout=30)
_MISSING = {"404", "NoSuchKey", "NotFound"}


class BlobStoreError(OSError):
    """The S3 service refused or failed a request."""


def s3_client():
    """One client per process and endpoint: boto3 clients are thread-safe, and making one
    costs ~50 ms. boto3 reads the `AWS_*` variables itself; the endpoint is named here only
    so that a process that changes it gets a client for the new one."""
    return _client_for_endpoint(os.environ.get("AWS_ENDPOINT_URL_S3") or os.environ.get("AWS_ENDPOINT_URL") or None)


@functools.cache
def _client_for_endpoint(endpoint: str | None):
    return boto3.session.Session().client("s3", endpoint_url=endpoint, config=_CONFIG)


def split_url(url: str) -> tuple[str, str]:
    """`s3://bucket/some/prefix/` -> ("bucket", "some/prefix")."""
    parts = urlsplit(url)
    if parts.scheme != "s3" or not parts.netloc:
        raise ValueError(f"an S3 location is s3://bucket[/prefix], got {url!r}")
    return parts.netloc, parts.path.strip("/")


class S3BlobStore:
    """Blobs as objects `<prefix>/<key[:2]>/<key[2:4]>/<key>` of one bucket."""

    def __init__(self, url: str, client=None):
        self.bucket, self.prefix = split_url(url)
        self.client = client or s3_client()

    def _name(self, key: str) -> str:
        name = f"{key[:2]}/{key[2:4]}/{key}"
        return f"{self.prefix}/{name}" if self.prefix else name

    def put(self, data: bytes) -> str:
        digest = hashlib.sha256(data)
        key, name = digest.hexdigest(), self._name(digest.hexdigest())
        with s3_failures(f"storing {name}"):
            stored = self._head(name)
            if stored is not None and stored["ContentLength"] == len(data):
                self.client.copy_object(  # reused now: retention must spare it
                    Bucket=self.bucket, Key=name, CopySource={"Bucket": self.bucket, "Key": name},
                    MetadataDirective="REPLACE", Metadata={"reused": str(time.time())},
                )
                return key
            self.client.put_object(
                Bucket=self.bucket, Key=name, Body=data,
                ChecksumSHA256=base64.b64encode(digest.digest()).decode(),
            )
        return key

    def get(self, key: str) -> bytes:
        name = self._name(key)
        try:
            with s3_failures(f"reading {name}"):
                return self.client.get_object(Bucket=self.bucket, Key=name)["Body"].read()
        except BlobStoreError as exc:
            if _is_missing(exc.__cause__):
                raise FileNotFoundError(f"s3://{self.bucket}/{name}") from exc
            raise

    def exists(self, key: str) -> bool:
        with s3_failures(f"looking for {key}"):
            return self._head(self._name(key)) is not None

    def remove(self, key: str, now: float | None = None) -> int:
        """Delete a blob unless it was written or reused within REUSE_GRACE_S of `now`."""
        name = self._name(key)
        with s3_failures(f"removing {name}"):
            stored = self._head(name)
            if stored is None:
                return 0
            modified = stored["LastModified"].astimezone(timezone.utc)
            moment = datetime.fromtimestamp(time.time() if now is None else now, timezone.utc)
            if (moment - modified).total_seconds() < REUSE_GRACE_S:
                return 0
            self.client.delete_object(Bucket=self.bucket, Key=name)
        return 1

    def _head(self, name: str) -> dict | None:
        try:
            return self.client.head_object(Bucket=self.bucket, Key=name)
        except ClientError as exc:
            if _is_missing(exc):
                return None
            raise


def _is_missing(exc: BaseException | None) -> bool:
    return isinstance(exc, ClientError) and str(exc.response.get("Error", {}).get("Code")) in _MISSING


@contextmanager
def s3_failures(doing: str) -> Iterator[None]:
    """Raise the service's errors as BlobStoreError (an OSError), naming what was being done."""
    try:
        yield
    except (ClientError, BotoCoreError) as exc:
        raise BlobStoreError(f"S3 failed {doing}: {exc}") from exc
