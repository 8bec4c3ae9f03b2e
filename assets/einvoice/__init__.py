"""Embedded e-invoices: a PDF that carries its invoice as XML is read from the XML.

Factur-X / ZUGFeRD 2 / XRechnung (CII D16B), ZUGFeRD 1 (CII ``1p0``), UBL 2.1 Invoice
or CreditNote (Peppol BIS 3 among them) and Poland's KSeF FA(2)/FA(3) attached to a PDF
hold every field exactly, so reading the page would only add errors.
``find_embedded(data)`` finds and parses the XML (cheap: PDFs without attachments return
at once); ``embedded_invoice(found, doc)`` turns it into the DTO
with ``extraction.engine = "embedded-xml"`` and checks it against the page's words.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from decimal import Decimal

from ..extraction import ALL_LABELS, EXTRACTOR_VERSION, header
from ..extraction.fields import Layout
from ..extraction.validation import overall, validate
from ..ocr.model import Document
from .attachment import find_invoice_xml
from .cii import is_cii, read_cii
from .crosscheck import cross_check
from .invoice import build
from .ksef import is_ksef, read_ksef, syntax as ksef_syntax
from .ubl import read_ubl
from .xmlpath import local_name

__all__ = ["EmbeddedInvoice", "find_embedded", "embedded_invoice", "ENGINE"]

ENGINE = "embedded-xml"
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class EmbeddedInvoice:
    """The parsed XML of a PDF's e-invoice (see ``cii.read_cii``), with where it came from."""

    filename: str
    syntax: str
    parsed: dict


def find_embedded(data: bytes) -> EmbeddedInvoice | None:
    """The PDF's e-invoice, parsed; None when it has none or the XML holds no invoice."""
    try:
        found = find_invoice_xml(data)
        if found is None:
            return None
        name, root = found
        parsed = read_cii(root) if is_cii(root) else read_ksef(root) if is_ksef(root) else read_ubl(root)
    except Exception:  # a broken attachment must not fail a PDF the page reader can read
        log.warning("embedded e-invoice could not be read; reading the page instead", exc_info=True)
        return None
    if parsed["invoiceNumber"] is None or parsed["totals"]["gross"] is None:
        return None
    return EmbeddedInvoice(name, _syntax(root), parsed)


def _syntax(root) -> str:
    if is_ksef(root):
        return ksef_syntax(root)
    name = local_name(root)
    if name == "CrossIndustryDocument":
        return "CII ZUGFeRD 1.0"
    if name == "CrossIndustryInvoice":
        return "CII D16B"
    return f"UBL 2.1 {name}"


def embedded_invoice(found: EmbeddedInvoice, doc: Document) -> dict:
    """The DTO from the XML, cross-checked against the page (``doc``'s words)."""
    started = time.perf_counter()
    invoice, confidence = build({**found.parsed, "lines": [dict(x) for x in found.parsed["lines"]]})
    layout = Layout(doc, ALL_LABELS)
    invoice["language"] = header.language(layout)
    title = header.vat_invoice_if_registered(header.document_type(layout), (invoice["seller"] or {}).get("vatCode"))
    if invoice["documentType"] == "invoice" and title is not None and title.value == "vat_invoice":
        invoice["documentType"] = "vat_invoice"
    invoice["pageCount"] = len(doc.pages)

    warnings: list[str] = []
    # Checks only: the values are the XML's own, so the checks do not re-score them.
    same_base = found.parsed["lineTotal"] is None or found.parsed["lineTotal"] == _dec(invoice["totals"]["net"])
    checks = validate({**invoice, "lines": invoice["lines"] if same_base else []}, dict(confidence),
                      warnings)
    sources: dict[str, dict] = {}
    page_checks, page_warnings = cross_check(invoice, layout, confidence, sources)
    invoice["validation"] = {"checks": checks + page_checks, "warnings": warnings + page_warnings}
    invoice["confidence"] = {"overall": overall(confidence), "fields": confidence}
    invoice["sources"] = sources
    invoice["extraction"] = {
        "engine": ENGINE,
        "textLayer": doc.text_layer,
        "durationMs": round((time.perf_counter() - started) * 1000),
        "version": EXTRACTOR_VERSION,
        "embeddedFile": found.filename,
        "syntax": found.syntax,
    }
    return invoice


def _dec(value: str | None) -> Decimal | None:
    return Decimal(value) if value is not None else None
