"""Label dictionaries: the printed words that announce a value.

The words come from the language packs (``languages/<code>.toml``, read by
``language_packs``), one file per language plus ``_common.toml`` for words printed alike
in many; this module compiles them, the one place that does, into the lists the engine
matches: a Lithuanian "Pardavėjas", a German "Verkäufer" and an English "Seller" are
all the label ``seller``.

Patterns are regular expressions over *folded* text (lower case, no diacritics; see
``normalize.fold``), so "Įmonės kodas", "ĮMONĖS KODAS" and an OCR'd "Imones kodas" all
match ``imones kodas``. In a pattern a space means "one or more spaces" and ". " means
"a dot, then optional spaces" ("El.paštas", "El. paštas"); "{rate}" marks where a VAT rate
may follow ("MwSt 19 %") and "nº"/"n°" stands for the number sign as OCR reads it.

``weight`` says how specific a label is: "Iš viso su PVM" is certainly the gross total,
"Viso" or "Total" only probably; totals selection adds it to the candidate score. When
labels overlap ("Iš viso" inside "Iš viso be PVM"), the longest match wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import language_packs
from .normalize import fold


@dataclass(frozen=True, slots=True)
class LabelDef:
    key: str
    lang: str  # "lt", "en", or "" when shared
    pattern: re.Pattern[str]
    weight: float = 1.0
    # The first two characters every match starts with, when the pattern fixes them:
    # lines without a word starting so are skipped without running the pattern.
    head: str | None = field(default=None, compare=False)
    # The words as written, when they are plain words (no pattern): what a misread
    # translation of the label is compared with (``layout.Layout._translates``).
    words: str | None = field(default=None, compare=False)
    # Every plain phrasing of the label, for finding it misread (``misread_labels``): its
    # words, or each reading of a pattern of words around one choice ("invoice (?:no|number)").
    forms: tuple[str, ...] = field(default=(), compare=False)


# A label of plain words (no pattern); words around one group of plain choices, the group
# maybe optional.
_PLAIN = re.compile(r"[a-z][a-z .'/-]*")
_ONE_CHOICE = re.compile(r"([a-z .'/-]*)\(\?:([a-z .'/#-]+(?:\|[a-z .'/#-]+)+)\)(\??)([a-z .'/-]*)")


def _forms(pattern: str) -> tuple[str, ...]:
    """The plain phrasings of a pack's label (see ``LabelDef.forms``)."""
    if _PLAIN.fullmatch(pattern):
        return (pattern.strip(),)
    m = _ONE_CHOICE.fullmatch(pattern)
    if m is None:
        return ()
    pre, choices, optional, post = m.groups()
    out = [" ".join(f"{pre}{c}{post}".split()) for c in choices.split("|")]
    if optional:
        out.append(" ".join(f"{pre}{post}".split()))
    return tuple(f for f in out if _PLAIN.fullmatch(f))


def _head(pattern: str) -> str | None:
    lead = pattern[:2]
    return lead if len(lead) == 2 and all(ch.isalnum() for ch in lead) else None


def _rx(text: str) -> str:
    # The dot of an abbreviation inside a label is the first thing OCR loses ("RĒĶINA NR"
    # over its number, "VAT reg no." for "VAT reg. no."): optional after a word of two
    # letters or more, when more of the label follows. "n. " alone keeps its dot.
    text = re.sub(r"(?<=[^\W\d_]{2})\. (?=\S)", "\0", text.replace("nr. ", "nr\0"))
    # So is the dot after an initial that a letter follows ("CF." for "C.F.", "PIVA").
    text = re.sub(r"(?<![^\W\d_])([^\W\d_])\. ?(?=[^\W\d_])", "\\1\0", text)
    return text.replace(". ", r"\.\s*").replace(" ", r"\s+").replace("\0", r"\.?\s*")


def _rn_or_m(pattern: str) -> str:
    """``pattern`` with each letter "m" and each "rn" matching either: OCR's commonest
    confusion ("Factuurnummer" read "Factuumummer", "Summe" read "Surnme").

    Only literal letters change: a character class, an escape and a group's name stay.
    """
    out, i, in_class = [], 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class or ch in "[]" or pattern.startswith("(?P<", i):
            if pattern.startswith("(?P<", i):
                close = pattern.index(">", i)
                out.append(pattern[i : close + 1])
                i = close + 1
                continue
            in_class = (in_class or ch == "[") and ch != "]"
            out.append(ch)
            i += 1
            continue
        if pattern.startswith("rn", i) or ch == "m":
            out.append("(?:rn|m)")
            i += 2 if ch == "r" else 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _defs(key: str, lang: str, patterns: list[str], weight: float = 1.0) -> list[LabelDef]:
    return [LabelDef(key, lang, re.compile(_rn_or_m(_rx(p))), weight, _head(_rx(p).replace("rn", "m")),
                     p.strip() if _PLAIN.fullmatch(p) else None, _forms(p))
            for p in patterns]


