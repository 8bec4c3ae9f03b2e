"""Fitted scorers: candidates' named evidence to a probability, with weights that ship here.

A scorer is a logistic regression over a candidate's evidence (``arithmetic.FEATURES`` for
the totals): the weights and intercept are fitted by ``python -m eval.fit_scorer`` on the
generated tune split and the real tune set, never on held-out documents, and written to
``scorer.json`` beside this module, so extraction needs no learning library at run time and
a maintainer can read (and diff) what the fit decided. Features name kinds of evidence,
never a language or a producer.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

MODEL_FILE = Path(__file__).with_name("scorer.json")


@cache
def _models() -> dict:
    return json.loads(MODEL_FILE.read_text(encoding="utf-8"))


def model(name: str) -> dict:
    """``{"features": [...], "weights": [...], "intercept": x, ...}`` of one scorer."""
    return _models()[name]


def probability(name: str, evidence: dict[str, float]) -> float:
    m = model(name)
    z = m["intercept"] + sum(w * evidence.get(f, 0.0) for f, w in zip(m["features"], m["weights"]))
    return 1.0 / (1.0 + math.exp(-z))
