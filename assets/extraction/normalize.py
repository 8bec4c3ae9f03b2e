"""Text folding for matching labels and month names.

OCR drops or swaps Lithuanian diacritics now and then ("Imones kodas", "Mokéjimo"), and
printed labels vary in case, so matching happens on a folded form: lower case, no
diacritics, one kind of quote and dash. Folding is character by character and keeps the
length, so a match position in folded text is the same position in the original text and
values can still be taken, with their boxes, from the original words.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

_SPECIAL = {
    "„": '"', "“": '"', "”": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "‚": "'",
    "–": "-", "—": "-", "−": "-", "‐": "-", "‑": "-",
    "\u00a0": " ", "\u202f": " ", "\u2009": " ",
    "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "ß": "s", "đ": "d", "Đ": "d",
    "°": "o",  # "N°" as "Nº": the degree sign stands for the ordinal o in "numéro"
    "ς": "σ",  # Greek final sigma: "ΠΩΛΗΤΗΣ" lower-cased is "πωλητησ", printed small "πωλητής"
}


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    if ch in _SPECIAL:
        return _SPECIAL[ch]
    decomposed = unicodedata.normalize("NFKD", ch)
    base = "".join(c for c in decomposed if not unicodedata.combining(c))
    if len(base) == 1:
        return base.lower() if len(base.lower()) == 1 else base
    low = ch.lower()
    return low if len(low) == 1 else ch


class _Folding(dict):
    """Code point -> folded character, for ``str.translate``: filled as characters are met."""

    def __missing__(self, code: int) -> str:
        folded = self[code] = _fold_char(chr(code))
        return folded


_FOLDING = _Folding()


def fold(text: str) -> str:
    """Lower-case, diacritic-free form of ``text`` with the same length."""
    return text.translate(_FOLDING)


def clean_value(text: str) -> str:
    """Trim separators that glue a value to its label: ``": UAB X,"`` -> ``"UAB X"``."""
    return " ".join(text.split()).strip(" :;,-–|").strip()


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: how many letters OCR changed between two readings."""
    return Levenshtein.distance(a, b)
