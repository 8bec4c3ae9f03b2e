"""The invoice as every accounting export sees it after preprocessing.

Preprocessing (exporters/preprocess.py) turns the DTO into these plain values once: the
direction is decided, amounts are Decimals whose lines add up to the totals to the cent,
each line has its VAT, classifier and accounting code, foreign amounts have their rate.
Renderers only spell them out in their program's format, so the arithmetic and the
refusals live in one place.

Amounts are magnitudes: a credit note's amounts are positive here (`kind` says it is a
credit note) and each renderer applies its program's sign convention.
"""

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from exporters.numbers import money


@dataclass(frozen=True)
class Needs:
    """What a format needs resolved before it can render (see preprocess.prepare)."""

    direction: bool = True
    accounting_codes: bool = True
    partner_code_max: int | None = None  # length limit of the partner key; None: no key needed
    eur_rate: bool = True  # a non-EUR invoice needs its rate to EUR
    item_code_max: int | None = None


@dataclass
class Party:
    name: str | None
    company_code: str | None
    vat_code: str | None
    country: str | None
    street: str | None
    city: str | None
    postal_code: str | None
    address_text: str | None
    iban: str | None
    swift: str | None
    bank: str | None
    email: str | None
    phone: str | None
    natural_person: bool

    @property
    def address(self) -> str | None:
        if self.address_text:
            return self.address_text
        parts = [p for p in (self.street, self.postal_code, self.city) if p]
        return ", ".join(parts) or None


@dataclass
class Line:
    no: int
    description: str
    quantity: Decimal
    unit: str | None
    unit_price: Decimal  # net, after line discount
    net: Decimal
    vat: Decimal | None  # the printed line VAT until preprocessing assigns every line its share
    rate: Decimal | None
    kind: str | None  # goods | service, for VAT purposes
    seller_code: str | None
    barcode: str | None
    summary: bool = False  # synthetic line of an invoice without a line table
    classifier: str | None = None
    category: tuple[str, str | None] | None = None  # EN 16931 (code, VATEX)
    code: str | None = None  # accounting code in the client's program
    code_type: str | None = None  # goods | service | code
    code_name: str | None = None  # name of the card, when we know one
    card: bool = False  # whether the export should carry the card (master record) of `code`

    @property
    def gross(self) -> Decimal:
        return self.net + self.vat


@dataclass
class VatGroup:
    rate: Decimal | None
    classifier: str | None
    category: tuple[str, str | None] | None
    taxable: Decimal
    vat: Decimal


@dataclass
class Prepared:
    invoice_id: str
    kind: str  # invoice | credit_note | debit_note
    direction: str | None
    number: str  # series and number joined, as programs key documents
    series: str | None
    number_only: str
    printed_number: str
    issue_date: date
    delivery_date: date | None
    due_date: date | None
    currency: str
    rate: Decimal | None  # units of `currency` per 1 EUR; None for EUR
    rate_date: date | None
    seller: Party
    buyer: Party
    partner_code: str | None
    partner_code_is_company_code: bool
    lines: list[Line]
    groups: list[VatGroup]
    net: Decimal
    vat: Decimal
    prepaid: Decimal | None
    payable: Decimal | None
    isaf: bool  # include in the i.SAF VAT registers
    summary: bool
    notes: str | None
    payment_terms: str | None
    order_reference: str | None
    payment_reference: str | None  # BT-83, the remittance information the payer quotes
    export_date: date
    settings: dict[str, str] = field(default_factory=dict)

    @property
    def gross(self) -> Decimal:
        return self.net + self.vat

    @property
    def operation_date(self) -> date:
        return self.delivery_date or self.issue_date

    @property
    def partner(self) -> Party:
        """The other side: the supplier of a purchase, the customer of a sale."""
        return self.seller if self.direction == "purchase" else self.buyer

    @property
    def credit(self) -> bool:
        return self.kind == "credit_note"

    @property
    def foreign(self) -> bool:
        return self.currency != "EUR"

    def eur(self, amount: Decimal) -> Decimal:
        """`amount` in EUR at the invoice's rate (ECB convention: divide)."""
        if not self.foreign:
            return amount
        return money(amount / self.rate)

    @property
    def classifier(self) -> str | None:
        """The document's classifier when all lines share one; None for mixed documents."""
        codes = {line.classifier for line in self.lines}
        return codes.pop() if len(codes) == 1 else None

    def setting(self, key: str) -> str:
        return (self.settings.get(key) or "").strip()


@dataclass(frozen=True)
class ExportFile:
    """What the API sends: the body, its Content-Type and the attachment's file name."""

    body: bytes
    content_type: str
    filename: str
