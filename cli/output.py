"""What every admin command shares: one JSON object out, `{"error": ...}` and status 1 on a
refusal, the store of the current INVOICES_HOME, and `--table` for people.

`store()` first makes sure INVOICES_HOME was prepared by `invoices init`: a missing home, or
one without a migrated store, is an error printed as JSON, never a traceback, and nothing is
created on the way (opening SQLite would leave an empty `store.db` behind).
"""

import json
import sqlite3
import sys
from pathlib import Path

import click
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from core.access.admin import AdminError
from core.settings import Settings, load_settings
from core.store.db import get_store


def emit(obj: dict) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, default=str))


def fail(message: str, **extra) -> None:
    emit({"error": message, **extra})
    sys.exit(1)


def run(fn, *args, **kwargs) -> None:
    try:
        result = fn(*args, **kwargs)
    except (AdminError, ValueError, OSError) as exc:
        fail(str(exc))
    except SQLAlchemyError as exc:
        fail(f"the store could not be used: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    if isinstance(result, dict) and result.get("warning"):
        click.echo(f"warning: {result['warning']}", err=True)
    emit(result)


def _uninitialised(settings: Settings) -> str | None:
    """Why INVOICES_HOME cannot be used yet, or None when `invoices init` has prepared it."""
    hint = "run `invoices init` first (or set INVOICES_HOME to a prepared home)"
    if not settings.database_url.startswith("sqlite"):
        return None  # a server database: checked by asking it (`_unmigrated`)
    database = make_url(settings.database_url).database or ""
    if database in ("", ":memory:"):
        return None
    if not settings.home.is_dir() and Path(database).parent == settings.home:
        return f"INVOICES_HOME {settings.home} does not exist; {hint}"
    path = Path(database)
    if not path.is_file() or path.stat().st_size == 0:
        return f"INVOICES_HOME {settings.home} is not initialised (no store at {path}); {hint}"
    try:  # read-only: never creates or changes the file
        with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as conn:
            migrated = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
            ).fetchone()
    except sqlite3.Error as exc:
        return f"the store at {path} cannot be read: {exc}"
    return None if migrated else f"the store at {path} has no schema; {hint}"


def _unmigrated(store) -> str | None:
    import sqlalchemy as sa

    try:
        with store.engine.connect() as conn:
            if not sa.inspect(conn).has_table("alembic_version"):
                return "the store has no schema; run `invoices init` first"
    except SQLAlchemyError as exc:
        return f"the store could not be reached: {type(exc).__name__}: {str(exc).splitlines()[0]}"
    return None


def store():
    """The store of INVOICES_HOME, once `invoices init` has prepared it; else a JSON error."""
    settings = load_settings()
    if reason := _uninitialised(settings):
        fail(reason, home=str(settings.home))
    opened = get_store(settings.database_url)
    if not opened.is_sqlite and (reason := _unmigrated(opened)):
        fail(reason, home=str(settings.home))
    return opened


# --- `--table`: the same answer, for people ----------------------------------------------------
def table_option(fn):
    return click.option("--table", "as_table", is_flag=True, help="Print a table for people instead of JSON.")(fn)


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ",".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    return str(value)


def render_table(rows: list[dict], columns: list[str] | None = None) -> str:
    """Rows as aligned columns under a header line; `(none)` when there are none."""
    if not rows:
        return "(none)"
    columns = columns or list(dict.fromkeys(k for row in rows for k in row))
    cells = [[_cell(row.get(c)) for c in columns] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip()]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in cells]
    return "\n".join(lines)


def show(fn, *args, as_table: bool = False, rows_key: str | None = None, columns: list[str] | None = None) -> None:
    """Like `run`, with `--table`: the list under `rows_key` as a table, or one object as
    field/value lines."""
    if not as_table:
        run(fn, *args)
        return
    try:
        result = fn(*args)
    except (AdminError, ValueError, OSError) as exc:
        fail(str(exc))
    except SQLAlchemyError as exc:
        fail(f"the store could not be used: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    if rows_key is not None:
        click.echo(render_table(result[rows_key], columns))
    else:
        click.echo(render_table([{"field": k, "value": _cell(v)} for k, v in result.items()]))