# Rate inside a VAT label: "PVM 21 %", "PVM (21%)", "VAT 9.5%". OCR reads "%" as "4", "44",
# "46", "96" now and then; a one- or two-digit token standing for "%" is accepted only
# before ")" or ":", where nothing else can be.
_RATE = r"\s*\(?\s*(?P<rate>\d{1,2}(?:[.,]\d{1,2})?)\s*(?:%|proc\.?|(?:\d{1,2}%?|%o)(?=\s*[):]))\s*\)?"

# "Nº" as OCR reads it: "N9", "N2", "N*", "N?", "No".
_OCR_NUMERO = "n[o92*?\"']"


def _numero(pattern: str) -> str:
    """A folded pattern's "Nº" as OCR reads it; before more words, also without its sign
    ("N DE FACTURA")."""
    if pattern.startswith("\0 "):
        pattern = _OCR_NUMERO + "?" + pattern[1:]
    return pattern.replace("\0", _OCR_NUMERO)


def _pattern(written: str) -> str:
    """A pack's label as a pattern over folded text: folded, "{rate}" replaced by the
    VAT-rate pattern, "Nº" by what OCR reads of it."""
    return _numero(fold(written.replace("nº", "\0").replace("n°", "\0")).replace("{rate}", _RATE))


def _group(name: str) -> list[LabelDef]:
    return [d for key, lang, weight, written in language_packs.labels(name)
            for d in _defs(key, lang, [_pattern(w) for w in written], weight)]


# Party headings ("Pardavėjas", "Seller", "From:"), the labels inside a party block, the
# document header's, the totals' and the item table's column titles.
HEADINGS: list[LabelDef] = _group("headings")
PARTY_FIELDS: list[LabelDef] = _group("party_fields")
HEADER_FIELDS: list[LabelDef] = _group("header_fields")
TOTAL_FIELDS: list[LabelDef] = _group("totals")
TABLE_COLUMNS: list[LabelDef] = _group("table_columns")

# An invoice word and its number sign as OCR reads the sign: "Factura n“:", "Factura n?",
# "Invoice +:", "Invoice 4:", "Factura 1:", "Счет Ne", "Invoice №о.:". A lone digit stands
# for the sign only before a colon, where no number can end.
_INVOICE_WORDS = tuple(dict.fromkeys(fold(word) for _, word in language_packs.words("invoice")))
_OCR_NUMBER_SIGN = r"(?:n\s?[?\"*'2]|n[eo]\.?|№\w?\.?|[#+]|[14](?=\s*:))"
HEADER_FIELDS += [LabelDef("invoice_number", "", re.compile(rf"{word}\s+{_OCR_NUMBER_SIGN}"), 0.9, word[:2])
                  for word in _INVOICE_WORDS]

# Document titles: the first kind whose pattern occurs in a title line wins, so kinds are
# tried specific first ("credit_note" before "invoice"), each kind's titles language by language.
DOCUMENT_TYPES: list[tuple[str, re.Pattern[str]]] = [
    (kind, re.compile(_rx(fold(p)))) for kind, _, p in language_packs.titles()
]
# A title of any kind, in one pattern: its search finds where the first title of a text
# starts (a search tries every branch at a place before it moves on).
ANY_TITLE = re.compile("|".join(f"(?:{pattern.pattern})" for _, pattern in DOCUMENT_TYPES))


# Each kind's English label words as written: a translation OCR misread ("Se11er") is
# recognised by its nearness to them (``hits._misread_label``).
ENGLISH: dict[str, list[str]] = {}
for _d in (*HEADINGS, *PARTY_FIELDS, *HEADER_FIELDS, *TOTAL_FIELDS, *TABLE_COLUMNS):
    if _d.words and _d.lang in ("en", "") and _d.words not in ENGLISH.get(_d.key, []):
        ENGLISH.setdefault(_d.key, []).append(_d.words)
