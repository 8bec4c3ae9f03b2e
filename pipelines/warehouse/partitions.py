"""Days of the warehouse: UTC calendar days, from its first day to today included.

`end_offset=1` makes today a partition too, so the current day is queryable before
midnight; the operational store keeps every timestamp in UTC (core.clock).

The first day is `INVOICES_WAREHOUSE_START` (YYYY-MM-DD) when set; else the first day with
data: the earliest row of the store's jobs, invoices, credit ledger, webhook deliveries and
extraction comparisons, or the earliest day already written to the warehouse (jobs are
deleted after 30 days, their warehouse days stay); else today. Dagster builds partition
definitions when it loads the code location, so the first day is worked out then: by the
code server when the stack starts (and on *Reload* in the UI's Deployment page), by each
run and by `invoices warehouse refresh`. Only days from the first on can be materialised,
so the UI never counts months of empty days as missing, and "Materialize all" covers the
days there is data for. Reading the store here creates nothing (a missing SQLite file is
no data).
"""

import os
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import dagster as dg

START_VARIABLE = "INVOICES_WAREHOUSE_START"


def _first_store_day(database_url: str) -> date | None:
    import sqlalchemy as sa
    from sqlalchemy.engine import make_url

    from core.clock import as_utc
    from core.store.tables import credit_ledger, extraction_comparisons, invoices, jobs, webhook_deliveries

    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        path = Path(url.database or "")
        if not url.database or url.database == ":memory:" or not path.is_file() or path.stat().st_size == 0:
            return None
        database_url = f"sqlite:///file:{path.as_posix()}?mode=ro&uri=true"  # never creates the file
    engine = sa.create_engine(database_url)
    firsts = []
    try:
        with engine.connect() as conn:
            for table in (jobs, invoices, credit_ledger, webhook_deliveries, extraction_comparisons):
                try:
                    first = conn.execute(sa.select(sa.func.min(table.c.created_at))).scalar()
                except sa.exc.SQLAlchemyError:  # a store older than the table
                    conn.rollback()
                    continue
                if first is not None:
                    firsts.append(as_utc(first).date() if isinstance(first, datetime) else date.fromisoformat(str(first)[:10]))
    finally:
        engine.dispose()
    return min(firsts, default=None)


def _first_warehouse_day(location: str) -> date | None:
    from pipelines.warehouse.storage import open_warehouse

    return open_warehouse(location).first_day()


def first_day(today: date | None = None) -> date:
    """The warehouse's first day (see the module's docstring)."""
    today = today or datetime.now(timezone.utc).date()
    configured = os.environ.get(START_VARIABLE, "").strip()
    if configured:
        try:
            return date.fromisoformat(configured)
        except ValueError:
            raise ValueError(f"{START_VARIABLE} must be a day YYYY-MM-DD, got {configured!r}") from None
    from core.settings import load_settings

    settings = load_settings()
    found = [today]
    try:
        found.append(_first_store_day(settings.database_url))
    except Exception:  # noqa: BLE001 - an unreachable store must not stop the code location loading
        pass
    try:
        found.append(_first_warehouse_day(settings.warehouse_url or str(settings.warehouse_dir)))
    except OSError:  # noqa: BLE001 - nor an unreachable bucket
        pass
    return min(day for day in found if day is not None)


def daily_partitions(start: date) -> dg.DailyPartitionsDefinition:
    return dg.DailyPartitionsDefinition(start_date=start.isoformat(), timezone="UTC", end_offset=1)


DAILY = daily_partitions(first_day())


def day_bounds(day: str) -> tuple[datetime, datetime]:
    """[start, end) of a partition key `YYYY-MM-DD`, in UTC."""
    start = datetime.strptime(day, "%Y-%m-%d").replace(tzinfo=timezone.utc)
    return start, start + timedelta(days=1)


def day_of(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%d")
