"""A whole stack for end-to-end tests: Tansu broker, gunicorn API, Dagster daemon, and
the webhook dispatcher when a test asks for it (`start_webhooks`). With `front=True` the
API is reached as under `make run`: nginx (`invoices front`) on the public port, gunicorn
on a private one behind it.

Ports are free ones and INVOICES_HOME is a temporary folder, so a test stack runs beside a
developer's `make run`. Admin commands go through the real `invoices` CLI.
"""

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests

from tests.support.processes import Managed, free_port, wait_for_port

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


class Stack:
    def __init__(self, home: Path, *, front: bool = False, **overrides: str):
        self.home = home
        self.api_port, self.broker_port = free_port(), free_port()
        # the port gunicorn itself listens on: the public one, or a private one behind nginx
        self.app_port = free_port() if front else self.api_port
        self.env = {
            **os.environ,
            "INVOICES_HOME": str(home),
            "DAGSTER_HOME": str(home / "dagster"),
            "INVOICES_API_PORT": str(self.api_port),
            "INVOICES_BROKER_PORT": str(self.broker_port),
            "INVOICES_ACCESS_LOG": "0",
            "INVOICES_API_WORKERS": "2",
            "INVOICES_AUTH_CACHE_S": "0",  # a test changes a key or a plan and asks at once
            # every process of the stack writes its metrics here; the API's /metrics merges them
            "PROMETHEUS_MULTIPROC_DIR": str(home / "metrics"),
            "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            **({"INVOICES_APP_PORT": str(self.app_port)} if front else {}),
            **overrides,
        }
        self.env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.env.pop("KAFKA_BOOTSTRAP_SERVERS", None)
        if not front:
            self.env.pop("INVOICES_APP_PORT", None)
        self.logs = home / "logs"
        self.logs.mkdir(parents=True, exist_ok=True)
        self.broker = Managed("broker", [str(BIN / "invoices"), "broker"], self.env, self.logs, ROOT)
        self.api = Managed("api", [str(BIN / "gunicorn"), "-c", "api/gunicorn_conf.py"], self.env, self.logs, ROOT)
        # the daemon as deployed (deploy/supervisord.conf): `invoices dagster-daemon` over its
        # long-lived code server, not a code server the daemon replaces every minute
        self.daemon = Managed("daemon", [str(BIN / "invoices"), "dagster-daemon"], self.env, self.logs, ROOT)
        self.front = Managed("front", [str(BIN / "invoices"), "front"], self.env, self.logs, ROOT) if front else None
        self.webhooks: Managed | None = None
        # the counter store: the test run's shared one when given, else one of its own
        self.redis: Managed | None = None
        if not self.env.get("INVOICES_REDIS_URL"):
            self.env.pop("INVOICES_REDIS_URL", None)
            self.redis_port = free_port()
            self.env["INVOICES_REDIS_PORT"] = str(self.redis_port)
            self.redis = Managed("redis", [str(BIN / "invoices"), "redis"], self.env, self.logs, ROOT)
        self.base = f"http://127.0.0.1:{self.api_port}/external/v1"

    # --- lifecycle ---------------------------------------------------------------------------
    def init(self) -> None:
        self.cli("init")

    def start_broker(self) -> None:
        self.broker.start()
        wait_for_port(self.broker_port, 20, self.broker.proc)

    def start_api(self) -> None:
        self.api.start()
        wait_for_port(self.app_port, 30, self.api.proc)
        if self.front is not None:
            self.front.start()
            wait_for_port(self.api_port, 20, self.front.proc)

    def start_daemon(self) -> None:
        self.daemon.start()

    def start_webhooks(self, **env: str) -> Managed:
        """The dispatcher (`invoices webhooks run`), with extra settings such as
        INVOICES_WEBHOOK_ALLOW_LOOPBACK and INVOICES_WEBHOOK_CA_FILE for a local receiver."""
        if self.webhooks is not None:
            self.webhooks.stop()
        argv = [str(BIN / "invoices"), "webhooks", "run"]
        self.webhooks = Managed("webhooks", argv, {**self.env, **env}, self.logs, ROOT).start()
        return self.webhooks

    def start(self) -> "Stack":
        self.init()
        if self.redis is not None:
            self.redis.start()
            wait_for_port(self.redis_port, 20, self.redis.proc)
        self.start_broker()
        self.start_api()
        self.start_daemon()
        return self

    def stop(self) -> None:
        for proc in (self.front, self.webhooks, self.daemon, self.api, self.broker, self.redis):
            if proc is not None:
                proc.stop()

    def logs_tail(self) -> str:
        procs = [p for p in (self.broker, self.front, self.api, self.daemon, self.webhooks) if p is not None]
        return "\n".join(f"--- {p.name} ---\n{p.tail()}" for p in procs)

    # --- helpers -----------------------------------------------------------------------------
    def cli(self, *args: str) -> dict:
        out = subprocess.run(
            [str(BIN / "invoices"), *args], env=self.env, cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        if out.returncode != 0:
            raise RuntimeError(f"invoices {' '.join(args)} failed: {out.stdout} {out.stderr}")
        return json.loads(out.stdout.strip().splitlines()[-1])

    def provision(self, credits: int = 0) -> dict:
        """A team with a live key, a test client and a test key; returns their ids and keys."""
        team = self.cli("admin", "team", "create", "--name", "UAB Skaičiuotuvas")["teamId"]
        if credits:
            self.cli("admin", "credits", "grant", "--team", team, "--amount", str(credits))
        scopes = "invoice:read,invoice:write,invoice:export"
        live = self.cli("admin", "key", "create", "--team", team, "--mode", "live", "--scopes", scopes)
        test = self.cli("admin", "key", "create", "--team", team, "--mode", "test", "--scopes", scopes)
        # the test client is the canned invoice's buyer, so test uploads pass the assignment gate
        client = self.cli(
            "admin", "client", "create", "--team", team, "--mode", "test", "--name", "UAB Medžio darbai",
            "--company-code", "123456786", "--vat-code", "LT123456715",
        )
        return {"team": team, "live": live["key"], "test": test["key"], "test_client": client["clientId"]}

    def upload(self, key: str, path: Path, headers: dict | None = None, data: dict | None = None) -> requests.Response:
        with open(path, "rb") as fh:
            return requests.post(
                f"{self.base}/invoices",
                headers={"Authorization": f"Bearer {key}", **(headers or {})},
                files={"file": (path.name, fh, _mime(path))},
                data=data or {},
                timeout=30,
            )

    def get(self, key: str, path: str) -> requests.Response:
        return requests.get(f"{self.base}{path}", headers={"Authorization": f"Bearer {key}"}, timeout=10)

    def wait_job(self, key: str, job_id: str, timeout_s: float = 90.0, until=("completed", "failed")) -> dict:
        deadline = time.monotonic() + timeout_s
        job = None
        while time.monotonic() < deadline:
            job = self.get(key, f"/jobs/{job_id}").json()
            if job.get("status") in until:
                return job
            time.sleep(0.2)
        raise TimeoutError(f"job {job_id} still {job and job.get('status')} after {timeout_s} s\n{self.logs_tail()}")


@contextmanager
def running(home: Path, *, front: bool = False, **overrides: str) -> Iterator[Stack]:
    """A started stack, always stopped afterwards."""
    stack = Stack(home, front=front, **overrides)
    try:
        stack.start()
        yield stack
    finally:
        stack.stop()


def _mime(path: Path) -> str:
    return {".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".webp": "image/webp"}.get(
        path.suffix.lower(), "application/octet-stream"
    )
