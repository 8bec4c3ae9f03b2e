"""The real tune set: invoices nobody here generated, scored per producer family.

``../shared/realworld-tune`` (or ``INVOICES_REALWORLD_DIR``) holds real PDFs in ``docs/``
with their embedded e-invoice removed, so they must be read from the page, and their truth
in ``truth/<stem>.truth.json``. The truth keeps a value only where the page prints it: a
null there means the page shows none, so a value the engine reports for it is an invented
one and counts as wrong.

Scored like the generated corpus (``score.norm`` comparisons), on the fields the truth
carries: the header fields below and line items matched on description, quantity and net
amount. Where the truth lists only some of the printed lines (``linesComplete: false``),
recall counts against the listed ones and extracted lines beyond them are not held against
precision. A truth that lists no line at all knows nothing of the page's items: EN 16931
requires at least one invoice line, so an e-invoice without any is of a profile that leaves
them out (MINIMUM, BASIC WL), not an invoice whose page prints none. Its extracted lines
are not scored; whether they add up to the truth's net total is reported beside
(``unlisted``). A line's description matches when it is the truth's text, or when the truth
holds only the item's name and the page prints the name with its description after a colon
("Luftballon: Bunt, ca. 500ml" for the name "Luftballon", EN 16931 BT-153 and BT-154).

The same documents are also read as a scanner gives them (``scanned_pdf``: every page
rendered at ``SCAN_DPI`` in grey into an image-only PDF, so OCR reads real layouts, fonts
and label wordings, monospaced ones included, that the generated scans never print), and
scored alike per family; and its one-page documents as a phone photographs them
(``photographed``: ``corpus.degrade.photo``, close-ups and photos taken at a desk, with a
seed of the document's name so the photo is the same every run), and three times each close
up (``close_photographed``): real layouts as the generated close-ups' reader (Tesseract)
reads them, where the held-out families' close photos lose most beside the tune ones.

This set is for tuning mechanisms, not files: no value, label or layout of one of its
documents may become a rule (see docs/extraction.md).
"""

from __future__ import annotations

import io
import json
import os
import re
import time
from decimal import Decimal
from difflib import SequenceMatcher
from pathlib import Path

from assets.extraction import extract_invoice
from assets.process import process_document

from .score import get, norm

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DIR = ROOT.parent / "shared" / "realworld-tune"
REAL_FIELDS = [
    "invoiceNumber", "issueDate", "dueDate", "currency",
    "seller.name", "seller.vatCode", "buyer.name", "buyer.vatCode",
    "totals.net", "totals.vat", "totals.gross",
]
REAL_EXTRA = ["documentType", "totals.payable"]
_LINE_KEYS = ("quantity", "netAmount")
DESCRIPTION_SIMILARITY = 0.9
TIME_LIMIT_S = 120
SCAN_DPI = 200  # an office scanner's usual setting for documents
CLOSE_SEEDS = (1, 2, 3)  # each one-page document photographed close up three times


def real_dir() -> Path:
    return Path(os.environ.get("INVOICES_REALWORLD_DIR") or DEFAULT_DIR)


def family_of(stem: str) -> str:
    """The producer family, from the sample corpus's file naming (``<syntax>_correct_<producer>_...``)."""
    parts = stem.split("_")
    producer = parts[2] if len(parts) > 2 and parts[1] == "correct" else parts[0]
    return re.sub(r"[^a-z0-9]+", "-", producer.lower()).strip("-") or "unknown"


def entries(directory: Path | None = None) -> list[dict]:
    directory = directory or real_dir()
    out = []
    for pdf in sorted((directory / "docs").glob("*.pdf")):
        truth = directory / "truth" / f"{pdf.stem}.truth.json"
        if truth.exists():
            out.append({"id": pdf.stem, "file": pdf, "truth": truth, "family": family_of(pdf.stem)})
    return out


def _desc(text) -> str:
    return re.sub(r"\s+", " ", norm(text) or "").lower()


def _similar(a: str, b: str) -> bool:
    return SequenceMatcher(None, a, b).ratio() >= DESCRIPTION_SIMILARITY


def _line_matches(want: dict, line: dict) -> bool:
    if not all(norm(want.get(key)) == norm(line.get(key)) for key in _LINE_KEYS):
        return False
    expected, got = _desc(want.get("description")), _desc(line.get("description"))
    # The item's name printed before its description: "Name: description".
    return _similar(expected, got) or (":" in got and _similar(expected, got.split(":", 1)[0]))


def lines_unknown(truth: dict) -> bool:
    """A truth without any line: its e-invoice's profile carries none (see the module docstring)."""
    return not truth.get("lines")


