"""A QR code read on an invoice's page: one entry of the invoice's optional `qrCodes`.

The engine (assets/einvoice/qr_codes.py) checks every code it records against this model,
so what a partner reads in `qrCodes` has this shape; kinds: `epc` (EPC069-12 SEPA credit
transfer), `ksef` (Poland's KSeF invoice verification link, "KOD I"), `other` (text only).
"""

from typing import Literal

from pydantic import Field

from schemas.base import CalendarDate, DecimalString, Reply


class QrCode(Reply):
    """A QR code printed on a page, as read, with the fields its kind defines."""

    kind: Literal["epc", "ksef", "other"]
    text: str = Field(description="the payload as read")
    page: int
    bbox: list[float] = Field(min_length=4, max_length=4, description="in PDF points from the top-left")
    iban: str | None = Field(default=None, description="epc: the beneficiary's account")
    bic: str | None = None
    beneficiary: str | None = None
    amount: DecimalString | None = Field(default=None, description="epc: the amount to pay")
    currency: str | None = None
    purpose: str | None = None
    reference: str | None = Field(default=None, description="epc: structured creditor reference (RF...)")
    remittance: str | None = Field(default=None, description="epc: unstructured remittance text")
    url: str | None = Field(default=None, description="ksef: the verification link")
    sellerNip: str | None = None
    issueDate: CalendarDate | None = None
    invoiceHash: str | None = None
    ksefNumber: str | None = Field(default=None, description="ksef: the KSeF number printed beside the code")
