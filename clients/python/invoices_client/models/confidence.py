from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.confidence_fields import ConfidenceFields


T = TypeVar("T", bound="Confidence")


@_attrs_define
class Confidence:
    """
    Attributes:
        overall (float | None | Unset):
        fields (ConfidenceFields | Unset): field path -> 0..1
    """

    overall: float | None | Unset = UNSET
    fields: ConfidenceFields | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        overall: float | None | Unset
        if isinstance(self.overall, Unset):
            overall = UNSET
        else:
            overall = self.overall

        fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = self.fields.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if overall is not UNSET:
            field_dict["overall"] = overall
        if fields is not UNSET:
            field_dict["fields"] = fields

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.confidence_fields import ConfidenceFields  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_overall(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        overall = _parse_overall(d.pop("overall", UNSET))

        _fields = d.pop("fields", UNSET)
        fields: ConfidenceFields | Unset
        if isinstance(_fields, Unset):
            fields = UNSET
        else:
            fields = ConfidenceFields.from_dict(_fields)

        confidence = cls(
            overall=overall,
            fields=fields,
        )

        confidence.additional_properties = d
        return confidence

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
