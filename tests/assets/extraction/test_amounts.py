from decimal import Decimal

import pytest

from assets.extraction.amounts import decimal_str, find_amounts, money_str, parse_amount


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1 234,56", "1234.56"),
        ("1\u00a0234,56", "1234.56"),  # no-break space as thousands separator
        ("1\u202f234,56", "1234.56"),  # narrow no-break space
        ("1.234,56", "1234.56"),
        ("1,234.56", "1234.56"),
        ("12.345.678,90", "12345678.90"),
        ("1'234.56", "1234.56"),
        ("-20,00", "-20.00"),
        ("−20,00", "-20.00"),  # Unicode minus
        ("(20.00)", "-20.00"),  # accounting negative
        ("1234,5", "1234.5"),
        ("0,125", "0.125"),
        ("1 234", "1234"),
        ("1,234", "1234"),  # money: a lone 3-digit group is thousands
        ("1 234,56 EUR", "1234.56"),
        ("€1 234,56", "1234.56"),
        ("EUR 99,90", "99.90"),
    ],
)
def test_parse_amount(text, expected):
    assert parse_amount(text) == Decimal(expected)


@pytest.mark.parametrize("text", ["", "abc", "2026-03-14", "LT-01103", "12-3", "1 234,56 7", "21 %"])
def test_parse_amount_rejects_non_amounts(text):
    assert parse_amount(text) is None


def test_quantity_reads_lone_three_digit_group_as_decimals():
    assert parse_amount("1,500", money=False) == Decimal("1.500")
    assert parse_amount("1,500") == Decimal("1500")


@pytest.mark.parametrize("text, expected", [("28.175.00", "28175.00"), ("5.641.22", "5641.22"),
                                            ("1,234,56", "1234.56"), ("12.345.678.9", "12345678.9")])
def test_decimal_separator_read_as_the_grouping_one(text, expected):
    # OCR reads a small decimal comma as a point ("28.175,00" as "28.175.00"): grouping
    # stands only before three digits, so a last group of one or two is the decimals.
    assert parse_amount(text) == Decimal(expected)
    assert parse_amount("1.234.567") == Decimal(1234567)  # three digits: still grouping


def test_find_amounts_skips_dates_codes_and_prefers_nothing():
    text = "2026-03-14 LT-01103 Suma 1 250,00 EUR, PVM 21 % 262,50"
    values = [(str(m.value), m.has_decimals) for m in find_amounts(text)]
    assert values == [("1250.00", True), ("21", False), ("262.50", True)]


def test_find_amounts_does_not_read_open_parenthesis_as_negative():
    # OCR of "PVM (21 %) 1 416,07": "(21" is a rate, not the amount -21
    assert [str(m.value) for m in find_amounts("(21 46) 1 416,07") if m.has_decimals] == ["1416.07"]


def test_money_and_decimal_strings():
    assert money_str(Decimal("1234.5")) == "1234.50"
    assert money_str(Decimal("-20")) == "-20.00"
    assert money_str(Decimal("0.1234")) == "0.1234"  # printed precision kept for unit prices
    assert money_str(None) is None
    assert decimal_str(Decimal("2.500")) == "2.5"
    assert decimal_str(Decimal("21")) == "21"
    assert decimal_str(Decimal("1E+1")) == "10"
