from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.get_me_response_200_key import GetMeResponse200Key
    from ..models.get_me_response_200_team import GetMeResponse200Team


T = TypeVar("T", bound="GetMeResponse200")


@_attrs_define
class GetMeResponse200:
    """
    Attributes:
        team (GetMeResponse200Team | Unset):
        key (GetMeResponse200Key | Unset):
    """

    team: GetMeResponse200Team | Unset = UNSET
    key: GetMeResponse200Key | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        team: dict[str, Any] | Unset = UNSET
        if not isinstance(self.team, Unset):
            team = self.team.to_dict()

        key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.key, Unset):
            key = self.key.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if team is not UNSET:
            field_dict["team"] = team
        if key is not UNSET:
            field_dict["key"] = key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_me_response_200_key import GetMeResponse200Key  # noqa: PLC0415
        from ..models.get_me_response_200_team import GetMeResponse200Team  # noqa: PLC0415

        d = dict(src_dict)
        _team = d.pop("team", UNSET)
        team: GetMeResponse200Team | Unset
        if isinstance(_team, Unset):
            team = UNSET
        else:
            team = GetMeResponse200Team.from_dict(_team)

        _key = d.pop("key", UNSET)
        key: GetMeResponse200Key | Unset
        if isinstance(_key, Unset):
            key = UNSET
        else:
            key = GetMeResponse200Key.from_dict(_key)

        get_me_response_200 = cls(
            team=team,
            key=key,
        )

        get_me_response_200.additional_properties = d
        return get_me_response_200

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
