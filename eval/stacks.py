"""Boundaries of invoices in one PDF: how well ``assets.documents.boundaries`` finds them.

    python -m eval.stacks                    # 60 digital and 12 scanned stacks
    python -m eval.stacks --digital 20 --scanned 0

Each stack is 2-10 generated invoices of mixed layout families (``corpus.stacks``), read as
an upload is (``assets.ocr.read_document``) and leafed through by the detector. A boundary
is the first page of every invoice but the first; a boundary found where none is counts
against precision, one missed against recall. A stack is right when every range is.
``make eval`` reports the figures beside the extraction tables (``eval.run``), target 98 %
each, and ``tests/eval/test_stacks.py`` keeps a floor on a sample.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from assets.documents.boundaries import signs, starts_of
from assets.ocr import read_document
from corpus.stacks import stack

DIGITAL, SCANNED = 60, 12
TARGET = 0.98


def run_stack(k: int, seed: int, category: str, invoices: int | None = None) -> dict:
    made = stack(k, seed, category, invoices)
    started = time.perf_counter()
    doc = read_document(made.pdf, made.mime)
    read_s = time.perf_counter() - started
    started = time.perf_counter()
    found = starts_of([signs(page) for page in doc.pages])
    detect_s = time.perf_counter() - started
    expected, got = set(made.starts) - {1}, set(found) - {1}
    return {"id": made.id, "category": category, "invoices": len(made.starts), "pages": made.pages,
            "families": list(made.families), "expected": sorted(expected), "found": sorted(got),
            "true": len(expected & got), "false": len(got - expected), "missed": len(expected - got),
            "read_s": round(read_s, 3), "detect_s": round(detect_s, 3)}


def summarize(records: list[dict]) -> dict:
    """Precision, recall and stacks entirely right, per category and overall."""
    out = {}
    groups = {c: [r for r in records if r["category"] == c] for c in ("digital", "scan")}
    groups["all"] = records
    for name, group in groups.items():
        if not group:
            continue
        tp, fp, fn = (sum(r[key] for r in group) for key in ("true", "false", "missed"))
        pages = sum(r["pages"] for r in group)
        out[name] = {"stacks": len(group), "invoices": sum(r["invoices"] for r in group), "pages": pages,
                     "boundaries": tp + fn, "precision": round(tp / (tp + fp), 4) if tp + fp else 1.0,
                     "recall": round(tp / (tp + fn), 4) if tp + fn else 1.0,
                     "stacks_right": round(sum(1 for r in group if not r["false"] and not r["missed"]) / len(group), 4),
                     "detect_ms_per_page": round(1000 * sum(r["detect_s"] for r in group) / pages, 1)}
    return out


def evaluate(digital: int = DIGITAL, scanned: int = SCANNED, seed: int = 1, progress: bool = True) -> dict:
    """Score ``digital`` digital and ``scanned`` scanned stacks; the summary and every miss."""
    plan = [(k, "digital") for k in range(digital)] + [(digital + k, "scan") for k in range(scanned)]
    records = []
    started = time.monotonic()
    for n, (k, category) in enumerate(plan, 1):
        records.append(run_stack(k, seed, category))
        if progress and (n % 10 == 0 or n == len(plan)):
            print(f"  stacks {n}/{len(plan)} ({time.monotonic() - started:.0f} s)", file=sys.stderr)
    wrong = [{key: r[key] for key in ("id", "families", "expected", "found")}
             for r in records if r["false"] or r["missed"]]
    return {"seed": seed, "target": TARGET, "summary": summarize(records), "wrong": wrong}


def print_stacks(results: dict, file=sys.stdout) -> None:
    print("\n== invoices in one PDF: boundaries found in generated stacks of 2-10 invoices "
          f"(target {100 * TARGET:.0f} % each)", file=file)
    print(f"{'category':<9} {'stacks':>6} {'invoices':>8} {'pages':>6} {'bounds':>6} {'P%':>6} {'R%':>6} "
          f"{'stacks right%':>14} {'ms/page':>8}", file=file)
    for name, s in results["summary"].items():
        print(f"{name:<9} {s['stacks']:>6} {s['invoices']:>8} {s['pages']:>6} {s['boundaries']:>6} "
              f"{100 * s['precision']:6.1f} {100 * s['recall']:6.1f} {100 * s['stacks_right']:14.1f} "
              f"{s['detect_ms_per_page']:8.1f}", file=file)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Invoice boundaries in generated stacks.")
    parser.add_argument("--digital", type=int, default=DIGITAL)
    parser.add_argument("--scanned", type=int, default=SCANNED)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    results = evaluate(args.digital, args.scanned, args.seed)
    print_stacks(results)
    for miss in results["wrong"]:
        print("  " + json.dumps(miss, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
