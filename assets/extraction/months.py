"""Month names of the languages EU invoices are written in, for reading dates.

The names come from the language packs (``languages/<code>.toml``, ``[months]``), written
as printed. They are compared folded (lower case, no diacritics; see ``normalize.fold``), in the
forms dates use: nominative and genitive ("marzec", "marca"; "kovas", "kovo"; "март",
"марта"). A word that is no full name is read as an abbreviation when every name it
begins is the same month ("mär", "févr.", "sept", "paź"), or when a pack lists it
(``abbreviations``: "mrt" is no beginning of "maart"). Croatian genitives are left
out on purpose: "listopada" is October there and November in Polish; so are Finnish
names ("marraskuuta", November, would make "mar" ambiguous). Both print dates as numbers.
"""

from __future__ import annotations

from functools import lru_cache

from . import language_packs
from .normalize import fold
from .thresholds import MONTH_MISREAD_FROM, MONTH_MISREAD_TWICE_FROM

# Language -> twelve entries, January first, each "form|form" (languages/<code>.toml, [months]).
_NAMES = language_packs.month_names()
# The same for abbreviations that are no beginning of their name ("mrt" for "maart").
_ABBREVIATIONS = language_packs.month_names("abbreviations")


def _table(languages: dict[str, list[str]]) -> dict[str, int]:
    names: dict[str, set[int]] = {}
    for months in languages.values():
        for number, forms in enumerate(months, 1):
            for form in filter(None, forms.split("|")):
                names.setdefault(fold(form), set()).add(number)
    assert all(len(v) == 1 for v in names.values()), "a month name that means two months"
    return {name: next(iter(v)) for name, v in names.items()}


MONTHS = _table(_NAMES)
ABBREVIATIONS = _table(_ABBREVIATIONS)
assert all(MONTHS.get(a, n) == n for a, n in ABBREVIATIONS.items()), "an abbreviation that is another month's name"


@lru_cache(maxsize=2048)
def month_number(word: str, misread_from: int = MONTH_MISREAD_FROM) -> int | None:
    """1-12 for a month name or an unambiguous abbreviation (3 letters or more), or a full
    name with one letter misread (``misread_from`` letters or more: ``MONTH_MISREAD_FROM``,
    fewer where the date's frame says a month stands there) or two
    (``MONTH_MISREAD_TWICE_FROM``), else None."""
    word = fold(word).rstrip(".")
    if word in MONTHS:
        return MONTHS[word]
    if word in ABBREVIATIONS:
        return ABBREVIATIONS[word]
    if len(word) < 3:
        return None
    found = {number for name, number in MONTHS.items() if name.startswith(word)}
    if not found and len(word) >= misread_from:
        # "febbralo", "Dezembcr": one letter of a full name misread; two of a long one ("febbrale")
        for misread in (1, 2) if len(word) >= MONTH_MISREAD_TWICE_FROM else (1,):
            found = {number for name, number in MONTHS.items()
                     if len(name) == len(word) and sum(a != b for a, b in zip(name, word)) == misread}
            if found:
                break
    return found.pop() if len(found) == 1 else None
