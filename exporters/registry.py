"""Format name → renderer: the formats of `GET /invoices/{id}/export?format=`.

A renderer takes the invoice record (`schemas.invoice.Invoice`) and its read-only lookups
(core.books.exports.ExportLookups) and returns an `ExportFile` (bytes, Content-Type, file name), or raises
`InvoiceExportUnavailablePreprocessing` with the reason. `period_of` gives, for a program
whose import file takes several invoices, how a period's invoices become that one file
(exporters/period.py); None for the formats that hold one invoice per file.
"""

from collections.abc import Callable

from core import errors
from core.books.exports import ExportLookups
from exporters import agnum, centas, cii, finvalda, json_export, period, rivile, xml_ubl
from exporters.model import ExportFile
from schemas.invoice import Invoice

Renderer = Callable[[Invoice, ExportLookups], ExportFile]

FORMATS: dict[str, Renderer] = {
    "rivile": rivile.render,
    "finvalda": finvalda.render,
    "centas": centas.render,
    "agnum": agnum.render,
    "json": json_export.render,
    "xml": xml_ubl.render,
    "cii": cii.render,  # beyond interface.md's six: documented in the OpenAPI document and docs/exports.md
}


def renderer(name: str | None) -> Renderer:
    """The renderer of a format name; export.invalid_format (400) for a missing or unknown one."""
    if not name or name not in FORMATS:
        raise errors.ExportInvalidFormat(
            f"format must be one of {', '.join(FORMATS)}" + (f"; got {name!r}" if name else "; none given")
        )
    return FORMATS[name]


def export(name: str, invoice: Invoice, lookups: ExportLookups) -> ExportFile:
    return renderer(name)(invoice, lookups)


def period_of(name: str) -> period.Period | None:
    """How a period's invoices become the program's import file, where its format takes
    several invoices in one file; None where a file holds one invoice."""
    return period.PERIODS.get(name)
