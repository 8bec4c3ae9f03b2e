"""The invoice's own number (with its series) and the buyer's order reference.

Read from labels in the order a reader trusts them: a series label with its number ("Serija
ABC Nr. 000123"), an invoice-number label ("Sąskaitos Nr.", "Invoice No."), a bare "Nr." on
or just under the title, then what OCR left of a label near the top of the first page.
An identifier holds a digit and is never a date, a party's VAT code or an IBAN (checked by
checksum), whichever label it was read after.
"""

from __future__ import annotations

import re

from .dates import find_dates
from .fields import RIGHT, label_value, label_values, wrapped_parts
from .header import document_type
from .hits import Hit
from .identifiers import find_ibans
from .labels import DOCUMENT_TYPES
from .layout import Layout
from .lines import Candidate, Span
from .thresholds import MIN_COMPOUNDED, SENTENCE_WORDS, UNDER_TITLE_SCORE
from .vat_codes import vat_is_valid, vat_well_formed

_TOKEN = re.compile(r"[^\s:;,]+")
_ID_TOKEN = re.compile(r"[0-9A-Za-zĄČĘĖĮŠŲŪŽąčęėįšųūž][0-9A-Za-zĄČĘĖĮŠŲŪŽąčęėįšųūž/._\-]*")




def _in_a_sentence(hit: Hit) -> bool:
    """A label inside running text ("Bei Schriftwechsel bitte Ihre Kundennummer und
    Belegnummer 2018… angeben"): weaker than a number on the title's line."""
    cell_start, _ = hit.line.cell_at(hit.start)
    return len(hit.line.text[cell_start:hit.start].split()) > SENTENCE_WORDS


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
        if _is_date(text) or len(text) > 30 or _party_identifier(text) \
                or k == 1 and _party_identifier(tokens[0].group() + text):
            return None  # "LV 40000544800": a VAT code with a space after its prefix, no series
        # A series stays with a number of digits ("AB 130498"), not with one that opens with
        # its own letters: "L RE-2025-3808" is a speck OCR read before "RE-2025-3808".
        start = tokens[0].start() if k == 1 and not text[:1].isalpha() else tok.start()
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
    """A VAT code with its country prefix or an IBAN, by checksum; or a VAT code of its
    country's format whose check digits OCR misread ("EE109546073")."""
    return bool(re.match(r"[A-Z]{2}", text) and (vat_is_valid(text) or vat_well_formed(text) or find_ibans(text)))


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
               and (m.start() == 0 or len(m.group()) >= MIN_COMPOUNDED and m.group().isalpha())
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
        if line.page != 1:
            continue
        upper = line.cy <= 0.4 * height
        heads = [(h.start, h.end) for h in layout.hits(line) if h.key == "number"] + _invoice_words(line)
        read = not layout.doc.pages[line.page - 1].text_layer  # by OCR, which misreads signs and words
        if read:
            heads += [(m.start(), m.end()) for m in _MISREAD_SIGN.finditer(line.text)]
        if title is not None and title.span is not None and title.span.line is line:
            heads.append((title.span.start, title.span.end))  # any document's title: "Avoir AV-2017-0005"
        for start, end in heads:
            c_start, c_end = line.cell_at(start)
            if c_start != start:
                continue
            value = Span(line, end, c_end).strip()
            rest = _REMNANT.match(value.text) if value is not None and read else None
            if rest is not None and rest.group(1).islower():  # "Arve ar: 93369", not a series ("FV 563")
                value = value.sub(rest.end(), len(value.text)) if rest.end() < len(value.text) else None
            sign = _LONE_GLYPH.match(value.text) if value is not None and read else None
            if sign is not None:  # "Invoice + RE-20201121/508": a number sign OCR misread
                value = value.sub(sign.end(), len(value.text))
            elif not upper:  # lower on the page, only a head with its number sign misread after it tells
                continue
            if value is None:
                after = [cell for cell in line.cells if cell[0] >= c_end]
                value = Span(line, *after[0]).strip() if after else None
            # The number itself must follow, not another label ("Nr. / IBAN: EE34 ...").
            ident = _id_from(value) if value is not None and re.match(r"\S*\d|[A-Z]{1,4} \d", value.text) else None
            if ident is not None and sum(ch.isdigit() for ch in ident.text) >= 2 and not find_ibans(ident.text):
                out["invoiceNumber"] = out["number"] = Candidate(ident.text, 0.6, ident)
                return out
    under = _under_title(layout, title) if not layout.doc.pages[0].text_layer else None
    if under is not None:
        out["invoiceNumber"] = out["number"] = under
    return out


# A date's shape, even one OCR misread out of the calendar ("2525-45-08"), or an amount's.
_DATE_OR_AMOUNT = re.compile(r"^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}$|[.,]\d{2}$")


def _under_title(layout: Layout, title: Candidate | None) -> Candidate | None:
    """An identifier alone right under the document's title on a page OCR read, whose label
    it lost ("Pro-formafactuur" over "F23747"; printed so, the number is no label's): a cell
    of the next line or two under the title's words, nothing but the identifier, three digits
    or more, nothing shaped like a date or an amount, no account."""
    if title is None or title.span is None:
        return None
    head = title.span
    x0, x1 = head.words[0].x0, head.words[-1].x1
    pitch = layout.pitch[head.line.page]
    for line in layout.lines[head.line.page]:
        if not 0 < line.cy - head.line.cy <= 2 * pitch:
            continue
        for c_start, c_end in line.cells:
            cell = Span(line, c_start, c_end).strip()
            if cell is None or cell.words[-1].x1 < x0 or cell.words[0].x0 > x1 \
                    or any(c_start <= h.start < c_end for h in layout.hits(line)):
                continue
            ident = _id_from(cell)
            if ident is not None and ident.text == cell.text and sum(ch.isdigit() for ch in ident.text) >= 3 \
                    and not _DATE_OR_AMOUNT.search(ident.text) and not find_ibans(ident.text):
                return Candidate(ident.text, UNDER_TITLE_SCORE, ident)
    return None


# A number sign OCR read as a capital and a letter ("Ne 4282", "Ne. RK 2870" for "№"), opening
# its cell; and what OCR left of a number word between a title and its number ("Arve ar: 93369",
# "Arve or 11133" for "Arve nr"): a word of two small letters, no more (a series is in capitals).
_MISREAD_SIGN = re.compile(r"(?<!\S)Ne\.?(?=\s)")
_REMNANT = re.compile(r"([^\W\d_]{2})[.:]?(?:\s+(?=\S*\d)|$)")
# A number sign ("#") OCR read as one other glyph between a title and its number ("Invoice +
# RE-20201121/508", "Rechnung 4 RE-20140703/502", "Invoice ž RE-..."): one character, neither
# a capital (a series: "A 12345") nor a dash or point as printed, then a word with at least
# three digits.
_LONE_GLYPH = re.compile(r"[^\sA-Z\-–:.,]\s+(?=\S*\d\S*\d\S*\d)")


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


def order_reference(layout: Layout) -> Candidate | None:
    for hit in layout.iter_hits("order_reference"):
        ident = _id_from(label_value(layout, hit)[0])
        if ident is not None:
            return Candidate(ident.text, 0.85, ident)
    return None
