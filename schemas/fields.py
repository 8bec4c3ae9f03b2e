"""Field types shared by request bodies, each failing with its interface.md 7.3 code.

Identifiers are checked by python-stdnum (VAT numbers of every EU state by their check
digits, IBANs by ISO 13616), money and quantities are the plain decimal strings of
invoice.md, dates are ISO 8601 calendar dates.
"""

import re
from datetime import date
from typing import Annotated

from pydantic import AfterValidator, StringConstraints
from pydantic_core import PydanticCustomError
from stdnum import iban as stdnum_iban
from stdnum.eu import vat as stdnum_vat

from core import text as safe_text


def _fail(code: str, message: str) -> PydanticCustomError:
    return PydanticCustomError(code, message)


def _compact(value: str) -> str:
    return re.sub(r"[\s.\-]", "", value).upper()


def _vat_code(value: str) -> str:
    compact = _compact(value)
    if not stdnum_vat.is_valid(compact):
        raise _fail("validation.invalid_format", "not a valid EU VAT number (country prefix and check digits)")
    return compact


def _iban(value: str) -> str:
    compact = _compact(value)
    if not stdnum_iban.is_valid(compact):
        raise _fail("validation.invalid_format", "not a valid IBAN (ISO 13616 checksum)")
    return compact


def _company_code(value: str) -> str:
    compact = re.sub(r"\s", "", value)
    if not re.fullmatch(r"[0-9A-Za-z./\-]{2,40}", compact):
        raise _fail("validation.invalid_format", "a company code is 2 to 40 letters, digits, '.', '/' or '-'")
    return compact


def _decimal(value: str) -> str:
    if not re.fullmatch(r"-?\d{1,15}(\.\d{1,6})?", value):
        raise _fail("validation.invalid_format", "a plain decimal string with a dot, e.g. \"1234.50\"")
    return value


def _iso_date(value: str) -> str:
    try:
        if len(value) != 10:
            raise ValueError(value)
        date.fromisoformat(value)
    except ValueError:
        raise _fail("validation.invalid_format", "a date YYYY-MM-DD") from None
    return value


def _country(value: str) -> str:
    if not re.fullmatch(r"[A-Z]{2}", value):
        raise _fail("validation.invalid_format", "an ISO 3166-1 alpha-2 country code, e.g. LT")
    return value


def _currency(value: str) -> str:
    if not re.fullmatch(r"[A-Z]{3}", value):
        raise _fail("validation.invalid_format", "an ISO 4217 currency code, e.g. EUR")
    return value


def _email(value: str) -> str:
    if not re.fullmatch(r"[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}", value):
        raise _fail("validation.invalid_format", "an e-mail address")
    return value


def _phone(value: str) -> str:
    if not re.fullmatch(r"\+?[0-9 ()./\-]{5,40}", value):
        raise _fail("validation.invalid_format", "a phone number of digits, spaces and + ( ) . / -")
    return value


def _one_line(value: str) -> str:
    if not safe_text.is_safe(value):
        raise _fail("validation.invalid_value", "no control or bidirectional-override characters")
    return value


def _multi_line(value: str) -> str:
    if not safe_text.is_safe(value, multiline=True):
        raise _fail("validation.invalid_value", "no control (other than line breaks and tabs) or bidirectional-override characters")
    return value


def public_id(*prefixes: str):
    """An id with one of these prefixes and a ULID body (`cl_live_01...`, `ct_test_01...`)."""
    pattern = re.compile(rf"({'|'.join(re.escape(p) for p in prefixes)})[0-9a-z]{{26}}")

    def check(value: str) -> str:
        if not pattern.fullmatch(value):
            raise _fail("validation.invalid_public_id", f"an id starting with {' or '.join(prefixes)}")
        return value

    return check


# Names and free text refuse control and bidirectional-override characters (core/text.py).
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300), AfterValidator(_one_line)]
LongText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4000), AfterValidator(_multi_line)]
ShortText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200), AfterValidator(_one_line)]
VatCode = Annotated[str, StringConstraints(max_length=40), AfterValidator(_vat_code)]
Iban = Annotated[str, StringConstraints(max_length=50), AfterValidator(_iban)]
CompanyCode = Annotated[str, StringConstraints(max_length=60), AfterValidator(_company_code)]
Decimal = Annotated[str, StringConstraints(max_length=24), AfterValidator(_decimal)]
IsoDate = Annotated[str, StringConstraints(max_length=10), AfterValidator(_iso_date)]
Country = Annotated[str, StringConstraints(max_length=2), AfterValidator(_country)]
Currency = Annotated[str, StringConstraints(max_length=3), AfterValidator(_currency)]
Email = Annotated[str, StringConstraints(strip_whitespace=True, max_length=320), AfterValidator(_email)]
Phone = Annotated[str, StringConstraints(strip_whitespace=True, max_length=64), AfterValidator(_phone)]
ClientId = Annotated[str, AfterValidator(public_id("cl_live_", "cl_test_"))]
ContactId = Annotated[str, AfterValidator(public_id("ct_", "ct_test_"))]
