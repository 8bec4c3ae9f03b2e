"""Diacritics OCR dropped from a name, put back where the name's language leaves one choice.

OCR drops a mark far more often than it invents one ("Duomenu centras" for "Duomenų
centras", "Silumos tinklai" for "Šilumos tinklai"), and ``alphabets.native_letters`` can
only correct a mark that was misread, never add one that is missing. Most words of a
company's name are ordinary words of its country's language, which a spelling dictionary
knows in every inflected form. So a word of a name read by OCR that the country's
dictionary does not know is replaced by a spelling with that alphabet's marks on its bare
letters when exactly one such spelling is a word, or when one of them adds fewer marks than
every other ("Latvijas Partika" is "Pārtika", not the locative "Pārtikā": a name's words
are mostly in the cases that end bare). Everything else stays as read: a word the
dictionary knows ("Svarūs" is a word as well as "Švarūs", and only the page can tell them
apart), a word English knows (``LINGUA_FRANCA``: names everywhere are made of English
words, and "Baltic Wood SIA" is no Latvian "Baltie"), a word no spelling makes a word of
(a surname, a brand), and a word two spellings with as few marks would make ("Žolė" and
"Žolę"). A letter read with a mark the alphabet has may be another of its marked letters
on a letter small print makes alike, where that alone makes a word ("Hétel" is "Hôtel").

A word OCR itself doubted (its confidence under ``RESPELL_BELOW_CONF``) that no marks make a
word is also set against the dictionary's suggestions: the one suggestion that differs from
it only by a glyph or two that small print confuses ("tinklal" is "tinklai", "slunta"
"siunta", "Tachniek" "Techniek", "Okio" "Ūkio": strokes, round letters, an arm blurred)
replaces it. Two such suggestions, or one that needs another kind of change (a letter more
or less, a glyph no print confuses), leave the word as read; a word OCR was sure of is never
respelt, so a brand it read well stays a brand, and nor is a word of three letters (a legal
form: "UAS" has too many neighbours a glyph away). Where the reader says what it weighed
for each letter (PP-OCR's ``Word.choices``), a letter it was sure of is never respelt
("Hansa" stays, though "Hanse" is the German word), and a doubted one may also become a
letter the reader weighed there that print does not otherwise confuse ("Feänkost" is
"Feinkost" where it weighed an "i"). Before the suggestions, such a word is spelt from the
letters the reader weighed for each of its own (``letters_weighed``): the likeliest spelling
so made that the dictionary knows, with at most two letters other than those read, each
written as the country writes it and with the marks its alphabet adds ("Zemaitijus", where
the reader weighed "Ž" and "o", is "Žemaitijos"): Hunspell suggests by edits it ranks
itself, and a word two marks and a letter away is often not among them.

A name's country is its VAT code's, its address's, or its legal form's where one country
alone uses that form. A form several use ("AB": Lithuania and Sweden) leaves the country
whose dictionaries know more of the name's words, each in that country's letters
(``country_by_words``): "AB Saulés véjas" is Lithuanian, and its "é" is an "ė".

The dictionaries are Hunspell's (``hunspell``). Where the library or a country's dictionary
is missing, names are left as read: this only ever adds marks a dictionary vouches for.
"""

from __future__ import annotations

import functools
import itertools
import re

from .alphabets import ALPHABETS, base_letter, native_letters
from .hunspell import Hunspell, dictionaries, lingua_franca, lock
from .thresholds import (
    CHOICES_BEAM,
    MARK_ADDED,
    MARK_WEIGHED_MIN,
    RESPELL_BELOW_CONF,
    RESPELL_MAX_GLYPHS,
    RESPELL_MIN_LETTERS,
)

# More bare letters than this in one word is too many spellings to try (2^12 at most for
# letters with one mark each); such a word is left as read.
MAX_SPELLINGS = 4096
# Per letter of a word, the letters (bare, small) the reader weighed there besides the one it
# read; None for a letter it was sure of.
Weighed = tuple[frozenset[str] | None, ...]
# Per letter of a word, the letters with a mark (small) the reader weighed there on its bare letter.
Marks = tuple[frozenset[str], ...]
# Per letter of a word, the letters the reader weighed there with their weights, the one it
# read first; empty where it was sure (PP-OCR's ``Word.choices``).
Letters = tuple[tuple[tuple[str, float], ...], ...]

