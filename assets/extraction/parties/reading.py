"""Reading a party's block: its name, codes, address, account and contacts, with the
score of each reading (labelled, by shape, by checksum).
"""

from __future__ import annotations

import itertools
import re

from .. import language_packs
from ..alphabets import countries_of_form, country_of_name, native_letters
from ..company_codes import (
    LOOSE_FORMATS,
    checked_register_codes,
    find_company_codes,
    lt_company_code_checks,
    read_company_code,
)
from ..countries import country_named
from ..fields import label_values, wrapped_parts
from ..hits import Hit
from ..identifiers import compact, find_bics, find_ibans, repair_digits
from ..layout import Layout
from ..lines import Candidate, Span, TextLine
from ..normalize import clean_value
from ..spelling import country_by_words, doubted_words, letters_weighed, marks_weighed, restore_marks
from ..vat_codes import find_vat_codes, read_vat_code, vat_country, vat_is_valid
from .blocks import _FIELD_KEYS, _NOT_NAME_KEYS, Block
from .misread_names import (
    capital_first_word,
    closed_quote,
    country_form,
    form_in_choices,
    legal_form_glyphs,
    reopened_quote,
    stroke_form,
)
from .names import (
    _EMAIL,
    _PHONE,
    _PHONE_WORDS,
    _POSTAL,
    _WORD,
    _has_legal_form,
    _is_street,
    _is_title,
    _legal_entity,
    _name_end,
    _open_name,
    is_salutation,
    looks_like_name,
    parse_address,
    tidy_name,
)
from .printed_twice import fullest_spelling, surer_words

# The invoice's own fields: a line they open is no party's name.
_DOCUMENT_FIELD_KEYS = _NOT_NAME_KEYS | {"order_reference", "delivery_date", "payment_terms", "series"}


def read_block(layout: Layout, block: Block) -> tuple[dict, dict[str, Candidate]]:
    """The party dict (DTO shape) and candidates by field name for confidence/sources."""
    found: dict[str, Candidate] = {}
    natural = False
    lines = block.lines
    label_lines: set[int] = set()
    for i, line in enumerate(lines):
        for hit in layout.hits(line):
            if hit.start == 0 and hit.key in _DOCUMENT_FIELD_KEYS:
                label_lines.add(i)  # "Your order AB321" under a customer number's heading: no name
            if hit.key not in _FIELD_KEYS:
                continue
            if hit.start == 0:
                label_lines.add(i)
            if hit.key == "natural_person":
                natural = True
                continue
            cand = _first_value(layout, hit)
            if cand is not None and (hit.key not in found or cand.score > found[hit.key].score):
                found[hit.key] = cand
                if hit.key == "address":
                    _extend_address(layout, lines, i, found)

    _name(layout, block, found, label_lines)
    _fallbacks(lines, found)

    address = parse_address(found["address"].value) if "address" in found else None
    vat = found.get("vat_code")
    vat_cc = vat_country(str(vat.value)) if vat is not None else None
    if "company_code" not in found and vat_cc in LOOSE_FORMATS:
        # "Amtsgericht Hamburg HRB 12345" without a label: a register number of the party's
        # country that its letters make unmistakable
        for ln in lines:
            m = LOOSE_FORMATS[vat_cc].search(ln.text)
            if m is not None and not re.match(r"\w", ln.text[m.end() : m.end() + 1]) \
                    and not ln.text[max(0, m.start() - 1) : m.start()].isalnum():
                found["company_code"] = Candidate(m.group(), 0.6, Span(ln, m.start(), m.end()))
                break
    if "company_code" not in found:
        _checked_register_code(layout, lines, vat_cc or (address or {}).get("country"), found)
    code = found.get("company_code")
    if code is not None and vat is not None and vat_cc and vat_is_valid(str(vat.value)):
        body = str(vat.value)[2:]
        if str(code.value) != body and len(str(code.value)) == len(body) \
                and repair_digits(str(code.value)) == repair_digits(body):
            # "CIF 847783113" beside "NIF-IVA ESB47783113": the code the VAT number carries,
            # its letters confirmed by the VAT number's checksum
            found["company_code"] = Candidate(body, code.score, code.span)
    if address is not None and address["country"] is None:
        address["country"] = vat_cc
    name = found.get("name")
    if name is not None and name.span is not None and not layout.doc.pages[name.span.page - 1].text_layer:
        country = vat_cc or (address or {}).get("country") or country_of_name(name.value) \
            or country_by_words(str(name.value), countries_of_form(str(name.value)))
        name = found["name"] = Candidate(_respelt(layout, name, country), name.score, name.span)
    party = {
        "name": name.value if name else None,
        "companyCode": found["company_code"].value if "company_code" in found else None,
        "vatCode": vat.value if vat else None,
        "isNaturalPerson": True if natural else (_legal_entity(name.value) if name else None),
        "address": address,
        "iban": found["iban"].value if "iban" in found else None,
        "bank": found["bank"].value if "bank" in found else None,
        "swift": found["swift"].value if "swift" in found else None,
        "email": found["email"].value if "email" in found else None,
        "phone": found["phone"].value if "phone" in found else None,
        "contactId": None,
    }
    return party, found


