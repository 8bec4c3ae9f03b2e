"""Labels OCR misread by a letter or two, found on the pages it read.

The dictionaries' patterns match a label as printed and the few misreadings they name
("rn" read as "m", the number sign's shapes). Small text on a photo or a poor scan is
read with a wrong letter here and there, in labels as anywhere: "Saskaitos faktùros Nc:"
for "Sąskaitos faktūros Nr.:", "Mokejimo temminas" for "Mokėjimo terminas",
"Factuume." for "Factuurnr.", "Pirkijas" for "Pirkėjas". Where a page was read by OCR,
words no label was found on are set against the labels of plain words: a label of at
least ``MISREAD_MIN_LETTERS`` letters is taken at one edit from them (two from
``MISREAD_TWO_EDITS`` letters on), "rn" and "m" counted alike and a closing number sign
read "Ne" one misreading ("Saskaiton Ne:" for "Sąskaitos Nr.:"), unless they differ as two
words of a language do (``_another_word``). Shorter labels ("Nr.", "Arve nr", "Data") are
a letter away from too many words to be guessed at. A short label read right may end a
longer one misread ("Invaice No.:", "Duo Date"): the longer one takes it, for its value is
the longer label's (the invoice's number, not a bare "No."'s). A value read by such a label
keeps only a share of its place's score (``Hit.trust``): the letters that misread the label may
have misread the value too, and a labelled total that does not add up then gives way. A
page's text layer is exact and is never read so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import per_document
from .hits import Hit, _join_translations
from .labels import LabelDef
from .lines import TextLine
from .normalize import edit_distance
from .thresholds import MISREAD_BEFORE_RIGHT, MISREAD_INFLECTED, MISREAD_MIN_LETTERS, MISREAD_TWO_EDITS

MAX_WORDS = 4  # the longest labels of plain words ("pirkejo pvm moketojo kodas")
_TAIL = re.compile(r"[.:;#]+$")
_SIGN_READ = re.compile(r" n[ec]$")  # a label's closing "Nr" or "No" as OCR reads it now and then
_WORDS = re.compile(r"[^\W\d_]+(?:[ '-][^\W\d_]+)*")


def _plain(text: str) -> str:
    """A folded label or reading as compared: no dots or trailing colon."""
    return _TAIL.sub("", text).replace(".", "")


def _index(defs: Sequence[LabelDef]) -> dict[tuple[int, str], list[tuple[str, str, int, LabelDef]]]:
    """Labels of plain words, long enough to be guessed at, by word count and first letter:
    each as written, as OCR may see it ("rn" as "m"), and the edits it may be read with."""
    kept = _INDEXES.get(id(defs))
    if kept is not None and kept[0] is defs and kept[1] == len(defs):
        return kept[2]
    out: dict[tuple[int, str], list[tuple[str, str, int, LabelDef]]] = {}
    for d in defs:
        for form in d.forms:
            plain = _plain(form)
            letters = sum(ch.isalpha() for ch in plain)
            if letters >= MISREAD_MIN_LETTERS:
                allowed = 1 if letters < MISREAD_TWO_EDITS else 2
                out.setdefault((len(plain.split()), plain[0]), []).append((plain, plain.replace("rn", "m"), allowed, d))
    _INDEXES[id(defs)] = (defs, len(defs), out)
    return out


_INDEXES: dict[int, tuple[Sequence[LabelDef], int, dict]] = {}  # by the label list's id, kept with it


def _another_word(reading: str, label: str) -> bool:
    """Whether ``reading`` differs from ``label`` the way another word does, not a misreading:
    the label's start alone (the title "Factuur" of "Factuurnr.", "Importe" of "Importer",
    "Avansa" of "Avansas") or the label with another last letter (an inflection: "Apmaksas"
    beside "Apmaksai"; an abbreviation's "Nr" has none). OCR's wrong letters fall anywhere;
    words of a language differ so."""
    return label.startswith(reading) or (len(reading) == len(label) and reading[:-1] == label[:-1]
                                         and len(label.rsplit(" ", 1)[-1]) >= MISREAD_INFLECTED)


def with_misread_labels(line: TextLine, hits: list[Hit], defs: Sequence[LabelDef]) -> list[Hit]:
    """``hits`` and the labels OCR misread on the line's other words, in line order."""
    taken = tuple((h.start, h.end) for h in hits)
    key = (line.folded, tuple(line.starts), tuple(line.ends), taken, id(defs), len(defs))
    found = _FOUND.get(key)
    if found is None:
        found = _FOUND[key] = _misread(line, list(taken), _index(defs))
    if not found:
        return hits
    added = [Hit(label, line, start, end, misread=True) for label, start, end in found]
    # A label read right that ends a longer one misread ("No.:" of "Invaice No.:") is that one's.
    hits = [h for h in hits if not any(a.start < h.start and h.end <= a.end for a in added)]
    # With its translation, as a label found as printed: "Piegādātājs / Seller".
    return _join_translations(line, sorted(hits + added, key=lambda h: h.start))


# The misread labels of the document being read, by the line's words and what is taken:
# a party block's lines, re-made from a page line's words, ask again (see ``per_document``).
_FOUND: dict[tuple, list[tuple[LabelDef, int, int]]] = per_document.kept({})


def _misread(line: TextLine, taken: list[tuple[int, int]], index: dict) -> list[tuple[LabelDef, int, int]]:
    out = []
    i = 0
    while i < len(line.starts):
        found = _misread_at(line, i, index, taken)
        if found is None:
            i += 1
            continue
        labels, last = found
        out += [(label, line.starts[i], line.ends[last]) for label in labels]
        taken.append((line.starts[i], line.ends[last]))
        i = last + 1
    return out


def _ends(line: TextLine, start: int, s: int, e: int, end: int) -> bool:
    """Whether a label read right at ``s:e`` ends the words ``start:end`` after words of
    their own long enough to be guessed at (``MISREAD_BEFORE_RIGHT``: "Invaice" before
    "No.:", "Duo" before "Date"; not "IĮ" before "Kodas")."""
    return start < s and e == end and sum(ch.isalpha() for ch in line.folded[start:s]) >= MISREAD_BEFORE_RIGHT


def _misread_at(line: TextLine, first: int, index: dict,
                taken: list[tuple[int, int]]) -> tuple[list[LabelDef], int] | None:
    """The label OCR misread on the words from ``first`` on, and its last word's index: with
    every other field the same words label ("Sąskaitos Nr." an account's and an invoice's
    number), as when they are read right."""
    best: tuple[int, int, str, int] | None = None
    labels: list[LabelDef] = []
    for last in range(first, min(first + MAX_WORDS, len(line.starts))):
        start, end = line.starts[first], line.ends[last]
        if any(s < end and start < e for s, e in taken if not _ends(line, start, s, e, end)):
            break  # words another label took, unless that label ends these words
        plain = _plain(line.folded[start:end])
        if not _WORDS.fullmatch(plain):
            break  # a digit, a slash before a translation, a sign: no label's words
        seen = plain.replace("rn", "m")
        words = last - first + 1
        # A label's words as printed, or with a space OCR put inside one ("term inas").
        for label, as_seen, allowed, d in (*index.get((words, plain[0]), ()), *index.get((words - 1, plain[0]), ())):
            if abs(len(as_seen) - len(seen)) > allowed or _another_word(plain, label):
                continue
            distance = edit_distance(seen, as_seen)
            if distance and _SIGN_READ.search(seen) and as_seen.endswith((" nr", " no")):
                # the number sign read as "Ne" ("Saskaiton Ne:"): one misreading, not two
                distance = min(distance, max(1, edit_distance(seen[:-2] + as_seen[-2:], as_seen)))
            if not 0 < distance <= allowed:
                continue
            if best is None or (distance, -len(label)) < (best[0], best[1]):
                best, labels = (distance, -len(label), label, last), [d]
            elif (distance, label, last) == (best[0], best[2], best[3]) and d.key not in {x.key for x in labels}:
                labels.append(d)
    return (labels, best[3]) if best is not None else None
