"""What every admin command shares: one JSON object out, `{"error": ...}` and status 1 on a
refusal, and the store of the current INVOICES_HOME."""

import json
import sys

import click

from core.admin import AdminError
from core.settings import load_settings
from core.store.db import get_store


def emit(obj: dict) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, default=str))


def run(fn, *args, **kwargs) -> None:
    try:
        emit(fn(*args, **kwargs))
    except (AdminError, ValueError, OSError) as exc:
        emit({"error": str(exc)})
        sys.exit(1)


def store():
    return get_store(load_settings().database_url)
