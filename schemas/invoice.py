"""The invoice record partners read (spec/invoice.md; interface.md 2.5): `GET /invoices/{id}`,
`data.invoice` of events, the input of every exporter and of the warehouse.

Field names are a contract. Every field of invoice.md's top level is always present (null
when the document does not carry it); the parts (parties, lines, VAT breakdown, totals)
name their fields too, and may carry more. The PATCH body of an edit is in invoices.py.
"""

from typing import Literal

from pydantic import Field

from schemas.base import CalendarDate, DecimalString, ModeName, Reply, Timestamp
from schemas.qr_codes import QrCode

InvoiceStatusValue = Literal["processing", "completed", "discarded"]
AssignmentStatus = Literal["needs_review", "confirmed", "exempt", "discarded"]
DocumentType = Literal["invoice", "vat_invoice", "credit_note", "debit_note", "proforma", "receipt", "other"]
Direction = Literal["purchase", "sales"]
Source = Literal["api", "ui", "system"]


class PartyAddress(Reply):
    street: str | None = None
    city: str | None = None
    postalCode: str | None = None
    country: str | None = Field(default=None, description="ISO 3166-1 alpha-2")
    text: str | None = Field(default=None, description="the full address as printed")


class Party(Reply):
    """The seller or the buyer, as printed, and the team's contact it was matched to."""

    name: str | None = None
    companyCode: str | None = None
    vatCode: str | None = Field(default=None, description="with its country prefix, e.g. LT100001234510")
    isNaturalPerson: bool | None = None
    address: PartyAddress | None = None
    iban: str | None = None
    bank: str | None = None
    swift: str | None = None
    email: str | None = None
    phone: str | None = None
    contactId: str | None = None


class InvoiceLine(Reply):
    lineNo: int | None = Field(default=None, description="1-based position on the document")
    code: str | None = None
    barcode: str | None = None
    description: str | None = None
    kind: Literal["goods", "service"] | None = None
    quantity: DecimalString | None = None
    unit: str | None = None
    unitPrice: DecimalString | None = None
    discount: DecimalString | None = None
    netAmount: DecimalString | None = None
    vatRate: DecimalString | None = None
    vatAmount: DecimalString | None = None
    grossAmount: DecimalString | None = None
    vatClassifier: str | None = Field(default=None, description="Lithuanian VAT classifier, PVM1 ...")


class VatBreakdownEntry(Reply):
    """One VAT rate and category of the document."""

    rate: DecimalString | None = None
    category: str | None = Field(default=None, description="EN 16931 category: S, Z, E, AE, K, G, O")
    vatClassifier: str | None = None
    taxableAmount: DecimalString | None = None
    vatAmount: DecimalString | None = None


class Totals(Reply):
    net: DecimalString | None = None
    vat: DecimalString | None = None
    gross: DecimalString | None = None
    discount: DecimalString | None = None
    prepaid: DecimalString | None = None
    payable: DecimalString | None = None


class Candidate(Reply):
    clientId: str
    score: float = Field(ge=0, le=1)


class Resolution(Reply):
    """The review action applied to an invoice held for review (interface.md 3.3)."""

    action: Literal["approve", "move", "discard"]
    clientId: str | None = None
    fromClientId: str | None = None
    forced: bool | None = None
    source: Source | None = None
    at: Timestamp | None = None


class Assignment(Reply):
    """Which of the team's clients the invoice belongs to; status null: never assessed."""

    status: AssignmentStatus | None = None
    clientId: str | None = None
    reasonCodes: list[str] = Field(default_factory=list)
    candidates: list[Candidate] = Field(default_factory=list)
    resolution: Resolution | None = None


class ValidationCheck(Reply):
    code: str = Field(description="e.g. totals.lines_sum, seller.vat_code_checksum")
    passed: bool
    detail: str | None = None


class Validation(Reply):
    checks: list[ValidationCheck] = Field(default_factory=list)
    warnings: list[str] = Field(
        default_factory=list,
        description="remarks in English, each opening with what it is about (`totals.gross: ...`, "
                    "`vat.foreign: ...`, `duplicate.same_file: inv_...`). A file that holds several invoices is "
                    "read as its first one and says so with `document.multiple_invoices: 3 invoices in one file, "
                    "pages 1-2, 3, 4-6` (each invoice's pages, 1-based); uploading each range on its own reads the "
                    "others, each charged as an upload.",
    )


class Confidence(Reply):
    overall: float | None = Field(default=None, ge=0, le=1)
    fields: dict[str, float] = Field(default_factory=dict, description="field path -> 0..1")


class SourceBox(Reply):
    """Where a value was read: page and box in PDF points from the page's top-left."""

    page: int
    bbox: list[float] = Field(min_length=4, max_length=4)


