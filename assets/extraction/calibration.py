"""Confidence that means something: rule scores mapped to how often such values are right.

The rules score a value by how it was found (a label with the value right of it or
under it, a pattern without a label, the letterhead, a derived total), times the OCR
confidence of its words, raised where a check passes (a checksum, totals that add up)
and capped where one fails. Those scores rank values well but are not probabilities:
a labelled name is not right 95 % of the time because its rule says 0.95.

``calibration.json`` maps each score, per kind of field and per source, to the share of
such values that were right on the corpus documents the engine is tuned on. The sources
are a PDF's text layer, Tesseract's OCR, and PP-OCR's (``rapidocr``, the reader of
small-text photos: its scores are the chance every character is right, not Tesseract's word
confidence, and its misreads are others; docs/extraction.md, "Photos"). The fit is
isotonic (never decreasing), each step taken at the lower bound of its share, so that a
value reported at 0.9 or more is right at least that often on layouts the fit never saw.
``python -m eval.calibrate`` refits it from the tune split only (``--only rapidocr``: one
source's tables, the others kept); the held-out families measure it (``make eval``).
"""

from __future__ import annotations

import json
from bisect import bisect_right
from functools import lru_cache
from pathlib import Path

from .thresholds import GUESS

TABLE = Path(__file__).with_name("calibration.json")

# The kinds of header field whose scores mean the same thing.
GROUPS = {
    "invoiceNumber": "number", "series": "number", "number": "number",
    "issueDate": "date", "dueDate": "date", "deliveryDate": "date",
    "currency": "currency",
    "seller.name": "name", "buyer.name": "name",
    "seller.companyCode": "code", "buyer.companyCode": "code",
    "seller.vatCode": "vat", "buyer.vatCode": "vat",
    "seller.iban": "vat", "buyer.iban": "vat",
    "totals.net": "amount", "totals.vat": "amount", "totals.gross": "amount",
}


def group_of(path: str) -> str | None:
    return GROUPS.get(path)


# OCR engines whose scores are fitted apart from Tesseract's ("ocr"); a table not fitted
# for one falls back to "ocr".
OWN_SOURCES = ("rapidocr",)


def source_of(text_layer: bool, engine: str | None = None) -> str:
    if text_layer:
        return "text"
    return engine if engine in OWN_SOURCES else "ocr"


@lru_cache(maxsize=1)
def _table() -> dict:
    if not TABLE.exists():
        return {}
    return json.loads(TABLE.read_text())


def key_of(path: str, text_layer: bool, unheaded: set[str] | frozenset[str] = frozenset(),
           engine: str | None = None) -> str:
    """The table a field's score is read in: its kind, its source (the text layer, or the
    OCR engine that read the page), and for a party's fields whether the party was found
    without a heading (by its codes, a letterhead, a window address), which is surer on
    some layouts than on others."""
    role = path.split(".", 1)[0]
    found = "/unheaded" if role in unheaded else ""
    return f"{group_of(path)}/{source_of(text_layer, engine)}{found}"


def _steps(table: dict, key: str) -> list | None:
    """The steps of ``key``, else of the same kind found with a heading, else (for an
    engine fitted apart) of Tesseract's OCR."""
    kind, source, *rest = key.split("/")
    for read in (source, "ocr") if source in OWN_SOURCES else (source,):
        at = "/".join((kind, read, *rest))
        steps = table.get(at) or table.get(at.removesuffix("/unheaded"))
        if steps:
            return steps
    return None


def calibrate(confidence: dict[str, float], text_layer: bool,
              unheaded: set[str] | frozenset[str] = frozenset(), engine: str | None = None) -> dict[str, float]:
    """The confidence map with every header field's score replaced by its calibrated value."""
    table = _table()
    out = dict(confidence)
    for path, score in confidence.items():
        key = key_of(path, text_layer, unheaded, engine)
        steps = _steps(table, key)
        if steps:
            value = value_at(steps, score)
            # A rule that calls its value a guess (a default currency, a total derived from
            # the other two, a check that failed) is never overruled upwards.
            out[path] = min(value, score) if score < GUESS else value
    return out


def value_at(steps: list[list[float]], score: float) -> float:
    """The calibrated value of the step a score falls in: ``steps`` is [[lowest score of
    the step, value], ...] in increasing order. A score below every step was never seen
    in the fit (a checksum that failed, say) and promises no more than itself."""
    k = bisect_right([low for low, _ in steps], score) - 1
    if k < 0:
        return min(score, steps[0][1])
    return steps[k][1]
