"""Labels found on a line: ``Hit`` and ``find_hits``.

Every dictionary's labels are matched together on a line, whole words only, and overlaps
are resolved by coverage (``_best_cover``), so a longer label of one kind masks a shorter
one of another ("PVM mokėtojo kodas" is not "PVM"). A label and its translation ("Pirkėjas /
Buyer", "Kiekis (Qty)") become one label, so that the translation is not read as its value.
Which short words stand as a label where they are read (``stands_as_heading``,
``_stray_word``) is decided here too, since it depends on the line around the word alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from . import per_document
from .label_index import _index_of
from .labels import ENGLISH, LabelDef
from .lines import Span, TextLine
from .normalize import edit_distance, fold
from .thresholds import MISREAD_LABEL

_LABEL_TAIL = set(":.;,)#-|=~_»")  # and OCR's readings of a colon or a rule


@dataclass(frozen=True, slots=True)
class Hit:
    """A label found on a line."""

    label: LabelDef
    line: TextLine
    start: int
    end: int  # after the label and any punctuation glued to it ("kodas:")
    groups: tuple[tuple[str, str | None], ...] = ()
    misread: bool = False  # a few letters off the label (``misread_labels``): less sure of its value

    @property
    def trust(self) -> float:
        """The share of a place's score a value by this label keeps."""
        return MISREAD_LABEL if self.misread else 1.0

    @property
    def key(self) -> str:
        return self.label.key

    def group(self, name: str) -> str | None:
        return dict(self.groups).get(name)

    @property
    def span(self) -> Span:
        return Span(self.line, self.start, self.end)

    def overlaps(self, other: "Hit") -> bool:
        return self.line is other.line and self.start < other.end and other.start < self.end


# Labels found in the document being read, by what they depend on: the line's text, where
# its words start, its cells, and the list of labels (kept in the entry, so its id cannot be
# reused by another list; with its length, as a list may grow). A quarter of the lines asked
# about are the same again: a party block's and a table header's lines re-made from a page
# line's words, a page read alone and then in its document (see ``per_document``).
_FOUND: dict[tuple, tuple[object, list[tuple[LabelDef, int, int, tuple]]]] = per_document.kept({})


def find_hits(line: TextLine, defs: Sequence[LabelDef]) -> list[Hit]:
    """Labels on a line: whole words only, never overlapping (see ``_best_cover``).

    A label may end inside a word only at punctuation glued to it ("Nr.:", "kodas:",
    "Invoice#123"), so "Data" never matches inside "Datamatrix". The punctuation becomes
    part of the label, not of the value.
    """
    key = (line.text, tuple(line.starts), tuple(line.cells), id(defs), len(defs))
    cached = _FOUND.get(key)
    if cached is None or cached[0] is not defs:
        hits = _find_hits(line, defs)
        if len(_FOUND) >= per_document.LIMIT:
            _FOUND.clear()
        _FOUND[key] = (defs, [(h.label, h.start, h.end, h.groups) for h in hits])
        return hits
    return [Hit(label, line, start, end, groups) for label, start, end, groups in cached[1]]


def _find_hits(line: TextLine, defs: Sequence[LabelDef]) -> list[Hit]:
    text = line.folded
    index = _index_of(defs)
    found: list[tuple[int, int, re.Match]] = []
    for p in _label_starts(line):
        for group in index.groups_at(text, p):
            found += ((i, p, m) for i, m in group.matching(index.defs, text, p))
    found.sort(key=lambda ipm: (ipm[0], ipm[1]))  # the list's own order: ties in _best_cover depend on it
    candidates = []
    for i, s, m in found:
        d, e = index.defs[i], m.end()
        while e > s and text[e - 1] == " ":
            e -= 1
        if e <= s:
            continue
        word_end = line.ends[line.word_index_at(e - 1)]
        glued = text[e:word_end]  # rest of the word the label ends in
        # "USt.-Id.-Nr.", "Reg.-Nr.": a label and its number word joined by punctuation.
        punctuation_only = set(glued) <= _LABEL_TAIL or _NUMBER_SUFFIX.fullmatch(glued) is not None
        # "Nr.2026-0025", "Datum:12.03.2026", "N°12129", "N°A-2025/23", "NIF-IVA:ESB31000086"
        # (a code that opens with its country's letters): a label glued to its
        # value by its own punctuation or number sign, which OCR (or a narrow cell) left no
        # space after; after a number sign the value may open with its series' letters.
        # A party's heading takes no value: "Customer:2" is a customer number.
        stuck = None
        if not punctuation_only and text[e - 1].isalnum() and not glued.startswith("/"):
            stuck = _GLUED_VALUE.match(glued) if d.key not in ("seller", "buyer") else None
            if stuck is None and not (line.text[e - 1] in _NUMBER_SIGNS and _SIGNED_VALUE.match(glued)):
                continue  # the label ends inside a word ("Datamatrix"), not at a slash ("Imponibile/Importo")
        end = word_end if punctuation_only else e + (stuck.end() if stuck is not None else 0)
        candidates.append(Hit(d, line, s, end, tuple(m.groupdict().items())))
    return _join_translations(line, _best_cover(candidates))


