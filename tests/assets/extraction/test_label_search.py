"""The label search: labels tried only where they may start, and memos that last one document."""

import pytest

from assets.extraction import ALL_LABELS, per_document
from assets.extraction.hits import find_hits
from assets.extraction.label_index import first_characters
from assets.extraction.layout import Layout
from tests.support.word_pages import page


@pytest.mark.parametrize("pattern, firsts", [
    ("n[o92*?\"']?\\s+de", {"n"}),
    ("(?:rn|m)okejimo", {"r", "m"}),
    ("[o0g]tal", {"o", "0", "g"}),
    ("(?<!\\w)ab", {"a"}),
    ("\\(?qty", {"(", "q"}),
    ("a?b", {"a", "b"}),
    ("(?:re(?:f)|ab)c", {"r", "a"}),
    ("\\w+", None),
    ("[a-z]x", None),
    (".x", None),
    ("(?:x)?", None),
])
def test_the_characters_a_label_may_start_with(pattern, firsts):
    assert first_characters(pattern) == (frozenset(firsts) if firsts is not None else None)


def test_every_label_matches_only_text_that_starts_as_its_index_says():
    """The index is sound: no label of the packs matches text its start does not allow."""
    samples = ["pvm moketojo kodas", "rnokejimo terminas", "no de factura", "(qty)", "e-post", "n° 12",
               "#", "№ 5", "a/s", "iban", "kaina", "total", "gesamtbetrag"]
    for d in ALL_LABELS:
        firsts = first_characters(d.pattern.pattern) if d.head is None else None
        for text in samples:
            if d.pattern.match(text) is None:
                continue
            if d.head is not None:
                assert text[:2] == d.head or (text.startswith("rn") and d.head == "m" + text[2]), (d, text)
            elif firsts is not None:
                assert text[0] in firsts, (d, text)


@pytest.mark.parametrize("text, key", [
    ("PVM mokėtojo kodas LT100001234510", "vat_code"),
    ("Mokėjimo terminas 2026-03-01", "due_date"),
    ("(PVM kodas) LT100001234510", "vat_code"),
    ("Suma be PVM 100,00", "net"),
])
def test_a_label_is_found_at_the_start_of_a_word_after_other_words(text, key):
    line = Layout(page((100, [(50, "Eilutė " + text)])), ALL_LABELS).lines[1][0]
    assert key in {h.key for h in find_hits(line, ALL_LABELS)}, [(h.key, h.start) for h in find_hits(line, ALL_LABELS)]


@pytest.mark.parametrize("text, key", [
    ("CF. 162742194", "company_code"),        # "C.F.", the first dot lost
    ("PIVA IT09682100616", "vat_code"),       # "P. IVA" printed without its dot
    ("P IVA IT09682100616", "vat_code"),
])
def test_the_dot_after_an_initial_inside_a_label_is_optional(text, key):
    line = Layout(page((100, [(50, text)])), ALL_LABELS).lines[1][0]
    assert [h.key for h in find_hits(line, ALL_LABELS) if h.start == 0] == [key]


def test_a_memo_lasts_one_document():
    calls = []

    @per_document.memoized
    def length(text: str) -> int:
        calls.append(text)
        return len(text)

    assert length("abc") == 3 and length("abc") == 3 and calls == ["abc"]
    per_document.start()
    assert length("abc") == 3 and calls == ["abc", "abc"]
