"""Time in one place: UTC, and the ISO 8601 form with milliseconds the API speaks."""

from datetime import datetime, timezone


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def as_utc(value: datetime) -> datetime:
    """SQLite hands timestamps back without a zone; every stored timestamp is UTC."""
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def iso_ms(value: datetime | None) -> str | None:
    if value is None:
        return None
    value = as_utc(value)
    return value.strftime("%Y-%m-%dT%H:%M:%S.") + f"{value.microsecond // 1000:03d}Z"


def parse_iso(value: str) -> datetime:
    """An ISO 8601 moment (`Z` or an offset; naive means UTC) as an aware UTC datetime."""
    parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    return as_utc(parsed)