def _label_starts(line: TextLine) -> list[int]:
    """Where a label may start: a word's start, or right after an opening parenthesis or a
    stray quote that starts a word ("(Qty)", OCR's '"Company code')."""
    text = line.folded
    return sorted(set(line.starts) | {s + 1 for s in line.starts if text[s : s + 1] in _OPENERS})


# "Nr.12", "NIF-IVA:ESB31000086", "Nr.RE-2025-3990", "No.:INV-2025-8161"
_GLUED_VALUE = re.compile(r"[.:#]+(?=[+\d]|[^\W\d_]{2}\w?\d|[^\W\d_]{2,4}[-/]\d)")
_NUMBER_SIGNS = "°º№"
_SIGNED_VALUE = re.compile(r"[^\W\d_]{0,4}[-/]?\d")  # "12129", "A-2025/23", "SF2026"
_NUMBER_SUFFIX = re.compile(r"[.\-/]+\s?(?:nr|no|n°|num|nummer|number|numer|numero|numéro)\.?[:.;]*")
_OPENERS = "(\"'„“«["  # what may stand glued before a label: "(Qty)", OCR's stray quote ('"Company code')
# The slash may be gone (OCR put it on another line) or read as "!" or "|".
_TRANSLATION_GAP = re.compile(r"\s*[/|(!]?\s*")


def _join_translations(line: TextLine, hits: list[Hit]) -> list[Hit]:
    """One label from a label and its translation: "Pirkėjas / Buyer", "Kiekis (Qty)".

    Bilingual documents print every label twice, the second after a slash, a bar or in
    parentheses. Read as two labels, the first would take "/ Buyer" for its value; read
    as one, its value is what follows the pair (or what lies under it, across its whole
    width). Only labels of the same key are joined, so "Do zapłaty / Total" stays two
    labels (payable, gross), each of which finds the amount.
    """
    out: list[Hit] = []
    numbered: tuple[int, int] | None = None  # the label a number sign was joined to
    for hit in hits:
        if numbered == (hit.start, hit.end):
            continue  # another reading of the same words ("IVA" as a VAT total)
        prev = out[-1] if out else None
        if prev is not None and prev.key == hit.key and _TRANSLATION_GAP.fullmatch(line.text[prev.end : hit.start]):
            # A label as printed beside one OCR misread confirms it ("Piegādacajs / Seller").
            out[-1] = Hit(prev.label, line, prev.start, hit.end, prev.groups if prev.group("rate") else hit.groups,
                          misread=prev.misread and hit.misread)
            continue
        if prev is not None and prev.key == "number" and hit.key in _NUMBERED \
                and not line.text[prev.end : hit.start].strip():
            out[-1] = Hit(hit.label, line, prev.start, hit.end, hit.groups)  # "Nº IVA", "Nr. KRS"
            numbered = (hit.start, hit.end)
            continue
        if prev is not None and hit.key == "number" and prev.key in _NUMBERED - {"invoice_number"} \
                and not line.text[prev.end : hit.start].strip():
            out[-1] = Hit(prev.label, line, prev.start, hit.end, prev.groups)  # "KMKR nr", "REGON nr"
            continue
        out.append(hit)
    return [_with_misread_translation(line, hit, out[k + 1].start if k + 1 < len(out) else len(line.text))
            for k, hit in enumerate(out)]


_AFTER_SLASH = re.compile(r"\s*[/|!]\s*([^/|:]{3,30}?)\s*(?=:|$)")