def _respelt(layout: Layout, name: Candidate, country: str | None) -> str:
    """A name OCR read, through one repair per kind of misreading, in turn: letters its
    country does not write, the page's other printings of it, its quotes, the dictionary,
    its legal form."""
    words = name.span.words if name.span is not None else []
    spelt = fullest_spelling(layout, native_letters(str(name.value), country), country)
    spelt = capital_first_word(closed_quote(surer_words(layout, spelt, words)))
    spelt = restore_marks(spelt, country, doubted_words(words), marks_weighed(words), letters_weighed(words))
    spelt = form_in_choices(spelt, country, words)
    for repair in (legal_form_glyphs, country_form, stroke_form):
        spelt = repair(spelt, country)
    return reopened_quote(spelt)


def _first_value(layout: Layout, hit: Hit) -> Candidate | None:
    """The value of a block's label, from the first place that holds one.

    Under a label may lie the rest of a wrapped label ("REGON /" over "Company
    114698570"), not its value; the value is then further on. A value found past the
    first place must open what is read there: "kodas:" over an address is no code "111".
    A register's letters whose number wrapped to the next line ("HRB" over "146889")
    are read with it.
    """
    prefix = None
    for k, (span, score) in enumerate(label_values(layout, hit)):
        if k == 0 and hit.key == "company_code" and re.fullmatch(r"[A-Z]{1,4}", span.text) \
                and not _other_label(layout, span):
            prefix = span.text
        cand = _read_field(hit.key, span, score, _LABEL_COUNTRY.get(hit.label.lang))
        if cand is not None and (k == 0 or cand.span is None or cand.span.start == span.start):
            if prefix and k > 0 and cand.value.isdigit():
                return Candidate(f"{prefix} {cand.value}", cand.score, cand.span)
            return cand
    return None


def _other_label(layout: Layout, span: Span) -> bool:
    """Whether letters read as a register's are another field's label (the "NIP:" of the
    next row under a wrapped "Nr" / "REGON:"), not the register's letters ("HRB")."""
    return any(h.key != "company_code" and h.start < span.end and h.end > span.start
               for h in layout.hits(span.line))


# The country whose VAT number a label of a language names when printed bare ("NIP:
# 526-025-02-74" is Polish even where the checksum would also pass in Bulgaria): the packs'
# ``pack.country``.
_LABEL_COUNTRY = language_packs.countries()


def _read_field(key: str, span: Span, score: float, country: str | None = None) -> Candidate | None:
    text = span.text
    if key == "company_code":
        vat = _prefixed_vat_code(text)
        if vat is not None:
            # "NIF ESB92433721": the VAT number, read as such by the fallbacks; the code is
            # its body where a country's register code is what its VAT number carries.
            if vat.value[:2] not in _CODE_IN_VAT:
                return None
            return Candidate(vat.value[2:], score, span.sub(vat.start, vat.end))
        m = read_company_code(text)
        if m is None:
            return None
        return Candidate(m.value, score if m.valid else 0.5 * score, span.sub(m.start, m.end))
    if key == "vat_code":
        m = read_vat_code(text, country)
        if m is None:
            return None
        # A bare number given its country's prefix by its checksum is a little less sure, and
        # much less where the label is another country's ("NIF: 384215336" on a Spanish
        # invoice passes only the Czech check: a foreign buyer's register code, whose VAT
        # number would carry its prefix).
        bare = m.repaired and compact(text[m.start : m.end]) == m.value[2:]
        foreign = bare and country is not None and m.value[:2] != country
        score = ((0.5 if foreign else 0.9) * score if m.repaired else score) if m.valid else 0.4
        return Candidate(m.value, score, span.sub(m.start, m.end))
    if key == "iban":
        ibans = find_ibans(text)
        if not ibans:
            return None
        return Candidate(ibans[0].value, score, span.sub(ibans[0].start, ibans[0].end))
    if key == "swift":
        bics = find_bics(text)
        return Candidate(bics[0].value, score, span.sub(bics[0].start, bics[0].end)) if bics else None
    if key == "email":
        m = _EMAIL.search(text)
        return Candidate(m.group(), score, span.sub(m.start(), m.end())) if m else None
    if key == "phone":
        m = _PHONE.search(text)
        return Candidate(" ".join(m.group().split()), score, span.sub(m.start(), m.end())) if m else None
    if key in ("address", "bank"):
        value = clean_value(text)
        return Candidate(value, score * 0.95, span) if value else None
    if key == "party_name":
        return Candidate(tidy_name(text), score * 0.95, span) if _WORD.search(text) else None
    return None


