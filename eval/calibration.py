"""Does the engine's confidence mean anything? Accuracy per bucket of reported confidence.

For every header field the engine filled (a non-null value), its per-field confidence
(``confidence.fields[path]`` of the DTO) goes into a bucket and the bucket counts how often
such values were right. A calibrated engine is right about as often as it says: the
target is that fields reported at 0.9 or more are right at least 98 % of the time on the
held-out families. A field left null is not a claim and is not counted here (it is
scored as a field, where a null for a printed value is wrong).
"""

from __future__ import annotations

import sys

from .score import HEADER_FIELDS, get

BUCKETS = [(0.0, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 0.95), (0.95, 1.0)]
TARGET = (0.9, 0.98)  # fields at confidence >= 0.9 must be right >= 98 % of the time


def reported_fields(got: dict, correct: dict[str, bool]) -> list[list]:
    """[field, confidence or None, right] for each header field the engine filled."""
    confidences = (got.get("confidence") or {}).get("fields") or {}
    out = []
    for path in HEADER_FIELDS:
        if get(got, path) is None:
            continue
        value = confidences.get(path)
        out.append([path, None if value is None else float(value), bool(correct[path])])
    return out


def _bucket(confidence: float) -> int:
    for k, (_, high) in enumerate(BUCKETS):
        if confidence < high:
            return k
    return len(BUCKETS) - 1


def calibration(records: list[dict]) -> dict:
    """Per bucket: fields reported, right, accuracy; plus the >= 0.9 figure against the
    target and the fields reported without any confidence."""
    counts = [[0, 0] for _ in BUCKETS]
    missing = [0, 0]
    for r in records:
        for _, confidence, right in r.get("reported", []):
            cell = missing if confidence is None else counts[_bucket(confidence)]
            cell[0] += 1
            cell[1] += right
    rows = [{"bucket": f"[{low:.2f}, {high:.2f}{']' if k == len(BUCKETS) - 1 else ')'}",
             "fields": n, "right": ok, "accuracy": round(ok / n, 4) if n else None}
            for k, ((low, high), (n, ok)) in enumerate(zip(BUCKETS, counts))]
    high = [c for (low, _), c in zip(BUCKETS, counts) if low >= TARGET[0]]
    n, ok = sum(c[0] for c in high), sum(c[1] for c in high)
    return {"buckets": rows, "at_or_above_0.9": {"fields": n, "right": ok, "accuracy": round(ok / n, 4) if n else None,
                                                  "target": TARGET[1]},
            "without_confidence": {"fields": missing[0], "right": missing[1]}}


def print_calibration(title: str, table: dict, file=sys.stdout) -> None:
    print(f"\n== {title}", file=file)
    print(f"{'confidence':<14} {'fields':>7} {'right%':>7}", file=file)
    for row in table["buckets"]:
        accuracy = "-" if row["accuracy"] is None else f"{100 * row['accuracy']:.1f}"
        print(f"{row['bucket']:<14} {row['fields']:>7} {accuracy:>7}", file=file)
    top = table["at_or_above_0.9"]
    accuracy = "-" if top["accuracy"] is None else f"{100 * top['accuracy']:.1f}"
    print(f"{'>= 0.90':<14} {top['fields']:>7} {accuracy:>7}   (target {100 * top['target']:.0f} %)", file=file)
    if table["without_confidence"]["fields"]:
        print(f"reported without a confidence: {table['without_confidence']['fields']}", file=file)
