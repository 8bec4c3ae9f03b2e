"""What OCR does to a company's name, undone: a first word read small, a quote lost at
either end, Cyrillic look-alike capitals in a Latin name, a legal form read with a
look-alike glyph or in one of its known misspellings.

Each repair answers one misreading and leaves anything else as read; a name printed so
(a text layer) passes through unchanged.
"""

from __future__ import annotations

import itertools
import re

from .. import language_packs
from ..alphabets import base_letter
from ..normalize import fold
from ..spelling import is_word
from ..thresholds import MARK_WEIGHED_MIN, RESPELL_MAX_GLYPHS
from .legal_forms import LEGAL_FORMS as _LEGAL_FORMS


def capital_first_word(name: str) -> str:
    """A name whose first word OCR read in small letters, with its capital back.

    A company's name, after its legal form and opening quote, starts with a capital; a
    first word all in small letters there is a capital OCR read small ("UAB jūros vartai",
    "jono Kazlausko IĮ": a "J" whose tail reaches under the line reads as "j"). A word with
    a capital inside ("eBay") is left as printed.
    """
    at = 0
    form = _LEGAL_FORMS.match(fold(name))
    if form is not None:
        if not name[form.end() :].strip():
            return name  # a legal form alone
        at = form.end() + 1
    while at < len(name) and name[at] in '„“"«\'':
        at += 1
    word = re.match(r"[^\W\d_]{2,}(?=[\s\"“”»,.]|$)", name[at:])
    if word is None or not word.group().islower():
        return name
    return name[:at] + name[at].upper() + name[at + 1 :]


_QUOTES = '"“”„«»'
_OPENING_FOR = {'"': '"', "“": "„", "”": "„", "»": "«"}


def reopened_quote(name: str) -> str:
    """A quoted name whose opening quote OCR lost (a quote is a few pixels of ink):
    'VšĮ Nemuno logistika"' after its legal form is 'VšĮ "Nemuno logistika"', and
    'Statybų sprendimai" AB' before it '"Statybų sprendimai" AB'. Only a lone closing
    quote between the name and its legal form is answered; anything else stays as read.
    """
    quotes = [i for i, ch in enumerate(name) if ch in _QUOTES]
    if len(quotes) != 1 or name[quotes[0]] not in _OPENING_FOR:
        return name
    at = quotes[0]
    opening = _OPENING_FOR[name[at]]
    before, after = name[:at].rstrip(), name[at + 1 :].strip()
    if not after:
        form = _LEGAL_FORMS.match(fold(before))
        if form and form.end() < len(before) and before[form.end()] == " " and before[form.end():].strip():
            # its low opening quote read as a comma or a speck: 'UAB ,Žalgirio prekyba"'
            return f"{before[: form.end()]} {opening}{before[form.end():].strip().lstrip(',.·')}{name[at]}"
    elif before and _LEGAL_FORMS.fullmatch(fold(after)):
        return f"{opening}{before}{name[at]} {after}"
    return name


_CLOSING_FOR = {'"': '"', "„": "“", "«": "»"}


def closed_quote(name: str) -> str:
    """A quoted name whose closing quote OCR lost: 'UAB "Žemaitijos kelias' is
    'UAB "Žemaitijos kelias"'. Only a lone opening quote right after the legal form, the
    name running to the end after it, is answered; anything else stays as read. For a name
    read whole: a line of a name that wraps ('UAB „Šiaurės vėjas ir') is open, not unclosed."""
    quotes = [i for i, ch in enumerate(name) if ch in _QUOTES]
    if len(quotes) != 1 or name[quotes[0]] not in _CLOSING_FOR:
        return name
    at = quotes[0]
    before, after = name[:at].rstrip(), name[at + 1 :].strip()
    if before and after and before != name[:at] and _LEGAL_FORMS.fullmatch(fold(before)) \
            and not _LEGAL_FORMS.search(fold(after)):
        return f"{before} {name[at]}{after}{_CLOSING_FOR[name[at]]}"
    return name


# Cyrillic capitals that print exactly like Latin ones: a page read with the Russian model
# turns "MB", "AB", "OO" of a Latin name into them.
_HOMOGLYPHS = str.maketrans("АВЕКМНОРСТХ", "ABEKMHOPCTX")

_CYRILLIC_TOKEN = re.compile(r"\b[АВЕКМНОРСТХ]+\b")


def latin_homoglyphs(name: str) -> str:
    """Cyrillic look-alike capitals in a name otherwise written in Latin letters, as Latin.

    Only whole tokens made of look-alikes, and only when the name has no other Cyrillic
    letter: a Russian name stays Russian.
    """
    if not re.search(r"[A-Za-z]", name):
        return name
    rest = _CYRILLIC_TOKEN.sub("", name)
    if re.search(r"[\u0400-\u04ff]", rest):
        return name
    return _CYRILLIC_TOKEN.sub(lambda m: m.group().translate(_HOMOGLYPHS), name)


