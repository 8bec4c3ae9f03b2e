"""E-mail addresses and phone numbers: patterns that need no language.

Phones are written "+370 5 212 3456", "+49 (0)40 123 45 67", "8 612 34567", "06-12345678";
a run of digits is a phone only with a leading "+", a trunk "0"/"8" and at least eight
digits, so amounts, dates and codes are not taken for one.
"""

from __future__ import annotations

import re

EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}(?![\w])")
PHONE = re.compile(r"(?<![\w+])(?:\+\d{1,3}|00\d{1,3}|[08])[\d ()./\-]{6,18}\d(?![\w])")


def find_emails(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(), m.start(), m.end()) for m in EMAIL.finditer(text)]


def find_phones(text: str) -> list[tuple[str, int, int]]:
    """Phone numbers with at least eight digits, as printed with single spaces."""
    out = []
    for m in PHONE.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if 8 <= len(digits) <= 15 and not re.fullmatch(r"\d{1,2}[./]\d{1,2}[./]\d{2,4}", m.group()):
            out.append((" ".join(m.group().split()), m.start(), m.end()))
    return out
