"""`make run`'s supervisor (`invoices supervise`, deploy/supervisord.conf): a process that
dies is started again while the API keeps answering, and SIGTERM stops everything."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.support.processes import Managed, free_port, wait_for_port

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


@pytest.fixture
def supervised(tmp_path):
    home = tmp_path / "home"
    ports = {name: free_port() for name in ("api", "app", "broker", "redis", "ui")}
    env = {
        **os.environ,
        "INVOICES_HOME": str(home), "DAGSTER_HOME": str(home / "dagster"),
        "PROMETHEUS_MULTIPROC_DIR": str(home / "metrics"),
        "INVOICES_API_PORT": str(ports["api"]), "INVOICES_APP_PORT": str(ports["app"]),
        "INVOICES_BROKER_PORT": str(ports["broker"]), "INVOICES_REDIS_PORT": str(ports["redis"]),
        "INVOICES_UI_PORT": str(ports["ui"]), "INVOICES_API_WORKERS": "2", "INVOICES_ACCESS_LOG": "0",
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    for name in ("INVOICES_REDIS_URL", "INVOICES_DATABASE_URL", "KAFKA_BOOTSTRAP_SERVERS", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    subprocess.run([str(BIN / "invoices"), "init"], env=env, cwd=ROOT, check=True, capture_output=True, timeout=120)
    logs = tmp_path / "logs"
    logs.mkdir()
    # the API's side of the stack; the Dagster processes are supervised the same way
    argv = [str(BIN / "invoices"), "supervise", "--programs", "redis,broker,api,front"]
    proc = Managed("supervisord", argv, env, logs, ROOT).start()
    try:
        wait_for_port(ports["api"], 30, proc.proc)
        wait_for_port(ports["app"], 30, proc.proc)
        yield {"env": env, "ports": ports, "proc": proc, "conf": home / "supervisor" / "supervisord.conf"}
    finally:
        proc.stop(timeout_s=40)


def _pid(s, program: str) -> int:
    out = subprocess.run([str(BIN / "supervisorctl"), "-c", str(s["conf"]), "pid", program],
                         capture_output=True, text=True, timeout=10)
    return int(out.stdout.strip() or 0) if out.stdout.strip().isdigit() else 0


def _key(s) -> str:
    def cli(*args: str) -> str:
        out = subprocess.run([str(BIN / "invoices"), *args], env=s["env"], cwd=ROOT, capture_output=True, text=True,
                             timeout=60, check=True)
        return out.stdout.strip().splitlines()[-1]

    import json
    team = json.loads(cli("admin", "team", "create", "--name", "UAB Atsparus"))["teamId"]
    return json.loads(cli("admin", "key", "create", "--team", team, "--mode", "live", "--scopes", "invoice:read"))["key"]


def _restarted(s, program: str, old_pid: int, timeout_s: float = 20.0) -> int:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        pid = _pid(s, program)
        if pid and pid != old_pid:
            return pid
        time.sleep(0.2)
    raise AssertionError(f"{program} was not started again\n{s['proc'].tail(60)}")


def test_a_killed_process_is_started_again_while_the_api_answers(supervised):
    s = supervised
    root = f"http://127.0.0.1:{s['ports']['api']}"
    key = _key(s)
    answers: list[tuple[str, int]] = []

    def probe(seconds: float) -> None:
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            for path, headers in (("/healthz", {}), ("/external/v1/me", {"Authorization": f"Bearer {key}"})):
                answers.append((path, requests.get(root + path, headers=headers, timeout=5).status_code))
            time.sleep(0.05)

    for program, port in (("redis", s["ports"]["redis"]), ("broker", s["ports"]["broker"])):
        old = _pid(s, program)
        assert old, s["proc"].tail(60)
        os.kill(old, signal.SIGKILL)
        probe(1.5)  # the counters fail open, the broker is not on a read's path
        new = _restarted(s, program, old)
        wait_for_port(port, 20)
        assert new != old
    assert answers and {status for _, status in answers} == {200}, sorted(set(answers))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        checks = requests.get(f"{root}/readyz", timeout=5).json().get("checks", {})
        if checks.get("counters", {}).get("ok") and checks.get("broker", {}).get("ok"):
            break
        time.sleep(0.5)
    assert checks["counters"]["ok"] and checks["broker"]["ok"], checks

    # the API itself (gunicorn's master): started again, and the front reaches it again
    old = _pid(s, "api")
    os.kill(old, signal.SIGKILL)
    _restarted(s, "api", old)
    wait_for_port(s["ports"]["app"], 30)
    deadline = time.monotonic() + 20
    while requests.get(f"{root}/healthz", timeout=5).status_code != 200 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert requests.get(f"{root}/external/v1/me", headers={"Authorization": f"Bearer {key}"}, timeout=5).ok


def test_sigterm_stops_every_process(supervised):
    s = supervised
    pids = {program: _pid(s, program) for program in ("redis", "broker", "api", "front")}
    assert all(pids.values()), pids
    started = time.monotonic()
    os.kill(s["proc"].proc.pid, signal.SIGTERM)
    s["proc"].proc.wait(timeout=40)
    took = time.monotonic() - started
    alive = [name for name, pid in pids.items() if _alive(pid)]
    assert not alive and s["proc"].proc.returncode == 0, (alive, s["proc"].tail(40))
    print(f"supervised stack stopped in {took:.1f} s")


def _stream_runs(home: Path) -> list:
    import dagster as dg

    with dg.DagsterInstance.from_config(str(home / "dagster")) as instance:
        return [r for r in instance.get_runs(limit=20) if r.job_name == "stream_job"]


@pytest.mark.slow
def test_stopping_ends_the_stream_runs_cancelled_and_the_next_start_resumes(tmp_path):
    home = tmp_path / "home"
    env = {
        **os.environ,
        "INVOICES_HOME": str(home), "DAGSTER_HOME": str(home / "dagster"),
        "PROMETHEUS_MULTIPROC_DIR": str(home / "metrics"), "INVOICES_STREAM_GROUPS": "1",
        "INVOICES_LEASE_TTL_S": "4", "INVOICES_ACCESS_LOG": "0",
        **{name: str(free_port()) for name in ("INVOICES_API_PORT", "INVOICES_APP_PORT", "INVOICES_BROKER_PORT",
                                                 "INVOICES_REDIS_PORT", "INVOICES_UI_PORT")},
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    for name in ("INVOICES_REDIS_URL", "INVOICES_DATABASE_URL", "KAFKA_BOOTSTRAP_SERVERS", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    logs = tmp_path / "logs"
    logs.mkdir()
    argv = [str(BIN / "invoices"), "supervise", "--programs", "redis,broker,api,dagster-daemon"]

    def started_run(exclude: set[str]) -> str:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            running = [r.run_id for r in _stream_runs(home) if r.status.value == "STARTED" and r.run_id not in exclude]
            if running:
                return running[0]
            time.sleep(1)
        raise AssertionError(f"no stream run started\n{proc.tail(80)}")

    subprocess.run([str(BIN / "invoices"), "init"], env=env, cwd=ROOT, check=True, capture_output=True, timeout=120)
    t0 = time.monotonic()
    proc = Managed("first", argv, env, logs, ROOT).start()
    try:
        first = started_run(set())
        print(f"first run started after {time.monotonic() - t0:.1f} s")
        os.kill(proc.proc.pid, signal.SIGTERM)  # what Ctrl-C of `make run` does too
        proc.proc.wait(timeout=60)
    finally:
        proc.stop()
    assert {r.run_id: r.status.value for r in _stream_runs(home)}[first] == "CANCELED", proc.tail(80)
    proc = Managed("second", argv, env, logs, ROOT).start()
    try:
        t1 = time.monotonic()
        second = started_run({first})  # the sensor starts the group's run again
        print(f"second run started {time.monotonic() - t1:.1f} s after the second start")
        assert second != first
        # the daemon's wrapper killed outright: started again, and still one daemon, not two
        conf = {"conf": home / "supervisor" / "supervisord.conf"}
        wrapper = _pid(conf, "dagster-daemon")
        os.kill(wrapper, signal.SIGKILL)
        new_wrapper = _restarted(conf | {"proc": proc}, "dagster-daemon", wrapper)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and sorted(_daemons(home).values()) != [new_wrapper]:
            time.sleep(0.5)
        assert sorted(_daemons(home).values()) == [new_wrapper], _daemons(home)
    finally:
        proc.stop(timeout_s=60)


def _daemons(home: Path) -> dict[int, int]:
    """pid -> parent pid of every `dagster-daemon run` process alive of the stack in `home`
    (the tests run in parallel: another test's stack has daemons of its own)."""
    found = {}
    mark = f"INVOICES_HOME={home}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\0")
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            environ = (entry / "environ").read_bytes().split(b"\0")
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
        if any(part.endswith(b"dagster-daemon") for part in cmd) and b"run" in cmd and stat[0] != "Z" and mark in environ:
            found[int(entry.name)] = int(stat[1])
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie not yet reaped by its parent is gone for every purpose here
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split()[2] != "Z"
    except FileNotFoundError:
        return False
