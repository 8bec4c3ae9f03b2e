"""Does the page show what the embedded XML says?

A Factur-X PDF is two documents in one file, and nothing forces them to agree: a
template bug or a doctored PDF can print one total and embed another. The invoice
number, issue date and gross total are looked for on the page; each one found gives its
source box, each one missing lowers that field's confidence and adds a warning, so the
invoice goes to review instead of being booked from a disagreeing file.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from ..extraction.amounts import find_amounts
from ..extraction.dates import find_dates
from ..extraction.fields import Layout, Span, TextLine

# Confidence of a value the page contradicts (or does not show): below every review bar.
MISMATCH_CONFIDENCE = 0.5
CHECKED = ("invoiceNumber", "issueDate", "totals.gross")


def cross_check(invoice: dict, layout: Layout, confidence: dict[str, float],
                sources: dict[str, dict]) -> tuple[list[dict], list[str]]:
    """Checks and warnings; lowers ``confidence`` and fills ``sources`` in place."""
    lines = list(layout.iter_lines(include_excluded=True))
    if not lines:
        return [], ["the page has no readable text: the embedded invoice was not cross-checked"]
    checks, warnings = [], []
    for path in CHECKED:
        value = _get(invoice, path)
        if value is None:
            continue
        span = _find(path, value, lines)
        code = "embedded." + {"invoiceNumber": "invoice_number", "issueDate": "issue_date",
                              "totals.gross": "gross_total"}[path] + "_on_page"
        checks.append({"code": code, "passed": span is not None,
                       "detail": f"{path} {value} {'found' if span else 'not found'} on the page"})
        if span is None:
            confidence[path] = min(confidence.get(path, 1.0), MISMATCH_CONFIDENCE)
            warnings.append(f"{path}: the embedded XML says {value}, the page does not show it")
        else:
            sources[path] = {"page": span.page, "bbox": span.bbox}
    return checks, warnings


def _get(invoice: dict, path: str):
    head, _, tail = path.partition(".")
    return invoice[head][tail] if tail else invoice[head]


def _find(path: str, value: str, lines: list[TextLine]) -> Span | None:
    finder = {"invoiceNumber": _find_identifier, "issueDate": _find_date, "totals.gross": _find_amount}[path]
    for line in lines:
        span = finder(value, line)
        if span is not None:
            return span
    return None


def _find_identifier(value: str, line: TextLine) -> Span | None:
    """The number as printed, spaces between its characters allowed ("INV 2026 0042")."""
    chars = [re.escape(ch) for ch in value if not ch.isspace()]
    if not chars:
        return None
    m = re.search(r"(?<![\w])" + r"\s?".join(chars) + r"(?![\w])", line.text, re.IGNORECASE)
    return line.span(m.start(), m.end()) if m else None


def _find_date(value: str, line: TextLine) -> Span | None:
    wanted = date.fromisoformat(value)
    for found in find_dates(line.text):
        if found.value == wanted:
            return line.span(found.start, found.end)
    return None


def _find_amount(value: str, line: TextLine) -> Span | None:
    """The gross total; a credit note may print it without its minus sign."""
    wanted = abs(Decimal(value))
    for found in find_amounts(line.text):
        if abs(found.value) == wanted:
            return line.span(found.start, found.end)
    return None
