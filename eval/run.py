"""`make eval`: extraction accuracy and speed on the generated corpus and the real tune set.

    python -m eval.run                      # generate var/corpus if needed, run everything
    python -m eval.run --set real           # only the real tune set, per producer family, as PDFs
                                            # printed and scanned, and its one-page documents
                                            # photographed (OCR: minutes, --reuse-ocr)
    python -m eval.run --set generated      # only the generated corpus
    python -m eval.run --set stacks         # only the invoice boundaries in generated stacks (eval.stacks)
    python -m eval.run --split heldout      # only the held-out families
    python -m eval.run --split tune --reuse-ocr --category scan   # quick tuning loop
    python -m eval.run --language de --family cards               # one slice

Every document goes through ``assets.process.process_document``, the function the pipeline
and the CLI call, one at a time in this process (time per page is wall time on one core).
Every digital document is scored a second time with its invoice embedded as an e-invoice
(Factur-X, ZUGFeRD 1 or UBL in turn, written from its truth by ``corpus.einvoice``): the
category "embedded", which the exact XML reader must get entirely right.
The summary goes to ``eval/results.json``: per split and category, header-field accuracy,
per-field accuracy, line-item precision/recall/F1 and seconds per page; the same per layout
family, per language and per kind of document; a calibration table (how often a field the
engine reported was right, per bucket of the confidence it reported for it), because a
confidence is only useful if 0.9 means right nine times in ten or better; and every wrong
value.

Several invoices in one PDF: generated stacks of 2-10 invoices of mixed layouts
(``eval.stacks``) measure where ``assets.documents.boundaries`` says a new invoice starts,
as precision and recall of the boundaries (target 98 % each), in ``eval/results-stacks.json``.

``--reuse-ocr`` keeps each document's words in ``<corpus>/.ocr-cache`` so that a change
in extraction rules is measured in seconds; its timings are not reported.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import pickle
import sys
import time
from pathlib import Path

from assets.einvoice import embedded_invoice, find_embedded
from assets.extraction import extract_invoice
from assets.ocr import engines, read_document
from assets.process import process_document

from .calibration import BUCKETS, calibration, print_calibration, reported_fields
from .real import CLOSE_SEEDS, SCAN_DPI, page_count, print_real, real_dir, run_real, summarize_real
from .real import entries as real_entries
from .score import EXTRA_FIELDS, HEADER_FIELDS, prf, score_document
from .stacks import DIGITAL as STACKS_DIGITAL
from .stacks import SCANNED as STACKS_SCANNED
from .stacks import evaluate as evaluate_stacks
from .stacks import print_stacks

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_COUNT = 420  # corpus.generate.DEFAULT_COUNT, without importing the generator here
RESULTS = ROOT / "eval" / "results.json"
RESULTS_MD = ROOT / "eval" / "RESULTS.md"
CATEGORIES = ("digital", "scan", "photo", "embedded")
# The e-invoice syntaxes the embedded category cycles through (see ``embedded_variant``).
SYNTAXES = ("factur-x", "zugferd1", "ubl")
TIME_LIMIT_S = 120


def load_corpus(corpus: Path, count: int, seed: int, regenerate: bool = False) -> list[dict]:
    from corpus.generate import VERSION, generate

    manifest = corpus / "manifest.json"
    if not regenerate and manifest.exists():
        data = json.loads(manifest.read_text())
        if data.get("derived") and data.get("version") == VERSION:
            return data["documents"]  # photographed again from a corpus (eval.fresh_photos)
        if data.get("count") == count and data.get("seed") == seed and data.get("version") == VERSION:
            return data["documents"]

    print(f"generating {count} documents into {corpus} (seed {seed}) ...", file=sys.stderr)
    return generate(corpus, count, seed)


def _ocr_code_hash() -> str:
    """Changes whenever the readers change, so cached words are never stale."""
    digest = hashlib.sha256()
    for file in sorted((ROOT / "assets" / "ocr").glob("*.py")):
        digest.update(file.read_bytes())
    return digest.hexdigest()[:8]


def _cached_read(path: Path, data: bytes, mime: str, cache: Path):
    key = hashlib.sha256(data).hexdigest()[:12] + _ocr_code_hash() + engines.engine_name()
    file = cache / f"{path.stem}-{key}.pkl"
    if file.exists():
        return pickle.loads(file.read_bytes())
    doc = read_document(data, mime, time_limit_s=TIME_LIMIT_S)
    cache.mkdir(parents=True, exist_ok=True)
    file.write_bytes(pickle.dumps(doc))
    return doc


def run_document(entry: dict, corpus: Path, reuse_ocr: bool = False) -> dict:
    """Extract one corpus document and score it against its truth."""
    path = corpus / entry["file"]
    data = path.read_bytes()
    expected = json.loads((corpus / entry["truth"]).read_text())
    started = time.perf_counter()
    error = None
    try:
        if reuse_ocr:
            doc = _cached_read(path, data, entry["mime"], corpus / ".ocr-cache")
            embedded = find_embedded(data) if entry["mime"] == "application/pdf" else None
            got = embedded_invoice(embedded, doc) if embedded is not None else extract_invoice(doc)
            got["pageCount"] = len(doc.pages)
        else:
            got = process_document(data, entry["mime"], time_limit_s=TIME_LIMIT_S).dto()
    except Exception as exc:  # a failure is a result: every field counts as wrong
        got, error = {"lines": []}, f"{type(exc).__name__}: {exc}"
    return _record(entry, expected, got, time.perf_counter() - started, error)


def _record(entry: dict, expected: dict, got: dict, seconds: float, error: str | None, **extra) -> dict:
    """One document's scored result, with what the tables group it by."""
    scored = score_document(expected, got)
    return {"id": entry["id"], "category": entry["category"], "split": entry["split"],
            "family": entry["family"], "producer": entry["producer"], "kind": entry.get("kind", "invoice"),
            "language": entry.get("language"), "pages": entry["pages"], "seconds": seconds, "error": error,
            "reported": reported_fields(got, scored["fields"]), **extra, **scored}


