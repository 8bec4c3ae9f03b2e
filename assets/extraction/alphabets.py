"""The letters each country writes names with, to undo OCR's guesses at foreign ones.

A page is read with one or two language models. Letters those models were not trained
on come out as their own nearest letter: a Lithuanian name on a Latvian page reads
"Šiaurēs" for "Šiaurės", a Spanish one on a Lithuanian page "Ibėrica" for "Ibérica".
A name belongs to its party's country, and that country's alphabet lacks such a
letter, so the letter is replaced by the alphabet's own letter on the same base, the
commonest first ("ē" is "ė" in Lithuanian), or by the bare base where it has none
("ė" in a German name is "e"). Letters the alphabet has are never touched: this cannot
add a diacritic OCR dropped, only correct one it misread.
"""

from __future__ import annotations

import re
import unicodedata

# Native letters with diacritics, the commonest first within each base letter.
ALPHABETS = {
    "LT": "ąčėęįšūųž",
    "LV": "āčēģīķļņšūž",
    "EE": "äöõüšž",
    "FI": "äöåšž",
    "PL": "ąćęłńóśźż",
    "DE": "äöüß",
    "AT": "äöüß",
    "CH": "äöüéèàç",
    "FR": "éèêàçâîôûëïüÿœæ",
    "BE": "éèêëàçâîôûïöü",
    "LU": "éèêëàçäöü",
    "NL": "éëïöüèáó",
    "IT": "àèéìíòóùú",
    "ES": "áéíóúñü",
    "PT": "ãáâàçéêíõóôú",
    "SE": "åäö",
    "DK": "æøå",
    "NO": "æøå",
    "CZ": "áčďéěíňóřšťúůýž",
    "SK": "áäčďéíĺľňóôŕšťúýž",
}
# Legal forms that name one country. "AB", "AS" and "S.A." are used in several
# (``_SHARED_FORMS``): they leave a choice among those, which a name's words decide
# (``spelling.country_by_words``).
_FORMS = [
    (re.compile(r"(?<!\w)(?:UAB|MB|IĮ|VšĮ|ŽŪB|TŪB|KŪB)(?!\w)"), "LT"),
    (re.compile(r"(?<!\w)SIA(?!\w)"), "LV"),
    (re.compile(r"(?<!\w)OÜ(?!\w)"), "EE"),
    (re.compile(r"(?<!\w)Sp\. ?z ?o\.o\."), "PL"),
    (re.compile(r"(?<!\w)(?:GmbH|KG|OHG|e\.K\.)(?!\w)"), "DE"),
    (re.compile(r"(?<!\w)(?:S\.L\.|S\.L\.U\.)(?!\w)"), "ES"),
    (re.compile(r"(?<!\w)(?:S\.r\.l\.|S\.p\.A\.)(?!\w)"), "IT"),
    (re.compile(r"(?<!\w)(?:SARL|S\.A\.R\.L\.|SAS)(?!\w)"), "FR"),
    (re.compile(r"(?<!\w)B\.V\.(?!\w)"), "NL"),
]
# Legal forms several countries use, with the countries whose alphabets ``ALPHABETS`` has.
_SHARED_FORMS = [
    (re.compile(r"(?<!\w)AB(?!\w)"), ("LT", "SE")),
    (re.compile(r"(?<!\w)AS(?!\w)"), ("EE", "LV", "NO")),
    (re.compile(r"(?<!\w)A/S(?!\w)"), ("DK", "NO")),
    (re.compile(r"(?<!\w)S\.A\.(?!\w)"), ("ES", "FR", "BE", "LU", "PL", "PT")),
]


def base_letter(ch: str) -> str:
    """A letter without its diacritics ("ė" -> "e")."""
    return unicodedata.normalize("NFD", ch)[0]


def country_of_name(name: str) -> str | None:
    """The country a legal form in the name belongs to, when it belongs to one."""
    found = {country for pattern, country in _FORMS if pattern.search(name)}
    return found.pop() if len(found) == 1 else None


def countries_of_form(name: str) -> tuple[str, ...]:
    """The countries a legal form several countries use ("AB": Lithuania, Sweden) leaves a
    name to, in ``ALPHABETS``; none where the name has no such form."""
    found = [countries for pattern, countries in _SHARED_FORMS if pattern.search(name)]
    return found[0] if len(found) == 1 else ()


def native_letters(name: str, country: str | None) -> str:
    """``name`` with every letter its country's alphabet lacks replaced (see the module)."""
    alphabet = ALPHABETS.get(country or "")
    if alphabet is None:
        return name
    out = []
    for i, ch in enumerate(name):
        lower = ch.lower()
        if lower in alphabet or ch.isascii() or not unicodedata.name(ch, "").startswith("LATIN") \
                or base_letter(lower) == lower:
            out.append(ch)
            continue
        base = base_letter(lower)
        native = next((letter for letter in alphabet if base_letter(letter) == base), base)
        if native == "é" and "è" in alphabet and _MUTE_E_AFTER.match(name, i + 1):
            native = "è"  # French writes "è" before a last syllable of mute "e": "Lumière", "Frères"
        out.append(native.upper() if ch.isupper() else native)
    return "".join(out)


_MUTE_E_AFTER = re.compile(r"(?:[bcdfgjklmnpqrstvz]|[bcdfgkpt][lr]|ch|gn|qu)es?(?!\w)", re.IGNORECASE)
