from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_endpoint_create_events_item import (
    WebhookEndpointCreateEventsItem,
    check_webhook_endpoint_create_events_item,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_endpoint_create_source_filter_type_1 import WebhookEndpointCreateSourceFilterType1


T = TypeVar("T", bound="WebhookEndpointCreate")


@_attrs_define
class WebhookEndpointCreate:
    """`clientId` binds the endpoint to one client of the team: it then receives only that
    client's events. A client-scoped key's endpoints are always bound to its client.

        Attributes:
            url (str):
            events (list[WebhookEndpointCreateEventsItem]):
            source_filter (str | Unset | WebhookEndpointCreateSourceFilterType1):  Default: 'any'.
            client_id (None | str | Unset):
    """

    url: str
    events: list[WebhookEndpointCreateEventsItem]
    source_filter: str | Unset | WebhookEndpointCreateSourceFilterType1 = "any"
    client_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_endpoint_create_source_filter_type_1 import WebhookEndpointCreateSourceFilterType1  # noqa: PLC0415

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        source_filter: dict[str, Any] | str | Unset
        if isinstance(self.source_filter, Unset):
            source_filter = UNSET
        elif isinstance(self.source_filter, WebhookEndpointCreateSourceFilterType1):
            source_filter = self.source_filter.to_dict()
        else:
            source_filter = self.source_filter

        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "events": events,
            }
        )
        if source_filter is not UNSET:
            field_dict["sourceFilter"] = source_filter
        if client_id is not UNSET:
            field_dict["clientId"] = client_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_endpoint_create_source_filter_type_1 import WebhookEndpointCreateSourceFilterType1  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_webhook_endpoint_create_events_item(events_item_data)

            events.append(events_item)

        def _parse_source_filter(data: object) -> str | Unset | WebhookEndpointCreateSourceFilterType1:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                source_filter_type_1 = WebhookEndpointCreateSourceFilterType1.from_dict(data)

                return source_filter_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | Unset | WebhookEndpointCreateSourceFilterType1, data)

        source_filter = _parse_source_filter(d.pop("sourceFilter", UNSET))

        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("clientId", UNSET))

        webhook_endpoint_create = cls(
            url=url,
            events=events,
            source_filter=source_filter,
            client_id=client_id,
        )

        return webhook_endpoint_create
