"""Jinja2 for the dashboard: autoescaped templates, gettext, and the formats a bookkeeper reads."""

from pathlib import Path

import jinja2

from dashboard import i18n

_DIR = Path(__file__).parent / "templates"


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(_DIR),
        autoescape=True,  # every template, whatever its name: data of partners' documents is untrusted
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.ChainableUndefined,  # a field the document lacks renders empty
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True)
    env.filters.update(money=i18n.money, quantity=i18n.quantity, rate=i18n.rate, percent=i18n.percent, day=i18n.day,
                       moment=i18n.moment)
    return env