def _with_misread_translation(line: TextLine, hit: Hit, limit: int) -> Hit:
    """A label with its English translation after a slash that OCR misread ("Pirkėjas /
    Buyar:", "Sąskaitos Nr. / lnvoice N0.: SF-77"): one label, so that the translation is
    not read as its value."""
    _, cell_end = line.cell_at(max(hit.end - 1, hit.start))
    m = _AFTER_SLASH.match(line.text[: min(limit, cell_end)], hit.end)
    if m is None or not _misread_label(fold(m.group(1)), {hit.key}):
        return hit
    return Hit(hit.label, line, hit.start, m.end(1), hit.groups, misread=hit.misread)


# Labels a number sign may precede: "Nº IVA" is a VAT label, not a number and a label.
_NUMBERED = {"vat_code", "company_code", "iban", "order_reference", "invoice_number", "phone", "natural_person",
             "original_invoice", "credit_note_number"}


def _best_cover(candidates: list[Hit]) -> list[Hit]:
    """The non-overlapping labels that cover the most text (weighted interval scheduling).

    Longest-first alone fails on column headers such as "Mato vnt. Kaina", where
    "vnt. Kaina" (unit price) would hide "Mato vnt." + "Kaina". Among equal covers the one
    with fewer labels wins. Two dictionaries may claim the very same words ("Sąskaitos
    Nr." is an invoice number or a bank account): both readings are kept, the value
    decides.
    """
    by_span: dict[tuple[int, int], list[Hit]] = {}
    for hit in candidates:
        same = by_span.setdefault((hit.start, hit.end), [])
        if all(h.key != hit.key for h in same):
            same.append(hit)
    spans = sorted(by_span, key=lambda se: (se[1], se[0]))
    best: list[tuple[float, list[tuple[int, int]]]] = [(0.0, [])]
    for i, (start, end) in enumerate(spans):
        j = i
        while j > 0 and spans[j - 1][1] > start:
            j -= 1
        with_it = best[j][0] + (end - start) - 0.01
        if with_it > best[i][0]:
            best.append((with_it, best[j][1] + [(start, end)]))
        else:
            best.append(best[i])
    taken = [hit for span in best[-1][1] for hit in by_span[span]]
    taken.sort(key=lambda h: h.start)
    return taken


def stands_as_heading(hit: Hit) -> bool:
    """Whether a party heading stands as one. Short words that are headings only now and
    then ("To", "From", weight < 1) need a colon or the end of their cell: "To:" is a
    heading, the "to" of "VAT to be collected" is not."""
    if hit.label.weight >= 1 or hit.line.text[hit.start : hit.end].endswith(":") \
            or hit.line.text[hit.end :].lstrip().startswith(":"):  # "De :" in French typography
        return True
    cell = hit.line.cell_at(hit.start)
    if hit.label.lang == "en":
        return hit.end >= cell[1]
    # "VAN" over a card, never the "van" of "Van Dijk Bouw" or the "de" of "Date de facture":
    # the other languages' short words are headings as a cell of their own in capitals (a
    # card's caption; "Da" is as often the start of "Data" that OCR split off). A lone
    # letter ("A", "À") is a heading only with its colon: OCR reads letters out of debris.
    word = hit.line.text[hit.start : hit.end]
    return cell == (hit.start, hit.end) and word.isupper() and sum(c.isalpha() for c in word) > 1  # nor "À."


def _stray_word(hit: Hit) -> bool:
    """A short word that is no label here: the "de" of "Date de facture", the "van" of
    "Van Dijk Bouw" (English "from" and "to" are judged where they are read, see
    ``stands_as_heading``); the "name" of a product, unless it has its colon or is a
    cell of its own before its value ("Name | Northwind Trading Ltd")."""
    if hit.label.weight >= 1:
        return False
    if hit.key == "party_name":
        text = hit.line.text
        if text[hit.start : hit.end].endswith(":") or text[hit.end :].lstrip().startswith(":"):
            return False
        return hit.line.cell_at(hit.start) != (hit.start, hit.end) or hit.line.cells[-1][1] <= hit.end
    return hit.key in ("seller", "buyer") and hit.label.lang != "en" and not stands_as_heading(hit)


def _misread_label(text: str, keys: set[str]) -> bool:
    """Whether folded ``text`` is one of the keys' English label words as OCR misreads
    them: a few letters apart (a third of them at most), never a number."""
    letters = sum(ch.isalpha() for ch in text)
    if letters < 3 or letters < 0.6 * len(text.replace(" ", "")):
        return False
    for key in keys:
        for label in ENGLISH.get(key, []):
            if abs(len(label) - len(text)) <= 3 and edit_distance(text, label) <= max(1, len(label) // 3):
                return True
    return False
