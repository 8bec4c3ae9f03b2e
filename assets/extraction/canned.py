"""The canned invoice returned in test mode (spec/invoice.md, "Test mode").

The record itself lives in schemas/canned_invoice.py (webhook test events send it too);
here it is stamped with this engine's version. Job fields (``id``, ``status``, ``mode``,
``jobId`` ...) are added by the pipeline, as for extracted invoices.
"""

from __future__ import annotations

from schemas.canned_invoice import canned_invoice as _canned_invoice
from schemas.invoice import ExtractedInvoice

from . import EXTRACTOR_VERSION


def canned_invoice(buyer: dict | None = None) -> ExtractedInvoice:
    """The canned invoice's content, as a reading of a document returns it; `buyer`
    ({name, companyCode, vatCode}) names the buyer instead of the canned one."""
    return ExtractedInvoice.model_validate(_canned_invoice(EXTRACTOR_VERSION, buyer))
