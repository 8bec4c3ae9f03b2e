"""The page reading of an e-invoice PDF, compared with its embedded XML: truth from real traffic.

A PDF that embeds its e-invoice is answered from the XML (``embedded_invoice``), but its page
has been read anyway (to cross-check it and count pages). Extracting the invoice from that
already-read page too (``extract_invoice(doc)``: no second OCR, milliseconds for a text
layer) and comparing it with the XML field by field says how well the page reader does on
the documents partners really send, with the XML as the answer key. Nothing of it reaches
the served invoice.

Per field the page reading either agrees with the XML, disagrees, is missing where the XML
has a value (``page-missing``) or has a value the XML lacks (``xml-missing``); a field
neither has is not compared. Values are compared as ``make eval`` scores them
(``eval/score.py``): Unicode form, runs of spaces and quote styles do not count, amounts
compare as numbers, everything else must be exact. Line items are matched one to one on
quantity and net amount with descriptions at least 0.9 similar; they agree when every line
of each side found its partner.

``Comparison.fields`` (agreement and the page's confidence per field) is kept for good;
``pairs`` (both values of each field, both sides' lines) and ``page_text`` are the
document's content and go with its uploaded file (``core.jobs.retention.purge_files``).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from difflib import SequenceMatcher

from .attachment import with_pdf

__all__ = ["Comparison", "compare", "producer", "FIELDS", "LINES", "AGREEMENTS"]

AGREE, DISAGREE, PAGE_MISSING, XML_MISSING = "agree", "disagree", "page-missing", "xml-missing"
AGREEMENTS = (AGREE, DISAGREE, PAGE_MISSING, XML_MISSING)
FIELDS = (
    "invoiceNumber", "issueDate", "dueDate", "currency",
    "seller.name", "seller.companyCode", "seller.vatCode",
    "buyer.name", "buyer.companyCode", "buyer.vatCode",
    "totals.net", "totals.vat", "totals.gross", "totals.payable",
)
LINES = "lines"
AMOUNTS = {"totals.net", "totals.vat", "totals.gross", "totals.payable"}
LINE_KEYS = ("quantity", "netAmount")
LINE_CONFIDENCE_KEYS = ("quantity", "netAmount", "description")
DESCRIPTION_SIMILARITY = 0.9
MAX_PAGE_TEXT = 64_000  # characters of the page text kept beside the pairs
MAX_PRODUCER = 200
# What PDF libraries write when the application told them nothing.
_PLACEHOLDERS = {"", "anonymous", "unknown", "unspecified", "untitled"}

_QUOTES = str.maketrans({"„": '"', "“": '"', "”": '"', "«": '"', "»": '"', "'": '"', "‘": '"', "’": '"',
                         "–": "-", "—": "-"})

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Comparison:
    """One document's page reading against its XML."""

    syntax: str
    producer: str
    language: str | None
    engine: str  # what read the page: pdf-text, tesseract, ...
    duration_ms: int  # the page's own extraction, in addition to the served reading
    fields: dict[str, dict]  # path -> {agreement, confidence}; lines add xmlLines, pageLines, matchedLines
    pairs: dict[str, dict]  # path -> {xml, page}: the document's content (goes with its file)
    page_text: str


def get(obj: dict | None, path: str):
    for part in path.split("."):
        if not isinstance(obj, dict):
            return None
        obj = obj.get(part)
    return obj


def norm(value) -> str | None:
    if value is None:
        return None
    text = unicodedata.normalize("NFC", str(value)).translate(_QUOTES)
    return " ".join(text.split()) or None


def _number(value) -> Decimal | None:
    try:
        return Decimal(str(value)) if value is not None else None
    except InvalidOperation:
        return None


def same(path: str, xml, page) -> bool:
    if path in AMOUNTS or path.endswith(("quantity", "netAmount")):
        a, b = _number(xml), _number(page)
        if a is not None and b is not None:
            return a == b
    return norm(xml) == norm(page)


def agreement(path: str, xml, page) -> str | None:
    """agree / disagree / page-missing / xml-missing; None when neither side has a value."""
    has_xml, has_page = norm(xml) is not None, norm(page) is not None
    if not has_xml and not has_page:
        return None
    if not has_page:
        return PAGE_MISSING
    if not has_xml:
        return XML_MISSING
    return AGREE if same(path, xml, page) else DISAGREE


