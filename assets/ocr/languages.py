"""Which Tesseract language reads a page: Lithuanian first, another when the page says so.

The Lithuanian model reads Latin script well enough to find out what a page is about,
but it guesses at letters it was not trained on (ä ö ü ß é è à ç ł ñ ő õ ā ē ī ū ņ ļ ķ)
and cannot read Cyrillic at all. So a page is read once with ``lit`` (most of our
documents, at no extra cost), and read again with another model only when the first
reading is full of one other language's invoice words, alone or in compounds
("Rechnung", "Handelsrechnung", "Menge", "Faktura",
"Nabywca", "Rēķins", "Arve", "Factuur", "Fattura", "Factura", or Russian ones as a Latin
model garbles them: "Cymma", "HAC", "Vroro" ...), when OSD saw
Cyrillic and the Latin reading is poor, or when the Latin reading is full of the capitals
that Cyrillic letters turn into ("KoHcynbTauuoHHbIe"). OSD's script answer alone is not
trusted: on noisy Lithuanian scans it says "Cyrillic" now and then, with confidence. The second
reading is kept when Tesseract is more confident in it.

PP-OCR's model (the one the ``rapidocr`` wheel ships) knows Latin letters only: it renders
Cyrillic print as the Latin letters it looks like ("Per. Homep" for "Рег. номер", "CHET" or
"Cuët" for "Счёт"). ``cyrillic_rendered_as_latin`` finds Russian, Ukrainian and Bulgarian
invoice words in such a reading, each word's renderings derived from it by a table of
look-alike letters, so that the page is read again by Tesseract, which has Cyrillic models.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import Counter
from functools import lru_cache

TESSDATA_DIR = os.environ.get("TESSDATA_PREFIX") or "/usr/share/tesseract-ocr/5/tessdata"
FIRST = "lit"
# Words that mark a language on an invoice, folded (lower case, no diacritics). Only
# words that no other of these languages uses: "data", "summa" or "total" prove nothing.
MARKERS = {
    "deu": "rechnung rechnungsnummer rechnungsdatum menge einzelpreis gesamtpreis betrag mwst ust "
           "umsatzsteuer summe gesamt netto brutto zahlbar bezeichnung lieferdatum kunde anschrift bankverbindung",
    "fra": "facture montant quantite designation prix unitaire tva ttc echeance acompte fournisseur "
           "client adresse reglement remise emission",
    "pol": "faktura sprzedawca nabywca ilosc cena wartosc stawka razem zaplaty wystawienia platnosci "
           "sprzedazy slownie nazwa towaru",
    "lav": "rekins rekina pvn pircejs pardevejs daudzums cena summa kopa apmaksai datums samaksas "
           "apmaksas nosaukums",
    "est": "arve kuupaev kokku hind kogus ostja muuja kaibemaks tasuda maksetahtaeg summa nimetus "
           "registrikood kmkr",
    "nld": "factuur factuurdatum factuurnummer bedrag btw totaal prijs aantal omschrijving vervaldatum "
           "klant leverancier",
    "ita": "fattura importo iva totale prezzo quantita descrizione scadenza imponibile cliente fornitore",
    "spa": "factura fecha importe iva precio cantidad descripcion vencimiento cliente proveedor subtotal",
    # Russian invoice words as a Latin model reads them, when OSD missed the script: НДС,
    # Сумма, Цена, Товар, Итого, Срок, Код, Счет.
    "rus": "hac cymma uena tosap vroro uroro mroro hroro cpok kon cuet",
}
# A word above counts for a language only when it is not also a Lithuanian or English
# invoice word (the first reading is of those most of the time).
_SHARED = {"summa", "cena", "nazwa", "iva", "total", "netto", "brutto", "client", "cliente", "kunde"}
MIN_MARKERS = 3
COMPOUND_MARKER = 8  # a marker this long counts inside a longer word too (a compound)
SCRIPT_LANGUAGES = {"Cyrillic": "rus"}
# Mean word confidence under which a Latin reading of a page OSD calls Cyrillic is doubted
# (a Russian page read with ``lit`` scores ~0.7; 95 % of Lithuanian scans above 0.84).
POOR_READING = 0.8


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ł", "l").strip(".,:;()")


@lru_cache(maxsize=1)
def _marker_table() -> dict[str, str]:
    return {word: lang for lang, words in MARKERS.items() for word in words.split() if word not in _SHARED}


@lru_cache(maxsize=32)
def installed(lang: str, tessdata: str) -> bool:
    return all(os.path.exists(os.path.join(tessdata, f"{part}.traineddata")) for part in lang.split("+"))


def second_language(words: list[str], first: str, tessdata: str, script: str | None = None,
                    mean_conf: float = 1.0) -> str | None:
    """The language to read the page again in, judged from the first reading and OSD's script."""
    by_script = SCRIPT_LANGUAGES.get(script or "")
    if by_script and by_script != first and mean_conf < POOR_READING and installed(by_script, tessdata):
        return by_script
    if first != "rus" and _cyrillic_read_as_latin(words) and installed("rus", tessdata):
        return "rus"
    counts = Counter(lang for word in words for lang in _marked(word))
    if not counts:
        return None
    lang, hits = counts.most_common(1)[0]
    if lang == first or hits < MIN_MARKERS or not installed(lang, tessdata):
        return None
    return lang


