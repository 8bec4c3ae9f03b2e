"""Fit the totals scorer (``assets/extraction/scorer.json``): ``python -m eval.fit_scorer``.

Every document of the generated tune split (its words from the OCR cache, read once if
missing) and of the real tune set gives its printed triples (``arithmetic.triples``, via
``extract_invoice(explain=...)``) with their evidence; a triple is a positive example when
it is the document's true net, VAT and gross. A logistic regression (scikit-learn, a
development dependency only) is fitted on them and its weights written as JSON. The
held-out families are never read here.

Reported: for each set, how often the most probable triple is the true one among the
documents that print their true triple, before and after the fit (``--dry-run`` writes
nothing).
"""

from __future__ import annotations

import argparse
import json
import sys
from decimal import Decimal
from pathlib import Path

from assets.extraction import extract_invoice
from assets.extraction.arithmetic import FEATURES
from assets.extraction.scorer import MODEL_FILE
from assets.ocr import read_document

from . import real
from .run import DEFAULT_COUNT, ROOT, _cached_read, load_corpus


def _truth_triple(truth: dict) -> tuple[Decimal, Decimal, Decimal] | None:
    totals = truth.get("totals") or {}
    if any(totals.get(k) is None for k in ("net", "vat", "gross")):
        return None
    return tuple(Decimal(totals[k]) for k in ("net", "vat", "gross"))  # type: ignore[return-value]


def _examples(doc, truth: dict) -> list[tuple[list[float], int]]:
    want = _truth_triple(truth)
    if want is None:
        return []
    why: dict = {}
    extract_invoice(doc, explain=why)
    return [([t.evidence.get(f, 0.0) for f in FEATURES], int((t.net.value, t.vat.value, t.gross.value) == want))
            for t in why["totals_triples"]]


def collect(corpus: Path, count: int, seed: int) -> dict[str, list[list[tuple[list[float], int]]]]:
    """Per set, per document: its triples' features and labels."""
    sets: dict[str, list] = {"generated": [], "real": []}
    for entry in load_corpus(corpus, count, seed):
        if entry["split"] != "tune":
            continue
        path = corpus / entry["file"]
        doc = _cached_read(path, path.read_bytes(), entry["mime"], corpus / ".ocr-cache")
        sets["generated"].append(_examples(doc, json.loads((corpus / entry["truth"]).read_text())))
    for entry in real.entries():
        doc = read_document(entry["file"].read_bytes(), "application/pdf")
        sets["real"].append(_examples(doc, json.loads(entry["truth"].read_text())))
    return sets


def top1(documents: list, weights, intercept: float) -> tuple[int, int]:
    """(documents whose best triple is the true one, documents that print their true triple)."""
    right = total = 0
    for rows in documents:
        if not any(label for _, label in rows):
            continue
        total += 1
        best = max(rows, key=lambda r: intercept + sum(w * x for w, x in zip(weights, r[0])))
        right += best[1]
    return right, total


def main(argv: list[str] | None = None) -> int:
    from sklearn.linear_model import LogisticRegression

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=ROOT / "var" / "corpus")
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    sets = collect(args.corpus, args.count, args.seed)
    rows = [r for docs in sets.values() for doc in docs for r in doc]
    X, y = [r[0] for r in rows], [r[1] for r in rows]
    # Each set weighs as much as the other: the real documents are few but are the point.
    counts = {name: sum(len(doc) for doc in docs) for name, docs in sets.items()}
    weight = [len(rows) / (2 * counts[name]) for name, docs in sets.items() for doc in docs for _ in doc]
    fit = LogisticRegression(C=1.0, max_iter=2000).fit(X, y, sample_weight=weight)
    weights, intercept = [round(float(w), 4) for w in fit.coef_[0]], round(float(fit.intercept_[0]), 4)
    old = json.loads(MODEL_FILE.read_text())["totals_triple"] if MODEL_FILE.exists() else None
    for name, docs in sets.items():
        before = top1(docs, old["weights"], old["intercept"]) if old else None
        after = top1(docs, weights, intercept)
        print(f"{name}: best triple is the true one in {after[0]}/{after[1]} documents"
              + (f" (was {before[0]}/{before[1]})" if before else ""), file=sys.stderr)
    model = {"totals_triple": {
        "features": list(FEATURES), "weights": weights, "intercept": intercept,
        "fitted_on": {name: {"documents": len(docs), "triples": counts[name]} for name, docs in sets.items()},
    }}
    print(json.dumps(model, indent=1))
    if not args.dry_run:
        MODEL_FILE.write_text(json.dumps(model, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
