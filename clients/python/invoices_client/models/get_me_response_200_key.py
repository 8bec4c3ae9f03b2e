from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_me_response_200_key_mode import GetMeResponse200KeyMode, check_get_me_response_200_key_mode
from ..types import UNSET, Unset

T = TypeVar("T", bound="GetMeResponse200Key")


@_attrs_define
class GetMeResponse200Key:
    """
    Attributes:
        id (str | Unset):
        prefix (str | Unset): first 12 characters of the key
        mode (GetMeResponse200KeyMode | Unset):
        scopes (list[str] | Unset):
        client_id (None | str | Unset):
    """

    id: str | Unset = UNSET
    prefix: str | Unset = UNSET
    mode: GetMeResponse200KeyMode | Unset = UNSET
    scopes: list[str] | Unset = UNSET
    client_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        prefix = self.prefix

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = self.scopes

        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if prefix is not UNSET:
            field_dict["prefix"] = prefix
        if mode is not UNSET:
            field_dict["mode"] = mode
        if scopes is not UNSET:
            field_dict["scopes"] = scopes
        if client_id is not UNSET:
            field_dict["clientId"] = client_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id", UNSET)

        prefix = d.pop("prefix", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: GetMeResponse200KeyMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = check_get_me_response_200_key_mode(_mode)

        scopes = cast(list[str], d.pop("scopes", UNSET))

        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("clientId", UNSET))

        get_me_response_200_key = cls(
            id=id,
            prefix=prefix,
            mode=mode,
            scopes=scopes,
            client_id=client_id,
        )

        get_me_response_200_key.additional_properties = d
        return get_me_response_200_key

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
