"""Contacts (interface.md 2.6, 4): the team's counterparties, per mode.

The contact record (our design): id (`ct_` / `ct_test_`), name, companyCode, vatCode,
isNaturalPerson, address {street, city, postalCode, country}, email, phone, iban,
clientId (the team's client the contact belongs to, or null for the whole team),
externalId (the partner's own key), mode, createdAt, updatedAt.
"""

from pydantic import BaseModel, ConfigDict, Field

from schemas.base import Body, ModeName, Reply, Timestamp
from schemas.fields import ClientId, CompanyCode, Country, Email, Iban, Phone, ShortText, Text, VatCode


class Address(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    street: Text | None = None
    city: ShortText | None = None
    postalCode: ShortText | None = None
    country: Country | None = None


class ContactFields(Body):
    companyCode: CompanyCode | None = None
    vatCode: VatCode | None = None
    isNaturalPerson: bool | None = None
    address: Address | None = None
    email: Email | None = None
    phone: Phone | None = None
    iban: Iban | None = None
    clientId: ClientId | None = None
    externalId: ShortText | None = None


class ContactCreate(ContactFields):
    name: Text


class ContactPatch(ContactFields):
    """A JSON merge patch (RFC 7396): a field sent as null is cleared, one left out is kept;
    `name` may change but not be cleared."""

    name: Text = None  # type: ignore[assignment]  # absent means "keep"; null is refused in core


class ContactAddress(Reply):
    street: str | None = None
    city: str | None = None
    postalCode: str | None = None
    country: str | None = None


class Contact(Reply):
    """A contact as the API answers it (GET, POST, PATCH /contacts...)."""

    id: str = Field(pattern=r"^ct_")
    name: str
    companyCode: str | None
    vatCode: str | None
    isNaturalPerson: bool | None
    address: ContactAddress | None
    email: str | None
    phone: str | None
    iban: str | None
    clientId: str | None
    externalId: str | None
    mode: ModeName
    createdAt: Timestamp
    updatedAt: Timestamp


class ContactPage(Reply):
    data: list[Contact]
    nextCursor: str | None
