from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contact_mode_value import ContactModeValue, check_contact_mode_value

if TYPE_CHECKING:
    from ..models.contact_address import ContactAddress


T = TypeVar("T", bound="Contact")


@_attrs_define
class Contact:
    """A contact as the API answers it (GET, POST, PATCH /contacts...).

    Attributes:
        id (str):
        name (str):
        company_code (None | str):
        vat_code (None | str):
        is_natural_person (bool | None):
        address (ContactAddress | None):
        email (None | str):
        phone (None | str):
        iban (None | str):
        client_id (None | str):
        external_id (None | str):
        mode (ContactModeValue):
        created_at (str):
        updated_at (str):
    """

    id: str
    name: str
    company_code: None | str
    vat_code: None | str
    is_natural_person: bool | None
    address: ContactAddress | None
    email: None | str
    phone: None | str
    iban: None | str
    client_id: None | str
    external_id: None | str
    mode: ContactModeValue
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.contact_address import ContactAddress  # noqa: PLC0415

        id = self.id

        name = self.name

        company_code: None | str
        company_code = self.company_code

        vat_code: None | str
        vat_code = self.vat_code

        is_natural_person: bool | None
        is_natural_person = self.is_natural_person

        address: dict[str, Any] | None
        if isinstance(self.address, ContactAddress):
            address = self.address.to_dict()
        else:
            address = self.address

        email: None | str
        email = self.email

        phone: None | str
        phone = self.phone

        iban: None | str
        iban = self.iban

        client_id: None | str
        client_id = self.client_id

        external_id: None | str
        external_id = self.external_id

        mode: str = self.mode

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "companyCode": company_code,
                "vatCode": vat_code,
                "isNaturalPerson": is_natural_person,
                "address": address,
                "email": email,
                "phone": phone,
                "iban": iban,
                "clientId": client_id,
                "externalId": external_id,
                "mode": mode,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contact_address import ContactAddress  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        def _parse_company_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_code = _parse_company_code(d.pop("companyCode"))

        def _parse_vat_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        vat_code = _parse_vat_code(d.pop("vatCode"))

        def _parse_is_natural_person(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_natural_person = _parse_is_natural_person(d.pop("isNaturalPerson"))

        def _parse_address(data: object) -> ContactAddress | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                address_type_0 = ContactAddress.from_dict(data)

                return address_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContactAddress | None, data)

        address = _parse_address(d.pop("address"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        def _parse_iban(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        iban = _parse_iban(d.pop("iban"))

        def _parse_client_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_id = _parse_client_id(d.pop("clientId"))

        def _parse_external_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_id = _parse_external_id(d.pop("externalId"))

        mode = check_contact_mode_value(d.pop("mode"))

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        contact = cls(
            id=id,
            name=name,
            company_code=company_code,
            vat_code=vat_code,
            is_natural_person=is_natural_person,
            address=address,
            email=email,
            phone=phone,
            iban=iban,
            client_id=client_id,
            external_id=external_id,
            mode=mode,
            created_at=created_at,
            updated_at=updated_at,
        )

        contact.additional_properties = d
        return contact

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