_WORD = re.compile(r"[^\W\d_]{3,}")
# Letters small print makes alike (compared without their marks, in small letters):
# vertical strokes, round letters, an arch or an arm blurred, a bowl with its tail.
_ALIKE_GROUPS = ("ijl", "aeo", "ou", "ce", "kl", "nu", "nh", "bh", "vy", "gq")
_ALIKE = {(a, b) for group in _ALIKE_GROUPS for a in group for b in group if a != b}

def restore_marks(name: str, country: str | None, doubted: dict[str, Weighed | None] | None = None,
                  marks: dict[str, Marks] | None = None, letters: dict[str, Letters] | None = None) -> str:
    """``name`` with the marks of each of its words restored, the words of ``doubted``
    (``doubted_words``: those OCR read with little confidence) respelt where a glyph or two
    that OCR confuses makes one word of them, and a word the dictionary knows given a mark
    the reader weighed on it (``marks_weighed``) where that too makes a word (see the module
    docstring)."""
    books = _books(country)
    if not books:
        return name
    marked = _marked(country)

    def respelt(word: str) -> str:
        if any(book.knows(word) for book in books):
            return _marks_weighed(word, marks.get(_bare(word)) if marks else None, country, books)
        if any(book.knows(word) for book in lingua_franca()):
            return word
        restored = _restored(word, marked, books)
        if restored == word and len(word) >= RESPELL_MIN_LETTERS and doubted and _bare(word) in doubted:
            chosen = _letters_respelt(word, letters.get(_bare(word)) if letters else None, country, books)
            return chosen if chosen != word else _glyphs_respelt(word, books, doubted[_bare(word)])
        return restored

    with lock:
        return _WORD.sub(lambda m: respelt(m.group()), name)


def country_by_words(name: str, countries: tuple[str, ...]) -> str | None:
    """Of ``countries`` (those a legal form several use leaves a name to), the one whose
    dictionaries know more of the name's words, each written in that country's letters
    (``native_letters``) with the marks it would restore: "AB Saulés véjas" is Lithuanian
    ("Saulės vėjas"), not Swedish. A word English knows says nothing; a tie, or no word
    known, is no country."""
    words = [w for w in _WORD.findall(name) if len(w) > 3]
    with lock:
        words = [w for w in words if not any(book.knows(w) or book.knows(w.lower()) for book in lingua_franca())]
        known: dict[str, int] = {}
        for country in countries:
            books = _books(country)
            if not books:
                continue
            marked = _marked(country)
            count = 0
            for word in words:
                spelt = native_letters(word, country)
                if not any(book.knows(spelt) for book in books):
                    spelt = _restored(spelt, marked, books)
                count += any(book.knows(spelt) for book in books)
            known[country] = count
    best = max(known.values(), default=0)
    winners = [c for c, n in known.items() if n == best]
    return winners[0] if best > 0 and len(winners) == 1 else None


def is_word(word: str, country: str | None) -> bool:
    """Whether a dictionary of ``country`` knows ``word`` (as written, or in small letters)."""
    books = _books(country)
    with lock:
        return any(book.knows(word) or book.knows(word.lower()) for book in books)


def _books(country: str | None) -> tuple[Hunspell, ...]:
    """The dictionaries of a country whose alphabet is known, else none."""
    return dictionaries(country) if country is not None and country in ALPHABETS else ()


def _bare(word: str) -> str:
    """A word in small letters without marks: how a word is told among those OCR read,
    whose marks the name's repairs may since have changed."""
    return "".join(base_letter(ch.lower()) for ch in word)


def doubted_words(words) -> dict[str, Weighed | None]:
    """The words (bare, ``_bare``) OCR read with a confidence under ``RESPELL_BELOW_CONF``,
    each with, per letter, the letters (bare, small) the reader weighed there besides the one
    it read, where the reader says (PP-OCR's ``Word.choices``; None where it does not)."""
    out: dict[str, Weighed | None] = {}
    for w in words:
        if w.conf >= RESPELL_BELOW_CONF:
            continue
        for m in _WORD.finditer(w.text):
            weighed = None
            if w.choices is not None:
                weighed = tuple(frozenset(_bare(c) for c, _ in pos[1:]) if pos else None
                                for pos in w.choices[m.start():m.end()])
            out[_bare(m.group())] = weighed
    return out