class Extraction(Reply):
    engine: str = Field(description="embedded-xml, pdf-text, tesseract, rapidocr, surya or canned")
    textLayer: bool | None = None
    durationMs: int | None = None
    version: str | None = None


class FieldChange(Reply):
    field: str
    old: object = None
    new: object = None


class HistoryEntry(Reply):
    """One edit of the invoice, oldest first."""

    version: int
    at: Timestamp
    source: Source
    apiKeyId: str | None = None
    userId: str | None = None
    changes: list[FieldChange]


class ExtractedInvoice(Reply):
    """What reading one document yields: the invoice's content before a job, a client and
    an assignment are known. `assets.process.process_document` returns it and the
    pipeline wraps it into the `Invoice` record; every field is present, null when the
    document does not carry it."""

    pageCount: int | None
    documentType: DocumentType | None
    direction: Direction | None = Field(description="from the client's point of view")
    language: str | None
    series: str | None
    number: str | None
    invoiceNumber: str | None
    issueDate: CalendarDate | None
    dueDate: CalendarDate | None
    deliveryDate: CalendarDate | None
    currency: str | None
    orderReference: str | None
    paymentReference: str | None = Field(
        default=None,
        description="the reference the payer quotes with the transfer (EN 16931 BT-83, remittance information): "
                    "from an EPC payment QR code (its structured creditor reference, else its remittance text), "
                    "from an embedded e-invoice (UBL PaymentMeans/PaymentID, CII PaymentReference, KSeF IPKSeF) "
                    "or set by an edit; null or absent when none is known. A payment code that disagrees with "
                    "the value is a warning (validation check payment_qr.reference).",
    )
    seller: Party | None
    buyer: Party | None
    lines: list[InvoiceLine] | None = Field(description="[] without an item table; null once an edit cleared it")
    vatBreakdown: list[VatBreakdownEntry] | None
    totals: Totals | None
    amountInWords: str | None
    paymentTerms: str | None
    notes: str | None
    validation: Validation | None
    confidence: Confidence | None
    sources: dict[str, SourceBox]
    extraction: Extraction | None
    qrCodes: list[QrCode] | None = Field(
        default=None, exclude_if=lambda codes: codes is None,
        description="QR codes printed on the pages (EPC payment codes, KSeF verification links) with what each "
                    "says; present only when the document carries one. A payment code's IBAN and amount are "
                    "checked against the seller's IBAN and the payable total (validation checks payment_qr.*).",
    )

    def dto(self) -> dict:
        """The JSON form, with exactly the keys that were set (extra ones included)."""
        return self.model_dump(mode="json", exclude_unset=True)


class Invoice(ExtractedInvoice):
    """The full invoice DTO (spec/invoice.md): the extracted content with its identity,
    ownership, assignment and history."""

    id: str = Field(pattern=r"^inv_")
    status: InvoiceStatusValue = Field(description="processing includes an invoice held for review")
    mode: ModeName
    jobId: str
    clientId: str | None
    sourceFile: str | None
    assignment: Assignment
    duplicateOf: str | None = Field(
        None, pattern=r"^inv_",
        description="the earlier invoice of the team and mode that this one repeats (the same file, or the same "
                    "seller and number with the same issue date and gross where both carry them); null when none "
                    "or when a team member kept it. The upload is charged all the same.",
    )
    history: list[HistoryEntry]
    createdAt: Timestamp
    updatedAt: Timestamp

    def dto(self) -> dict:
        """The JSON form, identity first as invoice.md lists it."""
        record = super().dto()
        return {**{key: record[key] for key in _IDENTITY if key in record}, **record}


_IDENTITY = ("id", "status", "mode", "jobId", "clientId", "sourceFile")


class InvoiceStub(Reply):
    """`data.invoice` of an oversized event: only the id and status (interface.md 6 rule 3)."""

    id: str = Field(pattern=r"^inv_")
    status: InvoiceStatusValue


class InvoiceStatus(Reply):
    """GET /invoices/{id}/status: the light answer for polling."""

    id: str = Field(pattern=r"^inv_")
    status: InvoiceStatusValue
    jobId: str
    assignment: Assignment
    updatedAt: Timestamp


class InvoiceSummary(Reply):
    """An item of GET /invoices; a parked upload has `id` null and names its job."""

    id: str | None
    status: InvoiceStatusValue | Literal["awaiting_credits"]
    jobId: str | None
    clientId: str | None
    sourceFile: str | None
    invoiceNumber: str | None
    issueDate: CalendarDate | None
    currency: str | None
    gross: DecimalString | None
    direction: Direction | None
    assignmentStatus: AssignmentStatus | None
    sellerName: str | None
    buyerName: str | None
    duplicateOf: str | None = None
    createdAt: Timestamp


class InvoicePage(Reply):
    data: list[InvoiceSummary]
    nextCursor: str | None
