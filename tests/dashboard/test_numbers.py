"""Numbers typed and shown the Lithuanian way (and the English one), never guessed."""

import pytest

from dashboard import numbers


@pytest.mark.parametrize("typed, value", [
    ("47 488,52", "47488.52"), ("47488.52", "47488.52"), ("47.488,52", "47488.52"), ("47,488.52", "47488.52"),
    ("47488,52", "47488.52"), ("47\u00a0488,52", "47488.52"), ("47\u202f488,52", "47488.52"), ("1 234", "1234"),
    ("1.234.567", "1234567"), ("1,234,567.50", "1234567.50"), ("0,125", "0.125"), ("1234,567", "1234.567"),
    ("-126,95", "-126.95"), ("\u2212126,95", "-126.95"), ("+5", "5"), ("12,50", "12.50"), ("0.5125", "0.5125"),
])
def test_what_a_bookkeeper_types_is_read(typed, value):
    assert numbers.parse(typed) == value


@pytest.mark.parametrize("typed", ["1,234", "1.234", "12.500", "999,000", "-1,234"])
def test_a_separator_that_could_group_thousands_is_refused_as_ambiguous(typed):
    with pytest.raises(numbers.NumberError) as refused:
        numbers.parse(typed)
    assert refused.value.code == numbers.AMBIGUOUS


@pytest.mark.parametrize("typed", ["", "abc", "1,", "1e3", "٣", "1 23,4", "12 34", "1.23.4", "1,2.3,4", "1..2", "€5"])
def test_what_is_not_a_number_is_refused(typed):
    with pytest.raises(numbers.NumberError) as refused:
        numbers.parse(typed)
    assert refused.value.code == numbers.INVALID


def test_amounts_show_two_decimals_quantities_and_prices_their_own():
    assert numbers.money("86.4", "lt") == "86,40"
    assert numbers.money("1140.00", "lt") == "1\u00a0140,00"
    assert numbers.money("1140.00", "en") == "1,140.00"
    assert numbers.money("1140", "lt", "EUR") == "1\u00a0140,00\u00a0€"
    assert numbers.show("0.5125", "lt", 2) == "0,5125"
    assert numbers.show("2.500", "lt") == "2,500"
    assert numbers.show("10", "en") == "10"
    assert numbers.for_input("47488.52", "lt", 2) == "47\u00a0488,52"
    assert numbers.for_input("47488.52", "en", 2) == "47,488.52"
    assert numbers.for_input("86.4", "en", 2) == "86.40"
    assert numbers.for_input("2000", "en") == "2000" and numbers.for_input("2000", "lt") == "2\u00a0000"
    assert numbers.for_input("1.250", "en") == "1.250"  # 1,250 would be ambiguous, 1.250 is not grouped
    for shown in ("47488,52", "86.40", "1\u00a0140,00", "1,140.00"):  # what is shown reads back the same
        assert numbers.parse(shown) in ("47488.52", "86.40", "1140.00")