# Legal forms are a closed vocabulary, so OCR's misreadings of them can be undone
# ("Sp. Zz 0.0." -> "Sp. z o.o.", "Všį" -> "VšĮ", "OU" -> "OÜ"); only at the name's ends.
# A speck beside a dot first ("S..r.l."), then the packs' ``legal_forms.spellings``, pack by
# pack, as written.
LEGAL_FORM_SPELLINGS = [(re.compile(r"(?<=\w)\.{2,}(?=\w)"), ".")] + [
    (re.compile(spelling["pattern"]), spelling["spelling"])
    for spellings in language_packs.legal_forms("spellings").values() for spelling in spellings]

# Legal forms of one word ("OÜ", "AB", "S.r.l."), each once: the vocabulary a name's first
# or last word is matched on, glyph by glyph (``legal_form_glyphs``).
_ONE_WORD_FORMS = list(dict.fromkeys(form for forms in language_packs.legal_forms().values() for form in forms
                                     if " " not in form))
# Glyphs OCR takes for one another whatever the language: a capital whose small letter
# differs from it only in size ("o" for "O", "ü" for "Ü", "s", "c", "u", "v", "w", "x",
# "z"), a letter whose mark it lost, the vertical strokes, a round "O" and zero, a five and
# an "S", and "ß" for "B" (PP-OCR's photos).
_SIZE_ONLY = set("cosuvwxz")
_STROKES = set("Il1|")


def _same_glyph(read: str, form: str, dotted: bool = False) -> bool:
    """Whether OCR may have read the form's letter ``form`` as ``read``; ``dotted``: in a form
    with dots ("S.r.l."), whose letters OCR may also read in the other case ("S.r.L.")."""
    if read == form:
        return True
    if read.upper() == form.upper() and read.isalpha():
        return dotted or base_letter(form.lower()) in _SIZE_ONLY
    bare = base_letter(form)
    if bare != form and read.lower() == bare.lower() and (read == bare or bare.lower() in _SIZE_ONLY):
        return True  # its mark lost ("VSI" for "VšĮ"), in the form's case or one alike in both
    if read.isalpha() and read != base_letter(read) and base_letter(read.lower()) == base_letter(form.lower()):
        return base_letter(form.lower()) in _SIZE_ONLY  # another mark over it, in either size ("Oû" for "OÜ")
    return ({read, form} <= _STROKES or {read, form} <= set("O0o") or {read, form} <= set("5S")
            or (read == "ß" and form == "B"))


def _printed_so(token: str, form: str) -> bool:
    """Whether ``token`` is ``form`` as printed: as listed, capitalised ("Sp.j."), or in
    capitals or small letters where that changes a letter's shape ("LTD", "ltd"). A case
    that changes only letters' size ("oü" for "OÜ") is what OCR reads of the form as listed."""
    if token in (form, form[:1].upper() + form[1:]):
        return True
    if token not in (form.upper(), form.lower()):
        return False
    return any(r != f and base_letter(f.lower()) not in _SIZE_ONLY for r, f in zip(token, form))


def _undotted(token: str, form: str) -> bool:
    """Whether ``token`` is ``form`` with dots OCR lost and glyphs it took for others
    ("B.V" for "B.V."): the form's letters in order, and no dot the form has not."""
    letters, kept = token.replace(".", ""), form.replace(".", "")
    if "." not in token or len(letters) != len(kept) \
            or not all(_same_glyph(r, f, dotted=True) for r, f in zip(letters, kept)):
        return False
    return _dots_after(token) <= _dots_after(form)


def _dots_after(text: str) -> set[int]:
    """How many letters stand before each dot of ``text``."""
    return {k - n for n, k in enumerate(i for i, ch in enumerate(text) if ch == ".")}


def _form_read_as(token: str, country: str | None = None) -> str | None:
    """The one-word legal form ``token`` is a misreading of, glyph for glyph, when it is
    none as printed (``_printed_so``: "LTD", "Ab" and "Sp.j." are printed so, "oÜ", "Oü"
    and "Aß" are not), or with a dot lost ("B.V"). Where it may be read from two forms
    alike ("S.r.L." from the Italian "S.r.l." and the Romanian "S.R.L."), the one the
    party's ``country`` uses, if it uses one of them."""
    if not token or any(_printed_so(token, form) for form in _ONE_WORD_FORMS):
        return None
    found = [form for form in _ONE_WORD_FORMS
             if len(form) == len(token) and all(_same_glyph(r, f, "." in form) for r, f in zip(token, form))]
    if not found:
        undotted = _of_country({form for form in _ONE_WORD_FORMS if _undotted(token, form)}, country)
        if len(undotted) != 1:
            return None
        form = undotted.pop()
        return form[:1].upper() + form[1:] if token[:1].isupper() else form  # "Sp.j" is "Sp.j."
    fewest = min(sum(r != f for r, f in zip(token, form)) for form in found)
    best = _of_country({form for form in found if sum(r != f for r, f in zip(token, form)) == fewest}, country)
    return best.pop() if len(best) == 1 else None


def _of_country(forms: set[str], country: str | None) -> set[str]:
    """Of several forms, those ``country`` uses where it uses one of them; else all."""
    if len(forms) < 2 or not country:
        return forms
    used = forms & set(_COUNTRY_FORMS.get(country, ()))
    return used or forms


