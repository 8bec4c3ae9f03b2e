"""`invoices supervise`: the whole stack in the foreground under supervisord, which starts
again any process that dies (deploy/supervisord.conf); and `invoices dagster-daemon`, the
Dagster daemon as supervisord runs it, ending the runs in progress as cancelled on stop."""

import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import click

from core.settings import Settings, load_settings

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "deploy" / "supervisord.conf"
PROGRAMS = ("redis", "broker", "api", "front", "webhooks", "dagster-daemon", "dagster-webserver")


def config_dir(settings: Settings) -> Path:
    return settings.home / "supervisor"


def control_socket(settings: Settings) -> Path:
    """supervisorctl's socket: in the config folder, or under /tmp when that path is too long
    for a unix socket (about 100 bytes)."""
    path = config_dir(settings) / "supervisor.sock"
    if len(str(path).encode()) <= 100:
        return path
    digest = hashlib.sha256(str(path).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"invoices-supervisor-{digest}.sock"


def render(settings: Settings, programs: tuple[str, ...] = PROGRAMS) -> str:
    values = {
        "DIR": str(config_dir(settings)),
        "SOCKET": str(control_socket(settings)),
        "ROOT": str(ROOT),
        "BIN": str(Path(sys.executable).parent),
        "UI_PORT": str(settings.ui_port),
        **{f"AUTOSTART_{name}": "true" if name in programs else "false" for name in PROGRAMS},
    }
    text = TEMPLATE.read_text()
    for name, value in values.items():
        text = text.replace(f"@{name}@", value)
    if left := re.findall(r"@[A-Za-z_-]+@", text):
        raise click.ClickException(f"unfilled marks in {TEMPLATE}: {sorted(set(left))}")
    return text


def _environment(settings: Settings) -> None:
    """What every process of the stack must agree on, set once here for all of them."""
    from cli.front import app_port

    os.environ.setdefault("INVOICES_HOME", str(settings.home))
    os.environ.setdefault("DAGSTER_HOME", str(settings.dagster_home))
    os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", str(settings.home / "metrics"))
    os.environ.setdefault("INVOICES_APP_PORT", str(app_port(settings)))  # gunicorn behind the front
    Path(os.environ["PROMETHEUS_MULTIPROC_DIR"]).mkdir(parents=True, exist_ok=True)


@click.command("supervise")
@click.option("--programs", default=",".join(PROGRAMS), show_default=True,
              help="Comma-separated programs to start (the others can be started with supervisorctl).")
def supervise_command(programs: str) -> None:
    """Run the stack in the foreground under supervisord; Ctrl-C or SIGTERM stops it all."""
    settings = load_settings()
    chosen = tuple(p.strip() for p in programs.split(",") if p.strip())
    if unknown := sorted(set(chosen) - set(PROGRAMS)):
        raise click.ClickException(f"unknown programs: {', '.join(unknown)}; known: {', '.join(PROGRAMS)}")
    _environment(settings)
    folder = config_dir(settings)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    conf = folder / "supervisord.conf"
    conf.write_text(render(settings, chosen))
    binary = str(Path(sys.executable).parent / "supervisord")
    if not os.path.exists(binary):
        binary = shutil.which("supervisord") or binary
    os.execv(binary, [binary, "--nodaemon", "--configuration", str(conf)])


# --- the Dagster daemon ----------------------------------------------------------------------
def cancel_runs_in_progress(dagster_home: str, message: str) -> list[str]:
    """Mark every started run as being cancelled, so that the interrupt that follows ends it
    `CANCELED` (Dagster's own rule for an interrupted run that was asked to stop)."""
    import dagster as dg

    with dg.DagsterInstance.from_config(dagster_home) as instance:
        runs = instance.get_runs(filters=dg.RunsFilter(statuses=[dg.DagsterRunStatus.STARTED]))
        for run in runs:
            instance.report_run_canceling(run, message=message)
        return [run.run_id for run in runs]


def _stop_with_parent() -> None:
    """In the daemon, before it runs: SIGTERM when this wrapper dies (Linux), so a wrapper
    killed outright and started again by supervisord never leaves a second daemon behind."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


# The daemon's code location is served by one long-lived code server that this wrapper starts
# (`dagster code-server start`, no heartbeat), reached over a unix socket. Given workspace.yaml's
# `python_module` instead, `dagster-daemon run` starts a code server of its own and replaces
# it every 60 seconds (Dagster's RELOAD_WORKSPACE_INTERVAL): each replacement imports the
# definitions again, and the replaced one logs "No heartbeat received in 20 seconds,
# shutting down" when the daemon stops pinging it, about once a minute.
LOCATION = "pipelines.definitions"  # the location name workspace.yaml's python_module gets: run history and sensor state carry over
CODE_SERVER_START_S = 300.0


def code_server_socket(settings: Settings) -> Path:
    """The daemon's code server socket: in DAGSTER_HOME, or under /tmp when that path is too
    long for a unix socket."""
    path = settings.dagster_home / "code-server.sock"
    if len(str(path).encode()) <= 100:
        return path
    digest = hashlib.sha256(str(path).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"invoices-code-server-{digest}.sock"


def daemon_workspace(socket_path: Path) -> str:
    return (
        "# Written by `invoices dagster-daemon`: the daemon's code location is its long-lived code server.\n"
        "load_from:\n"
        "  - grpc_server:\n"
        "      host: localhost\n"
        f"      socket: {json.dumps(str(socket_path))}\n"
        f"      location_name: {LOCATION}\n"
    )


def _serving(socket_path: Path) -> bool:
    from dagster._grpc.client import DagsterGrpcClient

    try:
        return DagsterGrpcClient(socket=str(socket_path), host="localhost").health_check_query() == "SERVING"
    except Exception:  # noqa: BLE001 - not listening yet
        return False


def _start_code_server(settings: Settings, asked: list[int]) -> tuple[subprocess.Popen, Path]:
    socket_path = code_server_socket(settings)
    socket_path.unlink(missing_ok=True)
    socket_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "dagster"), "code-server", "start", "-m", LOCATION, "-d", str(ROOT),
         "--socket", str(socket_path), "--location-name", LOCATION, "--log-format", "json", "--log-level", "warning"],
        cwd=ROOT, preexec_fn=_stop_with_parent,
    )
    deadline = time.monotonic() + CODE_SERVER_START_S
    while not asked and server.poll() is None and time.monotonic() < deadline:
        if socket_path.exists() and _serving(socket_path):
            return server, socket_path
        time.sleep(0.5)
    return server, socket_path


@click.command("dagster-daemon")
@click.option("--stop-timeout", default=25.0, show_default=True, help="Seconds the daemon and runs get to end.")
def dagster_daemon_command(stop_timeout: float) -> None:
    """Run the Dagster daemon over a long-lived code server (`dagster code-server start`, then
    `dagster-daemon run` on a workspace that points at it); on SIGTERM or SIGINT, mark the runs
    in progress as being cancelled, then stop the daemon, the code server and the runs (this
    process group)."""
    try:
        os.setpgrp()  # the group signalled on stop: this process and what it starts (supervisord made it already)
    except OSError:
        pass
    asked: list[int] = []
    signal.signal(signal.SIGTERM, lambda signum, frame: asked.append(signum))
    signal.signal(signal.SIGINT, lambda signum, frame: asked.append(signum))
    settings = load_settings()
    server, socket_path = _start_code_server(settings, asked)
    if not asked and (server.poll() is not None or not _serving(socket_path)):
        click.echo(json.dumps({"event": "the code server did not start", "level": "error",
                               "component": "dagster-daemon", "returncode": server.poll()}), err=True)
        server.terminate()
        sys.exit(1)
    workspace = settings.dagster_home / "daemon-workspace.yaml"
    workspace.write_text(daemon_workspace(socket_path))
    binary = str(Path(sys.executable).parent / "dagster-daemon")
    daemon = None if asked else subprocess.Popen(
        [binary, "run", "-w", str(workspace), "--log-format", "json"], cwd=ROOT, preexec_fn=_stop_with_parent,
    )
    while daemon is not None and daemon.poll() is None and server.poll() is None and not asked:
        time.sleep(0.2)
    if not asked:  # the daemon or its code server died by itself: let supervisord start both again
        for process in (daemon, server):
            if process is not None and process.poll() is None:
                process.terminate()
        sys.exit((daemon.returncode if daemon is not None else None) or server.returncode or 1)
    dagster_home = os.environ.get("DAGSTER_HOME") or str(load_settings().dagster_home)
    try:
        cancelled = cancel_runs_in_progress(dagster_home, "The stack is stopping; the next start resumes the work.")
        click.echo(f"marked {len(cancelled)} run(s) in progress as cancelling: {', '.join(cancelled)}", err=True)
    except Exception as exc:  # stopping must not fail because the instance could not be read
        click.echo(f"could not mark the runs in progress as cancelling: {exc!r}", err=True)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    os.killpg(os.getpgid(0), signal.SIGTERM)  # the daemon, its code server and the run workers
    deadline = time.monotonic() + stop_timeout
    for process in (daemon, server):
        while process is not None and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        if process is not None and process.poll() is None:
            process.kill()
        if process is not None:
            process.wait()
    socket_path.unlink(missing_ok=True)
