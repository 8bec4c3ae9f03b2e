"""Finding the e-invoice XML a PDF carries as an attachment.

Factur-X and ZUGFeRD 2 name it ``factur-x.xml`` / ``zugferd-invoice.xml``, ZUGFeRD 1
``ZUGFeRD-invoice.xml``, XRechnung-in-PDF ``xrechnung.xml``; other senders attach UBL or
CII under any name. The ``factur-x`` library reads the attachment (and knows which name
may hold which flavour); a PDF without any attachment is recognised by PDFium in well
under a millisecond, so ordinary PDFs pay nothing for the check.
"""

from __future__ import annotations

import logging

import pypdfium2 as pdfium
from facturx import get_xml_from_pdf
from lxml import etree

from ..ocr.pdf_text import _PDFIUM_LOCK
from .cii import is_cii
from .ksef import is_ksef
from .ubl import is_ubl

STANDARD_NAMES = ["factur-x.xml", "zugferd-invoice.xml", "ZUGFeRD-invoice.xml", "xrechnung.xml"]
# The XML of an invoice is small; anything far larger is not one worth parsing.
MAX_XML_BYTES = 20_000_000
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)

log = logging.getLogger(__name__)


def find_invoice_xml(data: bytes) -> tuple[str, etree._Element] | None:
    """``(attachment name, parsed root)`` of the PDF's e-invoice, or None."""
    names = _attachment_names(data)
    if not names:
        return None
    for patterns in (STANDARD_NAMES, ["*.xml"]):
        try:
            name, xml = get_xml_from_pdf(data, check_xsd=False, filenames=patterns)
        except Exception as exc:  # a PDF pypdf cannot parse: PDFium below may still read it
            log.debug("factur-x could not read the attachments: %s", exc)
            break
        root = _invoice_root(xml) if name else None
        if root is not None:
            return name, root
    return _any_invoice_attachment(data)


def with_pdf(data: bytes, read):
    """``read(pdf)`` on the bytes opened by pypdfium2 under the readers' lock, closed after;
    None when the bytes are no PDF."""
    with _PDFIUM_LOCK:
        try:
            pdf = pdfium.PdfDocument(data)
        except pdfium.PdfiumError:
            return None
        try:
            return read(pdf)
        finally:
            pdf.close()


def _attachment_names(data: bytes) -> list[str]:
    return with_pdf(data, lambda pdf: [pdf.get_attachment(i).get_name() for i in range(pdf.count_attachments())]) \
        or []


def _any_invoice_attachment(data: bytes) -> tuple[str, etree._Element] | None:
    """Every attachment, whatever its name, whose XML root is a CII, UBL or KSeF invoice."""
    with _PDFIUM_LOCK:
        pdf = pdfium.PdfDocument(data)
        try:
            attachments = [(a.get_name(), a.get_data()) for a in
                           (pdf.get_attachment(i) for i in range(pdf.count_attachments()))]
        finally:
            pdf.close()
    for name, content in attachments:
        root = _invoice_root(bytes(content))
        if root is not None:
            return name, root
    return None


def _invoice_root(xml: bytes | None) -> etree._Element | None:
    if not xml or len(xml) > MAX_XML_BYTES:
        return None
    try:
        root = etree.fromstring(xml, _PARSER)
    except etree.XMLSyntaxError:
        return None
    return root if is_cii(root) or is_ubl(root) or is_ksef(root) else None
