from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.client_mode import ClientMode, check_client_mode
from ..types import UNSET, Unset

T = TypeVar("T", bound="Client")


@_attrs_define
class Client:
    """
    Attributes:
        id (str | Unset):
        name (str | Unset):
        company_code (None | str | Unset):
        vat_code (None | str | Unset):
        mode (ClientMode | Unset):
        created_at (str | Unset):
    """

    id: str | Unset = UNSET
    name: str | Unset = UNSET
    company_code: None | str | Unset = UNSET
    vat_code: None | str | Unset = UNSET
    mode: ClientMode | Unset = UNSET
    created_at: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        company_code: None | str | Unset
        if isinstance(self.company_code, Unset):
            company_code = UNSET
        else:
            company_code = self.company_code

        vat_code: None | str | Unset
        if isinstance(self.vat_code, Unset):
            vat_code = UNSET
        else:
            vat_code = self.vat_code

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if name is not UNSET:
            field_dict["name"] = name
        if company_code is not UNSET:
            field_dict["companyCode"] = company_code
        if vat_code is not UNSET:
            field_dict["vatCode"] = vat_code
        if mode is not UNSET:
            field_dict["mode"] = mode
        if created_at is not UNSET:
            field_dict["createdAt"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id", UNSET)

        name = d.pop("name", UNSET)

        def _parse_company_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_code = _parse_company_code(d.pop("companyCode", UNSET))

        def _parse_vat_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vat_code = _parse_vat_code(d.pop("vatCode", UNSET))

        _mode = d.pop("mode", UNSET)
        mode: ClientMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = check_client_mode(_mode)

        created_at = d.pop("createdAt", UNSET)

        client = cls(
            id=id,
            name=name,
            company_code=company_code,
            vat_code=vat_code,
            mode=mode,
            created_at=created_at,
        )

        client.additional_properties = d
        return client

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