def letters_weighed(words) -> dict[str, Letters]:
    """Per word (bare, ``_bare``) OCR read with a confidence under ``RESPELL_BELOW_CONF``, the
    letters the reader weighed for each of its letters, with their weights (PP-OCR's
    ``Word.choices``); only where the reader says."""
    out: dict[str, Letters] = {}
    for w in words:
        if w.conf >= RESPELL_BELOW_CONF or w.choices is None:
            continue
        for m in _WORD.finditer(w.text):
            out[_bare(m.group())] = tuple(w.choices[m.start():m.end()])
    return out


def marks_weighed(words) -> dict[str, Marks]:
    """Per word (bare, ``_bare``) the reader weighed a letter with a mark for, and per letter
    those letters (small) it weighed there at ``MARK_WEIGHED_MIN`` or more whose bare letter is
    the one it read: "Siaurés" whose "S" was "Š" at 0.23. Only where the reader says what it
    weighed (PP-OCR's ``Word.choices``)."""
    out: dict[str, Marks] = {}
    for w in words:
        if w.choices is None:
            continue
        for m in _WORD.finditer(w.text):
            per_letter = []
            for ch, pos in zip(m.group(), w.choices[m.start():m.end()]):
                bare = base_letter(ch.lower())
                per_letter.append(frozenset(c.lower() for c, p in pos[1:] if p >= MARK_WEIGHED_MIN
                                            and c.lower() not in (ch.lower(), bare)
                                            and base_letter(c.lower()) == bare))
            if any(per_letter):
                out[_bare(m.group())] = tuple(per_letter)
    return out


def _marks_weighed(word: str, marks: Marks | None, country: str, books: tuple[Hunspell, ...]) -> str:
    """A word the dictionary knows as read, given the marks the reader weighed on its letters
    (``marks``, as the country writes them: "é" weighed in a Lithuanian name is "ė") where
    exactly one spelling so is a word too ("Technine" is "Techninė", "Siaurės" "Šiaurės"):
    OCR drops a mark far more often than it invents one, and a mark the reader saw there
    is the page's word. Else the word as read."""
    if marks is None or len(marks) != len(word):
        return word
    choices = []
    for ch, weighed in zip(word, marks):
        options = [ch]
        for letter in sorted(weighed):
            native = native_letters(letter, country)
            if base_letter(native) != native and native != ch.lower():
                options.append(native.upper() if ch.isupper() else native)
        choices.append(list(dict.fromkeys(options)))
    if functools.reduce(lambda n, c: n * len(c), choices, 1) > MAX_SPELLINGS:
        return word
    spelt = {"".join(letters) for letters in itertools.product(*choices)} - {word}
    words = [s for s in spelt if any(book.knows(s) for book in books)]
    return words[0] if len(words) == 1 else word


def _letters_respelt(word: str, letters: Letters | None, country: str,
                     books: tuple[Hunspell, ...]) -> str:
    """The likeliest spelling of ``word`` the dictionary knows among those the reader's
    choices make: each letter the one read, or one the reader weighed there at
    ``MARK_WEIGHED_MIN`` or more (at most ``RESPELL_MAX_GLYPHS`` of them), written as the
    country writes it ("é" in a Lithuanian name is "ė") and with the marks its alphabet
    puts on it (OCR drops marks more than any other part of a letter): "Zemaitijus" with
    "Ž" and "o" weighed is "Žemaitijos". Else ``word``."""
    if letters is None or len(letters) != len(word):
        return word
    marked = _marked(country)
    per_letter: list[dict[str, tuple[float, int]]] = []
    for ch, weighed in zip(word, letters):
        options: dict[str, tuple[float, int]] = {}
        read_weight = weighed[0][1] if weighed else 1.0
        alternatives = [(ch, read_weight, 0)] + [(c, p, 1) for c, p in (weighed[1:] if weighed else ())
                                                 if p >= MARK_WEIGHED_MIN and c.isalpha()]
        for letter, weight, changed in alternatives:
            letter = native_letters(letter, country)
            bare = base_letter(letter.lower())
            if changed and bare == base_letter(ch.lower()):
                changed = 0  # a mark weighed on the letter read is no other letter
            spellings = [(letter, weight)] + [(m.upper() if letter.isupper() else m, weight * MARK_ADDED)
                                              for m in marked.get(letter.lower(), ()) if letter.isascii()]
            for spelt, w in spellings:
                if spelt not in options or options[spelt][0] < w:
                    options[spelt] = (w, changed)
        per_letter.append(options)
    beam: list[tuple[float, int, str]] = [(1.0, 0, "")]
    for options in per_letter:
        grown = [(p * weight, n + changed, prefix + letter) for p, n, prefix in beam
                 for letter, (weight, changed) in options.items() if n + changed <= RESPELL_MAX_GLYPHS]
        beam = sorted(grown, key=lambda b: -b[0])[:CHOICES_BEAM]
    known = [(p, spelt) for p, _, spelt in beam if spelt != word and any(book.knows(spelt) for book in books)]
    if not known or (len(known) > 1 and known[1][0] == known[0][0]):
        return word
    return known[0][1]