def _marked(word: str) -> list[str]:
    """The languages a word of the first reading marks: a marker itself, or a compound
    holding a long one ("Handelsrechnung", "Rechnungswährung", "2.0-Rechnungen" for German:
    its invoice words are compounds far more often than the marker alone)."""
    table = _marker_table()
    out = []
    for part in _fold(word).replace("/", "-").split("-"):
        part = part.strip(".,:;()")
        if part in table:
            out.append(table[part])
        elif len(part) > COMPOUND_MARKER:
            found = next((lang for marker, lang in _long_markers() if marker in part), None)
            if found is not None:
                out.append(found)
    return out


@lru_cache(maxsize=1)
def _long_markers() -> list[tuple[str, str]]:
    return [(word, lang) for word, lang in _marker_table().items() if len(word) >= COMPOUND_MARKER]


def _cyrillic_read_as_latin(words: list[str]) -> bool:
    """Whether a Latin reading looks like Cyrillic print: Cyrillic lower-case letters
    that resemble Latin capitals (н, т, в, м, к) come out as capitals inside words
    ("KoHcynbTauuoHHbIe"), which Latin-script words almost never have."""
    long = [w for w in words if len(w) >= 5 and w.isalpha()]
    if len(long) < 8:
        return False
    mixed = sum(1 for w in long if any(a.islower() and b.isupper() for a, b in zip(w, w[1:])))
    return mixed >= 0.3 * len(long)


# Invoice words of the Cyrillic-script languages (lower case, ё as е), and what a reader
# that knows only Latin letters makes of each Cyrillic letter (PP-OCR renders Д as A, ч as
# u or h, т as t, r or m, ф as the Greek φ).
CYRILLIC_WORDS = ("счет рахунок фактура номер адрес дата итого всего сумма ндс пдв ддс цена ціна товар банк "
                  "телефон продавец покупатель постачальник покупець доставчик получател заказ количество "
                  "кількість наименование найменування срок оплаты оплати")
LOOK_ALIKES = {
    "а": "a", "б": "6b", "в": "b", "г": "r", "д": "a", "е": "eë", "ё": "eë", "ж": "xk", "з": "3",
    "и": "un", "й": "un", "і": "il1", "ї": "il", "к": "k", "л": "nj", "м": "m", "н": "h", "о": "o0",
    "п": "n", "р": "p", "с": "c", "т": "tmr", "у": "y", "ф": "φϕf", "х": "x", "ц": "u", "ч": "uh4",
    "ш": "wu", "щ": "wu", "ъ": "b", "ы": ("bi", "bl", "b1"), "ь": "b", "э": "3e", "ю": ("io", "lo"),
    "я": "ra", "є": "e",
}
# Renderings of this many different words make a page Cyrillic (on the tune split's photos
# and fresh far photos of them, no Latin-script page held even one).
MIN_CYRILLIC_WORDS = 2


def cyrillic_rendered_as_latin(words: list[str]) -> bool:
    """Whether a Latin-only reading holds Cyrillic invoice words as their look-alikes."""
    parts = (part for word in words for part in re.split(r"[-/]", word.lower()))  # "CHET-ΦAKTYPA"
    folded = {w for w in (re.sub(r"[^\wφϕë]", "", part) for part in parts) if len(w) >= 3}
    found = sum(1 for pattern in _rendering_patterns() if any(pattern.fullmatch(w) for w in folded))
    return found >= MIN_CYRILLIC_WORDS


@lru_cache(maxsize=1)
def _rendering_patterns() -> list[re.Pattern]:
    """A pattern per Cyrillic word matching its look-alike renderings; a word of five letters
    or more may have lost one of them (PP-OCR drops a letter it cannot place: "Apec")."""
    patterns = []
    for word in CYRILLIC_WORDS.split():
        forms = [word] + ([word[:k] + word[k + 1:] for k in range(len(word))] if len(word) >= 5 else [])
        alternation = "|".join("".join(_letter_class(c) for c in form) for form in dict.fromkeys(forms))
        patterns.append(re.compile(f"(?:{alternation})"))
    return patterns


def _letter_class(letter: str) -> str:
    options = LOOK_ALIKES.get(letter, letter)
    if isinstance(options, tuple):
        return "(?:" + "|".join(re.escape(o) for o in options) + ")"
    return f"[{re.escape(options)}]" if len(options) > 1 else re.escape(options)
