"""Identifiers in text, read and checked: what VAT codes (``vat_codes``), company codes
(``company_codes``), IBANs and BICs share.

Checksums are the strongest evidence extraction has. A VAT code or IBAN whose check digits
hold is almost certainly read correctly (a random misread passes ~1 time in 10-100), so a
valid identifier gets high confidence and an invalid one is flagged for review. When OCR
confused look-alike characters (O/0, I/1, S/5, B/8), the repaired reading is accepted
only if its checksum holds.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

from stdnum import bic as std_bic
from stdnum import iban as std_iban
from stdnum import numdb
from stdnum.exceptions import ValidationError

DIGIT_LOOKALIKES = str.maketrans({"O": "0", "o": "0", "D": "0", "Q": "0", "I": "1", "l": "1",
                                  "|": "1", "!": "1", "i": "1", "S": "5", "s": "5", "B": "8", "Z": "2", "z": "2",
                                  "G": "6", "b": "6", "g": "9", "q": "9", "T": "7"})
# The check digits may be read as their look-alike letters ("LVO9"): the format decides.
_IBAN_RE = re.compile(r"(?<![A-Za-z0-9])(?P<iban>[A-Z]{2}\s?[\dOQDIl|SBZ]{2}(?:\s?[A-Z0-9]){10,32})")
_BIC_RE = re.compile(r"(?<![A-Z0-9])([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Z0-9])")


_IBAN_DB = numdb.get("iban")  # each country's account number format ("bban": "4!a13!c")


@dataclass(frozen=True, slots=True)
class CodeMatch:
    """An identifier found in text: its normal form, span, and whether it validated."""

    value: str
    start: int
    end: int
    valid: bool
    repaired: bool = False


def compact(text: str) -> str:
    """Upper case without spaces, dots, dashes and slashes."""
    return re.sub(r"[\s.\-/]", "", text).upper()


# Cyrillic capitals that look like Latin ones: the Russian model reads "EE101216858" as
# "ЕЕ101216858", and a code's prefix is Latin.
_CYRILLIC_LOOKALIKES = "АВЕКМНОРСТХ"
_ASCII_UPPER = str.maketrans(string.ascii_lowercase + _CYRILLIC_LOOKALIKES,
                             string.ascii_uppercase + "ABEKMHOPCTX")


def latin_upper(text: str) -> str:
    """ASCII letters in capitals, every other character kept, so offsets stay those of
    ``text`` ("Straße".upper() is one character longer and would shift every span);
    Cyrillic capitals that look Latin read as Latin."""
    return text.translate(_ASCII_UPPER)


def repair_digits(text: str) -> str:
    """Replace letters OCR often confuses with digits (O->0, I->1, S->5, B->8 ...)."""
    return text.translate(DIGIT_LOOKALIKES)


def span_end(text: str, start: int, compacted: str) -> int:
    """End offset in ``text`` after consuming ``compacted``'s characters from ``start``."""
    i, n = start, 0
    while i < len(text) and n < len(compacted):
        if text[i].upper() == compacted[n]:
            n += 1
        i += 1
    return i


# ---------------------------------------------------------------- IBAN / BIC


def iban_is_valid(iban: str | None) -> bool:
    """Country format, length and mod-97 check of an IBAN (python-stdnum)."""
    if not iban:
        return False
    try:
        return bool(std_iban.validate(iban))
    except (ValidationError, KeyError):
        return False


def find_ibans(text: str) -> list[CodeMatch]:
    """Valid IBANs in ``text`` (compact form), trying shorter readings of greedy matches."""
    found = []
    for m in _IBAN_RE.finditer(latin_upper(text)):
        body = compact(m.group("iban"))
        for length in range(min(len(body), 34), 14, -1):
            candidate = body[:length]
            repaired = candidate[:4] + repair_digits(candidate[4:]) if candidate[2:4].isdigit() else candidate
            for value, was_repaired in ((candidate, False), (repaired, True), (_as_formatted(candidate), True)):
                if (not was_repaired or value != candidate) and iban_is_valid(value):
                    end = span_end(text, m.start(), candidate)
                    found.append(CodeMatch(value, m.start(), end, True, was_repaired))
                    break
            else:
                continue
            break
    return found


# Letters a digit printed where a country's account number has a letter is read as.
_LETTER_LOOKALIKES = str.maketrans({"0": "O", "1": "I", "5": "S", "8": "B", "2": "Z", "6": "G"})
_BBAN_PART = re.compile(r"(\d+)!?([nac])")


def _as_formatted(candidate: str) -> str:
    """An IBAN read with its look-alikes put where its country's format wants them: digits
    in the check digits and where the account number has digits ("LVO9" is "LV09"), letters
    where it has letters (an Italian CIN "0" is "O"); the rest as read. The checksum decides."""
    info = _IBAN_DB.info(candidate)
    bban = info[0][1].get("bban") if info and info[0][1] else None
    if bban is None:
        return candidate
    kinds = "nn" + "".join(kind * int(count) for count, kind in _BBAN_PART.findall(bban))
    if len(kinds) != len(candidate) - 2:
        return candidate
    table = {"n": DIGIT_LOOKALIKES, "a": _LETTER_LOOKALIKES}
    return candidate[:2] + "".join(ch.translate(table[kind]) if kind in table else ch
                                   for ch, kind in zip(candidate[2:], kinds))


def format_iban(iban: str) -> str:
    """Compact IBAN (the DTO form has no spaces)."""
    return std_iban.compact(iban)


def find_bics(text: str) -> list[CodeMatch]:
    """SWIFT/BIC codes (8 or 11 characters) that pass python-stdnum's format check."""
    out = []
    for m in _BIC_RE.finditer(latin_upper(text)):
        if std_bic.is_valid(m.group(1)):
            out.append(CodeMatch(m.group(1), m.start(1), m.end(1), True))
    return out
