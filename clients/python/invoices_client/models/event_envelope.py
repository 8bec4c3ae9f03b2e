from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_envelope_type_value import EventEnvelopeTypeValue, check_event_envelope_type_value
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_data import EventData


T = TypeVar("T", bound="EventEnvelope")


@_attrs_define
class EventEnvelope:
    """
    Attributes:
        id (str): the same on every retry and redelivery
        type_ (EventEnvelopeTypeValue):
        api_version (str): v1, or a date YYYY-MM-DD
        created_at (str):
        data (EventData): A handler routes on which of the two is present (6 rule 2).
        oversized (bool | None | Unset): present only when true
    """

    id: str
    type_: EventEnvelopeTypeValue
    api_version: str
    created_at: str
    data: EventData
    oversized: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_: str = self.type_

        api_version = self.api_version

        created_at = self.created_at

        data = self.data.to_dict()

        oversized: bool | None | Unset
        if isinstance(self.oversized, Unset):
            oversized = UNSET
        else:
            oversized = self.oversized

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "apiVersion": api_version,
                "createdAt": created_at,
                "data": data,
            }
        )
        if oversized is not UNSET:
            field_dict["oversized"] = oversized

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_data import EventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = check_event_envelope_type_value(d.pop("type"))

        api_version = d.pop("apiVersion")

        created_at = d.pop("createdAt")

        data = EventData.from_dict(d.pop("data"))

        def _parse_oversized(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        oversized = _parse_oversized(d.pop("oversized", UNSET))

        event_envelope = cls(
            id=id,
            type_=type_,
            api_version=api_version,
            created_at=created_at,
            data=data,
            oversized=oversized,
        )

        event_envelope.additional_properties = d
        return event_envelope

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
