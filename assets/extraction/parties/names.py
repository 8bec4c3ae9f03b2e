"""The text of a party: names, legal forms, addresses, and what separates them.

Pure functions of strings, whatever the layout: what a name looks like (and what no name
does: a label, a code, a heading's tail), a company's legal form, a postal address and
the separators that end a name on its line.
"""

from __future__ import annotations

import functools
import re

from .. import language_packs
from ..alphabets import base_letter
from ..contacts import EMAIL
from ..countries import country_named
from ..labels import ANY_TITLE, HEADER_FIELDS, HEADINGS, PARTY_FIELDS, TABLE_COLUMNS, TOTAL_FIELDS
from ..lines import Span
from ..normalize import clean_value, edit_distance, fold
from .legal_forms import LEGAL_FORMS as _LEGAL_FORMS
from .legal_forms import unglued_form
from .legal_forms import alternatives as _alternatives
from .misread_names import (
    LEGAL_FORM_SPELLINGS,
    latin_homoglyphs,
    legal_form_glyphs,
    reopened_quote,
)

# Postal codes as Europe prints them: five digits (LT, DE, FR, IT, ES, EE, FI, SE ...),
# "00-238" (PL), "1234 AB" (NL), and four digits before a capitalised town (BE, AT, CH,
# DK, LU, NO: "1000 Bruxelles"), which a year before a word is not; four digits after their
# country's letters ("LV-1010"); British postcodes ("BS1 4DJ").
_POSTAL = re.compile(
    r"(?<![\w])(?:(?P<cc>LT|LV|EE|PL|DE|FI|SE|NL|BE|AT|CH|LU|DK|NO|FR|IT|ES|PT|CZ|SK) ?[-–]? ?)?"
    r"(?P<code>\d{5}|\d{2}-\d{3}|\d{4} ?[A-Z]{2}(?=\s+[A-ZÀ-Ž])|(?!19\d\d|20\d\d)\d{4}(?=\s+[A-ZÀ-Ž][a-zà-ž]{2,})"
    r"|(?<=(?:LV|EE|AT|CH|LU|DK|NO|BE|SI|HU|CY)[-–])\d{4}"  # "LV-1010": four digits after their country
    r"|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})"  # British: "BS1 4DJ", "EC1A 1BB"
    r"(?![\w])")

_EMAIL = EMAIL  # contacts.EMAIL: a dotted domain ending in letters

_PHONE = re.compile(r"\+?\d[\d ()\-]{5,}\d")

_WORD = re.compile(r"[^\W\d_]{2}")

_WORD3 = re.compile(r"[^\W\d_]{3}")  # two letters in a row: text, not a rule or a number

_RULE = re.compile(r"[\s:]*[_.…]{3,}\s*")  # a line to sign or write on

# A street's mark, with or without its dot ("g.", "al.", "Str.", "Rd"): the packs' ``party_words.street_marks``.
_STREET_MARK = re.compile(r"(?<![\w])(" + _alternatives(language_packs.entries("party_words", "street_marks"))
                          + r")\.?(?![\w])", re.I)


def _marks(text: str) -> int:
    return sum(1 for ch in text if base_letter(ch) != ch)


_KEY_VALUE = re.compile(r"^(?P<key>[^:]{1,40}):\s*(?P<value>.+)$")

_NAME_START = re.compile(r"^[\w„“”\"'«»]")

# A form of address printed before a name ("Herrn", "Mme", "Mr.", "Firma"): of every pack,
# ``party_words.salutations``. Alone on its line (an address block's first line) it is no
# name but the start of the one under it: "Herrn" over "Max Mustermann" is printed as the
# addressee's name, and e-invoices carry it so (there is no field for a salutation).
_SALUTATIONS = "|".join(sorted((re.escape(w) for w in language_packs.entries("party_words", "salutations")),
                               key=len, reverse=True))
_SALUTATION = re.compile(rf"^\s*(?:{_SALUTATIONS})(?:\s+|$)", re.IGNORECASE)


def is_salutation(text: str) -> bool:
    """A form of address alone ("Herrn", "Madame"): the line over the addressee's name."""
    m = _SALUTATION.match(text)
    return m is not None and not text[m.end():].strip(" ,.:")



_DOMAIN = re.compile(r"(?:www\.)?[^\W_][\w-]{2,}\.[a-z]{2,3}")


