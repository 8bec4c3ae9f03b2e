"""Amounts and dates as each EU locale prints them."""

from datetime import date
from decimal import Decimal

import pytest

from assets.extraction.amounts import find_amounts, parse_amount
from assets.extraction.dates import find_dates, parse_date
from assets.extraction.months import MONTHS, month_number

D = Decimal


@pytest.mark.parametrize("text, expected", [
    ("1 234,56", D("1234.56")),          # lt, fr, pl, lv, et, cs, sk, sv
    ("1\u00a0234,56", D("1234.56")),     # no-break space
    ("1\u202f234,56 €", D("1234.56")),   # French narrow no-break space, symbol after
    ("1.234,56", D("1234.56")),          # de, nl, it, es, da
    ("1'234.56", D("1234.56")),          # de-CH
    ("CHF 1'234.50", D("1234.50")),
    ("1,234.56", D("1234.56")),          # en
    ("€1,234.56", D("1234.56")),
    ("EUR 1.234,56", D("1234.56")),
    ("1.234,56 zł", D("1234.56")),
    ("1 234,56 Kč", D("1234.56")),
    ("1 234,56 kr", D("1234.56")),
    ("12 345 Ft", D("12345")),
    ("100,00 lei", D("100.00")),
    ("1 234,56 руб.", D("1234.56")),
    ("-1 234,56", D("-1234.56")),
    ("−1 234,56", D("-1234.56")),        # Unicode minus
    ("1 234,56-", D("-1234.56")),        # trailing minus (accounting software)
    ("(1 234,56)", D("-1234.56")),
    ("- 20,00", D("-20.00")),
    ("€ -12.00", D("-12.00")),
    ("1 234 567,89", D("1234567.89")),
])
def test_amounts_per_locale(text, expected):
    assert parse_amount(text) == expected


def test_trailing_minus_does_not_swallow_ranges_or_codes():
    assert [a.value for a in find_amounts("Suma 100,00- EUR")] == [D("-100.00")]
    assert find_amounts("LT-01103") == [] and find_amounts("12-15") == []


@pytest.mark.parametrize("text, lang", [
    ("14.03.2026", "de"), ("14/03/2026", "fr"), ("2026-03-14", "iso"), ("14-03-2026", "nl"),
    ("2026.03.14", "lt"), ("14.03.26", "pl"),
    ("14 March 2026", "en"), ("March 14, 2026", "en"), ("14-Mar-2026", "en"),
    ("14 mars 2026", "fr"), ("14. März 2026", "de"), ("14. Mär. 2026", "de"),
    ("14 marca 2026", "pl"), ("2026. gada 14. marts", "lv"), ("14. märts 2026", "et"),
    ("14 maart 2026", "nl"), ("14 marzo 2026", "it"), ("14 de marzo de 2026", "es"),
    ("14 марта 2026", "ru"), ("14 марта 2026 г.", "ru"), ("2026 m. kovo 14 d.", "lt"),
    ("2026 m. kovo mėn. 14 d.", "lt"), ("14 de março de 2026", "pt"), ("14 martie 2026", "ro"),
    ("14. března 2026", "cs"), ("2026. március 14.", "hu"), ("14. marec 2026", "sl"),
    ("14 mars 2026", "sv"), ("14. marts 2026", "da"),
])
def test_dates_per_locale(text, lang):
    assert parse_date(text) == date(2026, 3, 14), lang


@pytest.mark.parametrize("text, expected", [
    ("1er août 2026", date(2026, 8, 1)), ("3. Oktober 2026", date(2026, 10, 3)),
    ("31 grudnia 2026", date(2026, 12, 31)), ("5. decembris 2026", date(2026, 12, 5)),
    ("2026. gada 1. jūlijs", date(2026, 7, 1)), ("7 października 2026", date(2026, 10, 7)),
    ("14 september 2026", date(2026, 9, 14)), ("2 février 2026", date(2026, 2, 2)),
    ("9 mei 2026", date(2026, 5, 9)), ("20 dicembre 2026", date(2026, 12, 20)),
    ("1 января 2026", date(2026, 1, 1)), ("6. jaanuar 2026", date(2026, 1, 6)),
    ("2026 m. rugpjūčio 5 d.", date(2026, 8, 5)),
])
def test_other_months(text, expected):
    assert parse_date(text) == expected


def test_month_abbreviations_only_when_unambiguous():
    assert month_number("Dez.") == 12 and month_number("févr") == 2 and month_number("paź") == 10
    assert month_number("ma") is None and month_number("total") is None
    assert len(set(MONTHS.values())) == 12


def test_words_that_are_not_months_leave_numbers_alone():
    assert find_dates("12 vnt 2026") == [] and find_dates("Suma 14 2026") == []
    text = "Rechnungsdatum: 14. März 2026, fällig am 28.03.2026"
    found = find_dates(text)
    assert [d.value.isoformat() for d in found] == ["2026-03-14", "2026-03-28"]
    assert text[found[0].start:found[0].end] == "14. März 2026"


def test_a_month_name_with_one_letter_misread_is_still_its_month():
    from assets.extraction.dates import find_dates

    assert month_number("febbralo") == 2 and month_number("Dezembcr") == 12
    assert month_number("jutio") is None       # too short: "junio" and "julio" are a letter apart
    assert month_number("marzec") == 3 and month_number("mbrzec") == 3
    assert [d.value.isoformat() for d in find_dates("Data documento 15 febbralo 2025")] == ["2025-02-15"]


def test_a_long_month_name_with_two_letters_misread_is_still_its_month():
    from assets.extraction.dates import find_dates

    assert month_number("febbrale") == 2 and month_number("novembar") == 11
    assert month_number("decembXX") == 12       # one letter from no month, two from December only
    assert month_number("novembXr") == 11       # one from November, though two from December
    assert month_number("februar") == 2 and month_number("fobruxr") is None  # seven letters: one at most
    assert [d.value.isoformat() for d in find_dates("Data documento 25 febbrale 2025")] == ["2025-02-25"]
