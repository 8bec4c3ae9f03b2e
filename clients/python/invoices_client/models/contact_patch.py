from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address import Address


T = TypeVar("T", bound="ContactPatch")


@_attrs_define
class ContactPatch:
    """A JSON merge patch (RFC 7396): a field sent as null is cleared, one left out is kept;
    `name` may change but not be cleared.

        Attributes:
            company_code (None | str | Unset):
            vat_code (None | str | Unset):
            is_natural_person (bool | None | Unset):
            address (Address | None | Unset):
            email (None | str | Unset):
            phone (None | str | Unset):
            iban (None | str | Unset):
            client_id (None | str | Unset):
            external_id (None | str | Unset):
            name (str | Unset):
    """

    company_code: None | str | Unset = UNSET
    vat_code: None | str | Unset = UNSET
    is_natural_person: bool | None | Unset = UNSET
    address: Address | None | Unset = UNSET
    email: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    iban: None | str | Unset = UNSET
    client_id: None | str | Unset = UNSET
    external_id: None | str | Unset = UNSET
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.address import Address  # noqa: PLC0415

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
        elif isinstance(self.address, Address):
            address = self.address.to_dict()
        else:
            address = self.address

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

        iban: None | str | Unset
        if isinstance(self.iban, Unset):
            iban = UNSET
        else:
            iban = self.iban

        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if company_code is not UNSET:
            field_dict["companyCode"] = company_code
        if vat_code is not UNSET:
            field_dict["vatCode"] = vat_code
        if is_natural_person is not UNSET:
            field_dict["isNaturalPerson"] = is_natural_person
        if address is not UNSET:
            field_dict["address"] = address
        if email is not UNSET:
            field_dict["email"] = email
        if phone is not UNSET:
            field_dict["phone"] = phone
        if iban is not UNSET:
            field_dict["iban"] = iban
        if client_id is not UNSET:
            field_dict["clientId"] = client_id
        if external_id is not UNSET:
            field_dict["externalId"] = external_id
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address import Address  # noqa: PLC0415

        d = dict(src_dict)

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

        def _parse_address(data: object) -> Address | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                address_type_0 = Address.from_dict(data)

                return address_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Address | None | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

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

        def _parse_iban(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        iban = _parse_iban(d.pop("iban", UNSET))

        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("clientId", UNSET))

        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("externalId", UNSET))

        name = d.pop("name", UNSET)

        contact_patch = cls(
            company_code=company_code,
            vat_code=vat_code,
            is_natural_person=is_natural_person,
            address=address,
            email=email,
            phone=phone,
            iban=iban,
            client_id=client_id,
            external_id=external_id,
            name=name,
        )

        return contact_patch