def legal_form_glyphs(name: str, country: str | None = None) -> str:
    """A name whose legal form, its first or last word, OCR read with a look-alike glyph:
    "Tallinna Kaubad oÜ" is "Tallinna Kaubad OÜ", '"Statybų sprendimai" Aß' ends in "AB",
    "Marmi Carrara S.r.I." in "S.r.l.". Legal forms are a closed vocabulary (the packs'
    ``legal_forms.forms``); only glyphs OCR confuses in any script are exchanged, so a form
    printed in another case ("LTD", "Oy Ab") stays as printed. Given the party's
    ``country``, a form two alike forms could be is the country's."""
    words = name.split(" ")
    if len(words) < 2:
        return name
    for k in (0, len(words) - 1):
        form = _form_read_as(words[k], country)
        if form is not None:
            words[k] = form
    return " ".join(words)


def form_in_choices(name: str, country: str | None, words) -> str:
    """A name whose legal form, its first or last word, the reader read wrong but weighed
    right: of the spellings the reader's choices make of the word (``Word.choices``: a
    character it weighed at ``MARK_WEIGHED_MIN`` or more, at most ``RESPELL_MAX_GLYPHS`` of
    them), the one that is a legal form, the party's ``country``'s where it uses one ("S.V."
    with a "B" weighed is "B.V.", "S..l." with an "r" "S.r.l."). A form as printed stays."""
    tokens = name.split(" ")
    weighed = {w.text: w.choices for w in words if w.choices}
    if len(tokens) < 2 or not weighed:
        return name
    for k in (0, len(tokens) - 1):
        token, choices = tokens[k], weighed.get(tokens[k])
        if choices is None or len(choices) != len(token) or len(token) > _LONGEST_FORM or token in _ONE_WORD_FORMS:
            continue  # a word longer than any form is no form: its spellings are not tried
        options = [[(ch, 0)] + [(c, 1) for c, p in (pos[1:] if pos else ()) if p >= MARK_WEIGHED_MIN]
                   for ch, pos in zip(token, choices)]
        spelt = {"".join(c for c, _ in combo) for combo in itertools.product(*options)
                 if sum(n for _, n in combo) <= RESPELL_MAX_GLYPHS}
        found = _of_country({s for s in spelt if s in _ONE_WORD_FORMS}, country)
        if len(found) == 1:
            tokens[k] = found.pop()
    return " ".join(tokens)


_LONGEST_FORM = max(len(form) for form in _ONE_WORD_FORMS)


# Each country's legal forms: those of the packs whose language is the country's.
_COUNTRY_FORMS: dict[str, list[str]] = {}
for _language, _country in language_packs.countries().items():
    _COUNTRY_FORMS.setdefault(_country, []).extend(language_packs.legal_forms()[_language])


def country_form(name: str, country: str | None) -> str:
    """A name whose legal form, its first or last word, OCR garbled past a glyph ("Vi",
    "Vij", "VSI", "Vš" for "VšĮ"; "OC" for "OÜ"): a word of two or three letters, opening
    with a capital exactly one legal form of the party's ``country`` opens with and about
    as long, is that form, where the name carries no form otherwise and the word is no
    word of the country's dictionaries (``spelling.is_word``). Else the name as read."""
    forms = _COUNTRY_FORMS.get(country or "", [])
    words = name.split(" ")
    if not forms or len(words) < 2 or _LEGAL_FORMS.search(fold(name)):
        return name
    for k in (0, len(words) - 1):
        token = words[k]
        if not 2 <= len(token) <= 3 or not token.isalpha() or not token[0].isupper() or is_word(token, country):
            continue
        opening = [form for form in forms if form[0] == token[0]]
        if len(opening) == 1 and abs(len(opening[0]) - len(token)) <= 1:
            words[k] = opening[0]
            return " ".join(words)
    return name


# Glyphs OCR makes of a run of vertical strokes: one stroke ("I", "l", "|"), two run
# together ("H", "N", "ll"), a bracket or a one for a stroke with a mark's tail.
_STROKE_GLYPHS = set("Il1|![]HN")


def stroke_form(name: str, country: str | None) -> str:
    """A name whose last word is the country's legal form written in strokes alone ("IĮ",
    a Lithuanian sole trader's) read as one or two glyphs of strokes ("Petro Petraičio l",
    "Ramunės Kazlausko H", "Rasos Jankauskienės N"): that form, where the name carries no
    form otherwise and has two words before it. Else the name as read."""
    words = name.split(" ")
    token = words[-1]
    if len(words) < 3 or not 1 <= len(token) <= 2 or not set(token) <= _STROKE_GLYPHS \
            or _LEGAL_FORMS.search(fold(" ".join(words[:-1]))):
        return name
    forms = [form for form in _COUNTRY_FORMS.get(country or "", [])
             if all(base_letter(ch) in "Il" for ch in form)]
    return " ".join(words[:-1] + forms) if len(forms) == 1 else name
