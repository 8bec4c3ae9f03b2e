"""Webhook endpoints (interface.md 2.7, 4, 6): the request bodies and the event types.

The URL is only checked for its type here: its rules (https, length, port, public host)
each have their own top-level problem code (7.2 `webhook.url_*`) and run in
core/webhooks/urls.py, at creation and again before every delivery attempt.
"""

from typing import Annotated, Any, Literal, get_args

from pydantic import BeforeValidator, Field, field_validator
from pydantic_core import PydanticCustomError

from schemas.base import Body

EventType = Literal[
    "invoice.processed",
    "invoice.review_required",
    "invoice.awaiting_credits",
    "invoice.failed",
    "invoice.updated",
    "invoice.deleted",
]
EVENT_TYPES: tuple[str, ...] = get_args(EventType)
SOURCES = ("any", "api", "ui")


def _source_filter(value: Any) -> Any:
    """`any`, `api`, `ui` or {"apiKeyId": "..."}; one error on the field, not one per union arm."""
    if isinstance(value, str):
        if value in SOURCES:
            return value
        raise PydanticCustomError("validation.invalid_enum", "sourceFilter must be any, api or ui")
    if isinstance(value, dict) and set(value) == {"apiKeyId"}:
        key_id = value["apiKeyId"]
        if isinstance(key_id, str) and 0 < len(key_id) <= 40:
            return {"apiKeyId": key_id}
    raise PydanticCustomError("validation.invalid_value", 'sourceFilter must be a string or {"apiKeyId": "..."}')


SourceFilter = Annotated[str | dict[str, str], BeforeValidator(_source_filter)]
Events = Annotated[list[EventType], Field(min_length=1, max_length=len(EVENT_TYPES) * 2)]


class EndpointCreate(Body):
    """`clientId` binds the endpoint to one client of the team: it then receives only that
    client's events. A client-scoped key's endpoints are always bound to its client."""

    url: str = Field(min_length=1)
    events: Events
    sourceFilter: SourceFilter = "any"
    clientId: str | None = Field(default=None, min_length=1, max_length=48)


class EndpointUpdate(Body):
    """Only the fields sent change; none of them may be null."""

    url: str | None = Field(default=None, min_length=1)
    events: Events | None = None
    sourceFilter: SourceFilter | None = None
    enabled: bool | None = None

    @field_validator("url", "events", "sourceFilter", "enabled", mode="before")
    @classmethod
    def _not_null(cls, value: Any) -> Any:
        if value is None:
            raise PydanticCustomError("validation.invalid_type", "may be left out but not null")
        return value
