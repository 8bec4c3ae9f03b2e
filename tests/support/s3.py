"""A real S3-protocol server for tests (moto in server mode, its own process and port), and
a relay in front of it that cuts requests short, for the failures a network gives.

The server speaks HTTP on loopback; clients reach it as they would MinIO or AWS, through
the standard `AWS_*` variables (`S3Server.env`)."""

import os
import socket
import sys
import threading
import uuid
from pathlib import Path

import boto3
import pytest

from tests.support.processes import Managed, free_port, wait_for_port
from tests.support.stack import ROOT


class S3Server:
    def __init__(self, logs: Path):
        self.port = free_port()
        self.logs = logs
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self.env = {
            "AWS_ENDPOINT_URL": self.endpoint, "AWS_ACCESS_KEY_ID": "testing",
            "AWS_SECRET_ACCESS_KEY": "testing", "AWS_REGION": "us-east-1", "AWS_DEFAULT_REGION": "us-east-1",
        }

    def __enter__(self) -> "S3Server":
        argv = [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.port)]
        self.proc = Managed("s3", argv, {**os.environ, **self.env}, self.logs, ROOT).start()
        wait_for_port(self.port, 30, self.proc.proc)
        return self

    def __exit__(self, *exc) -> None:
        self.proc.stop()

    def client(self, endpoint: str | None = None):
        return boto3.client("s3", endpoint_url=endpoint or self.endpoint, region_name="us-east-1",
                            aws_access_key_id="testing", aws_secret_access_key="testing")

    def bucket(self) -> str:
        """A new empty bucket."""
        name = f"invoices-{uuid.uuid4().hex[:12]}"
        self.client().create_bucket(Bucket=name)
        return name

    def names(self, bucket: str) -> list[str]:
        listed = self.client().list_objects_v2(Bucket=bucket).get("Contents", [])
        return sorted(item["Key"] for item in listed)


class CuttingRelay:
    """A TCP relay to `port` that passes each connection's first `limit` request bytes, then
    closes both sides: a request whose body is cut short in the middle, as when a node or a
    link fails during an upload."""

    def __init__(self, port: int, limit: int):
        self.target, self.limit = port, limit
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self.connections = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client: socket.socket) -> None:
        upstream = socket.create_connection(("127.0.0.1", self.target))
        threading.Thread(target=_pipe, args=(upstream, client, None), daemon=True).start()
        _pipe(client, upstream, self.limit)
        for sock in (client, upstream):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self) -> None:
        self.listener.close()


def _pipe(source: socket.socket, sink: socket.socket, limit: int | None) -> None:
    passed = 0
    try:
        while limit is None or passed < limit:
            chunk = source.recv(65536 if limit is None else min(65536, limit - passed))
            if not chunk:
                return
            sink.sendall(chunk)
            passed += len(chunk)
    except OSError:
        return


@pytest.fixture(scope="session")
def s3_server(tmp_path_factory):
    """One S3 server for the run; tests take a bucket of their own (`s3_server.bucket()`)."""
    with S3Server(tmp_path_factory.mktemp("s3")) as server:
        yield server


@pytest.fixture
def s3_env(s3_server, monkeypatch):
    """The `AWS_*` variables pointing this process at the test server."""
    for name, value in s3_server.env.items():
        monkeypatch.setenv(name, value)
    return s3_server