def score_real(expected: dict, got: dict) -> dict:
    fields = {p: norm(get(expected, p)) == norm(get(got, p)) for p in REAL_FIELDS + REAL_EXTRA}
    wrong = {p: {"expected": get(expected, p), "got": get(got, p)} for p in REAL_FIELDS if not fields[p]}
    free = list(expected["lines"])
    matched = 0
    got_lines = got.get("lines") or []
    for line in got_lines:
        hit = next((w for w in free if _line_matches(w, line)), None)
        if hit is not None:
            free.remove(hit)
            matched += 1
    extracted = len(got_lines) if expected.get("linesComplete", True) else matched
    unlisted = None
    if lines_unknown(expected):
        extracted = 0
        unlisted = {"lines": len(got_lines), "sum_is_net": _sum_is_net(expected, got_lines)}
    return {"fields": fields, "wrong": wrong, "unlisted": unlisted,
            "lines": {"expected": len(expected["lines"]), "extracted": extracted, "matched": matched}}


def _sum_is_net(expected: dict, got_lines: list[dict]) -> bool:
    """Do the extracted lines add up to the truth's net total (an unlisted table read whole)?"""
    net = (expected.get("totals") or {}).get("net")
    amounts = [line.get("netAmount") for line in got_lines]
    if net is None or not amounts or None in amounts:
        return False
    return sum(Decimal(a) for a in amounts) == Decimal(net)


def in_our_signs(truth: dict) -> dict:
    """The truth in the DTO's convention. The truth is taken from the embedded CII, where a
    credit note's amounts are positive (its type says it credits); the DTO signs a credit
    note's totals and line amounts negative, as the generated corpus and the accounting
    exports do. Quantities keep their printed sign."""
    if truth.get("documentType") != "credit_note":
        return truth
    def neg(v):
        return None if v is None else (v[1:] if v.startswith("-") else "-" + v) if v not in ("0", "0.00") else v
    out = {**truth, "totals": {k: neg(v) for k, v in (truth.get("totals") or {}).items()}}
    out["lines"] = [{**line, "netAmount": neg(line.get("netAmount"))} for line in truth.get("lines") or []]
    return out


def scanned_pdf(data: bytes, dpi: int = SCAN_DPI) -> bytes:
    """The PDF as printed and scanned: each page rendered at ``dpi`` in grey, as an
    image-only PDF (no text layer, nothing embedded)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        images = [pdf[k].render(scale=dpi / 72, grayscale=True).to_pil().convert("L") for k in range(len(pdf))]
    finally:
        pdf.close()
    out = io.BytesIO()
    fixed = time.gmtime(946684800)  # 2000-01-01: the same bytes every time, as its words are cached by them
    images[0].save(out, "PDF", resolution=dpi, save_all=True, append_images=images[1:],
                   creationDate=fixed, modDate=fixed)
    return out.getvalue()


def page_count(entry: dict) -> int:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(entry["file"].read_bytes())
    try:
        return len(pdf)
    finally:
        pdf.close()


def photographed(entry: dict) -> tuple[bytes, str]:
    """The document's page as a phone photographs it (``corpus.degrade.photo``): the same
    photo every run, seeded by the document's name. Only a one-page document is a photo."""
    from corpus.degrade import photo

    data, mime, _ = photo(entry["file"].read_bytes(), _seeded(entry))
    return data, mime


def close_photographed(entry: dict, seed: int) -> tuple[bytes, str]:
    """The document's page photographed close up (``corpus.degrade.close_photo``: the sheet
    filling the frame at 170-230 dpi, as Tesseract reads it), one of ``CLOSE_SEEDS``
    photos, each the same every run."""
    from corpus.degrade import close_photo

    data, mime, _ = close_photo(entry["file"].read_bytes(), _seeded(entry, seed))
    return data, mime


def _seeded(entry: dict, seed: int = 0):
    """A random source seeded by the document's name (and ``seed``): its photos repeat."""
    import random
    import zlib

    return random.Random(zlib.crc32(entry["id"].encode()) + seed)