# Countries whose VAT number is their prefix and the company's register code.
_CODE_IN_VAT = {"ES", "IT", "LV"}


def _prefixed_vat_code(text: str):
    """The checksum-valid VAT number, printed with its country's prefix, that opens a
    label's value."""
    first = next(iter(find_vat_codes(text)), None)
    if first is None or not first.valid or text[: first.start].strip(" :.") \
            or not text[first.start : first.start + 2].isalpha():
        return None
    return first


def _extend_address(layout: Layout, lines: list[TextLine], i: int, found: dict[str, Candidate]) -> None:
    """Join an address wrapped onto the next (unlabelled) line of the block."""
    cand = found["address"]
    if _POSTAL.search(str(cand.value)) or i + 1 >= len(lines):
        return
    nxt = lines[i + 1]
    if layout.hits(nxt) or not _POSTAL.search(nxt.text):
        return
    cand.value = f"{cand.value}, {clean_value(nxt.text)}"


def _name(layout: Layout, block: Block, found: dict[str, Candidate], label_lines: set[int]) -> None:
    lines = block.lines
    if "party_name" in found:  # "Denominazione: Rossi S.r.l."
        found["name"] = _with_wrapped_rest(layout, found.pop("party_name"))
        return
    if block.name is not None:
        found["name"] = block.name
        return
    if not lines:
        return
    first = lines[0]
    heading = next((h for h in layout.hits(first) if h.key == block.role), None)
    if heading is not None:
        rest = Span(first, heading.end, len(first.text)).strip(" :;,-–|")
        # A label first, or the heading again in another language ("Acheteur I Buyer", its
        # slash read as a letter): no name on the heading's line.
        label_first = any(heading.end <= h.start <= rest.start for h in layout.hits(first)
                          if h.key in _FIELD_KEYS) or any(h.key == block.role and h.start >= heading.end
                                                         for h in layout.hits(first)) if rest is not None else True
        # Not a signature rule, nor the document's title printed on the heading's line.
        if rest is not None and not label_first and _WORD.search(rest.text) and not _is_title(rest.text) \
                and looks_like_name(re.sub(r"^/\s+", "", rest.text)):
            end = len(first.text)
            label = min((h.start for h in layout.hits(first) if h.key in _FIELD_KEYS and h.start > rest.start),
                        default=None)
            if label is not None:  # "Gavėjas: UAB X, IBAN LT...": the name, not the account
                rest = rest.sub(0, label - rest.start).strip(" :;,-–|") or rest
                end = rest.end
            cut = _name_end(rest.text)
            if cut is not None and _WORD.search(rest.text[:cut]):
                # "Absender: Nordlicht GmbH · Hafenstraße 12 · 20457 Hamburg": the name, not its address
                end = rest.start + cut
                rest = rest.sub(0, cut)
            found["name"] = Candidate(tidy_name(first.text[heading.end : end]), 0.9, rest)  # tidied unstripped
            return
    for i, line in enumerate(lines[1:4], start=1):
        if i in label_lines or not _WORD.search(line.text):
            continue
        if find_vat_codes(line.text) or find_ibans(line.text) or not looks_like_name(line.text):
            continue
        span = Span(line, 0, len(line.text)).strip(" :;,-–|")
        if span is not None:  # tidied as printed: a trailing "||" may be OCR's "IĮ"
            text = line.text
            salutation = lines[i - 1].text.strip() if i > 1 and is_salutation(lines[i - 1].text) else None
            if salutation is not None:  # "Herrn" over "Max Mustermann": one name, as printed
                text = f"{salutation} {text}"
            found["name"] = _with_wrapped_rest(layout, Candidate(tidy_name(text), 0.85, span))
        return


def _with_wrapped_rest(layout: Layout, name: Candidate) -> Candidate:
    """A name wrapped over the next lines of its narrow card or value cell: taken on
    while it is open (a quote not closed, a last "und" / "ir" / hyphen) or lacks a legal
    form, and kept only once it ends closed, with a legal form unless it began open
    ("Nordlicht Technik und" / "Anlagenbau Hamburg GmbH", "UAB „Šiaurės" / "vėjas“").
    A line with a digit, an "@" or a VAT number ends it."""
    if name.span is None:
        return name
    # From the name's first letter: OCR debris before it ("_ Van Dijk Bouw") sets no edge.
    text, cur, began_open = name.value, name.span.strip(" _|-–:;,.'\"") or name.span, _open_name(name.value)
    if not began_open and _has_legal_form(text):
        return name
    closed = None  # the first closed text of a name that began open, if no legal form follows
    for _ in range(6):
        part = min((p for p, above in wrapped_parts(layout, cur) if not above and p.line.cy > cur.line.cy),
                   key=lambda p: p.line.cy, default=None)
        if part is None or re.search(r"[\d@]", part.text) or find_vat_codes(part.text):
            break
        text = text + ("" if text.endswith("-") else " ") + part.text
        cur = part
        if not _open_name(text):
            if _has_legal_form(text):
                return Candidate(tidy_name(text), name.score, name.span)
            closed = closed or (text if began_open else None)
    return Candidate(tidy_name(closed), name.score, name.span) if closed else name


