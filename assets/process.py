"""One document in, one invoice DTO out: the function the pipeline and the CLI share.

Keeping this the single entry point means the Dagster asset and ``invoices extract FILE``
cannot drift apart: same reader, same extraction, same guard rails and timing.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from schemas import document_warnings
from schemas.invoice import ExtractedInvoice

from .documents import boundaries
from .einvoice import EmbeddedInvoice, embedded_invoice, find_embedded, qr_codes, shadow
from .extraction import extract_invoice, per_document
from .ocr import read_document
from .ocr.model import Document, DocumentError

__all__ = ["process_document", "read_upload", "Reading", "DocumentError"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Reading:
    """What the pipeline keeps of one document: the invoice it serves and, for a PDF with an
    embedded e-invoice, its page reading compared with the XML (never part of the invoice)."""

    invoice: ExtractedInvoice
    comparison: shadow.Comparison | None = None


def process_document(data: bytes, mime: str, *, time_limit_s: float | None = None) -> ExtractedInvoice:
    """Read and extract one document (PDF, JPEG, PNG or WebP) into the invoice's content.

    The result is checked against the contract (``schemas.invoice.ExtractedInvoice``) here,
    at the engine's edge, so a malformed value is a bug of the engine that names the field,
    never a record the API would serve against its own OpenAPI document.

    ``time_limit_s`` bounds the processing time; it is checked before each page is read,
    so a document stops at most one page after the limit, with
    ``DocumentError("processing exceeded N s")``. Every problem with the file itself
    (type, size, page count, corruption, time) is a ``DocumentError``; other exceptions
    are bugs or deployment problems (e.g. missing Tesseract data).
    """
    return _read(data, mime, time_limit_s, compare=False).invoice


def read_upload(data: bytes, mime: str, *, time_limit_s: float | None = None) -> Reading:
    """``process_document``, and for a PDF that embeds its e-invoice the page read on its
    own too and compared with the XML (``assets.einvoice.shadow``): the pipeline's reading.

    The comparison reuses the page already read (no second OCR) and runs after the invoice
    is timed and checked, so the served invoice is the same either way; a comparison that
    fails is logged and left out, never the job's failure."""
    return _read(data, mime, time_limit_s, compare=True)


def _read(data: bytes, mime: str, time_limit_s: float | None, compare: bool) -> Reading:
    started = time.perf_counter()
    per_document.start()
    # A PDF that embeds its e-invoice (Factur-X, ZUGFeRD, XRechnung, UBL) is read from the
    # XML; the page is still read, to cross-check it and to count pages.
    embedded = find_embedded(data) if _is_pdf(mime) else None
    doc = read_document(data, mime, time_limit_s=time_limit_s)
    if embedded is not None:
        invoice = embedded_invoice(embedded, doc)
        qr_codes.attach(invoice, data, mime, doc)  # payment and KSeF codes as evidence, recorded in qrCodes
    else:
        invoice = _first_invoice(data, mime, doc)
    invoice["pageCount"] = len(doc.pages)
    invoice["extraction"]["durationMs"] = round((time.perf_counter() - started) * 1000)
    extracted = ExtractedInvoice.model_validate(invoice)
    comparison = _compare(data, embedded, doc, invoice) if compare and embedded is not None else None
    return Reading(extracted, comparison)


def _first_invoice(data: bytes, mime: str, doc: Document) -> dict:
    """The invoice of a read document; of a file holding several (``assets.documents.boundaries``),
    the first one, read from its pages alone, with the ``document.multiple_invoices`` warning
    naming every invoice's pages. Sources keep the file's page numbers."""
    found = boundaries.detect(doc)
    if len(found) < 2:
        invoice = extract_invoice(doc)
        qr_codes.attach(invoice, data, mime, doc)  # payment and KSeF codes as evidence, recorded in qrCodes
        return invoice
    first, last = found[0]
    pages = Document(doc.pages[first - 1:last])
    invoice = extract_invoice(pages)
    qr_codes.attach(invoice, data, mime, doc, pages=(first, last))
    invoice["validation"] = invoice.get("validation") or {"checks": [], "warnings": []}
    invoice["validation"]["warnings"].append(document_warnings.multiple_invoices(found))
    return invoice


def _compare(data: bytes, embedded: EmbeddedInvoice, doc: Document, invoice: dict) -> shadow.Comparison | None:
    started = time.perf_counter()
    try:
        page = extract_invoice(doc)
        country = ((invoice.get("seller") or {}).get("address") or {}).get("country")
        return shadow.compare(
            invoice, page, syntax=embedded.syntax, producer=shadow.producer(data, embedded.syntax, country),
            engine=doc.engine, page_text=doc.text, duration_ms=round((time.perf_counter() - started) * 1000),
        )
    except Exception:  # the comparison measures the page reader; it must never cost the invoice
        log.exception("the page reading of an embedded e-invoice could not be compared")
        return None


def _is_pdf(mime: str) -> bool:
    return (mime or "").split(";", 1)[0].strip().lower() == "application/pdf"
