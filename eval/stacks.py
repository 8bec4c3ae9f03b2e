"""Boundaries of invoices in one PDF: how well ``assets.documents.boundaries`` finds them.

    python -m eval.stacks                    # 60 digital and 12 scanned stacks
    python -m eval.stacks --digital 20 --scanned 0
    python -m eval.stacks --digital 0 --scanned 0 --real 3   # only the real piles

Each stack is 2-10 generated invoices of mixed layout families (``corpus.stacks``), read as
an upload is (``assets.ocr.read_document``) and leafed through by the detector. A boundary
is the first page of every invoice but the first; a boundary found where none is counts
against precision, one missed against recall. A stack is right when every range is.
``make eval`` reports the figures beside the extraction tables (``eval.run``), target 98 %
each, and ``tests/eval/test_stacks.py`` keeps a floor on a sample.

**Real piles.** Where the real tune set is (``eval.real``: real PDFs of three producers),
its documents are piled too: shuffled (``--real`` rounds, one seed each) and cut into piles
of 2-6, so a boundary falls between pages nobody here generated. Several of those samples
share an invoice number (one producer's examples all say 471102), which a pile of real
invoices would only show for a second copy: the detector must tell them apart by the closed
totals and a new title. Reported apart ("real"), never in the generated figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from assets.documents.boundaries import signs, starts_of
from assets.ocr import read_document
from corpus.stacks import join, page_count, stack

from .real import entries as real_entries

DIGITAL, SCANNED, REAL_ROUNDS = 60, 12, 3
TARGET = 0.98


def run_stack(k: int, seed: int, category: str, invoices: int | None = None) -> dict:
    made = stack(k, seed, category, invoices)
    return _score(made.id, category, made.pdf, made.mime, list(made.starts), list(made.families))


def _score(pile_id: str, category: str, pdf: bytes, mime: str, starts: list[int], names: list[str]) -> dict:
    started = time.perf_counter()
    doc = read_document(pdf, mime)
    read_s = time.perf_counter() - started
    started = time.perf_counter()
    found = starts_of([signs(page) for page in doc.pages])
    detect_s = time.perf_counter() - started
    expected, got = set(starts) - {1}, set(found) - {1}
    return {"id": pile_id, "category": category, "invoices": len(starts), "pages": len(doc.pages),
            "families": names, "expected": sorted(expected), "found": sorted(got),
            "true": len(expected & got), "false": len(got - expected), "missed": len(expected - got),
            "read_s": round(read_s, 3), "detect_s": round(detect_s, 3)}


def real_piles(rounds: int = REAL_ROUNDS, directory: Path | None = None) -> list[tuple[str, list[Path]]]:
    """The real tune set's PDFs shuffled ``rounds`` times and cut into piles of 2-6."""
    files = [entry["file"] for entry in real_entries(directory)]
    out = []
    for r in range(rounds):
        rng = random.Random(r)
        order = files[:]
        rng.shuffle(order)
        i = 0
        while i < len(order):
            group = order[i:i + rng.randint(2, 6)]
            i += len(group)
            if len(group) > 1:
                out.append((f"real-{r}-{len(out):03d}", group))
    return out


def run_real_pile(pile_id: str, files: list[Path]) -> dict:
    pdfs = [f.read_bytes() for f in files]
    starts, page = [], 1
    for pdf in pdfs:
        starts.append(page)
        page += page_count(pdf)
    return _score(pile_id, "real", join(pdfs), "application/pdf", starts, [f.stem for f in files])


def summarize(records: list[dict]) -> dict:
    """Precision, recall and stacks entirely right, per category and overall."""
    out = {}
    groups = {c: [r for r in records if r["category"] == c] for c in ("digital", "scan")}
    groups["all"] = [r for r in records if r["category"] != "real"]
    groups["real"] = [r for r in records if r["category"] == "real"]
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


def evaluate(digital: int = DIGITAL, scanned: int = SCANNED, seed: int = 1, progress: bool = True,
             real: int = REAL_ROUNDS) -> dict:
    """Score ``digital`` digital and ``scanned`` scanned stacks, and ``real`` rounds of real
    piles where the real tune set is; the summary and every miss."""
    plan = [(k, "digital") for k in range(digital)] + [(digital + k, "scan") for k in range(scanned)]
    records = []
    started = time.monotonic()
    for n, (k, category) in enumerate(plan, 1):
        records.append(run_stack(k, seed, category))
        if progress and (n % 10 == 0 or n == len(plan)):
            print(f"  stacks {n}/{len(plan)} ({time.monotonic() - started:.0f} s)", file=sys.stderr)
    records += [run_real_pile(pile_id, files) for pile_id, files in (real_piles(real) if real else [])]
    wrong = [{key: r[key] for key in ("id", "families", "expected", "found")}
             for r in records if r["false"] or r["missed"]]
    return {"seed": seed, "target": TARGET, "summary": summarize(records), "wrong": wrong}


def print_stacks(results: dict, file=sys.stdout) -> None:
    print("\n== invoices in one PDF: boundaries found in generated stacks of 2-10 invoices, and in piles of 2-6 "
          f"of the real tune set's PDFs (real) (target {100 * TARGET:.0f} % each)", file=file)
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
    parser.add_argument("--real", type=int, default=REAL_ROUNDS, help="rounds of real piles (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    results = evaluate(args.digital, args.scanned, args.seed, real=args.real)
    print_stacks(results)
    for miss in results["wrong"]:
        print("  " + json.dumps(miss, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
