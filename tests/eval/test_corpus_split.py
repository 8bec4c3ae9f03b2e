"""The corpus split is by layout family, and both splits speak every language.

Planning a document (``corpus.generate.plan``) draws its family and language without
rendering it, so these checks cover the whole default corpus in well under a second.
"""

from __future__ import annotations

from collections import defaultdict

import pypdfium2 as pdfium
import pytest

from corpus.generate import DEFAULT_COUNT, build, plan, split_of
from corpus.layouts import FAMILIES, HELDOUT, split_of_family
from corpus.wording import LANGUAGES


def _planned(count: int = DEFAULT_COUNT):
    for index in range(count):
        _, family, language, second = plan(index)
        yield index, family, [language] + ([second] if second else [])


def test_held_out_families_exist_and_are_about_a_third():
    assert HELDOUT <= set(FAMILIES)
    assert 0.25 <= len(HELDOUT) / len(FAMILIES) <= 0.4


def test_no_family_is_in_both_splits():
    splits = defaultdict(set)
    for index, family, _ in _planned():
        splits[family.name].add(split_of(index))
        assert split_of(index) == split_of_family(family.name)
    assert all(len(s) == 1 for s in splits.values())
    assert set(splits) == set(FAMILIES), "every family has documents in the default corpus"


def test_every_language_is_in_both_splits():
    seen = {"heldout": set(), "tune": set()}
    for index, _, languages in _planned():
        seen[split_of(index)].update(languages)
    assert seen["heldout"] == set(LANGUAGES)
    assert seen["tune"] == set(LANGUAGES)


def test_held_out_families_cover_producers_and_kinds():
    held = [FAMILIES[name] for name in HELDOUT]
    assert {f.producer for f in held} == {"reportlab", "weasyprint", "chromium"}
    assert {"bilingual", "receipt", "credit_note"} <= {f.kind for f in held}
    tune = [f for f in FAMILIES.values() if f.name not in HELDOUT]
    assert {"bilingual", "receipt"} <= {f.kind for f in tune}


@pytest.mark.parametrize("family", ["till_receipt", "bilingual_form", "cash_slip"])
def test_a_held_out_document_prints_what_its_truth_says(family):
    """Spot check of exact ground truth: identifiers and names in the truth are on the page."""
    index = next(i for i, f, _ in _planned(2000) if f.name == family and i % 3 == 0)
    entry, data, expected = build(index)
    assert entry["split"] == "heldout" and entry["family"] == family
    doc = pdfium.PdfDocument(data)
    text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc))).replace(" ", "")
    for party in ("seller", "buyer"):
        for key in ("name", "vatCode", "companyCode"):
            value = expected[party][key]
            assert value is None or value.replace(" ", "") in text, (party, key, value)
    assert all(line["description"].replace(" ", "") in text.replace("\r\n", "").replace("\n", "")
               for line in expected["lines"])
