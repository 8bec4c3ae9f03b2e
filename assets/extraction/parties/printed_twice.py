"""A party's name the page prints twice (a block and a footer, a card and an e-mail
signature): what one reading lost, the other may have kept.

OCR misreads each occurrence on its own: 'MB "Zemaitijos kelias"' in the block and 'MB
"Žemaitijos kelias"' in the footer, "Ma jolie boutigue" in the block and "Ma jolie
boutique" on the delivery address. Only the same words in the same order are compared, so
an address's "Kaune" is never taken for a name's "Kauno".
"""

from __future__ import annotations

import re

from assets.ocr.model import Word

from ..alphabets import base_letter, native_letters
from ..layout import Layout
from ..normalize import fold
from ..spelling import alike_glyphs
from ..thresholds import SURER_BY
from .names import _marks


def fullest_spelling(layout: Layout, name: str, country: str | None) -> str:
    """``name`` as printed elsewhere on the page with more of its diacritics.

    OCR drops a diacritic far more often than it invents one, and a name is often printed
    twice (letterhead and footer, a party block and an e-mail signature): 'MB "Zemaitijos
    kelias"' beside 'MB "Žemaitijos kelias"' is the second. Only the same letters in the
    same case may differ, and only by diacritics the party's alphabet has.
    """
    folded, best, best_marks = fold(name), name, _marks(name)
    if len(folded) < 4:
        return name
    for line in layout.iter_lines(include_excluded=True):
        start = line.folded.find(folded)
        while start >= 0:
            other = native_letters(line.text[start : start + len(name)], country)
            same_letters = all(base_letter(a) == base_letter(b) for a, b in zip(other, name))
            if _marks(other) > best_marks and same_letters:
                best, best_marks = other, _marks(other)
            start = line.folded.find(folded, start + 1)
    return best


def surer_words(layout: Layout, name: str, words: list[Word]) -> str:
    """``name`` (read from ``words``) with a word OCR read otherwise where the page prints
    the name's words again in the same order: a word of four letters or more, one glyph
    small print confuses away ("boutigue", "boutique"), read there at least ``SURER_BY``
    more surely. Every other word of the run must be read alike (case and punctuation
    aside), so only the name itself printed again is compared."""
    own = [w for w in words if w.text.strip()]
    if len(own) < 2:
        return name
    keys = [_key(w.text) for w in own]
    own_ids = {id(w) for w in own}
    for line in layout.iter_lines(include_excluded=True):
        run = line.words
        for k in range(len(run) - len(own) + 1):
            other = run[k:k + len(own)]
            if any(id(w) in own_ids for w in other):
                continue
            differ = [j for j, w in enumerate(other) if _key(w.text) != keys[j]]
            if len(differ) != 1:
                continue
            j = differ[0]
            read, again = own[j].text.strip(_PUNCT), other[j].text.strip(_PUNCT)
            if len(read) >= 4 and alike_glyphs(read, again) == 1 and other[j].conf >= own[j].conf + SURER_BY:
                name = _word_replaced(name, read, again)
    return name


def _word_replaced(name: str, read: str, again: str) -> str:
    """``name`` with the word ``read`` (a whole word, not letters inside a longer one)
    spelt ``again``; as it was where the name no longer holds that word."""
    return re.sub(rf"(?<!\w){re.escape(read)}(?!\w)", lambda _: again, name, count=1)


_PUNCT = "\"'„“”«»,.;:()"


def _key(text: str) -> str:
    return fold(text.strip(_PUNCT))