@functools.cache
def _label_words() -> frozenset[str]:
    """Every label's plain words of three letters or more ("kiekis", "buyer", "importe")."""
    out = set()
    for d in (*HEADINGS, *PARTY_FIELDS, *HEADER_FIELDS, *TOTAL_FIELDS, *TABLE_COLUMNS):
        for word in re.split(r"[\s/]+", d.words or ""):
            if len(word.strip(".:")) >= 3:
                out.add(word.strip(".:"))
    return frozenset(out)


def label_words_only(text: str) -> bool:
    """Whether a would-be name is nothing but label words as OCR reads them ("Kiekis",
    "Buyer", "Btw-nummm", "Smporte", "Pmonės"): each word of three letters or more a
    label's word, from four letters on within a letter in four of it. A name with a legal
    form is a company's, whatever its words."""
    folded = fold(text)
    if _LEGAL_FORMS.search(folded):
        return False
    words = [w for w in (w.strip('.:,"„“”') for w in re.split(r"[\s/]+", folded)) if len(w) >= 3]
    labels = _label_words()
    return bool(words) and all(w in labels or len(w) >= 4 and any(
        abs(len(w) - len(label)) <= len(label) // 4 and edit_distance(w, label) <= len(label) // 4
        for label in labels) for w in words)


def looks_like_name(text: str) -> bool:
    """The shape of a party's name, whatever its language: it starts with a letter, a digit
    or a quote (not with the "/" of a heading that goes on, "Käufer/Leistungsempfänger"),
    has more letters than digits ("GLN 4333741000005", "FA-2017-0010" are codes), and is
    no field line ("Globale Nummer: 4000001123452 (GTIN)": a key, a colon, a code; or any
    value after a colon set apart, "Nummer : Liselotte Müllermann") nor a system's
    identifier ("WELCOME_PACK_2017": words joined by underscores) nor a web address with
    at most a mark OCR read beside it ("as bookhotelsaintdenis.re": an e-mail's domain)."""
    text = text.strip()
    if not text or not _NAME_START.match(text) or re.search(r"[^\W_]_[^\W_]", text) or is_salutation(text):
        return False
    words = text.split()
    if any(_DOMAIN.fullmatch(w) for w in words) and all(len(w) <= 2 or _DOMAIN.fullmatch(w) for w in words):
        return False
    letters = sum(ch.isalpha() for ch in text)
    digits = sum(ch.isdigit() for ch in text)
    if letters <= digits:
        return False
    kv = _KEY_VALUE.match(text)
    if kv is not None:
        if kv.group("key").endswith(" "):
            return False  # "Nummer : Liselotte Müllermann": a key/value block's field, whatever its value
        value = kv.group("value")
        if sum(ch.isdigit() for ch in value) >= sum(ch.isalpha() for ch in value):
            return False
    return True


# Words a name does not end with: it goes on on the next line (``party_words.connectors``).
_CONNECTORS = {fold(word) for word in language_packs.entries("party_words", "connectors")}


def _open_name(text: str) -> bool:
    """A quote opened and not closed ("UAB „Šiaurės"), or a last connecting word."""
    if text.count("„") + text.count("«") > text.count("“") + text.count("”") + text.count("»") \
            or text.count('"') % 2:
        return True
    words = fold(text).split()
    return bool(words) and (words[-1] in _CONNECTORS or words[-1].endswith("-"))


def _is_street(text: str) -> bool:
    """A street and its number, alone on a line: "Laisvės al. 10", "Lindenallee 5", "1 High Street"."""
    text = text.strip()
    return bool(_STREET_MARK.search(text) and re.search(r"\d", text) or re.fullmatch(
        r"(?:[^\W\d_][\w.'-]*\s+){0,4}[^\W\d_][\w.'-]*\s+\d{1,4}[a-zA-Z]?(?:[-/]\d{1,4})?|\d{1,4}[a-zA-Z]?,?\s+"
        r"(?:[^\W\d_][\w.'-]*\s*){1,5}", text)) and not _POSTAL.search(text) and not re.search(r"\d{5,}", text)


