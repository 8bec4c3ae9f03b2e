"""Dates in the forms EU invoices print them.

Recognised (all returned as ``datetime.date``):

* year first: ``2026-03-14``, ``2026.03.14``, ``2026/03/14``
* Lithuanian words: ``2026 m. kovo 14 d.``, ``2026 m. kovo mėn. 14 d.``, also nominative
  month names and OCR without diacritics (``rugpjucio``)
* Latvian ``2026. gada 14. marts``, Hungarian ``2026. március 14.``
* day first: ``14.03.2026``, ``14/03/2026``, ``14-03-2026``, ``14.03.26`` (and ``14.03 „2026``,
  OCR's reading of a monospaced point); when the first
  number cannot be a day-of-month-then-month pair (``03/14/2026``) it is read US-style, and
  so is every such date of a page that writes its dates month first (``month_first``)
* day, month word, year in any of the languages of ``months``: ``14 March 2026``,
  ``14. März 2026``, ``14 mars 2026``, ``1er mars 2026``, ``14 marca 2026``,
  ``14. märts 2026``, ``14 maart 2026``, ``14 de marzo de 2026``, ``14 марта 2026 г.``,
  ``14-Mar-2026``
* month word first: ``March 14, 2026``, ``Mar. 14th 2026``

Matching runs on folded text (see ``normalize.fold``), which keeps positions, so spans
refer to the original string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Iterable

from .months import month_number
from .normalize import fold
from .thresholds import MONTH_MISREAD_FRAMED_FROM

# Stems of Lithuanian month names (genitive "kovo", nominative "kovas"), diacritics folded:
# OCR garbles the endings, so a stem is enough after "2026 m.".
_LT_MONTHS = [
    ("saus", 1), ("vasar", 2), ("kov", 3), ("baland", 4), ("geguz", 5), ("birzel", 6),
    ("liep", 7), ("rugpj", 8), ("rugs", 9), ("spal", 10), ("lapkr", 11), ("gruod", 12),
]
_LT_MONTH_WORD = r"(?P<mon>(?:saus|vasar|kov|baland|geguz|birzel|liep|rugpj|rugs|spal|lapkr|gruod)[a-z]*)"
# Any word of letters (Latin or Cyrillic), checked against the month table afterwards.
_MONTH_WORD = r"(?P<mon>[^\W\d_]{3,}\.?)"
# Latvian "gada" (of the year), also with one letter OCR misread ("gade", "gacla" is not).
_GADA = r"(?:gada|[^\W\d_]ada|g[^\W\d_]da|ga[^\W\d_]a|gad[^\W\d_])"
_B = r"(?<![\d\w])"  # left boundary
_E = r"(?![\d])"  # right boundary

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("lt_words", re.compile(
        _B + r"(?P<y>\d{4})\s*m\.?\s*" + _LT_MONTH_WORD + r"\s*(?:men\.?\s*)?(?P<d>\d{1,2})(?:\s*d\.?)?(?![\w])"
    )),
    ("lv_words", re.compile(
        _B + r"(?P<y>\d{4})\.?\s*(?:" + _GADA + r"|g\.)\s*(?P<d>\d{1,2})\.?\s*" + _MONTH_WORD
    )),
    ("y_words_d", re.compile(_B + r"(?P<y>\d{4})\.?\s+" + _MONTH_WORD + r"\s+(?P<d>\d{1,2})\.?" + _E)),
    ("ymd", re.compile(
        _B + r"(?P<y>(?:19|20)\d{2})\s?(?P<s>[-./])\s?(?P<m>\d{1,2})\s?(?P=s)\s?(?P<d>\d{1,2})(?!\d|[.,]\d)"
    )),
    # A till's time may follow the year with its space lost ("25/11/202614:40").
    ("dmy", re.compile(
        _B + r"(?P<d>\d{1,2})\s?(?P<s>[-./])\s?(?P<m>\d{1,2})\s?(?P=s)\s?(?P<y>\d{4}|\d{2})"
        r"(?:(?!\d|[.,]\d)|(?<=\d{4})(?=[0-2]?\d:[0-5]\d(?!\d)))"
    )),
    # OCR of a monospaced "29.11.2018": the point before the year, a glyph's width of its
    # own, read as a low quote after a space ("29.11 „2018").
    ("dmy_misread_point", re.compile(
        _B + r'(?P<d>\d{1,2})\.(?P<m>\d{1,2})\s"(?P<y>(?:19|20)\d{2})(?!\d|[.,]\d|")'  # "„" as folded
    )),
    # One of a dotted date's points lost in the print or read as a space ("25 05.2026",
    # "08.06 2026"): two-digit month, four-digit year.
    ("dmy_point_lost", re.compile(
        _B + r"(?P<d>\d{1,2})\s(?P<m>\d{2})\.(?P<y>(?:19|20)\d{2})(?!\d|[.,]\d)"
    )),
    ("dmy_point_lost", re.compile(
        _B + r"(?P<d>\d{1,2})\.(?P<m>\d{2})\s(?P<y>(?:19|20)\d{2})(?!\d|[.,]\d)"
    )),
    ("words_d_y", re.compile(
        _B + _MONTH_WORD + r"\s*(?P<d>\d{1,2})(?:st|nd|rd|th)?,?\s*(?P<y>\d{4})" + _E
    )),
    ("d_words_y", re.compile(
        _B + r"(?P<d>\d{1,2})(?:\.|er|st|nd|rd|th)?[\s-]*(?:de\s+)?" + _MONTH_WORD
        + r"[\s,-]*(?:de\s+|del\s+)?(?P<y>\d{4})(?:\s?г\.?(?!\w))?" + _E
    )),
]


# Dates with points are day first wherever they are printed; slashes and hyphens may be
# either, by country.
_MONTH_FIRST_SEPARATORS = "/-"
_DMY = next(k for k, (kind, _) in enumerate(_PATTERNS) if kind == "dmy")


@dataclass(frozen=True, slots=True)
class DateMatch:
    value: date
    start: int
    end: int


def _lt_month(word: str) -> int | None:
    for stem, number in _LT_MONTHS:
        if word.startswith(stem):
            return number
    return None


def _build(kind: str, m: re.Match[str], month_first: bool = False) -> date | None:
    year = int(m.group("y"))
    if year < 100:
        year += 2000
    day = int(m.group("d"))
    if kind == "lt_words":
        month = _lt_month(m.group("mon"))
    elif kind == "lv_words":  # year, "gada" and day: a month's name stands after them
        month = month_number(m.group("mon"), MONTH_MISREAD_FRAMED_FROM) or _lt_month(m.group("mon"))
    elif "mon" in m.groupdict():
        month = month_number(m.group("mon")) or _lt_month(m.group("mon"))
    else:
        month = int(m.group("m"))
        us_style = month_first and m.group("s") in _MONTH_FIRST_SEPARATORS
        if kind == "dmy" and (month > 12 or us_style) and day <= 12:
            day, month = month, day  # 03/14/2026: US order
    if month is None or not 1990 <= year <= 2100:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def month_first(texts: Iterable[str]) -> bool:
    """Whether a page writes its numeric dates month first: one of them reads only that
    way (``11/17/2017``) and none reads only day first (``17/11/2017``). A page keeps one
    order, so its ambiguous dates (``11/03/2017``) follow the one that is not."""
    seen = set()
    for text in texts:
        for m in _PATTERNS[_DMY][1].finditer(fold(text)):
            first, second = int(m.group("d")), int(m.group("m"))
            if m.group("s") not in _MONTH_FIRST_SEPARATORS:
                continue
            if first <= 12 < second <= 31:
                seen.add("month")
            elif second <= 12 < first <= 31:
                seen.add("day")
    return seen == {"month"}


def find_dates(text: str, month_first: bool = False) -> list[DateMatch]:
    """All dates in ``text``, left to right; overlapping readings keep the longest.
    ``month_first``: the page writes numeric dates month first (see ``month_first``)."""
    folded = fold(text)
    found: list[DateMatch] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(folded):
            value = _build(kind, m, month_first)
            if value is not None:
                found.append(DateMatch(value, m.start(), m.end()))
    found.sort(key=lambda d: (d.start, -(d.end - d.start)))
    kept: list[DateMatch] = []
    for match in found:
        if kept and match.start < kept[-1].end:
            continue
        kept.append(match)
    return kept


def parse_date(text: str) -> date | None:
    """Parse a string holding one date (surrounding punctuation allowed), else None.

    >>> parse_date("2026 m. kovo 14 d.")
    datetime.date(2026, 3, 14)
    """
    matches = find_dates(text)
    if len(matches) != 1:
        return None
    rest = (text[: matches[0].start] + text[matches[0].end :]).strip(" .,:;()")
    return matches[0].value if not rest else None