def _description(text) -> str:
    return re.sub(r"\s+", " ", norm(text) or "").lower()


def match_lines(xml_lines: list[dict], page_lines: list[dict]) -> int:
    """How many page lines have an XML line of their own: same quantity and net amount, a
    description at least 0.9 similar."""
    free = list(range(len(xml_lines)))
    matched = 0
    for line in page_lines:
        for k in free:
            want = xml_lines[k]
            if all(same(key, want.get(key), line.get(key)) for key in LINE_KEYS):
                ratio = SequenceMatcher(None, _description(want.get("description")),
                                        _description(line.get("description"))).ratio()
                if ratio >= DESCRIPTION_SIMILARITY:
                    free.remove(k)
                    matched += 1
                    break
    return matched


def _lines(xml: dict, page: dict) -> dict | None:
    xml_lines = [x for x in xml.get("lines") or [] if isinstance(x, dict)]
    page_lines = [x for x in page.get("lines") or [] if isinstance(x, dict)]
    if not xml_lines and not page_lines:
        return None
    matched = match_lines(xml_lines, page_lines)
    if not page_lines:
        verdict = PAGE_MISSING
    elif not xml_lines:
        verdict = XML_MISSING
    else:
        verdict = AGREE if matched == len(xml_lines) == len(page_lines) else DISAGREE
    fields = (page.get("confidence") or {}).get("fields") or {}
    scores = [fields[key] for i in range(len(page_lines)) for name in LINE_CONFIDENCE_KEYS
              if (key := f"lines[{i}].{name}") in fields]
    return {"agreement": verdict, "confidence": min(scores) if scores else None,
            "xmlLines": len(xml_lines), "pageLines": len(page_lines), "matchedLines": matched}


def _line_pair(line: dict) -> dict:
    return {key: line.get(key) for key in ("description", "quantity", "unitPrice", "netAmount")}


def compare(xml: dict, page: dict, *, syntax: str, producer: str, engine: str, page_text: str = "",
            duration_ms: int = 0) -> Comparison:
    """``xml``: the invoice read from the embedded XML (the served one); ``page``: the invoice
    read from the page alone. The document's language is the one the page is printed in."""
    confidence = (page.get("confidence") or {}).get("fields") or {}
    fields: dict[str, dict] = {}
    pairs: dict[str, dict] = {}
    for path in FIELDS:
        x, p = get(xml, path), get(page, path)
        verdict = agreement(path, x, p)
        if verdict is None:
            continue
        score = confidence.get(path)
        fields[path] = {"agreement": verdict, "confidence": float(score) if score is not None else None}
        pairs[path] = {"xml": x, "page": p}
    lines = _lines(xml, page)
    if lines is not None:
        fields[LINES] = lines
        pairs[LINES] = {"xml": [_line_pair(x) for x in xml.get("lines") or []],
                        "page": [_line_pair(x) for x in page.get("lines") or []]}
    return Comparison(
        syntax=syntax, producer=producer, language=xml.get("language") or page.get("language"),
        engine=engine, duration_ms=duration_ms, fields=fields, pairs=pairs, page_text=page_text[:MAX_PAGE_TEXT],
    )


def producer(data: bytes, syntax: str, seller_country: str | None) -> str:
    """What made the PDF: its Producer, else its Creator metadata; for a PDF that names
    neither, the e-invoice's syntax and the seller's country ("CII D16B DE")."""
    for value in _metadata(data):
        cleaned = " ".join(str(value).split())
        if cleaned.lower() not in _PLACEHOLDERS:
            return cleaned[:MAX_PRODUCER]
    return " ".join(filter(None, (syntax, seller_country)))[:MAX_PRODUCER]


def _metadata(data: bytes) -> list[str]:
    def read(pdf) -> dict:
        try:
            return pdf.get_metadata_dict(skip_empty=True)
        except Exception:  # metadata is a nicety: a PDF that hides it still has its syntax
            log.debug("PDF metadata could not be read", exc_info=True)
            return {}

    info = with_pdf(data, read) or {}
    return [info[key] for key in ("Producer", "Creator") if info.get(key)]
