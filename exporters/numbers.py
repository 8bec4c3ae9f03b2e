"""Decimal arithmetic and the number spellings of each target.

Amounts in the DTO are decimal strings; they stay `Decimal` here (never float) and are
rounded half-up, the way Lithuanian invoices and VAT registers round.
"""

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

CENT = Decimal("0.01")
ZERO = Decimal(0)


def dec(value) -> Decimal | None:
    """A DTO amount as Decimal; None for null or unreadable values."""
    if value is None or value == "":
        return None
    try:
        return Decimal(str(value).strip())
    except InvalidOperation:
        return None


def money(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def fixed(value: Decimal, places: int) -> str:
    """`places` decimals, dot separator: fixed(Decimal('2.5'), 4) == '2.5000'."""
    return str(value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def between(value: Decimal, low: int, high: int) -> str:
    """At least `low` and at most `high` decimals: between(Decimal('0.33333'), 2, 4) == '0.3333'."""
    text = fixed(value, high)
    if "." in text:
        whole, frac = text.split(".")
        frac = frac.rstrip("0").ljust(low, "0")
        return f"{whole}.{frac}" if frac else whole
    return text


def plain(value: Decimal) -> str:
    """No exponent, no trailing zeros: plain(Decimal('10.000')) == '10'."""
    text = format(value.normalize(), "f")
    return text


def rate(value: Decimal | None) -> str:
    """A VAT rate as an integer when it is one: '21', '9', '5.5'."""
    return "" if value is None else plain(value)


def comma(text: str) -> str:
    """Agnum writes decimals with a comma."""
    return text.replace(".", ",")
