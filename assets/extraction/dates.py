"""Dates in the forms Lithuanian and English invoices print them.

Recognised (all returned as ``datetime.date``):

* year first: ``2026-03-14``, ``2026.03.14``, ``2026/03/14``
* Lithuanian words: ``2026 m. kovo 14 d.``, ``2026 m. kovo mėn. 14 d.``, also nominative
  month names and OCR without diacritics (``rugpjucio``)
* day first: ``14.03.2026``, ``14/03/2026``, ``14-03-2026``, ``14.03.26``; when the first
  number cannot be a day-of-month-then-month pair (``03/14/2026``) it is read US-style
* English words: ``March 14, 2026``, ``14 March 2026``, ``14-Mar-2026``, ``Mar. 14th 2026``

Matching runs on folded text (see ``normalize.fold``), which keeps positions, so spans
refer to the original string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from .normalize import fold

# Stems of Lithuanian month names (genitive "kovo", nominative "kovas"), diacritics folded.
_LT_MONTHS = [
    ("saus", 1), ("vasar", 2), ("kov", 3), ("baland", 4), ("geguz", 5), ("birzel", 6),
    ("liep", 7), ("rugpj", 8), ("rugs", 9), ("spal", 10), ("lapkr", 11), ("gruod", 12),
]
_EN_MONTHS = [
    ("jan", 1), ("feb", 2), ("mar", 3), ("apr", 4), ("may", 5), ("jun", 6),
    ("jul", 7), ("aug", 8), ("sep", 9), ("oct", 10), ("nov", 11), ("dec", 12),
]
_LT_MONTH_WORD = r"(?P<mon>(?:saus|vasar|kov|baland|geguz|birzel|liep|rugpj|rugs|spal|lapkr|gruod)[a-z]*)"
_EN_MONTH_WORD = (
    r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_B = r"(?<![\d\w])"  # left boundary
_E = r"(?![\d])"  # right boundary

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("lt_words", re.compile(
        _B + r"(?P<y>\d{4})\s*m\.?\s*" + _LT_MONTH_WORD + r"\s*(?:men\.?\s*)?(?P<d>\d{1,2})\s*d\.?(?!\w)"
    )),
    ("lt_words_no_m", re.compile(_B + r"(?P<y>\d{4})\s+" + _LT_MONTH_WORD + r"\s+(?P<d>\d{1,2})" + _E)),
    ("ymd", re.compile(
        _B + r"(?P<y>(?:19|20)\d{2})\s?(?P<s>[-./])\s?(?P<m>\d{1,2})\s?(?P=s)\s?(?P<d>\d{1,2})(?!\d|[.,]\d)"
    )),
    ("dmy", re.compile(
        _B + r"(?P<d>\d{1,2})\s?(?P<s>[-./])\s?(?P<m>\d{1,2})\s?(?P=s)\s?(?P<y>\d{4}|\d{2})(?!\d|[.,]\d)"
    )),
    ("en_mdy", re.compile(
        _B + _EN_MONTH_WORD + r"\s*(?P<d>\d{1,2})(?:st|nd|rd|th)?,?\s*(?P<y>\d{4})" + _E
    )),
    ("en_dmy", re.compile(
        _B + r"(?P<d>\d{1,2})(?:st|nd|rd|th)?[\s-]*" + _EN_MONTH_WORD + r"[\s,-]*(?P<y>\d{4})" + _E
    )),
]


@dataclass(frozen=True, slots=True)
class DateMatch:
    value: date
    start: int
    end: int


def _month(word: str, table: list[tuple[str, int]]) -> int | None:
    for stem, number in table:
        if word.startswith(stem):
            return number
    return None


def _build(kind: str, m: re.Match[str]) -> date | None:
    year = int(m.group("y"))
    if year < 100:
        year += 2000
    day = int(m.group("d"))
    if kind.startswith("lt_words"):
        month = _month(m.group("mon"), _LT_MONTHS)
    elif kind.startswith("en_"):
        month = _month(m.group("mon"), _EN_MONTHS)
    else:
        month = int(m.group("m"))
        if kind == "dmy" and month > 12 and day <= 12:
            day, month = month, day  # 03/14/2026: US order
    if month is None or not 1990 <= year <= 2100:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def find_dates(text: str) -> list[DateMatch]:
    """All dates in ``text``, left to right; overlapping readings keep the longest."""
    folded = fold(text)
    found: list[DateMatch] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(folded):
            value = _build(kind, m)
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
