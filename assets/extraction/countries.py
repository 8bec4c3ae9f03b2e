"""Country names as addresses print them, in the languages the engine reads.

An address often ends with its country ("Belgium", "Deutschland", "Lietuva"); such a
line tells the party's country and is never the party's name. The names come from the
CLDR territory names in Babel, folded like labels, for the countries invoices here come
from and go to.
"""

from __future__ import annotations

from functools import lru_cache

from babel import Locale

from .normalize import fold

# EU and EEA states, their neighbours and the largest trading partners.
_TERRITORIES = ("AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE "
                "NO IS LI CH GB UA BY RU MD GE TR US CA CN JP").split()
_LOCALES = ("en", "lt", "de", "fr", "pl", "lv", "et", "nl", "it", "es", "ru")
# Common short forms CLDR lists as variants or not at all.
_EXTRA = {"uk": "GB", "great britain": "GB", "england": "GB", "usa": "US", "u.s.a.": "US",
          "holland": "NL", "brd": "DE"}


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    names = dict(_EXTRA)
    for code in _LOCALES:
        territories = Locale(code).territories
        for country in _TERRITORIES:
            names.setdefault(fold(territories[country]), country)
    return names


def country_named(text: str) -> str | None:
    """The ISO code of a country that ``text`` names and nothing more ("Deutschland" -> "DE")."""
    return _names().get(fold(text).strip(" .,;"))