def tidy_name(text: str) -> str:
    """A company name as printed, without OCR's stray spaces inside its quotes.

    "UAB „ Saulės vėjas “" -> "UAB „Saulės vėjas“"; an unbalanced straight quote at
    either end (a quote the label's punctuation took away) is dropped, not invented.
    """
    if re.search(r"[ąčęėįšųūž]", text.lower()):  # a Lithuanian name: "IĮ" (a sole trader) read as bars
        text = re.sub(r"(?<=\s)(?:\|\||I\||\|I|I\])\s*$", "IĮ", text)
    name = latin_homoglyphs(clean_value(text))
    # The Polish "Sp. z o.o." with its o's read as zeros, its "z" as anything short.
    name = re.sub(r"\bSp\. ?\S{1,2} ?[0oO]\.[0oO]\.(?=\s|$)", "Sp. z o.o.", name)
    # A closing quote OCR read as an asterisk: "„Gintaro krantas* UAB".
    if "„" in name and not re.search(r"[“”]", name[name.index("„"):]):
        name = re.sub(r"(?<=[^\W\d_])\*(?=\s|$)", "“", name, count=1)
    # A lone character before the name is a letterhead's bar or band edge, read by OCR.
    name = re.sub(r"^[^\w„“\"«(]\s+|^[a-zIĮl|_]\s+(?=\S{2})", "", name)
    out: list[str] = []
    open_quote = False
    for ch in name:
        opening = ch in "„«" or (ch == "“" and not open_quote)
        closing = ch in "”»" or (ch == "“" and open_quote)
        if closing:
            while out and out[-1] == " ":
                out.pop()
            open_quote = False
        out.append(ch)
        if opening:
            open_quote = True
    name = re.sub(r"([„«“]) +", lambda m: m.group(1) if m.group(1) != "“" else m.group(0), "".join(out))
    name = re.sub(r"„ +", "„", name)
    if name.count('"') == 2:
        first, second = name.index('"'), name.rindex('"')
        name = name[: first + 1] + name[first + 1 : second].strip() + name[second:]
    elif name.count('"') == 1 and (name.startswith('"') or name.endswith('"')) and " " not in name.strip('"'):
        name = name.strip('"')
    name = reopened_quote(name)
    # A speck OCR read right inside an opening quote: 'UAB ".Vėjo malūnas"', 'VšĮ "_Duomenų'.
    name = re.sub(r"(?<=[„“\"«])[._,·'](?=[^\W\d_])", "", name)
    for pattern, canonical in LEGAL_FORM_SPELLINGS:
        name = pattern.sub(canonical, name)
    return unglued_form(legal_form_glyphs(name))


# The beginning of a phone's word ("Tel.", "Mob.", "Faksas"): the packs' ``party_words.phone_words``.
_PHONE_WORDS = re.compile(r"\b(" + _alternatives(language_packs.entries("party_words", "phone_words")) + ")")


def _legal_entity(name: str) -> bool | None:
    """False when the name carries a legal form (UAB, AB, MB, GmbH, Ltd ...), else unknown."""
    return False if _has_legal_form(name) else None


def parse_address(text: str) -> dict:
    """Split a printed address into street, city, postal code and country (best effort).

    "Gedimino pr. 12-3, LT-01103 Vilnius" -> street "Gedimino pr. 12-3", postal code
    "LT-01103", city "Vilnius", country "LT". ``text`` always keeps the address as printed.
    """
    result = {"street": None, "city": None, "postalCode": None, "country": None, "text": text}
    parts = [p.strip() for p in text.split(",") if p.strip()]
    postal_idx = None
    for i, part in enumerate(parts):
        m = _POSTAL.search(part)
        if m:
            postal_idx = i
            cc = m.group("cc")
            result["postalCode"] = f"{cc}-{m.group('code')}" if cc else m.group("code")
            if cc:
                result["country"] = cc
            rest = (part[: m.start()] + part[m.end() :]).strip(" ,-")
            if rest:
                result["city"] = rest
            break
    for i, part in enumerate(parts):
        country = country_named(part)
        if country:
            result["country"] = result["country"] or country
            continue
        if i == postal_idx:
            continue
        if result["street"] is None and (re.search(r"\d", part) or _STREET_MARK.search(part)):
            result["street"] = part
        elif result["city"] is None and i != 0 and re.fullmatch(r"[^\W\d_][^\d,]*", part):
            result["city"] = part
    if result["street"] is None and parts and postal_idx != 0:
        result["street"] = parts[0]
    return result


_SEPARATORS = " |·•;,:-–"

