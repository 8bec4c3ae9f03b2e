"""`invoices admin ... list|show|balance`: what the operator commands made, as JSON (one
object, lists under a named array) or as a table; errors for a home `invoices init` never
prepared; help on every command."""

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent / "invoices"


def _invoke(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN), *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)


def _env(home: Path) -> dict:
    env = {**os.environ, "INVOICES_HOME": str(home)}
    env.pop("INVOICES_DATABASE_URL", None)
    return env


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A home with two teams of the same name, keys, a client, a member and a grant."""
    env = _env(tmp_path_factory.mktemp("lists") / "home")

    def run(*args: str) -> dict:
        out = _invoke(env, *args)
        assert out.returncode == 0, out.stdout + out.stderr
        lines = out.stdout.strip().splitlines()
        assert len(lines) == 1, out.stdout
        return json.loads(lines[0])

    run("init")
    team = run("admin", "team", "create", "--name", "UAB Ąžuolas")["teamId"]
    duplicate = _invoke(env, "admin", "team", "create", "--name", "uab ąžuolas ")
    other = json.loads(duplicate.stdout)
    key = run("admin", "key", "create", "--team", team, "--mode", "live", "--scopes", "invoice:read,invoice:write")
    test_key = run("admin", "key", "create", "--team", team, "--mode", "test", "--scopes", "invoice:read")
    run("admin", "key", "revoke", test_key["keyId"])
    client = run("admin", "client", "create", "--team", team, "--mode", "live", "--name", "Klientas",
                 "--company-code", "123456789")
    run("admin", "user", "create", "--team", team, "--email", "Ona@Example.LT")
    run("admin", "credits", "grant", "--team", team, "--amount", "7")
    return {"env": env, "run": run, "team": team, "other": other, "duplicate": duplicate, "key": key,
            "test_key": test_key, "client": client}


def test_a_duplicate_team_name_is_created_with_a_warning(made):
    duplicate, other = made["duplicate"], made["other"]
    assert duplicate.returncode == 0
    assert made["team"] in other["warning"] and other["teamId"] != made["team"]
    assert duplicate.stderr.strip().splitlines()[-1].startswith("warning: ") and made["team"] in duplicate.stderr
    fresh = made["run"]("admin", "team", "create", "--name", "UAB Kitas")
    assert "warning" not in fresh


def test_team_list_and_show(made):
    run, team = made["run"], made["team"]
    teams = run("admin", "team", "list")["teams"]
    assert [t["teamId"] for t in teams][:2] == [team, made["other"]["teamId"]]
    assert teams[0] == {**teams[0], "name": "UAB Ąžuolas", "status": "active", "billingSuspended": False}
    shown = run("admin", "team", "show", team)
    assert shown["teamId"] == team and shown["credits"]["balance"] == 7 and shown["credits"]["available"] == 7
    assert shown["keys"] == {"live": {"total": 1, "active": 1}, "test": {"total": 1, "active": 0}}
    assert shown["clients"] == {"live": 1, "test": 0} and shown["users"] == 1
    missing = _invoke(made["env"], "admin", "team", "show", "team_nope")
    assert missing.returncode == 1 and json.loads(missing.stdout) == {"error": "no team team_nope"}


def test_key_list_never_prints_a_secret(made):
    out = _invoke(made["env"], "admin", "key", "list")
    assert out.returncode == 0
    keys = json.loads(out.stdout)["keys"]
    assert {k["keyId"] for k in keys} == {made["key"]["keyId"], made["test_key"]["keyId"]}
    assert made["key"]["key"] not in out.stdout and made["test_key"]["key"] not in out.stdout
    assert all("key" not in k and "secretHash" not in k and "secret_hash" not in k for k in keys)
    assert all(k["prefix"] and made["key"]["key"].startswith(k["prefix"]) for k in keys if k["mode"] == "live")
    live = made["run"]("admin", "key", "list", "--team", made["team"], "--mode", "live")["keys"]
    assert [k["keyId"] for k in live] == [made["key"]["keyId"]]
    assert [k["status"] for k in made["run"]("admin", "key", "list", "--status", "revoked")["keys"]] == ["revoked"]
    table = _invoke(made["env"], "admin", "key", "list", "--table")
    assert made["key"]["key"] not in table.stdout and made["key"]["keyId"] in table.stdout


def test_client_user_and_credit_lists(made):
    run, team = made["run"], made["team"]
    clients = run("admin", "client", "list", "--team", team)["clients"]
    assert [(c["clientId"], c["name"], c["companyCode"]) for c in clients] == [
        (made["client"]["clientId"], "Klientas", "123456789")]
    assert run("admin", "client", "list", "--mode", "test")["clients"] == []
    users = run("admin", "user", "list")["users"]
    assert [(u["email"], u["role"], u["passwordSet"]) for u in users] == [("ona@example.lt", "member", False)]
    assert not any("password_hash" in u or "passwordHash" in u for u in users)
    balance = run("admin", "credits", "balance", "--team", team)
    assert balance == {**balance, "teamId": team, "balance": 7, "held": 0, "available": 7, "parked": 0}
    assert balance["lastGrant"]["amount"] == 7
    balances = {b["teamId"]: b for b in run("admin", "credits", "balance")["balances"]}
    assert balances[team]["available"] == 7 and balances[made["other"]["teamId"]]["balance"] == 0
    assert "error" in json.loads(_invoke(made["env"], "admin", "client", "list", "--team", "team_nope").stdout)


def test_table_output_is_for_people(made):
    out = _invoke(made["env"], "admin", "team", "list", "--table")
    assert out.returncode == 0
    header, *rows = out.stdout.strip().splitlines()
    assert header.split()[:3] == ["teamId", "name", "status"]
    assert any(made["team"] in row and "UAB Ąžuolas" in row for row in rows)
    shown = _invoke(made["env"], "admin", "team", "show", made["team"], "--table").stdout
    assert shown.splitlines()[0].split() == ["field", "value"] and "billingSuspended" in shown
    balances = _invoke(made["env"], "admin", "credits", "balance", "--table").stdout
    assert balances.splitlines()[0].split()[:3] == ["teamId", "name", "balance"]


@pytest.mark.parametrize("command", [
    ("admin", "team", "list"), ("admin", "key", "list"), ("admin", "client", "list"), ("admin", "user", "list"),
    ("admin", "credits", "balance"), ("admin", "team", "create", "--name", "T"),
    ("admin", "user", "create", "--team", "team_x", "--email", "a@b.lt"),
])
def test_an_uninitialised_home_is_a_json_error_and_nothing_is_created(tmp_path, command):
    missing = tmp_path / "nowhere"
    out = _invoke(_env(missing), *command)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    error = json.loads(out.stdout)
    assert "does not exist" in error["error"] and "invoices init" in error["error"]
    assert not missing.exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    out = _invoke(_env(empty), *command)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "not initialised" in json.loads(out.stdout)["error"]
    assert list(empty.iterdir()) == []  # no stray store.db


def test_a_store_without_schema_is_refused(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "store.db").write_bytes(b"")
    out = _invoke(_env(home), "admin", "team", "list")
    assert out.returncode == 1 and "invoices init" in json.loads(out.stdout)["error"]
    import sqlite3

    sqlite3.connect(home / "store.db").execute("CREATE TABLE other (x)").connection.close()
    out = _invoke(_env(home), "admin", "team", "list")
    assert out.returncode == 1 and "no schema" in json.loads(out.stdout)["error"]


def test_every_command_and_group_has_help():
    from cli.main import main

    missing = []

    def walk(command: click.Command, path: list[str]) -> None:
        if not (command.help or command.short_help):
            missing.append(" ".join(path))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(main, ["invoices"])
    assert missing == []
    for path in (["admin", "team", "create"], ["admin", "key", "create"], ["admin", "key", "list"]):
        out = _invoke(dict(os.environ), *path, "--help")
        assert out.returncode == 0 and len(out.stdout.splitlines()[2].strip()) > 10, out.stdout
