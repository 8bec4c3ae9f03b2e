"""A fixed sample of the held-out families, extracted on every CI run: accuracy must not drop.

The documents are regenerated from their seeds (``corpus.generate.build``), so nothing
large is committed; the sample is the first documents of each category of the default
corpus (seed 1) whose layout family is held out (``corpus.layouts.HELDOUT``), the same
ones ``make eval`` reports on. The floors sit a little under what the engine measured on
this sample (see README, "Extraction and evaluation"), so a regression fails the build
while OCR noise across machines does not; they are floors against regression, not the
targets, and they are low where the engine is weak on layouts it has never seen.
"""

from __future__ import annotations

import pytest

from corpus.generate import build, category_of, split_of, write
from eval.run import evaluate, summarize

SAMPLE_SIZE = {"digital": 8, "scan": 5, "photo": 5}
# Floors: header-field accuracy and line-item F1 per category on this sample (18 documents
# from eight of the ten held-out families: till receipts, credit memos, window addresses,
# stacked bilingual labels, an export invoice, parties under the totals, a right-hand
# letterhead, a bilingual form; Italian, Spanish, German, Estonian, Polish, Russian,
# Lithuanian and English). Measured on it: digital 89.4 % / 60.7 % (no till receipt's
# items are found), scan 66.2 % / 86.4 %, photo 78.5 % / 65.0 %: far under the targets,
# which is what held-out families are for. With five OCR'd documents one wrong field moves
# header accuracy by 1.5 points and one wrong line F1 by about 5.
FLOORS = {
    "digital": {"header": 0.86, "f1": 0.55},
    "scan": {"header": 0.60, "f1": 0.78},
    "photo": {"header": 0.72, "f1": 0.56},
}


def sample_indexes() -> list[int]:
    wanted = dict(SAMPLE_SIZE)
    out = []
    index = 0
    while any(wanted.values()):
        category = category_of(index)
        if split_of(index) == "heldout" and wanted[category]:
            out.append(index)
            wanted[category] -= 1
        index += 1
    return out


@pytest.fixture(scope="module")
def summary(tmp_path_factory):
    corpus = tmp_path_factory.mktemp("heldout-sample")
    entries = [write(*build(index), corpus) for index in sample_indexes()]
    assert all(e["split"] == "heldout" for e in entries)
    records = evaluate(entries, corpus, progress=False)
    assert not [r["error"] for r in records if r["error"]]
    return summarize(records)


@pytest.mark.timeout(240)
@pytest.mark.parametrize("category", sorted(FLOORS))
def test_heldout_sample_meets_floors(summary, category):
    result = summary[category]
    assert result["documents"] == SAMPLE_SIZE[category]
    floor = FLOORS[category]
    assert result["header_accuracy"] >= floor["header"], (category, result["header_accuracy"], result["fields"])
    assert result["lines"]["f1"] >= floor["f1"], (category, result["lines"])