def embedded_variant(entry: dict, corpus: Path, k: int) -> tuple[bytes, str]:
    """A digital document with its own invoice embedded as an e-invoice: Factur-X (CII
    D16B), ZUGFeRD 1 or a UBL attachment in turn. The XML is written from the document's
    truth by ``corpus.einvoice`` (our writer, not anyone's sample files)."""
    from corpus import einvoice

    expected = json.loads((corpus / entry["truth"]).read_text())
    pdf = (corpus / entry["file"]).read_bytes()
    syntax = SYNTAXES[k % len(SYNTAXES)]
    if syntax == "ubl":
        return einvoice.embed(pdf, einvoice.ubl(expected), name="invoice.xml"), syntax
    if syntax == "zugferd1":
        return einvoice.embed(pdf, einvoice.cii(expected, "zugferd1"), name="ZUGFeRD-invoice.xml"), syntax
    return einvoice.embed(pdf, einvoice.cii(expected, "d16b")), syntax


def run_embedded(entry: dict, corpus: Path, k: int) -> dict:
    """Score the embedded e-invoice variant of a digital document (category "embedded")."""
    data, syntax = embedded_variant(entry, corpus, k)
    expected = json.loads((corpus / entry["truth"]).read_text())
    started = time.perf_counter()
    error = None
    try:
        got = process_document(data, "application/pdf", time_limit_s=TIME_LIMIT_S).dto()
        if got["extraction"]["engine"] != "embedded-xml":
            error = f"the embedded {syntax} invoice was not read"
    except Exception as exc:
        got, error = {"lines": []}, f"{type(exc).__name__}: {exc}"
    return _record({**entry, "category": "embedded"}, expected, got, time.perf_counter() - started, error,
                   syntax=syntax)


