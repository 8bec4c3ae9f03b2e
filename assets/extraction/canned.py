"""The canned invoice returned in test mode (spec/invoice.md, "Test mode").

The record itself lives in schemas/canned_invoice.py (webhook test events send it too);
here it is stamped with this engine's version. Job fields (``id``, ``status``, ``mode``,
``jobId`` ...) are added by the pipeline, as for extracted invoices.
"""

from __future__ import annotations

from schemas.canned_invoice import canned_invoice as _canned_invoice

from . import EXTRACTOR_VERSION


def canned_invoice() -> dict:
    """A fresh copy of the canned invoice (callers may add job fields to it)."""
    return _canned_invoice(EXTRACTOR_VERSION)
