"""Money and quantity parsing in the formats invoices print.

Lithuanian, French, Polish and most EU documents write ``1 234,56`` (space thousands,
comma decimals), German, Dutch, Italian and Spanish ones ``1.234,56``, Swiss ``1'234.56``,
English ones ``1,234.56``; negatives as ``-1 234,56``, ``(1 234,56)`` or ``1 234,56-``,
with the currency before or after. Values are returned as ``Decimal`` and
written into the DTO as plain strings with a dot (``"1234.56"``): floats would lose cents.

The one real ambiguity is a single separator followed by exactly three digits (``1,234``):
for money it is a thousands separator (money has two decimals), for a quantity it is a
decimal comma (``1,500`` kg). Callers say which they parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

_GROUP_SEPS = " \u00a0\u202f\u2009'’"
_NUMBER = (
    r"(?:\d{1,3}(?P<sep>[ \u00a0\u202f\u2009'’.,])\d{3}(?:(?P=sep)\d{3})*(?:[.,]\d{1,6})?"  # grouped
    r"|\d+(?:[.,]\d{1,6})?)"  # plain
)
# Not glued to a word, a code or a date on either side ("LT-01103", "2026-03-14", "12-3").
_AMOUNT_RE = re.compile(
    r"(?<![\w.,/\-−–])(?P<paren>\()?(?P<sign>[-−–](?=\d))?(?P<num>" + _NUMBER + r")(?P<close>\))?"
    r"(?P<trail>-(?![\w\-]))?(?![\w]|[.,/\-]\d)"
)
# Currencies printed beside an amount: ISO codes of Europe's currencies and common
# symbols ("€", "zł", "Kč", "kr", "Ft", "lei", "лв", "₽", "руб.", "Fr.").
CURRENCY = (r"(?:EUR|USD|GBP|PLN|CZK|HUF|RON|BGN|SEK|DKK|NOK|ISK|CHF|UAH|RUB|TRY|JPY|CNY|CAD|AUD|INR"
             r"|eur|€|\$|£|zł|zl|Kč|kr\.?|Ft|lei|лв\.?|₽|₹|₴|¥|Rs\.?|руб\.?|р\.|Fr\.|CHF)")
_CURRENCY_NOISE = re.compile(r"^" + CURRENCY + r"\s*|\s*" + CURRENCY + r"\.?$")
CURRENCY_WORD = re.compile(rf"(?i:{CURRENCY})\.?")  # fullmatch one word: "EUR", "Eur", "zł"
CENT = Decimal("0.01")


@dataclass(frozen=True, slots=True)
class AmountMatch:
    value: Decimal
    start: int
    end: int
    has_decimals: bool


def _to_decimal(num: str, money: bool) -> Decimal | None:
    s = num
    for sep in _GROUP_SEPS:
        s = s.replace(sep, "")
    if "," in s and "." in s:
        decimal_sep = "," if s.rfind(",") > s.rfind(".") else "."
        group_sep = "." if decimal_sep == "," else ","
        s = s.replace(group_sep, "").replace(decimal_sep, ".")
    elif "," in s or "." in s:
        sep = "," if "," in s else "."
        head, *rest = s.split(sep)
        if len(rest) > 1 and len(rest[-1]) != 3:
            # 28.175.00: grouping always stands before three digits, so a last group of
            # one or two is the decimals, their separator misread as the grouping one (OCR
            # of a small comma as a point, most of all on PP-OCR's photos), not 2 817 500.
            s = head + "".join(rest[:-1]) + "." + rest[-1]
        elif len(rest) > 1:  # 1.234.567: only grouping repeats
            s = head + "".join(rest)
        elif money and len(rest[0]) == 3 and head.lstrip("-") not in ("", "0"):
            s = head + rest[0]
        else:
            s = head + "." + rest[0]
    try:
        return Decimal(s)
    except InvalidOperation:
        return None


def find_amounts(text: str, money: bool = True) -> list[AmountMatch]:
    """All numbers in ``text`` that read as amounts, left to right, with their spans."""
    found = []
    for m in _AMOUNT_RE.finditer(text):
        if bool(m.group("paren")) != bool(m.group("close")):
            if m.group("paren"):  # "(21" of "(21 %)": not an amount in parentheses
                continue
        value = _to_decimal(m.group("num"), money)
        if value is None:
            continue
        # "-1 234,56", "(1 234,56)" and the accountants' trailing minus "1 234,56-".
        negative = (bool(m.group("sign")) or (bool(m.group("paren")) and bool(m.group("close")))
                    or bool(m.group("trail")))
        if negative:
            value = -value
        num = m.group("num")
        has_decimals = bool(re.search(r"[.,]\d{1,2}$", num))
        found.append(AmountMatch(value, m.start(), m.end(), has_decimals))
    return found


def parse_amount(text: str, money: bool = True) -> Decimal | None:
    """Parse a string that is one amount (currency code or symbol allowed), else None.

    >>> parse_amount("1 234,56 EUR")
    Decimal('1234.56')
    """
    s = " ".join(text.split())
    s = _CURRENCY_NOISE.sub("", s).strip()
    s = re.sub(r"^([-−–])\s+(?=\d)", r"\1", s)  # "- 20,00": a minus set apart from its amount
    matches = find_amounts(s, money)
    if len(matches) == 1 and matches[0].start == 0 and matches[0].end == len(s):
        return matches[0].value
    return None


def money_str(value: Decimal | None) -> str | None:
    """Money for the DTO: plain string with a dot and two decimals ("1234.50").

    More decimals are kept when printed (unit prices such as 0.1234 EUR).
    """
    if value is None:
        return None
    if value.as_tuple().exponent < -2:  # type: ignore[operator]
        return format(value.normalize(), "f")
    return format(value.quantize(CENT, rounding=ROUND_HALF_UP), "f")


def decimal_str(value: Decimal | None) -> str | None:
    """Quantities and rates: plain string without exponent or trailing zeros ("2", "2.5")."""
    if value is None:
        return None
    normal = value.normalize()
    if normal == normal.to_integral():
        return str(normal.quantize(Decimal(1)))
    return format(normal, "f")
