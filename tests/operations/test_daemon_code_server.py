"""`invoices dagster-daemon` serves the daemon's code location from one long-lived code server
(no heartbeat), so the daemon never replaces a managed code server every minute (which then
warned "No heartbeat received in 20 seconds, shutting down"); every process logs JSON lines."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.supervise import LOCATION, code_server_socket, daemon_workspace
from core.settings import load_settings

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _group(pgid: int) -> dict[int, list[str]]:
    """pid -> command line of the live processes of a process group."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            cmd = [part.decode() for part in (entry / "cmdline").read_bytes().split(b"\0") if part]
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
        if int(stat[2]) == pgid and stat[0] != "Z":
            found[int(entry.name)] = cmd
    return found


def test_the_workspace_points_at_the_code_server(tmp_path, monkeypatch):
    monkeypatch.setenv("INVOICES_HOME", str(tmp_path))
    socket_path = code_server_socket(load_settings())
    assert socket_path == tmp_path / "dagster" / "code-server.sock"
    text = daemon_workspace(socket_path)
    assert "grpc_server:" in text and str(socket_path) in text and f"location_name: {LOCATION}" in text
    assert "python_module" not in text  # a managed (replaced every minute) code server
    monkeypatch.setenv("INVOICES_HOME", str(tmp_path / ("deep" * 30)))
    assert len(str(code_server_socket(load_settings()))) <= 100


def test_runs_log_json_lines():
    """Dagster uses a job's loggers only when the run config names them: every job's default
    config names the JSON console logger, and so do the run configs the sensors give."""
    import dagster as dg

    from pipelines.definitions import defs
    from pipelines.reprocessing import reprocess_job
    from pipelines.stream_runs import _run_request, stream_job

    for job in defs.resolve_all_job_defs():
        if job.name.startswith("__"):
            continue  # Dagster's implicit asset job (a backfill from the UI): its own loggers
        assert job.loggers["console"] is dg.json_console_logger, job.name
    request = _run_request(0, "test")
    assert request.run_config["loggers"]["console"] and dg.validate_run_config(stream_job, request.run_config)
    assert dg.validate_run_config(
        reprocess_job, {**request.run_config, "ops": {"reprocess_jobs": {"config": {"job_ids": ["job_1"]}}}})


def test_a_run_prints_json_lines(tmp_path):
    env = {**os.environ, "INVOICES_HOME": str(tmp_path / "home")}
    env.pop("INVOICES_DATABASE_URL", None)
    subprocess.run([str(BIN / "invoices"), "init"], env=env, cwd=ROOT, check=True, capture_output=True, timeout=120)
    script = ("import dagster as dg; from pipelines.definitions import defs; "
              "defs.resolve_job_def('retention_jobs').execute_in_process(instance=dg.DagsterInstance.ephemeral())")
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert lines and all(json.loads(line)["dagster_meta"] for line in lines if '"dagster_meta"' in line)
    assert all(line.startswith("{") for line in lines), [line for line in lines if not line.startswith("{")][:5]


@pytest.mark.slow
def test_the_daemon_runs_over_one_code_server_without_heartbeat(tmp_path, monkeypatch):
    home = tmp_path / "home"
    env = {**os.environ, "INVOICES_HOME": str(home), "DAGSTER_HOME": str(home / "dagster"),
           "INVOICES_BROKER_PORT": "9", "INVOICES_STREAM_GROUPS": "1"}
    for name in ("INVOICES_DATABASE_URL", "KAFKA_BOOTSTRAP_SERVERS"):
        env.pop(name, None)
    subprocess.run([str(BIN / "invoices"), "init"], env=env, cwd=ROOT, check=True, capture_output=True, timeout=120)
    log = (tmp_path / "daemon.log").open("w+")
    wrapper = subprocess.Popen([str(BIN / "invoices"), "dagster-daemon"], env=env, cwd=ROOT, stdout=log,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline, text = time.monotonic() + 240, ""
        while time.monotonic() < deadline and "dagster.daemon" not in text:
            time.sleep(1)
            text = (tmp_path / "daemon.log").read_text()
            assert wrapper.poll() is None, text[-3000:]
        assert "dagster.daemon" in text, text[-3000:]
        workspace = (home / "dagster" / "daemon-workspace.yaml").read_text()
        monkeypatch.setenv("INVOICES_HOME", str(home))
        socket_path = code_server_socket(load_settings())  # in /tmp when the home's path is long
        assert "grpc_server:" in workspace and socket_path.exists()
        commands = _group(wrapper.pid)
        servers = [c for c in commands.values() if "code-server" in c and "start" in c]
        daemons = [c for c in commands.values() if any(p.endswith("dagster-daemon") for p in c) and "run" in c]
        assert len(servers) == 1 and len(daemons) == 1, commands
        daemon_lines = [line for line in text.splitlines() if '"dagster.daemon' in line]
        assert daemon_lines and all(json.loads(line)["logger"].startswith("dagster.daemon") for line in daemon_lines)
        # The code server's process (the proxy's one `dagster api grpc`) outlives the daemon's
        # workspace refresh (every 60 s), where a managed code server was replaced.
        grpc = sorted(pid for pid, c in commands.items() if "api" in c and "grpc" in c)
        assert len(grpc) == 1, commands
        time.sleep(85)
        assert sorted(pid for pid, c in _group(wrapper.pid).items() if "api" in c and "grpc" in c) == grpc
        assert "No heartbeat received" not in (tmp_path / "daemon.log").read_text()
    finally:
        wrapper.send_signal(signal.SIGTERM)
        wrapper.wait(timeout=90)
    time.sleep(1)
    assert _group(wrapper.pid) == {}  # the daemon, the code server and the runs stopped with it
    assert not socket_path.exists()
    assert "No heartbeat received" not in (tmp_path / "daemon.log").read_text()


def test_the_webserver_logs_json_lines(tmp_path, monkeypatch):
    from cli.supervise import render

    monkeypatch.setenv("INVOICES_HOME", str(tmp_path))
    conf = render(load_settings())
    webserver = next(line for line in conf.splitlines() if line.startswith("command=") and "dagster-webserver" in line)
    assert "--log-format json" in webserver and "--code-server-log-level warning" in webserver
