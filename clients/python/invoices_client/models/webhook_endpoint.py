from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_endpoint_mode import WebhookEndpointMode, check_webhook_endpoint_mode
from ..models.webhook_event_type import WebhookEventType, check_webhook_event_type
from ..models.webhook_source_filter_type_0 import WebhookSourceFilterType0, check_webhook_source_filter_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_source_filter_type_1 import WebhookSourceFilterType1


T = TypeVar("T", bound="WebhookEndpoint")


@_attrs_define
class WebhookEndpoint:
    """
    Attributes:
        id (str | Unset):
        url (str | Unset):
        events (list[WebhookEventType] | Unset):
        source_filter (Unset | WebhookSourceFilterType0 | WebhookSourceFilterType1):
        enabled (bool | Unset):
        mode (WebhookEndpointMode | Unset):
        client_id (None | str | Unset): set: the endpoint receives only this client's events (always the key's client
            for a client-scoped key); null: every event of the team in its mode
        previous_secret_expires_at (None | str | Unset): while a rotated-out secret still signs
        created_at (str | Unset):
        updated_at (str | Unset):
    """

    id: str | Unset = UNSET
    url: str | Unset = UNSET
    events: list[WebhookEventType] | Unset = UNSET
    source_filter: Unset | WebhookSourceFilterType0 | WebhookSourceFilterType1 = UNSET
    enabled: bool | Unset = UNSET
    mode: WebhookEndpointMode | Unset = UNSET
    client_id: None | str | Unset = UNSET
    previous_secret_expires_at: None | str | Unset = UNSET
    created_at: str | Unset = UNSET
    updated_at: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item: str = events_item_data
                events.append(events_item)

        source_filter: dict[str, Any] | str | Unset
        if isinstance(self.source_filter, Unset):
            source_filter = UNSET
        elif isinstance(self.source_filter, str):
            source_filter = self.source_filter
        else:
            source_filter = self.source_filter.to_dict()

        enabled = self.enabled

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode

        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        previous_secret_expires_at: None | str | Unset
        if isinstance(self.previous_secret_expires_at, Unset):
            previous_secret_expires_at = UNSET
        else:
            previous_secret_expires_at = self.previous_secret_expires_at

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if source_filter is not UNSET:
            field_dict["sourceFilter"] = source_filter
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if mode is not UNSET:
            field_dict["mode"] = mode
        if client_id is not UNSET:
            field_dict["clientId"] = client_id
        if previous_secret_expires_at is not UNSET:
            field_dict["previousSecretExpiresAt"] = previous_secret_expires_at
        if created_at is not UNSET:
            field_dict["createdAt"] = created_at
        if updated_at is not UNSET:
            field_dict["updatedAt"] = updated_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_source_filter_type_1 import WebhookSourceFilterType1  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id", UNSET)

        url = d.pop("url", UNSET)

        _events = d.pop("events", UNSET)
        events: list[WebhookEventType] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = check_webhook_event_type(events_item_data)

                events.append(events_item)

        def _parse_source_filter(data: object) -> Unset | WebhookSourceFilterType0 | WebhookSourceFilterType1:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_webhook_source_filter_type_0 = check_webhook_source_filter_type_0(data)

                return componentsschemas_webhook_source_filter_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_webhook_source_filter_type_1 = WebhookSourceFilterType1.from_dict(data)

            return componentsschemas_webhook_source_filter_type_1

        source_filter = _parse_source_filter(d.pop("sourceFilter", UNSET))

        enabled = d.pop("enabled", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: WebhookEndpointMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = check_webhook_endpoint_mode(_mode)

        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("clientId", UNSET))

        def _parse_previous_secret_expires_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(d.pop("previousSecretExpiresAt", UNSET))

        created_at = d.pop("createdAt", UNSET)

        updated_at = d.pop("updatedAt", UNSET)

        webhook_endpoint = cls(
            id=id,
            url=url,
            events=events,
            source_filter=source_filter,
            enabled=enabled,
            mode=mode,
            client_id=client_id,
            previous_secret_expires_at=previous_secret_expires_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        webhook_endpoint.additional_properties = d
        return webhook_endpoint

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
