"""A sample of generated stacks (several invoices in one PDF) leafed through on every CI
run: the boundary detector's precision and recall must not drop.

The sample is the first stacks of seed 1, the ones ``make eval`` starts with
(``eval.stacks``): 16 digital stacks of 2-10 invoices of mixed layout families, and two
scanned ones of three invoices. Measured on it: 100 % / 100 % both ways (and on the
whole ``make eval`` set, see docs/extraction.md); the floors sit a little under, so one
boundary more or less on a machine whose OCR differs does not fail the build, two do.
"""

from __future__ import annotations

import pytest

from eval.stacks import run_stack, summarize

FLOORS = {"digital": {"precision": 0.98, "recall": 0.98}, "scan": {"precision": 0.9, "recall": 0.9}}


@pytest.mark.timeout(300)
def test_boundaries_in_digital_stacks_keep_their_floor():
    records = [run_stack(k, 1, "digital") for k in range(16)]
    summary = summarize(records)["digital"]
    assert summary["boundaries"] >= 60  # the sample is what it says: piles of several invoices
    assert summary["precision"] >= FLOORS["digital"]["precision"], summary
    assert summary["recall"] >= FLOORS["digital"]["recall"], summary


@pytest.mark.timeout(400)
def test_boundaries_in_scanned_stacks_keep_their_floor():
    records = [run_stack(k, 1, "scan", invoices=3) for k in (0, 1)]
    summary = summarize(records)["scan"]
    assert summary["precision"] >= FLOORS["scan"]["precision"], summary
    assert summary["recall"] >= FLOORS["scan"]["recall"], summary