# A bank's word inside a name ("Commerzbank AG", "Swedbank AS", "Caixa Geral"): ``party_words.bank_names``.
_BANK_NAME = re.compile(_alternatives(language_packs.entries("party_words", "bank_names")))

# The marks that part a name from its address on one line ("X GmbH · Straße 1 · Stadt"),
# and what OCR reads a small middle dot as ("+", "-", "»", ":").
_PART_SEP = re.compile(r"\s[|·•]\s")

_READ_SEP = re.compile(r"\s[|·•+»«*:–-]\s")


def _name_end(text: str) -> int | None:
    """Where a name printed with its address on one line ends: at its first '·' or '|',
    or at a mark OCR made of the dot, when an address follows it; at a comma after a
    legal form ("X Sp. z o.o., ul. Długa 5, 00-238 Warszawa"): "Rīga, LV-1001" is an
    address line, not a name before its address; at a legal form a house number follows."""
    m = _PART_SEP.search(text)
    if m is not None:
        return m.start()
    return next((m.start() for m in _READ_SEP.finditer(text) if _looks_like_address(text[m.end():])), None) \
        or next((m.start() for m in _COMMA.finditer(text) if _looks_like_address(text[m.end():])
                 and _has_legal_form(text[:m.start()]) and not _looks_like_address(text[:m.start()])), None) \
        or _form_before_address(text)


def _form_before_address(text: str) -> int | None:
    """The end of a legal form that a street's number follows, its separator lost ("Au bon
    moulin SARL 1242 chemin de l'olive 84340 Malaucène": OCR read the dashes between as a
    line of their own)."""
    for m in _LEGAL_FORMS.finditer(fold(text)):
        rest = text[m.end():]
        if m.start() > 0 and re.match(r" \d{1,5}[a-zA-Z]?\b", rest) and _looks_like_address(rest.strip()) \
                and not _looks_like_address(text[: m.end()]):
            return m.end()
    return None


_COMMA = re.compile(r",\s")


def _has_legal_form(text: str) -> bool:
    """Whether ``text`` carries a company's legal form ("UAB", "GmbH", "S.r.l.")."""
    return bool(_LEGAL_FORMS.search(fold(text)))


def _company_not_bank(text: str) -> bool:
    """A company's name (a legal form) that is not its bank's ("Commerzbank AG")."""
    folded = fold(text)
    return bool(_LEGAL_FORMS.search(folded)) and not _BANK_NAME.search(folded)


def _core_name(name: str) -> str:
    """A company's name without its legal form, quotes and case: "UAB „Šiaurės vėjas“",
    "ŠIAURĖS VĖJAS" and "Šiaurės vėjas, UAB" are all "siaures vejas"."""
    return " ".join(_WORD_RUN.findall(_LEGAL_FORMS.sub(" ", fold(name))))


_WORD_RUN = re.compile(r"[^\W_]+")


def _is_title(text: str) -> bool:
    return _title_start(text) is not None


def _title_start(text: str) -> int | None:
    """Where the first document title in ``text`` starts ("Eesti Puit AS ARVE": 14)."""
    m = ANY_TITLE.search(fold(text))
    return m.start() if m is not None else None


def postal_line(text: str) -> bool:
    """An address line read where a name should be ("Gedimino pr. 14, LT-82613 Panevėžys"):
    a postal code and no legal form."""
    return bool(_POSTAL.search(text)) and not _has_legal_form(text)


def _looks_like_address(text: str) -> bool:
    """A postal code, a street with its number ("Gedimino pr. 1", "1 High Street") or a
    country: an address line, not a name."""
    return bool(_POSTAL.search(text) or country_named(text) or re.search(r"\b\d{1,4}[a-zA-Z]?(?:[-/]\d{1,4})?,", text)
                or (re.search(r"[^\W\d_]{3,}\.? \d{1,4}[a-zA-Z]?\b", text) or _is_street(text))
                and not _has_legal_form(text))


def _with_legal_form(span: Span) -> Span:
    """A name with its legal form when a gap set the form in a cell of its own ("Jono
    Jankauskienės   IĮ" on a slip's monospaced line)."""
    line = span.line
    for c_start, c_end in line.cells:
        if c_start >= span.end:
            form = line.text[c_start:c_end]
            if _LEGAL_FORMS.fullmatch(fold(form.strip())) and not _has_legal_form(span.text):
                return Span(line, span.start, c_end)
            break
    return span
