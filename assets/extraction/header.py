"""Document-level fields: type, language, number, dates, currency and free-text fields.

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
from .fields import RIGHT, Candidate, Hit, Layout, Span, label_value, label_values, wrapped_parts
from .identifiers import find_ibans, vat_is_valid
from .labels import DOCUMENT_TYPES
from .normalize import clean_value, fold

UNLABELLED = 0.6
# A date's label as general as "Data", "Datum", "Fecha": the packs' ``header_words.generic_dates``.
GENERIC_DATE_LABELS = {fold(word) for word in language_packs.entries("header_words", "generic_dates")}
CURRENCIES = {"EUR", "USD", "GBP", "PLN", "SEK", "NOK", "DKK", "CHF", "CZK", "HUF", "RON", "BGN",
              "UAH", "JPY", "CNY", "CAD", "AUD", "ISK", "TRY", "RUB", "BYN", "MDL", "RSD", "INR",
              "BRL", "MXN", "ZAR", "SGD", "HKD", "KRW", "NZD", "AED"}
CURRENCY_SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP", "zł": "PLN", "₹": "INR", "₽": "RUB", "₴": "UAH",
                    "¥": "JPY", "Kč": "CZK"}
_CURRENCY_MARK = re.compile(r"(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])|(" + "|".join(map(re.escape, CURRENCY_SYMBOLS)) + ")")
_TOKEN = re.compile(r"[^\s:;,]+")
_ID_TOKEN = re.compile(r"[0-9A-Za-zĄČĘĖĮŠŲŪŽąčęėįšųūž][0-9A-Za-zĄČĘĖĮŠŲŪŽąčęėįšųūž/._\-]*")
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


COMPOUND_TITLE_SCORE = 0.85
_MIN_COMPOUNDED = 6  # letters of a title word that may close a compound ("rechnung", "faktura")


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
                if m and m.end() == len(word) and m.start() > 0 and len(m.group()) >= _MIN_COMPOUNDED \
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


SENTENCE_WORDS = 3  # a label after more words than this in its cell stands inside a sentence


def _in_a_sentence(hit: Hit) -> bool:
    """A label inside running text ("Bei Schriftwechsel bitte Ihre Kundennummer und
    Belegnummer 2018… angeben"): weaker than a number on the title's line."""
    cell_start, _ = hit.line.cell_at(hit.start)
    return len(hit.line.text[cell_start:hit.start].split()) > SENTENCE_WORDS


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


# ---------------------------------------------------------------- invoice number


def _id_from(span: Span | None) -> Span | None:
    """The identifier at the start of a value: "000123", "SV-000123", "SV 000123".

    It must contain a digit; a short letters-only token followed by a numeric one is a
    series printed with a space and stays part of the identifier. A party's VAT code or
    account is never an invoice number, whichever "Nr." it was read after ("PVN Nr:
    LV40005671876" when OCR lost the title's own number label).
    """
    if span is None:
        return None
    tokens = list(_ID_TOKEN.finditer(span.text))[:3]
    for k, tok in enumerate(tokens):
        text = tok.group().rstrip("._-/")
        if not re.search(r"\d", text):
            if k == 0 and re.fullmatch(r"[A-ZĄČĘĖĮŠŲŪŽ]{1,5}", text):
                continue
            return None
        if _is_date(text) or len(text) > 30 or _party_identifier(text):
            return None
        start = tokens[0].start() if k == 1 else tok.start()
        return span.sub(start, tok.start() + len(text))
    return None


def _unwrapped(layout: Layout, ident: Span) -> str:
    """An invoice number wrapped at a hyphen or slash in a narrow column ("RE-2026-" over
    "0412", or "RE-" / "2026-" / "0412"), read with its other parts. Its own words end
    it, not its cell: a column set tight after it ("RE-2026- Hafenstraße 12") may share
    the cell."""
    line = ident.line
    whole = line.text[ident.start:line.ends[line.word_index_at(ident.end - 1)]]
    before = after = ""
    for part, above in wrapped_parts(layout, ident):
        if above and not before and re.fullmatch(r"[A-Z0-9][\w./-]*[-/]", part.text) \
                and re.fullmatch(r"\w[\w./-]*", ident.text):
            before = part.text
        if not above and not after and whole.endswith(("-", "/")) and re.fullmatch(r"\w[\w./-]*", part.text):
            after = part.text
    return before + (whole + after if after else ident.text)


def _number_value(layout: Layout, hit: Hit) -> tuple[Span | None, float]:
    """A number label's value, and how it was found. "Sąskaitos Nr.: PVM 233944", "Nr. PVM
    540247": the series "PVM" is the VAT label elsewhere, not here."""
    places = label_values(layout, hit)
    span, score = places[0] if places else (None, 0.0)
    if span is not None and _id_from(span):
        return span, score
    rest = Span(hit.line, hit.end, len(hit.line.text)).strip()  # through cells: a receipt spaces its words
    m = re.match(r"PVM\s+\d[\w/-]*", rest.text) if rest is not None else None
    if m:
        return rest.sub(0, m.end()), RIGHT
    # Right of the label another label no dictionary knows ("INVOICE NO.  ISSUED  DUE"
    # over their values): the first place that holds a number.
    return next(((sp, sc) for sp, sc in places[1:] if re.search(r"\d", sp.text) and _id_from(sp)), (span, score))


def _is_date(text: str) -> bool:
    """A date and nothing else: "FV/12/03/2026" holds a date and is a number all the same."""
    return any(m.start == 0 and m.end >= len(text.rstrip(".")) for m in find_dates(text))


def _party_identifier(text: str) -> bool:
    """A VAT code with its country prefix or an IBAN, by checksum."""
    return bool(re.match(r"[A-Z]{2}", text) and (vat_is_valid(text) or find_ibans(text)))


def _value_ignoring_labels(layout: Layout, hit: Hit, stop_keys: tuple[str, ...] = ()) -> Span | None:
    """The rest of the label's cell, read through words that are labels elsewhere.

    Series are often "PVM" (the VAT label) or "SF"; the generic value reader stops at
    such a word, so "Serija PVM Nr. 000123" would lose its series. Stops only at a label
    of ``stop_keys`` ("Nr.") or at the cell's end; an empty rest falls back to the next cell.
    """
    line = hit.line
    _, cell_end = line.cell_at(max(hit.end - 1, hit.start))
    end = cell_end
    for other in layout.hits(line):
        if other.start >= hit.end and other.key in stop_keys:
            end = min(end, other.start)
    span = Span(line, hit.end, end).strip()
    if span is not None:
        return span
    for c_start, c_end in line.cells:
        if c_start >= cell_end:
            return Span(line, c_start, c_end).strip()
    below = label_value(layout, hit)[0]
    return below


def _series_from(span: Span | None) -> Span | None:
    if span is None:
        return None
    m = _TOKEN.match(span.text.lstrip())
    if not m:
        return None
    offset = len(span.text) - len(span.text.lstrip())
    token = m.group().strip(".")
    if not 1 <= len(token) <= 12 or find_dates(token):
        return None
    return span.sub(offset, offset + len(token))


def _series_text(text: str) -> str:
    """Series are capitals; OCR sometimes reads "SV" as "sv"."""
    return text.upper() if re.fullmatch(r"[a-ząčęėįšųūž]{1,4}", text) else text


def _titled(hit) -> bool:
    """A bare "Nr." that a document title opens the cell for, a few words before it, even on
    a line other than the title chosen: "Handelsrechnung Nr. 47110815" over "RECHNUNG",
    "Rechnung des Versicherers Nr. 00.123.456.7-2018-1"."""
    c_start, _ = hit.line.cell_at(hit.start)
    before = hit.line.folded[c_start : hit.start]
    words = re.findall(r"\w+", before)
    if not 1 <= len(words) <= 4:
        return False
    first = words[0]
    return any((m := pattern.search(first)) is not None and m.end() == len(first)
               and (m.start() == 0 or len(m.group()) >= _MIN_COMPOUNDED and m.group().isalpha())
               for _, pattern in DOCUMENT_TYPES)


def invoice_number(layout: Layout) -> dict[str, Candidate]:
    """``series``, ``number`` and ``invoiceNumber`` candidates (best found).

    1. "Serija ABC Nr. 000123" (same line) or "Serija: ABC" with "Nr.: 000123" within the
       next two lines: series and number, printed together as "ABC 000123".
    2. "Sąskaitos Nr.", "Invoice No.": the value, unless it is a bank account (the same
       words label an IBAN in Lithuanian) or a date.
    3. A bare "Nr." / "No." on a title line or within three lines after the title.
    """
    out: dict[str, Candidate] = {}
    title = document_type(layout)
    title_line = title.span.line if title and title.span else None

    for hit in layout.iter_hits("series"):
        series = _series_from(_value_ignoring_labels(layout, hit, stop_keys=("number", "invoice_number")))
        if series is None:
            continue
        number = None
        for nhit in layout.iter_hits("number", "invoice_number"):
            if nhit.line.page != hit.line.page:
                continue
            same = nhit.line is hit.line and nhit.start > hit.start
            near = 0 < nhit.line.cy - hit.line.cy <= 2.5 * layout.pitch[hit.line.page] and abs(
                nhit.span.words[0].x0 - hit.span.words[0].x0) < 5 * hit.line.height
            if same or near:
                number = _id_from(_value_ignoring_labels(layout, nhit))
                if number is not None:
                    break
        if number is None:
            # "Serija PVM Nr. 951228": "PVM Nr." read as the VAT code's label took the "Nr."
            raw = _value_ignoring_labels(layout, hit)
            m = re.match(r"\s*\S{1,12}\s+(?:nr|no|n[o°]|№)\.?\s*:?\s*", raw.folded) if raw is not None else None
            number = _id_from(raw.sub(m.end(), len(raw.text))) if m and m.end() < len(raw.text) else None
        if number is None:
            continue
        series_text, number_text = _series_text(series.text), number.text
        combined = number_text if number_text.startswith(series_text) else f"{series_text} {number_text}"
        out["series"] = Candidate(series_text, 0.95, series)
        out["number"] = Candidate(number_text, 0.95, number)
        out["invoiceNumber"] = Candidate(combined, 0.95, number if number_text.startswith(series_text)
                                         else _union(series, number))
        return out

    numbered = [*layout.iter_hits("credit_note_number"), *layout.iter_hits("invoice_number")]
    in_sentences: list[Candidate] = []
    for hit in numbered:  # a credit note's own number before any invoice's
        span, score = _number_value(layout, hit)
        if span is None or find_ibans(span.text) or re.match(r"\s*[A-Z]{2}\d{2}\s?\d{4}", span.text):
            continue
        ident = _id_from(span)
        if ident is not None:
            found = Candidate(_unwrapped(layout, ident), 0.9 * score, ident)
            if _in_a_sentence(hit):
                in_sentences.append(found)  # "... bitte Ihre Kundennummer und Belegnummer 2018... angeben"
                continue
            out["invoiceNumber"] = out["number"] = found
            return out

    if title_line is not None:
        lines = layout.lines[title_line.page]
        pitch = layout.pitch[title_line.page]
        window = {ln.index for ln in lines if 0 <= ln.index - title_line.index <= 3
                  or 0 <= ln.cy - title_line.cy <= 4 * pitch}
        for hit in layout.iter_hits("number"):
            if hit.line.page == title_line.page and hit.line.index in window:
                ident = _id_from(_number_value(layout, hit)[0])
                if ident is not None:
                    out["invoiceNumber"] = out["number"] = Candidate(ident.text, 0.8, ident)
                    return out
    for hit in layout.iter_hits("number"):
        if _titled(hit):
            ident = _id_from(_number_value(layout, hit)[0])
            if ident is not None:
                out["invoiceNumber"] = out["number"] = Candidate(ident.text, 0.8, ident)
                return out
    if in_sentences:
        out["invoiceNumber"] = out["number"] = in_sentences[0]
        return out
    # "N. documento: 371/A", "Nr dokumentu FV/190": a number sign and a word no dictionary
    # knows, then an identifier, in the upper part of the first page. The word may stand in
    # a cell of its own, so the rest of the line is read, not the label's value.
    _, height = layout.page_size(1) if 1 in layout.lines else (0, 0)
    for hit in layout.iter_hits("number"):
        if hit.line.page != 1 or hit.line.cy > 0.4 * height:
            continue
        span = Span(hit.line, hit.end, len(hit.line.text)).strip()
        m = re.match(r"\s*([^\W\d_]{3,14})\s*:?\s*", span.text) if span is not None else None
        if m and m.group(1).isupper():  # "Nr. ABCD 123": a series in capitals, not a word
            m = None
        ident = _id_from(span.sub(m.end(), len(span.text)).strip()) if m and m.end() < len(span.text) else None
        if ident is not None and not find_ibans(ident.text):
            out["invoiceNumber"] = out["number"] = Candidate(ident.text, 0.7, ident)
            return out
    # Last, what OCR left of a label: a number sign opening its cell ("N° 2025/8016" under a
    # title OCR misread), or a capitalised invoice word opening its cell with the number
    # after it and its "Nr." wrapped away ("Faktura FV/563/10/2025", "Arve 39322"). The
    # number is the rest of the cell, or the next cell.
    for line in layout.iter_lines():
        if line.page != 1 or line.cy > 0.4 * height:
            continue
        heads = [(h.start, h.end) for h in layout.hits(line) if h.key == "number"] + _invoice_words(line)
        if title is not None and title.span is not None and title.span.line is line:
            heads.append((title.span.start, title.span.end))  # any document's title: "Avoir AV-2017-0005"
        for start, end in heads:
            c_start, c_end = line.cell_at(start)
            if c_start != start:
                continue
            value = Span(line, end, c_end).strip()
            if value is None:
                after = [cell for cell in line.cells if cell[0] >= c_end]
                value = Span(line, *after[0]).strip() if after else None
            # The number itself must follow, not another label ("Nr. / IBAN: EE34 ...").
            ident = _id_from(value) if value is not None and re.match(r"\S*\d", value.text) else None
            if ident is not None and sum(ch.isdigit() for ch in ident.text) >= 2 and not find_ibans(ident.text):
                out["invoiceNumber"] = out["number"] = Candidate(ident.text, 0.6, ident)
                return out
    return out


def _invoice_words(line) -> list[tuple[int, int]]:
    """(start, end) of an invoice title opening a cell of ``line``, capitalised.

    A title in small letters ("factuur: 432005") ends a phrase wrapped from the line above
    ("Oorspronkelijke / factuur:"): another invoice's number.
    """
    out = []
    for c_start, c_end in line.cells:
        if not line.text[c_start:c_start + 1].isupper():
            continue
        for kind, pattern in DOCUMENT_TYPES:
            m = pattern.match(line.folded, c_start, c_end)
            if kind in ("invoice", "vat_invoice") and m and not line.folded[m.end():m.end() + 1].isalnum():
                out.append((c_start, m.end()))
                break
    return out


def _union(a: Span, b: Span) -> Span:
    """A span covering two spans; on different lines, the one that reads as the value."""
    if a.line is b.line:
        return Span(a.line, min(a.start, b.start), max(a.end, b.end))
    return b


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
    return out


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
    """ISO code printed most often (codes and symbols), "Valiuta: X" first; EUR otherwise."""
    for hit in layout.iter_hits("currency"):
        span, score = label_value(layout, hit)
        if span is not None:
            code = span.text.strip(" .:").upper()[:3]
            if code in CURRENCIES:
                return Candidate(code, score, span.sub(0, len(span.text)))
    counts: Counter[str] = Counter()
    first: dict[str, Span] = {}
    for line in layout.iter_lines(include_excluded=True):
        for m in _CURRENCY_MARK.finditer(line.text):
            code = m.group(1) if m.group(1) in CURRENCIES else CURRENCY_SYMBOLS.get(m.group(2) or "")
            if code:
                counts[code] += 1
                first.setdefault(code, Span(line, m.start(), m.end()))
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


def order_reference(layout: Layout) -> Candidate | None:
    for hit in layout.iter_hits("order_reference"):
        ident = _id_from(label_value(layout, hit)[0])
        if ident is not None:
            return Candidate(ident.text, 0.85, ident)
    return None


