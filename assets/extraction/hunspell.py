"""Spelling dictionaries: Hunspell's, through its C library.

The dictionaries are Hunspell's, from the operating system (Debian's ``hunspell-*``
packages, installed by ``make setup`` and the image), read through the C library's three
calls with ``ctypes``: the Python binding ships no wheels and would put a compiler into the
image for them. Where the library or a country's dictionary is missing, a country has no
dictionary here (``dictionaries`` is empty) and its names are read as printed.
"""

from __future__ import annotations

import ctypes
import functools
import os
import re
import threading
from pathlib import Path

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
# Names all over the EU are made of English words too ("Baltic Wood SIA", "Nordic Trade
# UAB"): a word this dictionary knows is left as read, whatever the country, or the
# country's dictionary would respell it into its own word a glyph away ("Baltic" is no
# Latvian word, "Baltie" is).
LINGUA_FRANCA = ("en_US",)

lock = threading.Lock()  # a Hunspell handle is not safe to share between threads


class Hunspell:
    """One dictionary through libhunspell's C interface (call with ``lock`` held)."""

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

    def suggest(self, word: str) -> list[str]:
        """The dictionary's suggestions for a word it does not know (10-90 ms a word)."""
        try:
            encoded = word.encode(self.encoding)
        except UnicodeEncodeError:
            return []
        found = ctypes.POINTER(ctypes.c_char_p)()
        count = self._lib.Hunspell_suggest(self._handle, ctypes.byref(found), encoded)
        try:
            return [found[k].decode(self.encoding, "replace") for k in range(count)]
        finally:
            self._lib.Hunspell_free_list(self._handle, ctypes.byref(found), count)


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
    word_list = ctypes.POINTER(ctypes.POINTER(ctypes.c_char_p))
    library.Hunspell_suggest.restype = ctypes.c_int
    library.Hunspell_suggest.argtypes = [ctypes.c_void_p, word_list, ctypes.c_char_p]
    library.Hunspell_free_list.restype = None
    library.Hunspell_free_list.argtypes = [ctypes.c_void_p, word_list, ctypes.c_int]
    return library


@functools.cache
def dictionaries(country: str) -> tuple[Hunspell, ...]:
    """The country's dictionaries that are installed (loaded once per process, ~10 MB each)."""
    return _installed(DICTIONARIES.get(country, ()))


@functools.cache
def lingua_franca() -> tuple[Hunspell, ...]:
    """The dictionaries of the words names use in every country (``LINGUA_FRANCA``)."""
    return _installed(LINGUA_FRANCA)


def _installed(names: tuple[str, ...]) -> tuple[Hunspell, ...]:
    library = _library()
    if library is None:
        return ()
    stems = [DICTIONARY_DIR / name for name in names]
    return tuple(Hunspell(library, stem) for stem in stems if stem.with_suffix(".dic").exists())
