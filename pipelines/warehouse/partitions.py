"""Days of the warehouse: UTC calendar days, today included.

`end_offset=1` makes today a partition too, so the current day is queryable before
midnight; the operational store keeps every timestamp in UTC (core.clock).
"""

from datetime import datetime, timedelta, timezone

import dagster as dg

DAILY = dg.DailyPartitionsDefinition(start_date="2026-01-01", timezone="UTC", end_offset=1)


def day_bounds(day: str) -> tuple[datetime, datetime]:
    """[start, end) of a partition key `YYYY-MM-DD`, in UTC."""
    start = datetime.strptime(day, "%Y-%m-%d").replace(tzinfo=timezone.utc)
    return start, start + timedelta(days=1)


def day_of(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%d")
