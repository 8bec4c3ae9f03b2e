"""The supervisord file `invoices supervise` renders (deploy/supervisord.conf)."""

import configparser
import tempfile

from cli.supervise import PROGRAMS, render
from core.settings import load_settings


def _parsed(text: str) -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(inline_comment_prefixes=(";",))
    parser.read_string(text)
    return parser


def test_every_program_restarts_alone_and_logs_to_the_one_stdout(tmp_path, monkeypatch):
    monkeypatch.setenv("INVOICES_HOME", str(tmp_path))
    monkeypatch.setenv("INVOICES_UI_PORT", "3123")
    conf = _parsed(render(load_settings(), ("api", "front")))
    assert conf.get("supervisord", "nodaemon") == "true"
    assert conf.get("unix_http_server", "file") == str(tmp_path / "supervisor" / "supervisor.sock")
    for name in PROGRAMS:
        section = f"program:{name}"
        assert conf.get(section, "autorestart") == "true" and conf.get(section, "stdout_logfile") == "/dev/stdout"
        assert conf.get(section, "autostart") == ("true" if name in ("api", "front") else "false")
    assert conf.get("program:dagster-webserver", "command").endswith("-p 3123")
    # the daemon's wrapper signals its own group itself, after marking the runs as cancelling
    assert conf.get("program:dagster-daemon", "stopasgroup") == "false"
    assert int(conf.get("program:front", "priority")) > int(conf.get("program:api", "priority"))  # stopped first


def test_a_home_too_deep_for_a_unix_socket_puts_the_control_socket_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("INVOICES_HOME", str(tmp_path / ("d" * 120)))
    socket = _parsed(render(load_settings())).get("unix_http_server", "file")
    assert socket.startswith(f"{tempfile.gettempdir()}/invoices-supervisor-") and len(socket.encode()) <= 100
