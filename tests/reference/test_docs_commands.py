"""The commands of the docs run, so the docs cannot rot: every ```sh block of the README and of
docs/ is run by bash against a real stack (nginx in front of gunicorn, the broker, Dagster),
the blocks of one page in one shell so a later block uses what an earlier one made; every
```python example runs too, with a live key of a team with credits as $KEY.

A block runs unless one of its commands starts as one of NOT_RUN does, each with the reason;
a new block runs by default. The stack stands in for `make run`: its address replaces :8000 and its
INVOICES_HOME the `var/` of a checkout; the shell starts in a folder that links the
checkout's `.venv` and `tests`, so files a command writes stay out of the working tree. A page that assumes a team from the README's first
steps (bookkeepers) gets one as $TEAM.
"""

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.support.stack import ROOT

pytestmark = pytest.mark.e2e

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
# first commands of blocks that are not run here, and why
NOT_RUN = {
    "make run": "starts the whole stack in the foreground: the stack of this test stands in for it",
    "make eval": "the evaluation takes many minutes; tests/eval runs it on samples",
    "python -m eval.": "evaluation and fitting over the corpus take minutes; tests/eval covers them",
    "invoices warehouse sql": "needs a warehouse with data; tests/cli/test_warehouse_sql.py runs these commands",
    "invoices warehouse refresh": "materialises a day of the warehouse through Dagster; tests/pipelines/warehouse covers it",
}
PROBLEM = re.compile(r'"status": [45]\d\d')
# Python examples run too (the generated client found as `pip install ./clients/python` would
# put it), unless they start as one of these
PYTHON_BLOCK = re.compile(r"^( *)```python\n(.*?)^\1```", re.S | re.M)
PYTHON_NOT_RUN = {
    "from http.server": "a webhook receiver that serves until stopped; tests/webhooks cover receivers",
    "import duckdb, pyarrow": "reads a warehouse on S3-compatible storage; tests/pipelines/warehouse/test_s3.py does",
}


def blocks(page: Path) -> list[str]:
    return BLOCK.findall(page.read_text())


def commands(block: str) -> list[str]:
    return [line.strip() for line in block.splitlines() if line.strip() and not line.startswith("#")]


def runnable(page: Path) -> list[str]:
    return [b for b in blocks(page) if not any(c.startswith(p) for c in commands(b) for p in NOT_RUN)]


def test_the_pages_the_readers_start_from_have_commands_that_run():
    names = {page.name for page in PAGES if runnable(page)}
    assert {"README.md", "partners.md", "bookkeepers.md", "extraction.md"} <= names, names


@pytest.mark.parametrize("page", [p for p in PAGES if runnable(p)], ids=lambda p: p.name)
def test_the_commands_of_a_page_run_against_a_real_stack(stack, tourist, page, tmp_path):
    origin = stack.base.split("/external/")[0]
    script = "\n".join(runnable(page)).replace("http://127.0.0.1:8000", origin)
    script = script.replace("INVOICES_HOME=$PWD/var", f"INVOICES_HOME={stack.home}")
    env = {**stack.env, "TEAM": tourist["team"]}
    for shared in (".venv", "tests", "corpus"):  # a checkout as the reader has it; files made land here
        (tmp_path / shared).symlink_to(ROOT / shared)
    out = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=240)
    shown = f"--- stdout ---\n{out.stdout[-3000:]}\n--- stderr ---\n{out.stderr[-3000:]}"
    assert out.returncode == 0, shown
    assert not PROBLEM.search(out.stdout), shown
    if page.name in ("README.md", "partners.md"):
        # the job (README) or the invoice (partners) it led to, read to the end
        assert '"status": "completed"' in out.stdout and re.search(r'"(invoiceId|id)": "inv_', out.stdout), shown


def python_blocks(page: Path) -> list[str]:
    found = [textwrap.dedent(re.sub(rf"^{indent}", "", body, flags=re.M)) for indent, body in PYTHON_BLOCK.findall(page.read_text())]
    return [b for b in found if not any(b.lstrip().startswith(p) for p in PYTHON_NOT_RUN)]


@pytest.mark.parametrize("page", [p for p in PAGES if python_blocks(p)], ids=lambda p: p.name)
def test_the_python_examples_of_a_page_run_against_a_real_stack(stack, page, tmp_path):
    origin = stack.base.split("/external/")[0]
    acct = stack.provision(credits=2)
    env = {**stack.env, "KEY": acct["live"], "PYTHONPATH": str(ROOT / "clients" / "python")}
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    for block in python_blocks(page):
        out = subprocess.run([sys.executable, "-c", block.replace("http://127.0.0.1:8000", origin)], cwd=tmp_path,
                             env=env, capture_output=True, text=True, timeout=240)
        assert out.returncode == 0 and out.stdout.strip(), \
            f"{block}\n--- stdout ---\n{out.stdout}\n--- stderr ---\n{out.stderr[-3000:]}"
