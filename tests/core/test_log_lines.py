"""Every process logs one JSON object per line, its fields as fields: never a JSON document
inside the message string (the webhook dispatcher once logged `"event": "{\\"dispatcher\\": ...}"`)."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent / "invoices"


def test_the_webhook_dispatcher_logs_fields_not_json_strings(tmp_path):
    env = {**os.environ, "INVOICES_HOME": str(tmp_path / "home"), "INVOICES_LOG_LEVEL": "INFO"}
    env.pop("INVOICES_DATABASE_URL", None)
    subprocess.run([str(BIN), "init"], env=env, cwd=ROOT, check=True, capture_output=True, timeout=120)
    proc = subprocess.Popen([str(BIN), "webhooks", "run"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    lines = [json.loads(line) for line in err.splitlines() if line.strip()]  # every line is one JSON object
    started = [line for line in lines if line.get("event") == "dispatcher started"]
    stopped = [line for line in lines if line.get("event") == "dispatcher stopped"]
    assert started and stopped, err
    assert started[0]["dispatcher"] and started[0]["component"] == "webhooks" and started[0]["level"] == "info"
    for line in lines:
        assert not str(line.get("event", "")).lstrip().startswith("{"), line
