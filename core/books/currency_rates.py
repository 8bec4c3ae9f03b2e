"""Euro reference rates for exports of non-EUR invoices, loaded by the operator from the ECB.

Lithuanian books and the VAT registers are kept in EUR, so a USD invoice needs the rate of
its operation date. The service never fetches rates itself (the stack runs offline); the
operator loads the European Central Bank's reference-rate file with
`invoices admin export rates load FILE`. Accepted: the historic file `eurofxref-hist.csv`
(or its .zip), the daily `eurofxref.csv` (or .zip), and the ECB Data Portal's SDMX CSV
(`EXR` series, columns TIME_PERIOD / OBS_VALUE / CURRENCY). Rates keep the ECB convention:
units of the currency per 1 EUR, so EUR amount = currency amount / rate.

The rates are public reference data, the same for every team and mode, so the table
carries neither. A lookup takes the rate of the day or, for weekends and holidays when
the ECB publishes none, the latest earlier one within `MAX_AGE_DAYS`.
"""

import csv
import io
import re
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path

import sqlalchemy as sa

from core.access.admin import AdminError
from core.clock import utcnow
from core.store.db import Store
from core.store.tables import currency_rates

MAX_AGE_DAYS = 7
_CURRENCY = re.compile(r"^[A-Z]{3}$")


@dataclass(frozen=True)
class RateTable:
    """The rates of one currency around an invoice's dates: plain data for exporters."""

    currency: str
    rates: dict[date, Decimal] = field(default_factory=dict)

    def on_or_before(self, day: date, max_age_days: int = MAX_AGE_DAYS) -> tuple[date, Decimal] | None:
        for back in range(max_age_days + 1):
            candidate = day - timedelta(days=back)
            if candidate in self.rates:
                return candidate, self.rates[candidate]
        return None


def _parse_date(text: str) -> date:
    text = text.strip()
    for fmt in ("%Y-%m-%d", "%d %B %Y"):
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise AdminError(f"unreadable date {text!r} in the rate file")


def _parse_rate(text: str) -> Decimal | None:
    text = text.strip()
    if not text or text.upper() in ("N/A", "NA", "NAN"):
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise AdminError(f"unreadable rate {text!r} in the rate file") from None
    if value <= 0:
        raise AdminError(f"rate {text} is not positive")
    return value


def parse(text: str) -> list[tuple[str, date, Decimal]]:
    """(currency, date, rate) triples from any of the accepted ECB CSV layouts."""
    rows = [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text.lstrip("\ufeff"))) if row]
    if not rows:
        raise AdminError("the rate file is empty")
    header = rows[0]
    if "TIME_PERIOD" in header and "OBS_VALUE" in header and "CURRENCY" in header:
        return _parse_sdmx(header, rows[1:])
    if header[0].lower() != "date":
        raise AdminError("not an ECB reference-rate file: the first column must be Date (or an SDMX CSV)")
    out = []
    for row in rows[1:]:
        day = _parse_date(row[0])
        for currency, cell in zip(header[1:], row[1:]):
            if not currency:
                continue
            if not _CURRENCY.match(currency):
                raise AdminError(f"unknown currency column {currency!r}")
            rate = _parse_rate(cell)
            if rate is not None:
                out.append((currency, day, rate))
    return out


def _parse_sdmx(header: list[str], rows: list[list[str]]) -> list[tuple[str, date, Decimal]]:
    col = {name: i for i, name in enumerate(header)}
    out = []
    for row in rows:
        if "CURRENCY_DENOM" in col and row[col["CURRENCY_DENOM"]] != "EUR":
            continue
        if "FREQ" in col and row[col["FREQ"]] != "D":
            continue
        currency = row[col["CURRENCY"]]
        if not _CURRENCY.match(currency):
            raise AdminError(f"unknown currency {currency!r}")
        rate = _parse_rate(row[col["OBS_VALUE"]])
        if rate is not None:
            out.append((currency, _parse_date(row[col["TIME_PERIOD"]]), rate))
    return out


def read_file(path: Path) -> str:
    data = path.read_bytes()
    if zipfile.is_zipfile(io.BytesIO(data)):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = [n for n in archive.namelist() if n.lower().endswith(".csv")]
            if len(names) != 1:
                raise AdminError(f"{path.name}: expected one .csv inside the zip, found {len(names)}")
            data = archive.read(names[0])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise AdminError(f"{path.name} is not a UTF-8 CSV file") from None


def load_file(store: Store, path: Path, source: str = "ECB") -> dict:
    """Insert or replace the file's rates; returns what was loaded."""
    triples = parse(read_file(path))
    if not triples:
        raise AdminError(f"{path.name} holds no rates")
    now = utcnow()
    with store.write() as conn:
        for currency, day, rate in triples:
            conn.execute(currency_rates.delete().where(
                currency_rates.c.currency == currency, currency_rates.c.rate_date == day
            ))
        conn.execute(currency_rates.insert(), [
            {"currency": c, "rate_date": d, "rate": str(r), "source": source, "loaded_at": now}
            for c, d, r in triples
        ])
    days = sorted({d for _, d, _ in triples})
    return {
        "loaded": len(triples), "currencies": sorted({c for c, _, _ in triples}),
        "from": days[0].isoformat(), "to": days[-1].isoformat(), "source": source,
    }


def table_for(conn: sa.Connection, currency: str, start: date, end: date) -> RateTable:
    """The rates of `currency` from `start - MAX_AGE_DAYS` to `end`."""
    rows = conn.execute(sa.select(currency_rates.c.rate_date, currency_rates.c.rate).where(
        currency_rates.c.currency == currency,
        currency_rates.c.rate_date >= start - timedelta(days=MAX_AGE_DAYS),
        currency_rates.c.rate_date <= end,
    ))
    return RateTable(currency, {r.rate_date: Decimal(r.rate) for r in rows})


def show(store: Store, currency: str, on: str | None) -> dict:
    currency = currency.upper()
    day = _parse_date(on) if on else date.today()
    with store.read() as conn:
        found = table_for(conn, currency, day, day).on_or_before(day)
    if found is None:
        raise AdminError(f"no {currency} rate on or within {MAX_AGE_DAYS} days before {day.isoformat()}")
    return {"currency": currency, "requested": day.isoformat(), "date": found[0].isoformat(), "rate": str(found[1])}
