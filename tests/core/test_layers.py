"""The domain stays free of its callers: nothing in core/ imports the HTTP API, the
dashboard, the command line, the pipelines or the reader (assets/). Whatever core needs of
them comes in as an argument (core.rules.InvoiceRules, the blob store and the publisher's
interfaces) or as a contract in schemas/. Imports inside functions count as well."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CALLERS = ("api", "dashboard", "cli", "pipelines", "assets")


def _imports(path: Path):
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_core_imports_none_of_its_callers():
    found = sorted(
        f"{path.relative_to(ROOT)}: {name}"
        for path in (ROOT / "core").rglob("*.py")
        for name in _imports(path)
        if name.split(".")[0] in CALLERS
    )
    assert not found, found


def test_the_check_sees_an_import_of_a_caller(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from assets.documents import boundaries\n")
    assert list(_imports(module)) == ["assets.documents"]
