from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_endpoint_update_events_type_0_item import (
    WebhookEndpointUpdateEventsType0Item,
    check_webhook_endpoint_update_events_type_0_item,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_endpoint_update_source_filter_type_1 import WebhookEndpointUpdateSourceFilterType1


T = TypeVar("T", bound="WebhookEndpointUpdate")


@_attrs_define
class WebhookEndpointUpdate:
    """Only the fields sent change; none of them may be null.

    Attributes:
        url (None | str | Unset):
        events (list[WebhookEndpointUpdateEventsType0Item] | None | Unset):
        source_filter (None | str | Unset | WebhookEndpointUpdateSourceFilterType1):
        enabled (bool | None | Unset):
    """

    url: None | str | Unset = UNSET
    events: list[WebhookEndpointUpdateEventsType0Item] | None | Unset = UNSET
    source_filter: None | str | Unset | WebhookEndpointUpdateSourceFilterType1 = UNSET
    enabled: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_endpoint_update_source_filter_type_1 import WebhookEndpointUpdateSourceFilterType1  # noqa: PLC0415

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        events: list[str] | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        elif isinstance(self.events, list):
            events = []
            for events_type_0_item_data in self.events:
                events_type_0_item: str = events_type_0_item_data
                events.append(events_type_0_item)

        else:
            events = self.events

        source_filter: dict[str, Any] | None | str | Unset
        if isinstance(self.source_filter, Unset):
            source_filter = UNSET
        elif isinstance(self.source_filter, WebhookEndpointUpdateSourceFilterType1):
            source_filter = self.source_filter.to_dict()
        else:
            source_filter = self.source_filter

        enabled: bool | None | Unset
        if isinstance(self.enabled, Unset):
            enabled = UNSET
        else:
            enabled = self.enabled

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if source_filter is not UNSET:
            field_dict["sourceFilter"] = source_filter
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_endpoint_update_source_filter_type_1 import WebhookEndpointUpdateSourceFilterType1  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        def _parse_events(data: object) -> list[WebhookEndpointUpdateEventsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = []
                _events_type_0 = data
                for events_type_0_item_data in _events_type_0:
                    events_type_0_item = check_webhook_endpoint_update_events_type_0_item(events_type_0_item_data)

                    events_type_0.append(events_type_0_item)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[WebhookEndpointUpdateEventsType0Item] | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))

        def _parse_source_filter(data: object) -> None | str | Unset | WebhookEndpointUpdateSourceFilterType1:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                source_filter_type_1 = WebhookEndpointUpdateSourceFilterType1.from_dict(data)

                return source_filter_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | str | Unset | WebhookEndpointUpdateSourceFilterType1, data)

        source_filter = _parse_source_filter(d.pop("sourceFilter", UNSET))

        def _parse_enabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        enabled = _parse_enabled(d.pop("enabled", UNSET))

        webhook_endpoint_update = cls(
            url=url,
            events=events,
            source_filter=source_filter,
            enabled=enabled,
        )

        return webhook_endpoint_update
