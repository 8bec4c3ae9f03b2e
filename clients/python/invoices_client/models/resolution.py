from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.resolution_action_value import ResolutionActionValue, check_resolution_action_value
from ..models.resolution_source_type_0 import ResolutionSourceType0, check_resolution_source_type_0
from ..types import UNSET, Unset

T = TypeVar("T", bound="Resolution")


@_attrs_define
class Resolution:
    """The review action applied to an invoice held for review.

    Attributes:
        action (ResolutionActionValue):
        client_id (None | str | Unset):
        from_client_id (None | str | Unset):
        forced (bool | None | Unset):
        source (None | ResolutionSourceType0 | Unset):
        at (None | str | Unset):
    """

    action: ResolutionActionValue
    client_id: None | str | Unset = UNSET
    from_client_id: None | str | Unset = UNSET
    forced: bool | None | Unset = UNSET
    source: None | ResolutionSourceType0 | Unset = UNSET
    at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action: str = self.action

        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        from_client_id: None | str | Unset
        if isinstance(self.from_client_id, Unset):
            from_client_id = UNSET
        else:
            from_client_id = self.from_client_id

        forced: bool | None | Unset
        if isinstance(self.forced, Unset):
            forced = UNSET
        else:
            forced = self.forced

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        elif isinstance(self.source, str):
            source = self.source
        else:
            source = self.source

        at: None | str | Unset
        if isinstance(self.at, Unset):
            at = UNSET
        else:
            at = self.at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
            }
        )
        if client_id is not UNSET:
            field_dict["clientId"] = client_id
        if from_client_id is not UNSET:
            field_dict["fromClientId"] = from_client_id
        if forced is not UNSET:
            field_dict["forced"] = forced
        if source is not UNSET:
            field_dict["source"] = source
        if at is not UNSET:
            field_dict["at"] = at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = check_resolution_action_value(d.pop("action"))

        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("clientId", UNSET))

        def _parse_from_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        from_client_id = _parse_from_client_id(d.pop("fromClientId", UNSET))

        def _parse_forced(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        forced = _parse_forced(d.pop("forced", UNSET))

        def _parse_source(data: object) -> None | ResolutionSourceType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_type_0 = check_resolution_source_type_0(data)

                return source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResolutionSourceType0 | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        def _parse_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        at = _parse_at(d.pop("at", UNSET))

        resolution = cls(
            action=action,
            client_id=client_id,
            from_client_id=from_client_id,
            forced=forced,
            source=source,
            at=at,
        )

        resolution.additional_properties = d
        return resolution

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
