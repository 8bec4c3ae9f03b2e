"""Schemathesis against the live stack: thousands of generated requests from the served
OpenAPI document, with zero 5xx and zero answers that break the document."""

import re
import subprocess

import pytest

from tests.support.stack import BIN, ROOT, running

pytestmark = pytest.mark.e2e

BUDGET_S = 75
CHECKS = ",".join([
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
])


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    with running(tmp_path_factory.mktemp("fuzz"), INVOICES_STREAM_GROUPS="1") as s:
        yield s


def test_schemathesis_finds_no_server_error_and_no_broken_answer(fuzzed):
    acct = fuzzed.provision(credits=5)
    fuzzed.cli("admin", "team", "plan", "set", acct["team"], "--requests-per-minute", "1000000",
               "--requests-per-hour", "100000000", "--concurrent-uploads", "64", "--queue-depth", "100000")
    scopes = "invoice:read,invoice:write,invoice:export,webhook:read,webhook:manage"
    key = fuzzed.cli("admin", "key", "create", "--team", acct["team"], "--mode", "live", "--scopes", scopes)["key"]
    out = subprocess.run(
        [str(BIN / "schemathesis"), "run", f"{fuzzed.base}/openapi.json", "-H", f"Authorization: Bearer {key}",
         "--checks", CHECKS, "--max-time", str(BUDGET_S), "--request-timeout", "10", "--workers", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=BUDGET_S + 120,
    )
    report = out.stdout[-6000:]
    assert out.returncode == 0, report
    generated = re.search(r"(\d+) generated, (\d+) passed", out.stdout)
    assert generated, report
    assert int(generated.group(1)) >= 1000 and generated.group(1) == generated.group(2), report
