"""Identifiers of every EU state (and XI, CH, NO, GB) found in text and checked.

The numbers are made here: random bodies of each country's shape, kept when python-stdnum
says their check digits hold, so no real company's number is needed.
"""

from __future__ import annotations

import random
import string

import pytest
from stdnum.eu import vat as std_vat

from assets.extraction.company_codes import company_code_valid, find_company_codes_of, read_company_code
from assets.extraction.contacts import find_emails, find_phones
from assets.extraction.identifiers import find_bics, find_ibans
from assets.extraction.vat_codes import find_vat_codes, read_vat_code, vat_is_valid

# Shape of the part after the prefix: d digit, L capital letter, or a literal character.
VAT_SHAPES = {
    "AT": "Udddddddd", "BE": "0ddddddddd", "BG": "ddddddddd", "CY": "ddddddddL", "CZ": "dddddddd",
    "DE": "ddddddddd", "DK": "dddddddd", "EE": "10ddddddd", "EL": "ddddddddd", "ES": "BdddddddL",
    "FI": "dddddddd", "FR": "ddddddddddd", "HR": "ddddddddddd", "HU": "dddddddd", "IE": "dddddddL",
    "IT": "ddddddddddd", "LT": "dddddd1dd", "LU": "dddddddd", "LV": "4dddddddddd", "MT": "dddddddd",
    "NL": "dddddddddB0d", "PL": "dddddddddd", "PT": "ddddddddd", "RO": "dddddddd", "SE": "dddddddddd01",
    "SI": "dddddddd", "SK": "dddddddddd", "XI": "ddddddddd", "CHE": "ddddddddd", "NO": "dddddddddMVA",
    "GB": "ddddddddd",
}
COMPANY_SHAPES = {
    "EE": "1ddddddd", "LV": "4dddddddddd", "PL": "ddddddddd", "FR": "ddddddddd", "DK": "dddddddd",
    "SE": "5ddddddddd", "NO": "9dddddddd", "CZ": "dddddddd", "SI": "dddddddddd", "HR": "ddddddddddd",
    "IT": "ddddddddddd", "PT": "5dddddddd", "BE": "0ddddddddd", "FI": "ddddddd-d", "BG": "ddddddddd",
    "CH": "CHE-ddd.ddd.ddd", "RO": "dddddddd",
}


def _make(shape: str, valid, seed: str) -> str:
    rng = random.Random(seed)
    for _ in range(200_000):
        body = "".join(rng.choice(string.digits) if c == "d" else rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ")
                       if c == "L" else c for c in shape)
        if valid(body):
            return body
    raise AssertionError(f"no valid number of shape {shape}")


def _flip_first_digit(code: str, start: int) -> str:
    """The code with its first checked digit changed (a typical misread)."""
    i = next(k for k in range(start, len(code)) if code[k].isdigit())
    return code[:i] + str((int(code[i]) + 3) % 10) + code[i + 1:]


def vat_number(prefix: str) -> str:
    return prefix + _make(VAT_SHAPES[prefix], lambda body: vat_is_valid(prefix + body), prefix)


@pytest.mark.parametrize("prefix", sorted(VAT_SHAPES))
def test_vat_numbers_of_every_state_are_found_with_spaces_and_dots(prefix):
    code = vat_number(prefix)
    body = code[len(prefix):]
    spaced = " ".join(body[i:i + 3] for i in range(0, len(body), 3))
    for printed in (code, f"{prefix} {spaced}", f"{prefix}-{body}"):
        (found,) = find_vat_codes(f"VAT / USt-IdNr. / TVA: {printed} ")
        assert found.valid and vat_is_valid(found.value)
        assert found.value == code
    assert not vat_is_valid(_flip_first_digit(code, len(prefix)))


@pytest.mark.parametrize("prefix", ["PL", "DE", "LT", "EE", "FR"])
def test_a_bare_vat_number_gets_its_prefix_from_the_checksum(prefix):
    code = vat_number(prefix)
    countries = std_vat.guess_country(code[2:])
    found = read_vat_code(code[2:], prefix)
    assert found is not None and found.value == code, countries


@pytest.mark.parametrize("text, expected", [
    ("Codice fiscale IT60495660536", ["IT60495660536"]),  # "FI" + "SCALE IT6..." is no Finnish code
    ("ESTADO ESB92433721", ["ESB92433721"]),
    ("LT100001738313 LT117320600113", ["LT100001738313", "LT117320600113"]),
])
def test_a_prefix_inside_a_label_word_hides_no_code_after_it(text, expected):
    assert [m.value for m in find_vat_codes(text) if m.valid] == expected


@pytest.mark.parametrize("text", ["VAT ID ESB92433721", "NL056563048B01"])
def test_a_vat_number_under_a_company_code_label_is_no_company_code(text):
    assert read_company_code(text) is None


def test_greek_vat_is_written_el():
    code = vat_number("EL")
    (found,) = find_vat_codes("GR" + code[2:])
    assert found.value == code


@pytest.mark.parametrize("country", sorted(COMPANY_SHAPES))
def test_company_codes_of_every_register_python_stdnum_knows(country):
    code = _make(COMPANY_SHAPES[country], lambda body: company_code_valid(body, country), country)
    assert company_code_valid(code, country)
    assert [c[0] for c in find_company_codes_of(f"Reg. {code}, tel.", country)] == [code]
    assert not company_code_valid(_flip_first_digit(code, 4 if country == "CH" else 0), country)


def test_company_code_rules_without_a_checksum():
    assert company_code_valid("304567894", "LT") and not company_code_valid("30456789", "LT")
    assert company_code_valid("HRB 48213", "DE")
    assert company_code_valid("12345678", "NL")
    assert company_code_valid("123", "US") is None


@pytest.mark.parametrize("iban", ["LT717300010123456789", "DE89370400440532013000", "FR1420041010050500013M02606",
                                  "PL61109010140000071219812874", "LV80BANK0000435195001", "EE382200221020145685",
                                  "NL91ABNA0417164300", "IT60X0542811101000000123456", "ES9121000418450200051332"])
def test_ibans_of_several_states_with_spaces(iban):
    spaced = " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    (found,) = find_ibans(f"IBAN: {spaced} BIC")
    assert found.value == iban


def test_bics_emails_and_phones():
    assert [b.value for b in find_bics("BIC/SWIFT: COBADEFFXXX, HABALT22")] == ["COBADEFFXXX", "HABALT22"]
    assert [e[0] for e in find_emails("E-Mail: rechnung@nordlicht.example; El. p. info@uab.lt")] == \
        ["rechnung@nordlicht.example", "info@uab.lt"]
    phones = [p[0] for p in find_phones("Tel. +370 5 212 3456, +49 (0)40 123 45 67, 06-12345678")]
    assert phones == ["+370 5 212 3456", "+49 (0)40 123 45 67", "06-12345678"]
    assert find_phones("Data 14.03.2026, suma 1 234,56, kodas 304567894") == []
