"""Versioned schema migrations (Alembic), applied by `invoices init` and at start-up."""

from pathlib import Path

from alembic import command
from alembic.config import Config

_HERE = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(_HERE))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(url: str) -> None:
    command.upgrade(alembic_config(url), "head")
