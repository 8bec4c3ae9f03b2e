"""VAT rates of the EU member states by date: one table of data, read by everyone.

Extraction (which rate VAT / net implies), validation (is a printed rate a rate at all),
the Lithuanian classifier (is this Lithuanian VAT or the seller's own country's) and the
exporters ask the same question, "which rates applied in this country on this day", so
they share one answer from ``data/vat_rates.toml``. A change of a country's rates is an
edit of that file, never of code.

A date is the supply's (the delivery date, else the issue date): Lithuania's 9 % applies to
supplies before 2026 even on an invoice issued after. Without a date every rate a country
has ever had counts, so an undated document is never refused a rate it may have used.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cache
from pathlib import Path

_DATA = Path(__file__).with_name("data") / "vat_rates.toml"
ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class Rate:
    country: str
    percent: Decimal
    start: date
    end: date | None
    region: str | None

    def applies(self, on: date | None) -> bool:
        return on is None or (self.start <= on and (self.end is None or on <= self.end))


@cache
def _table() -> dict[str, tuple[Rate, ...]]:
    raw = tomllib.loads(_DATA.read_text(encoding="utf-8"))
    return {
        country: tuple(
            Rate(country, Decimal(r["percent"]), date.fromisoformat(r["from"]),
                 date.fromisoformat(r["until"]) if "until" in r else None, r.get("region"))
            for r in body["rate"]
        )
        for country, body in raw.items()
    }


def countries() -> frozenset[str]:
    return frozenset(_table())


def as_date(value) -> date | None:
    """A DTO date string (or a date) as a date; anything else as unknown."""
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def rates(country: str | None, on: date | None = None, regions: bool = True) -> frozenset[Decimal]:
    """The positive rates of ``country`` that applied on ``on`` (every one it has had when
    ``on`` is None); empty for a country outside the table (no VAT of the EU's)."""
    country = "GR" if country == "EL" else country
    return frozenset(r.percent for r in _table().get(country or "", ())
                     if r.applies(on) and (regions or r.region is None))


def eu_rates(on: date | None = None) -> frozenset[Decimal]:
    """Every positive rate of any member state on ``on``: what a rate printed on an
    invoice of unknown origin may be."""
    return frozenset(r.percent for table in _table().values() for r in table if r.applies(on))


def is_rate(country: str | None, percent: Decimal, on: date | None = None) -> bool:
    return percent == ZERO or percent in rates(country, on)


def implied_rate(net: Decimal, vat: Decimal, country: str | None = None, on: date | None = None,
                 tolerance: Decimal = Decimal("0.05")) -> Decimal | None:
    """The rate VAT / net gives when it is one the country (else any member state) had on
    the day: a printed VAT total rounds, so the match is within ``tolerance`` points."""
    if not net:
        return None
    implied = vat / net * 100
    if abs(implied) <= tolerance:
        return ZERO
    pool = rates(country, on) or eu_rates(on)
    best = min(pool, key=lambda r: abs(implied - r), default=None)
    return best if best is not None and abs(implied - best) <= tolerance else None
