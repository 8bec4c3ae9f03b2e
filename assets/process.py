"""One document in, one invoice DTO out: the function the pipeline and the CLI share.

Keeping this the single entry point means the Dagster asset and ``invoices extract FILE``
cannot drift apart: same reader, same extraction, same guard rails and timing.
"""

from __future__ import annotations

import time

from .extraction import extract_invoice
from .ocr import read_document
from .ocr.model import DocumentError

__all__ = ["process_document", "DocumentError"]


def process_document(data: bytes, mime: str, *, time_limit_s: float | None = None) -> dict:
    """Read and extract one document (PDF, JPEG, PNG or WebP) into the invoice DTO fields.

    ``time_limit_s`` bounds the processing time; it is checked before each page is read,
    so a document stops at most one page after the limit, with
    ``DocumentError("processing exceeded N s")``. Every problem with the file itself
    (type, size, page count, corruption, time) is a ``DocumentError``; other exceptions
    are bugs or deployment problems (e.g. missing Tesseract data).
    """
    started = time.perf_counter()
    doc = read_document(data, mime, time_limit_s=time_limit_s)
    invoice = extract_invoice(doc)
    invoice["pageCount"] = len(doc.pages)
    invoice["extraction"]["durationMs"] = round((time.perf_counter() - started) * 1000)
    return invoice
