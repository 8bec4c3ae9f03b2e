from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address_patch import AddressPatch


T = TypeVar("T", bound="PartyPatch")


@_attrs_define
class PartyPatch:
    """
    Attributes:
        name (None | str | Unset):
        company_code (None | str | Unset):
        vat_code (None | str | Unset):
        is_natural_person (bool | None | Unset):
        address (AddressPatch | None | Unset):
        iban (None | str | Unset):
        bank (None | str | Unset):
        swift (None | str | Unset):
        email (None | str | Unset):
        phone (None | str | Unset):
    """

    name: None | str | Unset = UNSET
    company_code: None | str | Unset = UNSET
    vat_code: None | str | Unset = UNSET
    is_natural_person: bool | None | Unset = UNSET
    address: AddressPatch | None | Unset = UNSET
    iban: None | str | Unset = UNSET
    bank: None | str | Unset = UNSET
    swift: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.address_patch import AddressPatch  # noqa: PLC0415

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
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

        is_natural_person: bool | None | Unset
        if isinstance(self.is_natural_person, Unset):
            is_natural_person = UNSET
        else:
            is_natural_person = self.is_natural_person

        address: dict[str, Any] | None | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        elif isinstance(self.address, AddressPatch):
            address = self.address.to_dict()
        else:
            address = self.address

        iban: None | str | Unset
        if isinstance(self.iban, Unset):
            iban = UNSET
        else:
            iban = self.iban

        bank: None | str | Unset
        if isinstance(self.bank, Unset):
            bank = UNSET
        else:
            bank = self.bank

        swift: None | str | Unset
        if isinstance(self.swift, Unset):
            swift = UNSET
        else:
            swift = self.swift

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if company_code is not UNSET:
            field_dict["companyCode"] = company_code
        if vat_code is not UNSET:
            field_dict["vatCode"] = vat_code
        if is_natural_person is not UNSET:
            field_dict["isNaturalPerson"] = is_natural_person
        if address is not UNSET:
            field_dict["address"] = address
        if iban is not UNSET:
            field_dict["iban"] = iban
        if bank is not UNSET:
            field_dict["bank"] = bank
        if swift is not UNSET:
            field_dict["swift"] = swift
        if email is not UNSET:
            field_dict["email"] = email
        if phone is not UNSET:
            field_dict["phone"] = phone

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address_patch import AddressPatch  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

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

        def _parse_is_natural_person(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_natural_person = _parse_is_natural_person(d.pop("isNaturalPerson", UNSET))

        def _parse_address(data: object) -> AddressPatch | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                address_type_0 = AddressPatch.from_dict(data)

                return address_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddressPatch | None | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        def _parse_iban(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        iban = _parse_iban(d.pop("iban", UNSET))

        def _parse_bank(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bank = _parse_bank(d.pop("bank", UNSET))

        def _parse_swift(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        swift = _parse_swift(d.pop("swift", UNSET))

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        party_patch = cls(
            name=name,
            company_code=company_code,
            vat_code=vat_code,
            is_natural_person=is_natural_person,
            address=address,
            iban=iban,
            bank=bank,
            swift=swift,
            email=email,
            phone=phone,
        )

        return party_patch
