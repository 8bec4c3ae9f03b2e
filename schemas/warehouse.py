"""The warehouse's Parquet tables (ARCHITECTURE "Stores"): one row model per table, and the
Arrow schema every Parquet file of the table is written with, derived from it.

One definition serves every reader: the pipeline builds Arrow tables with it, the Dagster
UI lists its columns, analysts read its descriptions (they are kept in the Parquet field
metadata too). Every table has `mode`; the DuckDB views `live_<table>` keep live rows only.

Money is DECIMAL(18, 2), the cents every accounting program and i.SAF use (an amount printed
with more places is rounded half-up here; the DTO keeps it exact); quantities and unit
prices keep invoice.md's six places; VAT rates have four.
"""

from datetime import date, datetime
from decimal import Decimal
from functools import cache
from types import NoneType, UnionType
from typing import Annotated, Union, get_args, get_origin

import pyarrow as pa
from pydantic import BaseModel, ConfigDict, Field


class Column:
    """Annotated metadata: the Arrow type of a field whose Python type does not say enough."""

    def __init__(self, arrow_type: pa.DataType):
        self.arrow_type = arrow_type


Money = Annotated[Decimal | None, Column(pa.decimal128(18, 2))]
Quantity = Annotated[Decimal | None, Column(pa.decimal128(24, 6))]
Rate = Annotated[Decimal | None, Column(pa.decimal128(9, 4))]

_PLAIN: dict[type, pa.DataType] = {
    str: pa.string(),
    int: pa.int64(),
    float: pa.float64(),
    bool: pa.bool_(),
    date: pa.date32(),
    datetime: pa.timestamp("ms", tz="UTC"),
}


