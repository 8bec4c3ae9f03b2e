"""`invoices init` makes INVOICES_HOME this user's only, and seals webhook secrets an older
version stored in plain; `invoices admin secrets` rotates the sealing key."""

import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent / "invoices"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_init_makes_the_home_private_and_seals_plain_secrets(tmp_path):
    home = tmp_path / "home"
    env = {**os.environ, "INVOICES_HOME": str(home)}
    env.pop("INVOICES_DATABASE_URL", None)

    def invoices(*args: str) -> dict:
        out = subprocess.run([str(BIN), *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stdout + out.stderr
        return json.loads(out.stdout.strip().splitlines()[-1])

    home.mkdir(mode=0o755)
    invoices("init")
    assert _mode(home / "store.db") == 0o600 and _mode(home / "sealing_keys") == 0o600
    assert all(_mode(home / name) == 0o700 for name in ("", "blobs", "warehouse"))
    team = invoices("admin", "team", "create", "--name", "UAB Senas")["teamId"]
    plain = "whsec_" + "B" * 43 + "="
    with sqlite3.connect(home / "store.db") as conn:  # an endpoint as an older version stored it
        conn.execute(
            "INSERT INTO webhook_endpoints (id, team_id, mode, url, events, source_filter, enabled, secret, "
            "created_at, updated_at) VALUES ('whe_live_01old', ?, 'live', 'https://example.com/h', "
            "'[\"invoice.processed\"]', 'any', 1, ?, '2026-01-01 00:00:00', '2026-01-01 00:00:00')", (team, plain))
    os.chmod(home / "store.db", 0o644)
    invoices("init")
    assert _mode(home / "store.db") == 0o600

    def stored() -> str:
        with sqlite3.connect(home / "store.db") as conn:
            return conn.execute("SELECT secret FROM webhook_endpoints WHERE id = 'whe_live_01old'").fetchone()[0]

    first = stored()
    assert first.startswith("s1:") and plain.removeprefix("whsec_") not in first
    rotated = invoices("admin", "secrets", "rotate-key")
    assert rotated["resealed"] == 1 and stored().startswith(f"s1:{rotated['sealingKey']}:")
    assert len((home / "sealing_keys").read_text().splitlines()) == 2
    retired = invoices("admin", "secrets", "retire-keys")
    assert retired["resealed"] == 0 and retired["retired"] == [first.split(":")[1]]
    assert (home / "sealing_keys").read_text().startswith(rotated["sealingKey"] + ":")
