"""A throw-away PostgreSQL cluster from Debian's binaries, for running the store's tests
against PostgreSQL as well as SQLite. Trust authentication on loopback, a private port and
socket folder; stopped and deleted when the test run ends."""

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.support.processes import free_port


def _bin(name: str) -> str:
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if candidates:
        return candidates[-1]
    found = shutil.which(name)
    if not found:
        raise RuntimeError(f"{name} not found: install Debian's postgresql package")
    return found


class TemporaryCluster:
    def __init__(self):
        # Not under pytest's tmp folder: that one is private to the invoking user, and the
        # server runs as the postgres user when the tests run as root.
        self.root = Path(tempfile.mkdtemp(prefix="invoices-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def _run(self, *argv: str) -> None:
        subprocess.run([*self.as_user, *argv], check=True, capture_output=True, timeout=120)

    def __enter__(self) -> str:
        if self.as_user:
            shutil.chown(self.root, "postgres")
        self._run(_bin("initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        options = f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(_bin("pg_ctl"), "-D", str(self.data), "-o", options, "-w", "-l", str(self.data / "log"), "start")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def __exit__(self, *exc) -> None:
        try:
            self._run(_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
