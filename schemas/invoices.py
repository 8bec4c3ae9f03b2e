"""Edits of an invoice (PATCH /invoices/{id}): a JSON merge patch (RFC 7396) of the
editable fields of invoice.md.

Objects (seller, buyer, their address, totals) are merged key by key; arrays (lines,
vatBreakdown) are replaced whole; a field sent as null is cleared. `buyerContactId` and
`sellerContactId` link a party to one of the team's contacts of the same mode.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from schemas.base import Body
from schemas.fields import (
    CompanyCode,
    ContactId,
    Country,
    Currency,
    Decimal,
    Email,
    Iban,
    IsoDate,
    LongText,
    Phone,
    ShortText,
    Text,
    VatCode,
)

DocumentType = Literal["invoice", "vat_invoice", "credit_note", "debit_note", "proforma", "receipt", "other"]
Direction = Literal["purchase", "sales"]
Classifier = ShortText


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class AddressPatch(_Part):
    street: Text | None = None
    city: ShortText | None = None
    postalCode: ShortText | None = None
    country: Country | None = None
    text: LongText | None = None


class PartyPatch(_Part):
    name: Text | None = None
    companyCode: CompanyCode | None = None
    vatCode: VatCode | None = None
    isNaturalPerson: bool | None = None
    address: AddressPatch | None = None
    iban: Iban | None = None
    bank: ShortText | None = None
    swift: ShortText | None = None
    email: Email | None = None
    phone: Phone | None = None


class Line(_Part):
    """A line as sent: every field of invoice.md's line, absent ones null."""

    lineNo: int = Field(ge=1, le=100000)
    code: ShortText | None = None
    barcode: ShortText | None = None
    description: LongText | None = None
    kind: Literal["goods", "service"] | None = None
    quantity: Decimal | None = None
    unit: ShortText | None = None
    unitPrice: Decimal | None = None
    discount: Decimal | None = None
    netAmount: Decimal | None = None
    vatRate: Decimal | None = None
    vatAmount: Decimal | None = None
    grossAmount: Decimal | None = None
    vatClassifier: Classifier | None = None


class VatEntry(_Part):
    rate: Decimal | None = None
    category: Literal["S", "Z", "E", "AE", "K", "G", "O", "L", "M"] | None = None
    vatClassifier: Classifier | None = None
    taxableAmount: Decimal | None = None
    vatAmount: Decimal | None = None


class TotalsPatch(_Part):
    net: Decimal | None = None
    vat: Decimal | None = None
    gross: Decimal | None = None
    discount: Decimal | None = None
    prepaid: Decimal | None = None
    payable: Decimal | None = None


class InvoicePatch(Body):
    series: ShortText | None = None
    number: ShortText | None = None
    invoiceNumber: ShortText | None = None
    issueDate: IsoDate | None = None
    dueDate: IsoDate | None = None
    deliveryDate: IsoDate | None = None
    currency: Currency | None = None
    documentType: DocumentType | None = None
    direction: Direction | None = None
    orderReference: ShortText | None = None
    paymentReference: ShortText | None = None
    paymentTerms: LongText | None = None
    amountInWords: LongText | None = None
    notes: LongText | None = None
    seller: PartyPatch | None = None
    buyer: PartyPatch | None = None
    lines: list[Line] | None = Field(default=None, max_length=5000)
    totals: TotalsPatch | None = None
    vatBreakdown: list[VatEntry] | None = Field(default=None, max_length=50)
    buyerContactId: ContactId | None = None
    sellerContactId: ContactId | None = None


def sent(model: BaseModel) -> dict:
    """What the patch carries, nested: only the keys the partner sent (merge-patch semantics);
    array items are whole values with every field."""
    out = {}
    for name in model.model_fields_set:
        value = getattr(model, name)
        if isinstance(value, BaseModel):
            out[name] = sent(value)
        elif isinstance(value, list):
            out[name] = [v.model_dump(mode="json") if isinstance(v, BaseModel) else v for v in value]
        else:
            out[name] = value
    return out