def run_real(entry: dict, scanned: bool = False, read=None, photo: bool = False, close: int | None = None) -> dict:
    """One document scored against its truth: read from its PDF, or (``scanned``) from
    ``scanned_pdf`` of it, or (``photo``) from ``photographed`` of it, or (``close``, a
    seed) from ``close_photographed``; ``read(path, data, mime)`` reads the file (the
    evaluation's OCR cache) and the invoice is extracted from what it read."""
    expected = in_our_signs(json.loads(entry["truth"].read_text()))
    started = time.perf_counter()
    error = None
    try:
        data, mime, name = entry["file"].read_bytes(), "application/pdf", entry["id"]
        if scanned:
            data, name = scanned_pdf(data), f"{entry['id']}-scanned"
        elif photo:
            (data, mime), name = photographed(entry), f"{entry['id']}-photo"
        elif close is not None:
            (data, mime), name = close_photographed(entry, close), f"{entry['id']}-close{close}"
        if read is not None:
            got = extract_invoice(read(entry["file"].with_name(name), data, mime))
        else:
            got = process_document(data, mime, time_limit_s=TIME_LIMIT_S).dto()
    except Exception as exc:  # a failure is a result: every field counts as wrong
        got, error = {"lines": []}, f"{type(exc).__name__}: {exc}"
    scored = score_real(expected, got)
    confidences = (got.get("confidence") or {}).get("fields") or {}
    reported = [[p, confidences.get(p), scored["fields"][p]] for p in REAL_FIELDS if get(got, p) is not None]
    invented = [p for p in REAL_FIELDS if get(expected, p) is None and get(got, p) is not None]
    return {"id": entry["id"], "family": entry["family"], "seconds": time.perf_counter() - started,
            "error": error, "reported": reported, "invented": invented, **scored}


def summarize_real(records: list[dict]) -> dict:
    """Per family and over all: header accuracy, per-field accuracy, line P/R/F1, how often
    a value reported at confidence >= 0.9 was right, and values invented for empty fields."""
    from .score import prf

    def one(group: list[dict]) -> dict:
        n = len(group)
        fields = {f: round(sum(r["fields"][f] for r in group) / n, 4) for f in REAL_FIELDS + REAL_EXTRA}
        header = sum(sum(r["fields"][f] for f in REAL_FIELDS) for r in group) / (n * len(REAL_FIELDS))
        high = [right for r in group for _, conf, right in r["reported"] if conf is not None and conf >= 0.9]
        return {
            "documents": n, "header_accuracy": round(header, 4), "fields": fields,
            "lines": prf(sum(r["lines"]["matched"] for r in group), sum(r["lines"]["extracted"] for r in group),
                         sum(r["lines"]["expected"] for r in group)),
            "confident": {"fields": len(high), "right": sum(high),
                          "accuracy": round(sum(high) / len(high), 4) if high else None},
            "invented": sum(len(r["invented"]) for r in group),
            "unlisted": {"documents": sum(1 for r in group if r.get("unlisted")),
                         "sum_is_net": sum(1 for r in group if (r.get("unlisted") or {}).get("sum_is_net"))},
            "errors": sum(1 for r in group if r["error"]),
            "seconds_per_document": round(sum(r["seconds"] for r in group) / n, 3),
        }

    out = {family: one([r for r in records if r["family"] == family])
           for family in sorted({r["family"] for r in records})}
    if records:
        out["all"] = one(records)
    return out


def print_real(summary: dict, file=None, title: str = "real tune set") -> None:
    import sys

    file = file or sys.stdout
    print(f"\n== {title} (per producer family)", file=file)
    print(f"{'family':<22} {'docs':>5} {'header%':>8} {'lineP%':>7} {'lineR%':>7} {'lineF1%':>8} "
          f"{'>=0.9 right':>12} {'invented':>9} {'s/doc':>6}", file=file)
    for name, s in summary.items():
        conf = s["confident"]
        right = f"{conf['right']}/{conf['fields']}" if conf["fields"] else "-"
        print(f"{name:<22} {s['documents']:>5} {100 * s['header_accuracy']:8.1f} {100 * s['lines']['precision']:7.1f} "
              f"{100 * s['lines']['recall']:7.1f} {100 * s['lines']['f1']:8.1f} {right:>12} {s['invented']:>9} "
              f"{s['seconds_per_document']:6.2f}", file=file)
    unlisted = summary.get("all", {}).get("unlisted") or {}
    if unlisted.get("documents"):
        print(f"truths that list no lines (a profile without them): {unlisted['documents']}; "
              f"extracted lines add up to their net total on {unlisted['sum_is_net']}", file=file)
    names = list(summary)
    print(f"\n{'field':<20}" + "".join(f"{n[:10]:>11}" for n in names), file=file)
    for f in REAL_FIELDS + REAL_EXTRA:
        mark = "" if f in REAL_FIELDS else " *"
        print(f"{f + mark:<20}" + "".join(f"{100 * summary[n]['fields'][f]:11.1f}" for n in names), file=file)
