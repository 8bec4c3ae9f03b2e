"""Comparing an extracted invoice with its ground truth.

Header fields are compared as DTO strings after light normalisation that a bookkeeper
would not care about (Unicode form, runs of spaces, the style of quote marks around a
company name). Everything else must be exact: a VAT code with one wrong digit is wrong.

Line items are matched one to one: an extracted line is a true positive when an unmatched
expected line has the same quantity, unit price and net amount and a description that is
the same text (similarity >= 0.9 after normalisation, so one OCR-dropped diacritic on a
long description still counts). Precision = matched / extracted, recall = matched /
expected.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from assets.einvoice.shadow import get, norm  # one normalisation for the evaluation and the daily comparison

HEADER_FIELDS = [
    "invoiceNumber", "issueDate", "dueDate", "currency",
    "seller.name", "seller.companyCode", "seller.vatCode",
    "buyer.name", "buyer.companyCode", "buyer.vatCode",
    "totals.net", "totals.vat", "totals.gross",
]
# Reported, not part of the header score.
EXTRA_FIELDS = ["documentType", "series", "number", "deliveryDate", "seller.iban", "buyer.iban"]
LINE_KEYS = ("quantity", "unitPrice", "netAmount")
DESCRIPTION_SIMILARITY = 0.9


def field_correct(expected, got) -> bool:
    return norm(expected) == norm(got)


def _desc(text: str | None) -> str:
    return re.sub(r"\s+", " ", norm(text) or "").lower()


def match_lines(expected: list[dict], got: list[dict]) -> int:
    """Number of extracted lines that match an expected line (one to one)."""
    free = list(range(len(expected)))
    matched = 0
    for line in got:
        for k in free:
            want = expected[k]
            if all(norm(want[key]) == norm(line.get(key)) for key in LINE_KEYS):
                ratio = SequenceMatcher(None, _desc(want["description"]), _desc(line.get("description"))).ratio()
                if ratio >= DESCRIPTION_SIMILARITY:
                    free.remove(k)
                    matched += 1
                    break
    return matched


def score_document(expected: dict, got: dict) -> dict:
    """Per-field correctness and line counts for one document."""
    fields = {path: field_correct(get(expected, path), get(got, path)) for path in HEADER_FIELDS + EXTRA_FIELDS}
    wrong = {path: {"expected": get(expected, path), "got": get(got, path)}
             for path in HEADER_FIELDS + EXTRA_FIELDS if not fields[path]}
    lines_got = got.get("lines") or []
    return {
        "fields": fields,
        "wrong": wrong,
        "lines": {"expected": len(expected["lines"]), "extracted": len(lines_got),
                  "matched": match_lines(expected["lines"], lines_got)},
    }


def prf(matched: int, extracted: int, expected: int) -> dict:
    precision = matched / extracted if extracted else (1.0 if not expected else 0.0)
    recall = matched / expected if expected else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4),
            "matched": matched, "extracted": extracted, "expected": expected}