def _glyphs_respelt(word: str, books: tuple[Hunspell, ...], weighed: Weighed | None = None) -> str:
    """The one suggestion of the dictionaries that differs from ``word`` only by letters
    small print makes alike (at most ``RESPELL_MAX_GLYPHS`` of them) and by marks, else
    ``word``; where the reader said what it weighed for each letter (``weighed``), only by
    letters it weighed there."""
    by_glyphs: dict[int, set[str]] = {}
    for book in books:
        for suggestion in book.suggest(word):
            glyphs = alike_glyphs(word, suggestion, weighed)
            if glyphs is not None and glyphs <= RESPELL_MAX_GLYPHS:
                by_glyphs.setdefault(glyphs, set()).add(suggestion)
    fewest = by_glyphs[min(by_glyphs)] if by_glyphs else set()
    return fewest.pop() if len(fewest) == 1 else word


def alike_glyphs(read: str, word: str, weighed: Weighed | None = None) -> int | None:
    """How many letters of ``read`` small print made of another to spell ``word`` (marks
    aside), or None when ``word`` is not so made: another length, another case, a letter
    no print confuses with the one read (or, given ``weighed``, the reader did not weigh)."""
    if len(read) != len(word) or read == word:
        return None
    glyphs = 0
    for k, (r, w) in enumerate(zip(read, word)):
        if r.isupper() != w.isupper():
            return None
        a, b = base_letter(r.lower()), base_letter(w.lower())
        if a != b:
            if weighed is not None and len(weighed) == len(read):
                allowed = weighed[k] is not None and (b in weighed[k] or (a, b) in _ALIKE)
            else:
                allowed = (a, b) in _ALIKE
            if not allowed:
                return None
            glyphs += 1
    return glyphs


@functools.cache
def _marked(country: str) -> dict[str, list[str]]:
    """The country's letters with marks by the bare letter they are written on ("u": ū, ų)."""
    out: dict[str, list[str]] = {}
    for letter in ALPHABETS[country]:
        out.setdefault(base_letter(letter), []).append(letter)
    return out


def _restored(word: str, marked: dict[str, list[str]], books: tuple[Hunspell, ...]) -> str:
    """A word no dictionary knows, with the marks its alphabet puts on its bare letters,
    and a letter read with a mark as another of the alphabet's on a letter alike ("Hétel":
    a circumflex is as small as an acute, an "o" blurs into an "e"), where one spelling so
    is a word (or changes the fewest letters), else as read."""
    choices = []
    for ch in word:
        if ch.isascii():
            options = marked.get(ch.lower())
        else:  # a mark OCR saw, on a letter small print makes alike: "Hétel" is "Hôtel"
            bare = base_letter(ch.lower())
            options = [m for letters in marked.values() for m in letters if m != ch.lower()
                       and (base_letter(m) == bare or (base_letter(m), bare) in _ALIKE)]
        choices.append([ch] + [m.upper() if ch.isupper() else m for m in options] if options else [ch])
    if functools.reduce(lambda n, c: n * len(c), choices, 1) > MAX_SPELLINGS:
        return word
    by_marks: dict[int, list[str]] = {}
    for letters in itertools.product(*choices):
        spelt = "".join(letters)
        if spelt != word and any(book.knows(spelt) for book in books):
            by_marks.setdefault(sum(a != b for a, b in zip(spelt, word)), []).append(spelt)
    fewest = by_marks[min(by_marks)] if by_marks else []
    return fewest[0] if len(fewest) == 1 else word
