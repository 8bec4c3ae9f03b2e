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
apart), a word no spelling makes a word of (a surname, a brand), and a word two spellings
with as few marks would make ("Žolė" and "Žolę").

The dictionaries are Hunspell's, from the operating system (Debian's ``hunspell-*``
packages, installed by ``make setup`` and the image), read through the C library's three
calls with ``ctypes``: the Python binding ships no wheels and would put a compiler into the
image for them. Where the library or a country's dictionary is missing, names are left as
read: this only ever adds marks a dictionary vouches for.
"""

from __future__ import annotations

import ctypes
import functools
import itertools
import os
import re
import threading
from pathlib import Path

from .alphabets import ALPHABETS, base_letter

DICTIONARY_DIR = Path(os.environ.get("INVOICES_HUNSPELL_DIR", "/usr/share/hunspell"))
LIBRARY = "libhunspell-1.7.so.0"
# The dictionaries a country's names are spelt against (Debian's file names). A word is
# known when one of them knows it.
DICTIONARIES = {
    "LT": ("lt_LT",), "LV": ("lv_LV",), "EE": ("et_EE",), "PL": ("pl_PL",),
    "DE": ("de_DE",), "AT": ("de_AT",), "CH": ("de_CH", "fr_CH", "it_CH"),
    "FR": ("fr_FR",), "BE": ("fr_BE", "nl_BE"), "LU": ("fr_LU", "de_LU"), "NL": ("nl_NL",),
    "IT": ("it_IT",), "ES": ("es_ES",), "PT": ("pt_PT",), "SE": ("sv_SE",), "DK": ("da_DK",),
    "NO": ("nb_NO",), "CZ": ("cs_CZ",), "SK": ("sk_SK",),
}
# More bare letters than this in one word is too many spellings to try (2^12 at most for
# letters with one mark each); such a word is left as read.
MAX_SPELLINGS = 4096
_WORD = re.compile(r"[^\W\d_]{3,}")

_lock = threading.Lock()  # a Hunspell handle is not safe to share between threads


class _Hunspell:
    """One dictionary through libhunspell's C interface."""

    def __init__(self, library: ctypes.CDLL, stem: Path):
        self._lib = library
        self._handle = library.Hunspell_create(str(stem.with_suffix(".aff")).encode(),
                                               str(stem.with_suffix(".dic")).encode())
        self.encoding = _python_codec(library.Hunspell_get_dic_encoding(self._handle).decode("ascii"))

    def knows(self, word: str) -> bool:
        try:
            encoded = word.encode(self.encoding)
        except UnicodeEncodeError:  # a letter the language does not write
            return False
        return bool(self._lib.Hunspell_spell(self._handle, encoded))


def _python_codec(name: str) -> str:
    """Hunspell's encoding names ("ISO8859-13", "UTF-8") as Python's codecs."""
    return re.sub(r"^ISO8859", "iso8859", name)


@functools.cache
def _library() -> ctypes.CDLL | None:
    try:
        library = ctypes.CDLL(LIBRARY)
    except OSError:
        return None
    library.Hunspell_create.restype = ctypes.c_void_p
    library.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    library.Hunspell_spell.restype = ctypes.c_int
    library.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    library.Hunspell_get_dic_encoding.restype = ctypes.c_char_p
    library.Hunspell_get_dic_encoding.argtypes = [ctypes.c_void_p]
    return library


@functools.cache
def dictionaries(country: str) -> tuple[_Hunspell, ...]:
    """The country's dictionaries that are installed (loaded once per process, ~10 MB each)."""
    library = _library()
    if library is None:
        return ()
    stems = [DICTIONARY_DIR / stem for stem in DICTIONARIES.get(country, ())]
    return tuple(_Hunspell(library, stem) for stem in stems if stem.with_suffix(".dic").exists())


def restore_marks(name: str, country: str | None) -> str:
    """``name`` with the marks of each of its words restored (see the module docstring)."""
    books = dictionaries(country) if country is not None and country in ALPHABETS else ()
    if not books:
        return name
    marked = _marked(country)
    with _lock:
        return _WORD.sub(lambda m: _restored(m.group(), marked, books), name)


@functools.cache
def _marked(country: str) -> dict[str, list[str]]:
    """The country's letters with marks by the bare letter they are written on ("u": ū, ų)."""
    out: dict[str, list[str]] = {}
    for letter in ALPHABETS[country]:
        out.setdefault(base_letter(letter), []).append(letter)
    return out


def _restored(word: str, marked: dict[str, list[str]], books: tuple[_Hunspell, ...]) -> str:
    if any(book.knows(word) for book in books):
        return word
    choices = []
    for ch in word:
        options = marked.get(ch.lower()) if ch.isascii() else None
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
