"""Document-level fields: type, language, dates, currency and free-text fields (the
invoice's number and order reference are read in ``number``).

Each extractor returns ``Candidate``s (value, score, span) rather than bare values, so the
caller can record confidence and source boxes and later checks can pick among them.
Scores encode how a value was found: labelled with the value to the right (0.95), below
(0.85), a generic label such as "Data" (x0.85), or no label at all (0.6).
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, timedelta

from . import language_packs
from .dates import DateMatch, find_dates
from .fields import label_value, label_values, wrapped_parts
from .hits import Hit
from .labels import DOCUMENT_TYPES
from .layout import Layout
from .lines import Candidate, Span
from .normalize import clean_value, fold
from .thresholds import COMPOUND_TITLE_SCORE, DUE_WITHIN_DAYS, MIN_COMPOUNDED, ONLY_LATER_DATE, UNLABELLED

# A date's label as general as "Data", "Datum", "Fecha": the packs' ``header_words.generic_dates``.
GENERIC_DATE_LABELS = {fold(word) for word in language_packs.entries("header_words", "generic_dates")}
CURRENCIES = {"EUR", "USD", "GBP", "PLN", "SEK", "NOK", "DKK", "CHF", "CZK", "HUF", "RON", "BGN",
              "UAH", "JPY", "CNY", "CAD", "AUD", "ISK", "TRY", "RUB", "BYN", "MDL", "RSD", "INR",
              "BRL", "MXN", "ZAR", "SGD", "HKD", "KRW", "NZD", "AED"}
CURRENCY_SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP", "zł": "PLN", "₹": "INR", "₽": "RUB", "₴": "UAH",
                    "¥": "JPY", "Kč": "CZK"}
_CURRENCY_MARK = re.compile(r"(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])|(" + "|".join(map(re.escape, CURRENCY_SYMBOLS)) + ")")
# What may follow a title: nothing, its number, or its translation after a slash
# ("PVN RĒĶINS / VAT Invoice").
# What follows a title: nothing, a number sign, a number, or the number itself when it opens
# with its series' letters ("Avoir AV-2017-0005").
_TITLE_FOLLOW = re.compile(r"^\s*(?:$|nr\b|no\b|#|serija\b|series\b|\(|\d|n°|№|num\w*|nummer\b|n\.|/"
                           r"|[a-z]{1,5}[-/]?\d)")


def _label_weight(hit: Hit) -> float:
    return 0.85 if hit.line.folded[hit.start : hit.end].strip(" :.") in GENERIC_DATE_LABELS else 1.0


# ---------------------------------------------------------------- type and language


def document_type(layout: Layout) -> Candidate | None:
    """Type from the title: the first line (page 1 first) that carries a document title.

    A title opens its cell (at most two words before it, "Elektroninė PVM sąskaita
    faktūra") and is followed by nothing, a number or "Nr."; this keeps "Sąskaitą išrašė"
    (the signature line) from reading as a title.
    """
    for line in layout.iter_lines():
        for c_start, c_end in line.cells:
            cell = line.folded[c_start:c_end]
            for kind, pattern in DOCUMENT_TYPES:
                m = pattern.search(cell)
                if m and _at_word_start(cell, m.start()) and _TITLE_FOLLOW.match(cell[m.end() :]):
                    if len(cell[: m.start()].split()) > 2:  # inside a sentence, not a title
                        continue
                    return Candidate(kind, 0.95, Span(line, c_start + m.start(), c_start + m.end()))
    return _compound_title(layout)




def _compound_title(layout: Layout) -> Candidate | None:
    """A title that closes a compound word ("Handelsrechnung Nr. 4711", "Mietrechnung",
    "Verkoopfactuur"): the languages that compound their nouns print the kind of invoice
    before the word. Only a cell's first word, only a one-word title, and only followed by
    what follows a title (a number sign or a number), so a word inside a sentence is none."""
    for line in layout.iter_lines():
        for c_start, c_end in line.cells:
            cell = line.folded[c_start:c_end]
            first = re.match(r"\w+", cell)
            if first is None or not _TITLE_FOLLOW.match(cell[first.end():]) or not cell[first.end():].strip():
                continue
            word = first.group()
            for kind, pattern in DOCUMENT_TYPES:
                m = pattern.search(word)
                if m and m.end() == len(word) and m.start() > 0 and len(m.group()) >= MIN_COMPOUNDED \
                        and m.group().isalpha():
                    return Candidate(kind, COMPOUND_TITLE_SCORE, Span(line, c_start, c_start + first.end()))
    return None


# Titles of languages that use one word for every invoice: whether it is a VAT invoice
# is told by the seller, not by the title (``header_words.one_word_invoice``).
_ONE_WORD_INVOICE = {fold(word) for word in language_packs.entries("header_words", "one_word_invoice")}


def vat_invoice_if_registered(doc_type: Candidate | None, seller_vat_code: str | None) -> Candidate | None:
    """"Rechnung" from a seller with a VAT number is a VAT invoice.

    Lithuanian, Latvian, Polish, Russian and English print "PVM sąskaita faktūra",
    "PVN rēķins", "Faktura VAT", "Счёт-фактура", "VAT invoice" when they mean one; German,
    French, Estonian, Dutch, Italian and Spanish print the same word either way, and an
    invoice of a VAT-registered seller is its VAT invoice (what a Lithuanian bookkeeper
    books it as). A little less sure than a title that says so.
    """
    if doc_type is None or doc_type.value != "invoice" or doc_type.span is None or not seller_vat_code:
        return doc_type
    if doc_type.span.folded.strip().lower() not in _ONE_WORD_INVOICE:
        return doc_type
    return Candidate("vat_invoice", 0.9 * doc_type.score, doc_type.span)


def _at_word_start(text: str, pos: int) -> bool:
    return pos == 0 or not text[pos - 1].isalnum()


def language(layout: Layout) -> str | None:
    """``lt`` or ``en`` by which dictionary's labels the document uses more."""
    counts: Counter[str] = Counter()
    letters = 0
    for line in layout.iter_lines(include_excluded=True):
        for hit in layout.hits(line):
            if hit.label.lang:
                counts[hit.label.lang] += 1
        letters += sum(ch in "ąčęėįšųūžĄČĘĖĮŠŲŪŽ" for ch in line.text)
    if letters >= 5:
        counts["lt"] += 2
    if not counts:
        return None
    (top, n), *rest = counts.most_common()
    if rest and rest[0][1] == n:
        return None
    return top


# ---------------------------------------------------------------- dates


# A term in days, in the lexicon's languages ("14 d.", "30 dienų", "14 Tage", "30 jours",
# "14 dni", "30 dienas", "14 päeva", "30 dagen", "30 giorni", "30 días", "10 дней"), folded: the
# packs' ``header_words.term_days``.
_TERM_DAYS = re.compile(r"(\d{1,3})\s*(?:"
                        + "|".join(dict.fromkeys(fold(p) for p in language_packs.entries("header_words", "term_days")))
                        + ")")


def dates(layout: Layout, issue_anchor: Span | None) -> dict[str, Candidate]:
    """``issueDate``, ``dueDate``, ``deliveryDate`` (ISO strings) and ``paymentTerms``.

    Labelled dates first. A due "date" printed as a term ("14 d.", "per 30 dienų",
    "30 days") gives the due date as issue date + days, at lower confidence. Without an
    issue-date label, the date printed nearest the invoice number/title near the top of
    page 1 is taken, with low confidence (Lithuanian invoices often print it unlabelled
    under the title).
    """
    out: dict[str, Candidate] = {}
    used: set[tuple[int, int, int]] = set()
    term_days: tuple[int, Span] | None = None
    fields = (("issue_date", "issueDate"), ("due_date", "dueDate"), ("delivery_date", "deliveryDate"))
    originals = list(layout.iter_hits("original_invoice"))
    for key, field in fields:
        hits = list(layout.iter_hits(key))
        own = [h for h in hits if not _of_original(layout, h, originals)]
        for hit in own or hits:  # "Original invoice: ... / Invoice date: ...": the corrected invoice's date
            # Right of the label may stand the next column's label ("Due Date:  Source:")
            # with the values under both: the first place holding a date.
            # A word as general as "Fecha" reads only its first place: "Fecha de operación"
            # is another date's label.
            places = label_values(layout, hit)
            if _label_weight(hit) < 1:
                places = places[:1]
            span, score = next(((sp, sc) for sp, sc in places if find_dates(sp.text, layout.month_first)),
                               places[0] if places else (None, 0.0))
            if span is None:
                continue
            found = find_dates(span.text, layout.month_first)
            if not found and (wrapped := _wrapped_date(layout, places)) is not None:
                span, found = wrapped[0], [wrapped[1]]
            if found:
                d = found[0]
                cand = Candidate(d.value.isoformat(), score * _label_weight(hit), span.sub(d.start, d.end))
                if field not in out or cand.score > out[field].score:
                    out[field] = cand
                used.add((span.line.page, span.line.index, span.start + d.start))
            elif key == "due_date":
                m = _TERM_DAYS.search(span.folded)
                if m:
                    term_days = (int(m.group(1)), span)
    if term_days is None:
        # Terms under their own label: "Zahlungsbedingungen: innerhalb von 14 Tagen".
        for hit in layout.iter_hits("payment_terms"):
            span, _ = label_value(layout, hit)
            m = _TERM_DAYS.search(span.folded) if span is not None else None
            if m:
                term_days = (int(m.group(1)), span)
                break
    if "issueDate" not in out:
        fallback = _unlabelled_issue_date(layout, used, issue_anchor)
        if fallback:
            out["issueDate"] = fallback
    if "dueDate" not in out and term_days and "issueDate" in out:
        issue = date.fromisoformat(str(out["issueDate"].value))
        days, span = term_days
        out["dueDate"] = Candidate((issue + timedelta(days=days)).isoformat(), 0.7, span)
        out.setdefault("paymentTerms", Candidate(clean_value(span.text), 0.8, span))
    if "dueDate" not in out and "issueDate" in out:
        later = _only_later_date(layout, out)
        if later is not None:
            out["dueDate"] = later
    return out


def _only_later_date(layout: Layout, found: dict[str, Candidate]) -> Candidate | None:
    """The due date whose label OCR did not read ("Sumoket as 2025-03-29", "5cadenza"):
    the one date the page prints besides the issue and delivery dates, when it falls
    within ``DUE_WITHIN_DAYS`` after the issue date. A page with more dates than that
    (an order's) names none, nor a date on the delivery date's line (a period's end:
    "Leistungszeitraum vom 01.10.2015 bis zum 31.10.2015"); an invoice with no due date
    prints none."""
    issue = date.fromisoformat(str(found["issueDate"].value))
    known = {str(c.value) for key, c in found.items() if key in ("issueDate", "deliveryDate")}
    delivery = found.get("deliveryDate")
    period = delivery.span.line if delivery is not None and delivery.span is not None else None
    others: dict[date, Span] = {}
    for line in layout.iter_lines():
        if line is period:
            continue
        for d in find_dates(line.text, layout.month_first):
            if d.value.isoformat() not in known:
                others.setdefault(d.value, Span(line, d.start, d.end))
    if len(others) != 1:
        return None
    (day, span), = others.items()
    if not issue < day <= issue + timedelta(days=DUE_WITHIN_DAYS):
        return None
    return Candidate(day.isoformat(), ONLY_LATER_DATE, span)


def _of_original(layout: Layout, hit: Hit, originals: list[Hit]) -> bool:
    """Whether a date label belongs to the reference to the invoice a credit note corrects:
    on its line after it, or on the next line starting where it starts."""
    for ref in originals:
        if ref.line is hit.line and ref.start < hit.start:
            return True
        if ref.line.page == hit.line.page and 0 < hit.line.cy - ref.line.cy <= 1.6 * layout.pitch[ref.line.page] \
                and abs(hit.span.words[0].x0 - ref.span.words[0].x0) < hit.line.height:
            return True
    return False


def _wrapped_date(layout: Layout, places: list[tuple[Span, float]]) -> tuple[Span, DateMatch] | None:
    """A date wrapped over two lines beside its label ("20 de mayo de" over "2026", "14-03-"
    over "2026"): a place of the label read with its wrapped part. Its position is the
    upper part."""
    for place, _ in places:
        for part, above in wrapped_parts(layout, place):
            upper, lower = (part, place) if above else (place, part)
            text = upper.text
            if upper.words[-1].text.endswith(("-", "/")) and not text.endswith(("-", "/")):
                text += upper.words[-1].text[-1]  # the value's hyphen, cut off as punctuation
            glue = "" if text.endswith(("-", "/")) else " "  # "14-03-" over "2026"
            day_month = re.fullmatch(r"\d{1,2}([-./])\d{1,2}", text)
            if day_month and re.fullmatch(r"\d{4}", lower.text.strip()):
                glue = day_month.group(1)  # its last separator lost to OCR: "14-03" over "2026"
            for d in find_dates(f"{text}{glue}{lower.text}", layout.month_first):
                if d.start < len(text) < d.end:
                    return upper, DateMatch(d.value, d.start, len(upper.text))
    return None


def _unlabelled_issue_date(layout: Layout, used: set, anchor: Span | None) -> Candidate | None:
    if 1 not in layout.lines:
        return None
    _, height = layout.page_size(1)
    best: tuple[float, Candidate] | None = None
    for line in layout.iter_lines():
        if line.page != 1 or line.cy > 0.45 * height:
            continue
        for d in find_dates(line.text, layout.month_first):
            if (line.page, line.index, d.start) in used:
                continue
            distance = abs(line.cy - anchor.line.cy) if anchor is not None else line.cy
            cand = Candidate(d.value.isoformat(), UNLABELLED, Span(line, d.start, d.end))
            if best is None or distance < best[0]:
                best = (distance, cand)
    return best[1] if best else None


# ---------------------------------------------------------------- currency and free text


def currency(layout: Layout) -> Candidate:
    """ISO code printed most often (codes and symbols; one symbol OCR read is no evidence),
    "Valiuta: X" first; EUR otherwise."""
    for hit in layout.iter_hits("currency"):
        span, score = label_value(layout, hit)
        if span is not None:
            code = span.text.strip(" .:").upper()[:3]
            if code in CURRENCIES:
                return Candidate(code, score, span.sub(0, len(span.text)))
    counts: Counter[str] = Counter()
    first: dict[str, Span] = {}
    sure: set[str] = set()  # told by their letters ("EUR") or by a symbol a text layer prints
    for line in layout.iter_lines(include_excluded=True):
        read = not layout.doc.pages[line.page - 1].text_layer
        for m in _CURRENCY_MARK.finditer(line.text):
            code = m.group(1) if m.group(1) in CURRENCIES else CURRENCY_SYMBOLS.get(m.group(2) or "")
            if code:
                counts[code] += 1
                first.setdefault(code, Span(line, m.start(), m.end()))
                if m.group(1) or not read:
                    sure.add(code)
    # One "$" or "£" on a page OCR read is as often a "5", an "S" or an "&" misread ("$3,70"
    # for "53,70", "GmbH £ Co. KG"): a currency needs its code, or its symbol twice.
    counts = Counter({code: n for code, n in counts.items() if code in sure or n > 1})
    if counts:
        code, _ = counts.most_common(1)[0]
        return Candidate(code, 0.95, first[code])
    return Candidate("EUR", 0.7, None)


def text_field(layout: Layout, key: str, max_len: int = 300) -> Candidate | None:
    """Free text after a label ("Suma žodžiais: ...", "Mokėjimo sąlygos: ...")."""
    for hit in layout.iter_hits(key):
        span, score = label_value(layout, hit)
        if span is not None and span.text.strip():
            text = clean_value(span.text)[:max_len]
            if text:
                return Candidate(text, score * 0.95, span)
    return None
