"""Numbers as a Lithuanian bookkeeper types and reads them.

Typed: `47 488,52`, `47488.52`, `47.488,52` and `47,488.52` all mean 47488.52. Spaces
(also the no-break and thin ones) group thousands; with both a comma and a dot the last
one is the decimal separator and the other groups thousands; a lone separator is the
decimal one, except where it could as well group thousands (`1,234`, `12.500`: one
separator, one to three digits before it, exactly three after, the first digit not 0),
which is refused as ambiguous rather than guessed.

Shown: money always with two decimals at least (more when the invoice has more),
quantities and unit prices with as many decimals as the invoice has (at most six, the
DTO's precision), grouped the page locale's way (`47 488,52` in Lithuanian, `47,488.52`
in English). Input fields show the same where it reads back unchanged, else drop the
grouping (English `2000`, not the ambiguous `2,000`), so what is sent back unchanged is
the same number.
"""

import re
from decimal import Decimal, InvalidOperation

from babel import numbers

MAX_PLACES = 6  # invoice.md: unit prices and quantities may have up to 6 decimals
AMBIGUOUS = "number.ambiguous"
INVALID = "number.invalid"
_SPACES = re.compile(r"[\s\u00a0\u202f\u2009\u2007']")
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+|\d{1,3}(?:\.\d{3})+")


class NumberError(ValueError):
    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def _integer_part(text: str, separator: str | None) -> str:
    """The digits of an integer part that may group thousands with `separator`."""
    if text.isdigit():
        return text
    if separator and re.fullmatch(rf"\d{{1,3}}(?:{re.escape(separator)}\d{{3}})+", text):
        return text.replace(separator, "")
    raise NumberError(INVALID)


def parse(text: str) -> str:
    """A typed number as the DTO's plain decimal string (`"47488.52"`), or NumberError."""
    raw = _SPACES.sub(" ", (text or "").strip().replace("\u2212", "-"))
    sign = ""
    if raw[:1] in ("+", "-"):
        sign, raw = ("-" if raw[0] == "-" else ""), raw[1:].strip()
    if " " in raw:  # spaces group thousands: the comma or dot after them is the decimal sign
        found = re.fullmatch(r"(\d{1,3}(?: \d{3})+)(?:[.,](\d+))?", raw)
        if not found:
            raise NumberError(INVALID)
        integer, fraction = found.group(1).replace(" ", ""), found.group(2) or ""
    elif "," in raw and "." in raw:
        decimal_sign = "," if raw.rfind(",") > raw.rfind(".") else "."
        group_sign = "." if decimal_sign == "," else ","
        head, _, fraction = raw.rpartition(decimal_sign)
        if not re.fullmatch(rf"\d{{1,3}}(?:{re.escape(group_sign)}\d{{3}})+", head):
            raise NumberError(INVALID)
        integer = head.replace(group_sign, "")
    elif raw.count(",") + raw.count(".") > 1:
        if not _GROUPED.fullmatch(raw):  # "1.234.567": thousands only
            raise NumberError(INVALID)
        integer, fraction = re.sub(r"[.,]", "", raw), ""
    else:
        integer, separator, fraction = raw.replace(",", ".").partition(".")
        if separator and not fraction:
            raise NumberError(INVALID)
        if len(fraction) == 3 and 1 <= len(integer) <= 3 and integer[:1] != "0":
            raise NumberError(AMBIGUOUS)
    if not (integer.isascii() and integer.isdigit()) or (fraction and not (fraction.isascii() and fraction.isdigit())):
        raise NumberError(INVALID)
    value = f"{int(integer)}{'.' + fraction if fraction else ''}"
    return value if not sign or set(value) <= set("0.") else sign + value


def places(value) -> int:
    """How many decimals the DTO's string carries (`"2.500"` -> 3), at most six."""
    text = str(value)
    return min(MAX_PLACES, len(text.partition(".")[2])) if "." in text else 0


def _decimal(value) -> Decimal | None:
    if value in (None, ""):
        return None
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


def show(value, locale: str, minimum: int = 0) -> str:
    """For reading: grouped, with the invoice's own decimals, at least `minimum`."""
    amount = _decimal(value)
    if amount is None:
        return "—" if value in (None, "") else str(value)
    decimals = max(minimum, places(value))
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return numbers.format_decimal(amount, format=pattern, locale=locale, decimal_quantization=False)


def money(value, locale: str, currency: str | None = None) -> str:
    """An amount: two decimals at least (more when the invoice has more); with its currency when given."""
    amount = _decimal(value)
    if amount is None:
        return "—" if value in (None, "") else str(value)
    if currency:
        try:
            return numbers.format_currency(amount, currency, locale=locale, decimal_quantization=False)
        except (numbers.UnknownCurrencyError, ValueError):
            pass
    return show(value, locale, minimum=2)


def for_input(value, locale: str, minimum: int = 0) -> str:
    """For an input field: as shown for reading (`47 488,52`, `1,140.00`) where that reads
    back as the same number, else without grouping (`2000` rather than the ambiguous
    English `2,000`), so a value sent back unchanged is never refused."""
    amount = _decimal(value)
    if amount is None:
        return "" if value in (None, "") else str(value)
    shown = show(value, locale, minimum)
    try:
        if Decimal(parse(shown)) == amount:
            return shown
    except NumberError:
        pass
    decimals = max(minimum, places(value))
    return f"{amount:.{decimals}f}".replace(".", numbers.get_decimal_symbol(locale))