def _checked_register_code(layout: Layout, lines: list[TextLine], country: str | None,
                           found: dict[str, Candidate]) -> None:
    """The party's register code where its label was not read ("Regisbrlood 13719945"): the
    first number of the party's lines its country's register checksum accepts
    (``checked_register_codes``), not on a telephone's line nor after a VAT code's label (a
    Latvian VAT code whose prefix OCR lost is its register number's digits)."""
    for line in lines:
        if _PHONE_WORDS.search(line.folded):
            continue
        hits = layout.hits(line)
        for code, start, end in checked_register_codes(line.text, country):
            before = [h for h in hits if h.end <= start]
            if not before or max(before, key=lambda h: h.end).key != "vat_code":
                found["company_code"] = Candidate(code, 0.5, Span(line, start, end))
                return


def _fallbacks(lines: list[TextLine], found: dict[str, Candidate]) -> None:
    """Identifiers recognised by shape and checksum where no label announced them."""
    for line in lines:
        span = Span(line, 0, len(line.text))
        if "vat_code" not in found:
            codes = [c for c in find_vat_codes(line.text) if c.valid]
            if codes:
                found["vat_code"] = Candidate(codes[0].value, 0.75, span.sub(codes[0].start, codes[0].end))
        if "iban" not in found:
            ibans = find_ibans(line.text)
            if ibans:
                found["iban"] = Candidate(ibans[0].value, 0.75, span.sub(ibans[0].start, ibans[0].end))
        if "email" not in found:
            m = _EMAIL.search(line.text)
            if m:
                found["email"] = Candidate(m.group(), 0.8, span.sub(m.start(), m.end()))
    if "company_code" not in found:
        # The first nine digits alone on the party's lines, or the first that end in their
        # check digit: a telephone or an order number read as nine digits seldom does.
        vat = str(found["vat_code"].value) if "vat_code" in found else ""
        codes = [(line, c) for line in lines if not _PHONE_WORDS.search(line.folded)
                 for c in find_company_codes(line.text) if c.value not in vat]
        if codes:
            line, code = next(((ln, c) for ln, c in codes if lt_company_code_checks(c.value)), codes[0])
            found["company_code"] = Candidate(code.value, 0.5, Span(line, code.start, code.end))
    if "address" not in found:
        name = found.get("name")
        for k, line in enumerate(lines[1:], start=1):
            has_words = re.search(r"[^\W\d_]{3}", line.text)
            if _POSTAL.search(line.text) and has_words and not find_ibans(line.text):
                # "Gedimino pr. 1, LT-01103 Vilnius · VAT LT100001738313": the address's part only
                pieces = re.split(r"\s[|·•]\s", line.text)
                kept = list(itertools.takewhile(lambda pc: not find_vat_codes(pc), pieces))
                parts = [clean_value(" · ".join(kept) if kept and _POSTAL.search(" ".join(kept)) else line.text)]
                above = lines[k - 1] if k >= 2 or (name is not None and name.span is not None
                                                   and name.span.line.cy < lines[0].cy - 1) else None
                if above is not None and _POSTAL.match(line.text.strip()) and _is_street(above.text):
                    parts.insert(0, clean_value(above.text))  # "Laisvės al. 10" over "LT-44001 Kaunas"
                if k + 1 < len(lines) and country_named(lines[k + 1].text.strip(" ,.")):
                    parts.append(clean_value(lines[k + 1].text))  # and "Lietuva" under it
                found["address"] = Candidate(", ".join(parts), 0.6, Span(line, 0, len(line.text)))
                break


def payment_ibans(layout: Layout, blocks: dict[str, Block]) -> list[Candidate]:
    """Valid IBANs printed outside the party blocks (payment details at the bottom)."""
    in_blocks = {id(w) for b in blocks.values() for ln in b.lines for w in ln.words}
    out = []
    for line in layout.iter_lines():
        for m in find_ibans(line.text):
            span = Span(line, m.start, m.end)
            if not any(id(w) in in_blocks for w in span.words):
                out.append(Candidate(m.value, 0.6, span))
    return out
