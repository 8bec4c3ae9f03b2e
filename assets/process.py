"""One document in, one invoice DTO out: the function the pipeline and the CLI share.

Keeping this the single entry point means the Dagster asset and ``invoices extract FILE``
cannot drift apart: same reader, same extraction, same guard rails and timing.
"""

from __future__ import annotations

import time

from schemas.invoice import ExtractedInvoice

from .einvoice import embedded_invoice, find_embedded
from .extraction import extract_invoice
from .ocr import read_document
from .ocr.model import DocumentError

__all__ = ["process_document", "DocumentError"]


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
    started = time.perf_counter()
    # A PDF that embeds its e-invoice (Factur-X, ZUGFeRD, XRechnung, UBL) is read from the
    # XML; the page is still read, to cross-check it and to count pages.
    embedded = find_embedded(data) if _is_pdf(mime) else None
    doc = read_document(data, mime, time_limit_s=time_limit_s)
    invoice = embedded_invoice(embedded, doc) if embedded is not None else extract_invoice(doc)
    invoice["pageCount"] = len(doc.pages)
    invoice["extraction"]["durationMs"] = round((time.perf_counter() - started) * 1000)
    return ExtractedInvoice.model_validate(invoice)


def _is_pdf(mime: str) -> bool:
    return (mime or "").split(";", 1)[0].strip().lower() == "application/pdf"
