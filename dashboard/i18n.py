"""Lithuanian and English pages (gettext catalogs read with Babel).

Source strings are English; `locale/<lang>/LC_MESSAGES/messages.po` translate them. The
catalogs are read at startup with `babel.messages.pofile.read_po` and turned into gettext
`Translations` in memory, so no compile step and no committed `.mo` files are needed.

The language is `?lang=` (then kept in a cookie), else the cookie, else the browser's
Accept-Language, else Lithuanian: the bookkeepers are Lithuanian. Templates call `_()`;
the current language lives in a context variable set per request, so gunicorn's threads
never see each other's language.
"""

import contextvars
import io
from datetime import date, datetime
from pathlib import Path

from babel import Locale, dates, numbers
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from dashboard import numbers as dashboard_numbers

LANGUAGES = ("lt", "en")
DEFAULT = "lt"
COOKIE = "lang"
_DIR = Path(__file__).parent / "locale"
_current: contextvars.ContextVar[str] = contextvars.ContextVar("dashboard_language", default=DEFAULT)


def _load(lang: str) -> Translations:
    with open(_DIR / lang / "LC_MESSAGES" / "messages.po", "rb") as fh:
        catalog = read_po(fh, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(fp=buffer)


_CATALOGS = {lang: _load(lang) for lang in LANGUAGES}


def choose(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    for candidate in (query, cookie):
        if candidate in LANGUAGES:
            return candidate
    wanted = [part.split(";")[0].strip().replace("-", "_") for part in (accept_language or "").split(",")]
    negotiated = Locale.negotiate([w for w in wanted if w], list(LANGUAGES))
    return negotiated.language if negotiated else DEFAULT


def activate(lang: str) -> None:
    _current.set(lang if lang in LANGUAGES else DEFAULT)


def current() -> str:
    return _current.get()


def gettext(message: str) -> str:
    return _CATALOGS[_current.get()].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _CATALOGS[_current.get()].ngettext(singular, plural, n)


def money(value, currency: str | None = None) -> str:
    """A decimal string of the DTO in the reader's way, two decimals at least:
    `1 234,50 €` or `€1,234.50`, `86,40` (see `dashboard.numbers`)."""
    return dashboard_numbers.money(value, current(), currency)


def quantity(value, minimum: int = 0) -> str:
    """A quantity or unit price: as many decimals as the invoice has (`0,5125`, `2,500`),
    at least `minimum`."""
    return dashboard_numbers.show(value, current(), minimum)


def rate(value) -> str:
    """A VAT rate of the DTO (`"21"`): `21 %`."""
    if value in (None, ""):
        return "—"
    return f"{dashboard_numbers.show(value, current())}\u00a0%"


def percent(value) -> str:
    return "—" if value is None else numbers.format_percent(float(value), locale=current())


def day(value) -> str:
    if not value:
        return "—"
    try:
        parsed = date.fromisoformat(str(value)[:10])
    except ValueError:
        return str(value)
    return dates.format_date(parsed, format="medium", locale=current())


def moment(value) -> str:
    if not value:
        return "—"
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    return dates.format_datetime(value, format="short", tzinfo=dates.get_timezone("Europe/Vilnius"), locale=current())
