"""`json`: the invoice DTO (spec/invoice.md) as a file, exactly as GET /invoices/{id} returns it.

No preprocessing: the DTO is the contract, so an export never refuses it and never alters
it (no accounting codes or rates are needed to read it).
"""

import json

from core.books.exports import ExportLookups
from core import errors
from exporters import naming
from exporters.model import ExportFile
from exporters.preprocess import document_number
from schemas.invoice import Invoice

CONTENT_TYPE = "application/json; charset=utf-8"


def render(invoice: Invoice, lookups: ExportLookups) -> ExportFile:
    body = json.dumps(invoice.dto(), ensure_ascii=False, indent=2).encode("utf-8") + b"\n"
    try:
        number = document_number(invoice)[0]
    except errors.InvoiceExportUnavailablePreprocessing:
        number = None  # a DTO without a number is still exported, named by its id
    stem = naming.stem(number, invoice.id)
    return ExportFile(body, CONTENT_TYPE, f"{stem}.json")