class Row(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mode: str = Field(description="live or test: the data world the row belongs to")


class JobRow(Row):
    """One upload (job), in the partition of the day it was admitted."""

    job_id: str = Field(description="job_... / job_test_...")
    team_id: str
    client_id: str | None
    status: str = Field(description="processing, completed, failed, awaiting_credits, cancelled")
    source_file: str
    mime_type: str
    size_bytes: int
    attempts: int = Field(description="processing attempts started")
    invoice_id: str | None
    error_message: str | None
    held: bool = Field(description="waiting in client-assignment review")
    parked: bool = Field(description="was parked awaiting credits at admission")
    created_at: datetime = Field(description="admitted")
    resumed_at: datetime | None = Field(description="a parked job: when credits let it run")
    started_at: datetime | None = Field(description="the last processing attempt began")
    finished_at: datetime | None = Field(description="reached completed, failed or cancelled")
    updated_at: datetime
    parked_seconds: float | None = Field(description="admitted -> resumed (or cancelled) of a parked job")
    latency_seconds: float | None = Field(
        description="admitted, or resumed when parked -> finished; includes review waiting (see reading_seconds)")
    review_held_at: datetime | None = Field(description="first held for client-assignment review; null never held")
    reading_seconds: float | None = Field(
        description="admitted, or resumed when parked -> read: held for review, else finished; no review waiting")
    review_wait_seconds: float | None = Field(
        description="held for review -> the review resolved it (completed or discarded); null never held or still held")


class InvoiceRow(Row):
    """One invoice (its header, parties' codes and totals), in the partition of the day it
    was first read."""

    invoice_id: str
    team_id: str
    client_id: str | None
    job_id: str
    status: str = Field(description="processing (incl. held for review), completed, discarded")
    assignment_status: str | None = Field(description="needs_review, confirmed, exempt, discarded; null never assessed")
    direction: str | None = Field(description="purchase or sales, from the client's side")
    document_type: str | None
    invoice_number: str | None
    issue_date: date | None
    due_date: date | None
    currency: str | None
    seller_name: str | None
    seller_company_code: str | None
    seller_vat_code: str | None
    seller_country: str | None
    buyer_name: str | None
    buyer_company_code: str | None
    buyer_vat_code: str | None
    buyer_country: str | None
    net: Money
    vat: Money
    gross: Money
    payable: Money
    line_count: int
    engine: str | None = Field(description="embedded-xml, pdf-text, tesseract, rapidocr, surya, canned")
    page_count: int | None
    extraction_ms: int | None = Field(description="reading time of the document")
    confidence: float | None = Field(description="overall extraction confidence 0..1")
    fields_read: int = Field(description="header fields of the quality set that have a value")
    fields_null: int = Field(description="header fields of the quality set left null")
    checks_total: int = Field(description="validation checks run on the document")
    checks_failed: int
    version: int = Field(description="bumped by every change (the ETag)")
    created_at: datetime
    updated_at: datetime


class InvoiceLineRow(Row):
    """One line of an invoice, in its invoice's partition."""

    line_id: str = Field(description="<invoice_id>#<position>")
    invoice_id: str
    position: int = Field(description="1-based index in the invoice's lines")
    team_id: str
    line_no: int | None = Field(description="the number printed on the document")
    code: str | None
    description: str | None
    kind: str | None = Field(description="goods or service")
    quantity: Quantity
    unit: str | None
    unit_price: Quantity
    discount: Money
    net_amount: Money
    vat_rate: Rate
    vat_amount: Money
    gross_amount: Money
    vat_classifier: str | None = Field(description="Lithuanian VAT classifier, PVM1 ...")


class VatBreakdownRow(Row):
    """One VAT rate and category of an invoice, in its invoice's partition."""

    vat_id: str = Field(description="<invoice_id>#<position>")
    invoice_id: str
    position: int
    team_id: str
    rate: Rate
    category: str | None = Field(description="EN 16931 category: S, Z, E, AE, K, G, O")
    vat_classifier: str | None
    taxable_amount: Money
    vat_amount: Money


class CreditLedgerRow(Row):
    """One credit movement: grant, hold, charge or release (live mode spends credits)."""

    id: int
    team_id: str
    kind: str
    amount: int
    job_id: str | None
    note: str | None
    created_at: datetime


class WebhookDeliveryRow(Row):
    """One delivery of an event to an endpoint, in the partition of the day it was created."""

    delivery_id: str
    endpoint_id: str
    team_id: str
    event_id: str
    event_type: str
    is_test: bool = Field(description="sent by POST /webhooks/{id}/test")
    redelivery_of: str | None
    status: str = Field(description="pending, delivered, dead_lettered, cancelled")
    attempts: int
    last_status_code: int | None
    last_error: str | None
    created_at: datetime
    delivered_at: datetime | None
    delivery_seconds: float | None = Field(description="created -> delivered")


class ExtractionQualityRow(Row):
    """How well one engine read the documents of one day."""

    quality_id: str = Field(description="<mode>:<engine>")
    engine: str
    documents: int
    pages: int
    seconds_per_page: float | None
    mean_confidence: float | None
    null_field_share: float | None = Field(description="quality-set header fields left null / all")
    failed_check_share: float | None = Field(description="failed validation checks / all checks")


class ExtractionAgreementRow(Row):
    """One field of one PDF with an embedded e-invoice: does the page reading agree with the
    XML? In the partition of the day the document was read."""

    agreement_id: str = Field(description="<job_id>#<field>")
    job_id: str
    invoice_id: str
    team_id: str
    producer: str = Field(description="the PDF's Producer (else Creator) metadata, else syntax and seller country")
    language: str | None = Field(description="the language the page is printed in")
    syntax: str = Field(description="CII D16B, CII ZUGFeRD 1.0, UBL 2.1 Invoice, UBL 2.1 CreditNote")
    engine: str = Field(description="what read the page: pdf-text, tesseract, rapidocr, surya")
    field: str = Field(description="invoiceNumber, issueDate, ..., totals.payable, or lines")
    agreement: str = Field(description="agree, disagree, page-missing (only the XML has a value), "
                                       "xml-missing (only the page has one)")
    confidence: float | None = Field(description="the page reading's confidence for the field (lines: the lowest)")
    xml_lines: int | None = Field(description="lines: how many the XML has")
    page_lines: int | None = Field(description="lines: how many the page reading found")
    matched_lines: int | None = Field(description="lines: pairs with the same quantity, net amount and description")
    read_at: datetime


TABLES: dict[str, type[Row]] = {
    "jobs": JobRow,
    "invoices": InvoiceRow,
    "invoice_lines": InvoiceLineRow,
    "invoice_vat_breakdown": VatBreakdownRow,
    "credit_ledger": CreditLedgerRow,
    "webhook_deliveries": WebhookDeliveryRow,
    "extraction_quality": ExtractionQualityRow,
    "extraction_agreement": ExtractionAgreementRow,
}


@cache
def arrow_schema(table: str) -> pa.Schema:
    """The Arrow schema of a table: columns in the model's order, `mode` first."""
    model = TABLES[table]
    names = ["mode", *(n for n in model.model_fields if n != "mode")]
    return pa.schema([_arrow_field(name, model) for name in names])


def _arrow_field(name: str, model: type[Row]) -> pa.Field:
    info = model.model_fields[name]
    args = get_args(info.annotation) if get_origin(info.annotation) in (Union, UnionType) else ()
    nullable = NoneType in args
    python_type = next(a for a in args if a is not NoneType) if nullable else info.annotation
    explicit = next((m.arrow_type for m in info.metadata if isinstance(m, Column)), None)
    metadata = {"description": info.description} if info.description else None
    return pa.field(name, explicit or _PLAIN[python_type], nullable=nullable, metadata=metadata)