def summarize(records: list[dict], timed: bool = True) -> dict:
    """Accuracy tables for a set of scored documents, per category and overall."""
    out: dict = {}
    groups = {cat: [r for r in records if r["category"] == cat] for cat in CATEGORIES}
    groups["all"] = [r for r in records if r["category"] != "embedded"]  # each document once
    for name, group in groups.items():
        if not group:
            continue
        fields = {f: round(sum(r["fields"][f] for r in group) / len(group), 4) for f in HEADER_FIELDS + EXTRA_FIELDS}
        header = sum(sum(r["fields"][f] for f in HEADER_FIELDS) for r in group) / (len(group) * len(HEADER_FIELDS))
        lines = prf(sum(r["lines"]["matched"] for r in group), sum(r["lines"]["extracted"] for r in group),
                    sum(r["lines"]["expected"] for r in group))
        pages = sum(r["pages"] for r in group)
        per_page = sorted(r["seconds"] / r["pages"] for r in group)
        summary = {
            "documents": len(group), "pages": pages,
            "header_accuracy": round(header, 4), "fields": fields, "lines": lines,
            "errors": sum(1 for r in group if r["error"]),
        }
        if timed:
            summary["seconds_per_page"] = round(sum(r["seconds"] for r in group) / pages, 3)
            summary["seconds_per_page_p50"] = round(per_page[len(per_page) // 2], 3)
            summary["seconds_per_page_p95"] = round(per_page[min(len(per_page) - 1, int(0.95 * len(per_page)))], 3)
        out[name] = summary
    return out


def _pct(value: float) -> str:
    return f"{100 * value:6.1f}"


def print_tables(title: str, summary: dict, file=sys.stdout) -> None:
    cats = [c for c in (*CATEGORIES, "all") if c in summary]
    print(f"\n== {title}", file=file)
    print(f"{'category':<9} {'docs':>5} {'pages':>5} {'header%':>8} {'lineP%':>7} {'lineR%':>7} {'lineF1%':>8} "
          f"{'s/page':>7} {'p50':>6} {'p95':>6}", file=file)
    for c in cats:
        s = summary[c]
        times = "".join(f"{s[key]:{w}.{d}f}" if key in s else " " * (w - 1) + "-"
                        for key, w, d in (("seconds_per_page", 8, 3), ("seconds_per_page_p50", 7, 2),
                                          ("seconds_per_page_p95", 7, 2)))
        print(f"{c:<9} {s['documents']:>5} {s['pages']:>5} {_pct(s['header_accuracy']):>8} "
              f"{_pct(s['lines']['precision']):>7} {_pct(s['lines']['recall']):>7} {_pct(s['lines']['f1']):>8}{times}",
              file=file)
    print(f"\n{'field':<20}" + "".join(f"{c:>9}" for c in cats), file=file)
    for f in HEADER_FIELDS + EXTRA_FIELDS:
        mark = "" if f in HEADER_FIELDS else " *"
        print(f"{f + mark:<20}" + "".join(f"{_pct(summary[c]['fields'][f]):>9}" for c in cats), file=file)
    print("(* reported, not in the header score)", file=file)


def failures(records: list[dict], limit: int = 60) -> list[dict]:
    out = []
    for r in records:
        for path, diff in r["wrong"].items():
            if path in HEADER_FIELDS:
                out.append({"id": r["id"], "category": r["category"], "family": r["family"],
                            "language": r["language"], "field": path, **diff})
        if r["lines"]["matched"] != r["lines"]["expected"] or r["lines"]["extracted"] != r["lines"]["expected"]:
            out.append({"id": r["id"], "category": r["category"], "family": r["family"],
                        "language": r["language"], "field": "lines", **r["lines"]})
        if r["error"]:
            out.append({"id": r["id"], "category": r["category"], "field": "error", "got": r["error"]})
    return out[:limit] if limit else out


def evaluate(entries: list[dict], corpus: Path, reuse_ocr: bool = False, progress: bool = True,
             embedded: bool = True) -> list[dict]:
    """Score every entry, and the embedded e-invoice variant of every digital one."""
    records = []
    started = time.monotonic()
    for k, entry in enumerate(entries, 1):
        records.append(run_document(entry, corpus, reuse_ocr))
        if embedded and entry["category"] == "digital":
            records.append(run_embedded(entry, corpus, k))
        if progress and (k % 20 == 0 or k == len(entries)):
            print(f"  extracted {k}/{len(entries)} ({time.monotonic() - started:.0f} s)", file=sys.stderr)
    return records


def _slices(records: list[dict], key: str, timed: bool) -> dict:
    """Per value of ``key`` (family, language, kind): the per-category summary, with the
    split it belongs to when all its documents are in one."""
    out = {}
    for value in sorted({r[key] for r in records}, key=str):
        group = [r for r in records if r[key] == value]
        summary = summarize(group, timed)
        splits = sorted({r["split"] for r in group})
        out[str(value)] = {"split": splits[0] if len(splits) == 1 else "both", **summary}
        if key == "family":
            out[str(value)]["producer"] = group[0]["producer"]
            out[str(value)]["kind"] = group[0]["kind"]
    return out


def print_slices(title: str, slices: dict, file=sys.stdout) -> None:
    """One row per slice: documents and header% / line F1% per category and overall."""
    cats = (*CATEGORIES, "all")
    print(f"\n== per {title}", file=file)
    head = "".join(f"{c[:7] + ' h/F1':>16}" for c in cats)
    print(f"{title:<20} {'split':<8} {'docs':>5}{head}", file=file)
    for name, s in slices.items():
        cells = ""
        for c in cats:
            cells += (f"{_pct(s[c]['header_accuracy'])}/{_pct(s[c]['lines']['f1']).strip():>6}".rjust(16)
                      if c in s else f"{'-':>16}")
        print(f"{name:<20} {s['split']:<8} {s['all']['documents']:>5}{cells}", file=file)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Extraction accuracy on the generated corpus.")
    parser.add_argument("--corpus", type=Path, default=ROOT / "var" / "corpus")
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--split", choices=("all", "heldout", "tune"), default="all")
    parser.add_argument("--category", choices=CATEGORIES[:3])
    parser.add_argument("--family")
    parser.add_argument("--language", help="a language code (lt, en, de, ...); bilingual documents count for both")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument("--reuse-ocr", action="store_true")
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--show-failures", type=int, default=25)
    parser.add_argument("--set", dest="which", choices=("all", "generated", "real", "stacks"), default="all",
                        help="the generated corpus, the real tune set (eval/real.py), the invoice boundaries in "
                             "generated stacks (eval/stacks.py), or all of them (default)")
    parser.add_argument("--stacks", type=int, nargs=2, metavar=("DIGITAL", "SCANNED"),
                        default=(STACKS_DIGITAL, STACKS_SCANNED), help="how many stacks of each kind")
    args = parser.parse_args(argv)

    stacks = None
    if args.which in ("all", "stacks"):
        stacks = run_stacks(args.results.with_name("results-stacks.json"), *args.stacks, seed=args.seed)
        if args.which == "stacks":
            return 0

    real_summary = scanned_summary = photo_summary = close_summary = None
    if args.which in ("all", "real"):
        real_summary = run_real_set(args.results.with_name("results-real.json"))
        # Its OCR is the scanned corpus's: words read once are reused with --reuse-ocr.
        scanned_summary = run_real_set(args.results.with_name("results-real-scanned.json"), scanned=True,
                                       cache=ROOT / "var" / "real-scanned-ocr" if args.reuse_ocr else None)
        photo_summary = run_real_set(args.results.with_name("results-real-photo.json"), photo=True,
                                     cache=ROOT / "var" / "real-photo-ocr" if args.reuse_ocr else None)
        close_summary = run_real_set(args.results.with_name("results-real-close.json"), close=True,
                                     cache=ROOT / "var" / "real-close-ocr" if args.reuse_ocr else None)
        if args.which == "real":
            return 0

    entries = load_corpus(args.corpus, args.count, args.seed, args.regenerate)
    if args.split != "all":
        entries = [e for e in entries if e["split"] == args.split]
    if args.category:
        entries = [e for e in entries if e["category"] == args.category]
    if args.family:
        entries = [e for e in entries if e["family"] == args.family]
    if args.language:
        entries = [e for e in entries if args.language in e.get("languages", [e.get("language")])]
    if args.limit:
        entries = entries[: args.limit]
    records = evaluate(entries, args.corpus, args.reuse_ocr)
    timed = not args.reuse_ocr
    results = {"corpus": {"path": str(args.corpus), "count": args.count, "seed": args.seed,
                          "selection": {"split": args.split, "category": args.category, "family": args.family,
                                        "language": args.language, "limit": args.limit}},
               "timed": timed, "splits": {}}
    for split in ("heldout", "tune"):
        chosen = [r for r in records if r["split"] == split]
        if chosen:
            results["splits"][split] = summarize(chosen, timed)
    results["splits"]["all"] = summarize(records, timed)
    results["families"] = _slices(records, "family", timed)
    results["languages"] = _slices(records, "language", timed)
    results["kinds"] = _slices(records, "kind", timed)
    results["producers"] = _slices(records, "producer", timed)
    read = [r for r in records if r["category"] != "embedded"]  # confidence is the reading engine's
    results["calibration"] = {split: calibration([r for r in read if split == "all" or r["split"] == split])
                              for split in ("heldout", "tune", "all") if split == "all" or split in results["splits"]}
    results["calibration_buckets"] = [list(b) for b in BUCKETS]
    results["failures"] = failures(records, limit=0)
    args.results.parent.mkdir(parents=True, exist_ok=True)
    args.results.write_text(json.dumps(results, ensure_ascii=False, indent=1))

    tables = io.StringIO()
    for split in ("all", "heldout", "tune"):
        if split in results["splits"]:
            print_tables(f"{split} ({results['splits'][split]['all']['documents']} documents)", results["splits"][split],
                         file=tables)
    for title, key in (("family", "families"), ("language", "languages"), ("kind", "kinds"), ("producer", "producers")):
        print_slices(title, results[key], file=tables)
    for split, table in results["calibration"].items():
        print_calibration(f"confidence calibration, {split}", table, file=tables)
    if real_summary is not None:
        print_real(real_summary, file=tables)
    if scanned_summary is not None:
        print_real(scanned_summary, file=tables, title=SCANNED_TITLE)
    if photo_summary is not None:
        print_real(photo_summary, file=tables, title=PHOTO_TITLE)
    if close_summary is not None:
        print_real(close_summary, file=tables, title=CLOSE_TITLE)
    if stacks is not None:
        print_stacks(stacks, file=tables)
    print(tables.getvalue())
    if args.show_failures:
        print(f"\nfirst {args.show_failures} failures (all in {args.results}):")
        for f in results["failures"][: args.show_failures]:
            print("  " + json.dumps(f, ensure_ascii=False))
    if args.results == RESULTS and args.split == "all" and not (args.category or args.family or args.language
                                                                or args.limit):
        write_results_md(tables.getvalue(), timed)
    return 0


def write_results_md(tables: str, timed: bool) -> None:
    """``eval/RESULTS.md``: the tables of the last whole ``make eval`` run, committed with the
    change that moved them, so a reviewer sees what a change did to accuracy."""
    RESULTS_MD.write_text(
        "# Extraction accuracy (`make eval`)\n\n"
        "Written by the last whole run of `make eval` (generated corpus, both splits, and the real tune\n"
        "set per producer family); see docs/extraction.md for what each table means."
        + ("" if timed else " Times were not measured in this run (`--reuse-ocr`).")
        + "\n\n```\n" + tables.strip() + "\n```\n")


def run_stacks(path: Path, digital: int, scanned: int, seed: int) -> dict:
    """Score the boundary detector on generated stacks (see ``eval.stacks``) and write its results."""
    print(f"reading {digital} digital and {scanned} scanned stacks of 2-10 invoices ...", file=sys.stderr)
    results = evaluate_stacks(digital, scanned, seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, ensure_ascii=False, indent=1))
    print_stacks(results)
    return results


SCANNED_TITLE = f"real tune set printed and scanned at {SCAN_DPI} dpi"
PHOTO_TITLE = "real tune set photographed (its one-page documents)"
CLOSE_TITLE = f"real tune set photographed close up (its one-page documents, {len(CLOSE_SEEDS)} photos each)"


def run_real_set(path: Path, scanned: bool = False, cache: Path | None = None, photo: bool = False,
                 close: bool = False) -> dict | None:
    """Score the real tune set per producer family (see ``eval.real``), as PDFs, (``scanned``)
    as their scans or its one-page documents as photos (``photo``) or close-ups (``close``,
    each photographed ``CLOSE_SEEDS`` times), and write its results; ``cache`` keeps the
    words OCR read."""
    found = real_entries()
    if not found:
        if not scanned and not photo and not close:
            print(f"no real tune set at {real_dir()} (set INVOICES_REALWORLD_DIR)", file=sys.stderr)
        return None
    if photo or close:
        found = [e for e in found if page_count(e) == 1]
    read = (lambda file, data, mime: _cached_read(file, data, mime, cache)) if cache is not None else None
    if close:
        records = [run_real(e, read=read, close=seed) for e in found for seed in CLOSE_SEEDS]
    else:
        records = [run_real(e, scanned=scanned, read=read, photo=photo) for e in found]
    summary = summarize_real(records)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"directory": str(real_dir()), "families": summary,
                                "failures": [{"id": r["id"], "family": r["family"], "wrong": r["wrong"],
                                              "lines": r["lines"], "error": r["error"]} for r in records]},
                               ensure_ascii=False, indent=1))
    print_real(summary, title=SCANNED_TITLE if scanned else PHOTO_TITLE if photo else CLOSE_TITLE if close
               else "real tune set")
    return summary


if __name__ == "__main__":
    raise SystemExit(main())
