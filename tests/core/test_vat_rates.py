"""The EU VAT-rates table (core/data/vat_rates.toml) and its date logic."""

from datetime import date
from decimal import Decimal

from core import vat_rates
from core.countries import EU


def test_every_member_state_has_rates():
    assert vat_rates.countries() == EU


def test_lithuanian_rates_change_on_2026_01_01():
    assert vat_rates.rates("LT", date(2025, 12, 31)) == {Decimal(21), Decimal(9), Decimal(5)}
    assert vat_rates.rates("LT", date(2026, 1, 1)) == {Decimal(21), Decimal(12), Decimal(5)}
    assert {Decimal(9), Decimal(12)} <= vat_rates.rates("LT")  # undated: every rate it has had


def test_greece_by_its_vat_prefix_and_regions_optional():
    assert Decimal(24) in vat_rates.rates("EL", date(2026, 1, 1))
    assert Decimal(17) not in vat_rates.rates("GR", date(2026, 1, 1), regions=False)


def test_implied_rate_uses_the_country_then_any_member_state():
    assert vat_rates.implied_rate(Decimal("100.00"), Decimal("12.00"), "LT", date(2026, 2, 1)) == Decimal(12)
    assert vat_rates.implied_rate(Decimal("100.00"), Decimal("9.00"), "LT", date(2026, 2, 1)) is None
    assert vat_rates.implied_rate(Decimal("100.00"), Decimal("19.00"), None, date(2026, 2, 1)) == Decimal(19)
    assert vat_rates.implied_rate(Decimal("100.00"), Decimal("0.00")) == Decimal(0)
    assert vat_rates.implied_rate(Decimal("100.00"), Decimal("17.30")) is None
