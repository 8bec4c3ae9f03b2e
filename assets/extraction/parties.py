"""Seller and buyer: find each party's block under its heading and read it.

A block starts at a heading ("Pardavėjas", "Tiekėjas", "Seller" / "Pirkėjas", "Buyer").
Two headings on one line are side-by-side columns: the left block ends where the right
one's heading starts. Otherwise a block spans to the page edge, but only the cell that
starts under the heading is read on each line (plus the next cell when the first ends
in a label, "Įmonės kodas:   304567894"), so an invoice-data box printed beside it is left
out. A block ends at the other party's heading, the item table, a totals label, a blank
gap or after 12 lines.

Inside a block, labels give company code, VAT code, address, IBAN, bank, SWIFT, phone and
e-mail; where a label is missing, identifiers are still recognised by their shape and
checksum (a valid LT VAT code or IBAN in the seller's block is the seller's), at lower
confidence. The name is the text after the heading, or the first unlabelled line.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from statistics import median

from ..ocr.model import Word
from .alphabets import base_letter, country_of_name, native_letters
from .countries import country_named
from .fields import (Candidate, Hit, Layout, Span, TextLine, label_value, label_values, lines_from_words,
                     stands_as_heading, wrapped_parts)
from .company_codes import LOOSE_FORMATS
from .contacts import EMAIL
from .identifiers import (
    find_bics,
    find_company_codes,
    find_ibans,
    find_vat_codes,
    read_company_code,
    read_vat_code,
    repair_digits,
    vat_country,
    vat_is_valid,
)
from .dates import find_dates
from .labels import DOCUMENT_TYPES
from .normalize import clean_value, fold

MAX_BLOCK_LINES = 12
BLOCK_GAP_PITCHES = 2.2
# Labels that cannot occur inside a party block. ("Sąskaitos Nr." can: the bank account.)
_STOP_KEYS = {"net", "gross", "payable", "amount_in_words", "series", "issue_date", "due_date"}
_FIELD_KEYS = {"party_name", "company_code", "vat_code", "address", "iban", "bank", "swift", "phone", "email",
               "natural_person", "other_code"}
# Legal forms of the EU's companies (folded): a line carrying one is a company's name.
_LEGAL_FORMS = re.compile(
    r"(?<![\w])(uab|ab|mb|vsi|ii|zub|kb|tub|as|sia|ou|oy|oyj|asa|aps|a/s|gmbh|mbh|ag|kg|ohg|ug|se|e\.k\.|"
    r"ltd|limited|llc|inc|plc|llp|sp\. ?z ?[o0]\.[o0]\.|sp\.j\.|sp\.k\.|[s5]\.a\.|sa|s\.p\.a\.|spa|[s5]\.r\.l\.|srl|"
    r"s\.a\.s\.|sas|sarl|s\.a\.r\.l\.|s\.l\.|sl|s\.l\.u\.|n\.v\.|nv|b\.v\.|bv|v\.o\.f\.|bvba|sprl|"
    r"s\.r\.o\.|a\.s\.|kft|zrt|nyrt|bt|d\.o\.o\.|d\.d\.|eood|ood|ad|ab|snc|sc|scs)(?![\w])"
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
_STREET_MARK = re.compile(r"(?<![\w])(g|pr|al|pl|skg|kel|tak|str|st|street|road|rd|ave)\.?(?![\w])", re.I)


@dataclass
class Block:
    role: str  # "seller" or "buyer"
    heading: Hit | None  # None: a seller found by its identifiers (letterhead, footer)
    lines: list[TextLine]
    name: Candidate | None = None
    # Told from the other party only by which is printed first: two parties without
    # headings and with equal evidence of selling (see ``unheaded_parties``).
    by_order: bool = False


def find_blocks(layout: Layout) -> dict[str, Block]:
    """The seller's and buyer's blocks, each from its first heading in the document."""
    headings: dict[str, Hit] = {}
    for hit in layout.iter_hits("seller", "buyer"):
        cell_start, cell_end = hit.line.cell_at(hit.start)
        if not stands_as_heading(hit):
            continue  # "To" / "From" only as a heading of their own, or with a colon
        if _RULE.fullmatch(hit.line.text[hit.end :]):
            continue  # a signature line ("Émis par: ________"), not a party
        if _qualifies_a_field(layout, hit):
            continue  # "Customer VAT: LT...": one of the party's codes, not its block
        if hit.key == "buyer" and _names_the_payee(layout, hit):
            continue  # "Gavėjas: UAB X, IBAN ...": who is paid, the seller, not the buyer
        # A heading opens its cell (after OCR debris at most: "r Destinataire:"); a short
        # word ("De:", "An:") exactly, and never before a number ("Cc de: 02124670338").
        debris = len(hit.line.text[cell_start : hit.start].strip())
        if debris and any(h.key == "number" and h.end <= hit.start for h in layout.hits(hit.line)
                          if h.start >= cell_start):
            continue  # "N° client: 10233", a customer's number, not the customer
        if hit.label.weight < 1 and (debris or re.match(r"\s*:?\s*[\d(]", hit.line.text[hit.end :])):
            continue
        if debris <= 2 and hit.key not in headings:
            headings[hit.key] = hit
    blocks = {}
    for role, hit in headings.items():
        other = headings.get("buyer" if role == "seller" else "seller")
        lines = _block_lines(layout, hit, other)
        rest = [lines[0].text[hit.end - hit.start :]] + [ln.text for ln in lines[1:]] if lines else []
        if not any(_WORD3.search(text) for text in rest):
            # A heading over nothing ("De", a logo's first word) or over a number and
            # debris ("Customer" over "10233", its "no.:" lost to OCR) heads no block.
            continue
        blocks[role] = Block(role, hit, lines)
    return blocks


def _qualifies_a_field(layout: Layout, hit: Hit) -> bool:
    """Whether a party word stands before one of that party's field labels in its cell
    ("Customer VAT ID:", "Pirkėjo PVM kodas:"), naming whose code follows rather than
    heading a block; a caption of the next card ("BANKVERBINDUNG") qualifies nothing."""
    line = hit.line
    cell = line.cell_at(hit.start)
    keys = _FIELD_KEYS - {"address", "party_name"}
    if any(h.key in keys and h.start > hit.start and h.start < cell[1]
           and not line.text[hit.end : h.start].strip(" -'’s") for h in layout.hits(line)):
        return True
    if line.text[hit.end : cell[1]].strip() or not hit.span.words:
        return False
    # The word alone, with no colon, over a code's label in its column: the label wrapped
    # in a narrow column ("Customer" / "company no.: 07654321").
    x0 = hit.span.words[0].x0
    under = next((ln for ln in layout.page_lines(line) if 0 < ln.cy - line.cy < 1.8 * line.height
                  and any(abs(w.x0 - x0) < line.height for w in ln.words)), None)
    return under is not None and any(h.key in keys and abs(h.span.words[0].x0 - x0) < line.height
                                     and h.start == under.cell_at(h.start)[0] for h in layout.hits(under))


_PAYMENT_KEYS = {"iban", "bank", "swift"}


def _names_the_payee(layout: Layout, hit: Hit) -> bool:
    """Whether a recipient's word ("Gavėjas", "Empfänger", "Saaja", "Получатель") names
    the payee of the payment details under the items: a bank account or a bank's label
    on its line or on the next two lines of its column."""
    line = hit.line
    _, height = layout.page_size(line.page)
    if line.cy < 0.5 * height:
        return False
    x0 = hit.span.words[0].x0
    pitch = layout.pitch[line.page]
    near = [line] + [ln for ln in layout.page_lines(line)
                     if 0 < ln.cy - line.cy <= 2.5 * pitch and any(abs(w.x0 - x0) < line.height for w in ln.words)]
    for ln in near:
        start = hit.end if ln is line else 0
        if find_ibans(ln.text[start:]) or any(h.key in _PAYMENT_KEYS and h.start >= start for h in layout.hits(ln)):
            return True
    return False


def _names_the_buyer(layout: Layout, span: Span) -> bool:
    """Whether a span is a buyer's word and nothing else ("Customer" of "Customer VAT: ...")."""
    return any(h.key == "buyer" and h.start <= span.start and h.end >= span.end - 1
               for h in layout.hits(span.line))


def _bbox(words: list[Word]) -> tuple[float, float, float, float]:
    return (min(w.x0 for w in words), min(w.y0 for w in words),
            max(w.x1 for w in words), max(w.y1 for w in words))


def _column_bounds(layout: Layout, heading: Hit, other: Hit | None) -> tuple[float, float, float | None]:
    """x-range of a block's column and the y where it must end at the latest.

    Side by side: the left column ends where the right heading starts. Stacked: the
    upper block ends at the lower heading. Either way a block ends at the item table.
    """
    page = heading.line.page
    width, _ = layout.page_size(page)
    hx0, hy0, _, _ = _bbox(heading.span.words)
    tol = 0.5 * heading.line.height
    x_left, x_right, stop_y = hx0 - tol, width + 1, None
    if other is not None and other.line.page == page:
        ox0, oy0, _, _ = _bbox(other.span.words)
        if abs(other.line.cy - heading.line.cy) < heading.line.height:  # side by side
            if ox0 > hx0:
                x_right = ox0 - tol
        elif oy0 > hy0 and ox0 < hx0 + 0.25 * width:  # stacked, the other block below
            stop_y = oy0
    table_tops = [ln.y0 for ln in layout.lines[page] if (page, ln.index) in layout.excluded and ln.cy > hy0]
    if table_tops:
        stop_y = min(min(table_tops), stop_y if stop_y is not None else float("inf"))
    return x_left, x_right, stop_y


def _block_lines(layout: Layout, heading: Hit, other: Hit | None) -> list[TextLine]:
    """The block's lines, each cut down to the cells under the heading (see module doc)."""
    hx0, hy0, _, _ = _bbox(heading.span.words)
    x_left, x_right, stop_y = _column_bounds(layout, heading, other)
    width, _ = layout.page_size(heading.line.page)
    return _collect(layout, heading.line.page, hx0, hy0, 0.5 * heading.line.height, x_left, x_right, stop_y,
                    bounded=x_right <= width, headed=True, heading=heading)


def _collect(layout: Layout, page: int, hx0: float, hy0: float, tol: float, x_left: float, x_right: float,
             stop_y: float | None, bounded: bool = False, headed: bool = False,
             whole_lines: bool = False, heading: Hit | None = None) -> list[TextLine]:
    """The lines of a block's column. Under a heading, ``bounded`` when the other party's
    heading bounds the column, so that whatever stands in it is this party's; with
    ``whole_lines``, every cell of a line is the block's (a till slip's one column)."""
    width, _ = layout.page_size(page)
    column = [w for w in layout.doc.pages[page - 1].words
              if x_left <= w.cx < x_right and w.cy >= hy0 + 0.4 * tol and (stop_y is None or w.cy < stop_y)]
    column += _cells_reaching_left(layout, page, column, x_left)
    pitch = layout.pitch[page]
    out: list[TextLine] = []
    prev_cy = None
    for tl in lines_from_words(page, column):
        # A wrapped label's second line ("Razón" over "social") opens no line: what stands
        # beside it does (a value's wrapped end, "S.A.").
        cells = list(itertools.dropwhile(
            lambda c: all(id(w) in layout.translation_words for w in Span(tl, *c).words), tl.cells))
        if not cells:
            if prev_cy is not None and tl.cy - prev_cy <= BLOCK_GAP_PITCHES * pitch:
                prev_cy = tl.cy  # a translation or a label's wrapped end keeps the block going
            continue
        first = cells[0]
        first_words = Span(tl, *first).words
        if not whole_lines and first_words[0].x0 > hx0 + 0.25 * width:
            continue  # another column's text on this line
        if prev_cy is not None and tl.cy - prev_cy > BLOCK_GAP_PITCHES * pitch:
            break
        keep = list(cells) if whole_lines else [first]
        hits = layout.hits(tl)
        for prev, cell in zip(cells, cells[1:]) if not whole_lines else ():
            # Monospaced type spaces its words wide ('UAB  "Nemuno  logistika"'): a cell
            # closer than a line's height and a half goes on the text, unless a label opens it.
            gap = Span(tl, *cell).words[0].x0 - Span(tl, *prev).words[-1].x1
            if gap >= 1.5 * tl.height or any(h.start == cell[0] for h in hits):
                break
            keep.append(cell)
        ends_with_label = any(h.end == first[1] and h.key in _FIELD_KEYS for h in hits) or \
            tl.text[: first[1]].rstrip().endswith((":", " /")) or \
            (len(cells) > 1 and tl.text[cells[1][0]: cells[1][1]].startswith(":")) or \
            (bool(out) and out[-1].text.endswith("/") and not re.search(r"\d", tl.text[: first[1]]))
        if ends_with_label and len(cells) > 1:
            second = Span(tl, *cells[1])
            # Not a cell of another column: far to the right, or a label of its own.
            if second.words[0].x0 < hx0 + 0.4 * width and not any(
                    h.start == cells[1][0] and h.key not in ("seller", "buyer") for h in hits):
                keep.append(cells[1])
        # A checksum-valid VAT code in the column is the party's, whatever OCR left of its
        # label; where no other heading bounds the column, only one without a label of its
        # own (a labelled one beside the block is another party's, printed in a column
        # of its own).
        for k, c in enumerate(tl.cells[1:] if headed else [], start=1):
            if c in keep or not any(m.valid for m in find_vat_codes(tl.text[c[0]:c[1]])):
                continue
            labelled = any(h.key in ("vat_code", "company_code") and tl.cells[k - 1][0] <= h.start < c[1]
                           for h in hits)
            if bounded or not labelled:
                keep.append(c)
        own = {id(w) for w in heading.span.words} if heading is not None and out else set()
        words = [w for w, s, e in zip(tl.words, tl.starts, tl.ends)
                 if any(a <= s and e <= b for a, b in keep) and id(w) not in layout.translation_words
                 and id(w) not in own]  # the heading on a line OCR put under the name's start
        if not words:
            prev_cy = tl.cy
            continue  # a label's translation under it
        line = TextLine(page, len(out), words)
        if out and any((h.key in _STOP_KEYS or h.key in ("seller", "buyer")) and not _in_a_name(h)
                       for h in layout.hits(line) if h.start == 0):
            break
        if _return_address(out, line):
            break
        out.append(line)
        prev_cy = tl.cy
        if len(out) >= MAX_BLOCK_LINES:
            break
    for line in out:
        layout.block_lines[line] = out
    return out


def _in_a_name(hit: Hit) -> bool:
    """A heading's word that is part of a company's name ("Lieferant GmbH", "Supplier
    Services Ltd"): a legal form follows it on its line and no colon sets it apart."""
    rest = hit.line.text[hit.end:]
    return hit.key in ("seller", "buyer") and not rest.lstrip().startswith(":") and _has_legal_form(rest)


def _return_address(out: list[TextLine], nxt: TextLine) -> bool:
    """Whether the lines so far are a whole party over an envelope window's addressee:
    a return address ("Nordlicht GmbH · Hafenstraße 12 · 20457 Hamburg", its codes too,
    on a line or two) whose lines under it are the addressee's, not its own. Told by
    smaller type over bigger, or, in one size, by the party's codes closing a line of
    separated parts with a plain name under them (no digit, label or separator: no
    letterhead's phone line or bank line)."""
    out = [ln for ln in out if re.search(r"\w\w", ln.text)]  # not OCR's specks
    if not out or len(out) > 2:
        return False
    text = " ".join(ln.text for ln in out)
    if not (_POSTAL.search(text) and (_READ_SEP.search(text) or "," in text)):
        return False
    if all(nxt.height > 1.3 * ln.height for ln in out):
        return True
    return bool(_READ_SEP.search(text)) and any(m.valid for m in find_vat_codes(out[-1].text)) \
        and not re.search(r"[\d:|·•]", nxt.text) and not _looks_like_address(nxt.text) \
        and len(re.findall(r"[^\W\d_]{2,}", nxt.text)) >= 2


def _cells_reaching_left(layout: Layout, page: int, column: list[Word], x_left: float) -> list[Word]:
    """Words left of a column whose cell ends inside it: a right-aligned block's longer
    lines ("Gedimino pr. 1, LT-01103 Vilnius" under "Įmonės kodas 302345678") start
    further left than the line that set the column."""
    inside = {id(w) for w in column}
    extra: list[Word] = []
    for line in layout.lines.get(page, []):
        for c_start, c_end in line.cells:
            words = Span(line, c_start, c_end).words
            if words[-1].x1 > x_left and id(words[-1]) in inside and words[0].cx < x_left:
                extra += [w for w in words if id(w) not in inside]
    return extra


# ---------------------------------------------------------------- reading a block


def read_block(layout: Layout, block: Block) -> tuple[dict, dict[str, Candidate]]:
    """The party dict (DTO shape) and candidates by field name for confidence/sources."""
    found: dict[str, Candidate] = {}
    natural = False
    lines = block.lines
    label_lines: set[int] = set()
    for i, line in enumerate(lines):
        for hit in layout.hits(line):
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
        country = vat_cc or (address or {}).get("country") or country_of_name(name.value)
        spelt = _fullest_spelling(layout, native_letters(name.value, country), country)
        name = found["name"] = Candidate(spelt, name.score, name.span)
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


def _fullest_spelling(layout: Layout, name: str, country: str | None) -> str:
    """``name`` as printed elsewhere on the page with more of its diacritics.

    OCR drops a diacritic far more often than it invents one, and a name is often printed
    twice (letterhead and footer, a party block and an e-mail signature): 'MB "Zemaitijos
    kelias"' beside 'MB "Žemaitijos kelias"' is the second. Only the same letters in the
    same case may differ, and only by diacritics the party's alphabet has.
    """
    folded, best, best_marks = fold(name), name, _marks(name)
    if len(folded) < 4:
        return name
    for line in layout.iter_lines(include_excluded=True):
        start = line.folded.find(folded)
        while start >= 0:
            other = native_letters(line.text[start : start + len(name)], country)
            same_letters = all(base_letter(a) == base_letter(b) for a, b in zip(other, name))
            if _marks(other) > best_marks and same_letters:
                best, best_marks = other, _marks(other)
            start = line.folded.find(folded, start + 1)
    return best


def _marks(text: str) -> int:
    return sum(1 for ch in text if base_letter(ch) != ch)


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
        if k == 0 and hit.key == "company_code" and re.fullmatch(r"[A-Z]{1,4}", span.text):
            prefix = span.text
        cand = _read_field(hit.key, span, score, _LABEL_COUNTRY.get(hit.label.lang))
        if cand is not None and (k == 0 or cand.span is None or cand.span.start == span.start):
            if prefix and k > 0 and cand.value.isdigit():
                return Candidate(f"{prefix} {cand.value}", cand.score, cand.span)
            return cand
    return None


# The country whose VAT number a label of a language names when printed bare ("NIP:
# 526-025-02-74" is Polish even where the checksum would also pass in Bulgaria).
_LABEL_COUNTRY = {"lt": "LT", "de": "DE", "fr": "FR", "pl": "PL", "lv": "LV", "et": "EE", "nl": "NL",
                  "it": "IT", "es": "ES"}


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
        # A bare number given its country's prefix by its checksum is a little less sure.
        score = (0.9 * score if m.repaired else score) if m.valid else 0.4
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
        label_first = any(heading.end <= h.start <= rest.start for h in layout.hits(first)
                          if h.key in _FIELD_KEYS) if rest is not None else True
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
            found["name"] = _with_wrapped_rest(layout, Candidate(tidy_name(line.text), 0.85, span))
        return


_KEY_VALUE = re.compile(r"^(?P<key>[^:]{1,40}):\s*(?P<value>.+)$")
_NAME_START = re.compile(r"^[\w„“”\"'«»]")


def looks_like_name(text: str) -> bool:
    """The shape of a party's name, whatever its language: it starts with a letter, a digit
    or a quote (not with the "/" of a heading that goes on, "Käufer/Leistungsempfänger"),
    has more letters than digits ("GLN 4333741000005", "FA-2017-0010" are codes), and is
    no field line ("Globale Nummer: 4000001123452 (GTIN)": a key, a colon, a code)."""
    text = text.strip()
    if not text or not _NAME_START.match(text):
        return False
    letters = sum(ch.isalpha() for ch in text)
    digits = sum(ch.isdigit() for ch in text)
    if letters <= digits:
        return False
    kv = _KEY_VALUE.match(text)
    if kv is not None:
        value = kv.group("value")
        if sum(ch.isdigit() for ch in value) >= sum(ch.isalpha() for ch in value):
            return False
    return True


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


# Words a name does not end with: it goes on on the next line.
_CONNECTORS = {"and", "und", "ir", "i", "e", "en", "un", "ja", "y", "et", "&", "+", "og", "och", "es", "ve", "-"}


def _open_name(text: str) -> bool:
    """A quote opened and not closed ("UAB „Šiaurės"), or a last connecting word."""
    if text.count("„") + text.count("«") > text.count("“") + text.count("”") + text.count("»") \
            or text.count('"') % 2:
        return True
    words = fold(text).split()
    return bool(words) and (words[-1] in _CONNECTORS or words[-1].endswith("-"))


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
        for line in lines:
            if _PHONE_WORDS.search(line.folded):
                continue
            codes = find_company_codes(line.text)
            vat = str(found["vat_code"].value) if "vat_code" in found else ""
            codes = [c for c in codes if c.value not in vat]
            if codes:
                span = Span(line, codes[0].start, codes[0].end)
                found["company_code"] = Candidate(codes[0].value, 0.5, span)
                break
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
    name = _latin_homoglyphs(clean_value(text))
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
    for pattern, canonical in _LEGAL_FORM_SPELLINGS:
        name = pattern.sub(canonical, name)
    return name


# Cyrillic capitals that print exactly like Latin ones: a page read with the Russian model
# turns "MB", "AB", "OO" of a Latin name into them.
_HOMOGLYPHS = str.maketrans("АВЕКМНОРСТХ", "ABEKMHOPCTX")
_CYRILLIC_TOKEN = re.compile(r"\b[АВЕКМНОРСТХ]+\b")


def _latin_homoglyphs(name: str) -> str:
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
_LEGAL_FORM_SPELLINGS = [
    (re.compile(r"(?<=\w)\.{2,}(?=\w)"), "."),  # "S..r.l.": a speck beside a dot
    (re.compile(r"(?<=\w)\s+[£A8S%$€]\s+(?=Co\.?\s*K)"), " & "),  # "GmbH £ Co. KG": the ampersand
    (re.compile(r"\bSp\.?\s*[zZ]{1,2}\s*[oO0]\.?\s*[oO0]\.?$"), "Sp. z o.o."),
    (re.compile(r"\s(?:O[UÜO]|0[UÜ]|00|[OО]У)$"), " OÜ"),  # "ОУ": read with the Russian model
    (re.compile(r"\s5\.\s?(A|L|R\.L)\.$"), r" S.\1."),  # "S.A." read "5.A."
    (re.compile(r"^V[šsŠS][įiĮIl1]\b"), "VšĮ"),
    (re.compile(r"\s(?:[Il1][ĮI1l])$"), " IĮ"),
]


_PHONE_WORDS = re.compile(r"\b(tel|mob|phone|faks|fax)")


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


# ---------------------------------------------------------------- a seller without a heading

_SEPARATORS = " |·•;,:-–"
_BANK_NAME = re.compile(r"bank|pank|banco|banque|sparkasse|caixa")
# The marks that part a name from its address on one line ("X GmbH · Straße 1 · Stadt"),
# and what OCR reads a small middle dot as ("+", "-", "»", ":").
_PART_SEP = re.compile(r"\s[|·•]\s")
_READ_SEP = re.compile(r"\s[|·•+»«*:–-]\s")


def _name_end(text: str) -> int | None:
    """Where a name printed with its address on one line ends: at its first '·' or '|',
    or at a mark OCR made of the dot, when an address follows it; at a comma after a
    legal form ("X Sp. z o.o., ul. Długa 5, 00-238 Warszawa"): "Rīga, LV-1001" is an
    address line, not a name before its address."""
    m = _PART_SEP.search(text)
    if m is not None:
        return m.start()
    return next((m.start() for m in _READ_SEP.finditer(text) if _looks_like_address(text[m.end():])), None) \
        or next((m.start() for m in _COMMA.finditer(text) if _looks_like_address(text[m.end():])
                 and _has_legal_form(text[:m.start()]) and not _looks_like_address(text[:m.start()])), None)


_COMMA = re.compile(r",\s")


def _has_legal_form(text: str) -> bool:
    """Whether ``text`` carries a company's legal form ("UAB", "GmbH", "S.r.l.")."""
    return bool(_LEGAL_FORMS.search(fold(text)))


def _company_not_bank(text: str) -> bool:
    """A company's name (a legal form) that is not its bank's ("Commerzbank AG")."""
    folded = fold(text)
    return bool(_LEGAL_FORMS.search(folded)) and not _BANK_NAME.search(folded)


def unheaded_parties(layout: Layout, blocks: dict[str, Block], receipt: bool = False) -> None:
    """Seller and buyer that no heading announces, added to ``blocks`` in place.

    Parties are found by their identifiers (a company-code or VAT-code label with a
    code, or a checksum-valid VAT code) outside the headed blocks and the item table;
    identifiers close together in one column are one party. Which is which is told by
    what a seller prints and a buyer does not: its bank account, the letterhead at the
    top of the page, the footer at its foot; a party whose codes are the seller's again
    (a footer repeating the letterhead) is not a second party. A buyer printed with no
    identifiers at all (a window address: a name over a street and a postal code) is
    found by its address in the upper part of the first page. A till receipt names a
    buyer only under a heading.
    """
    taken = {id(w) for b in blocks.values() for ln in b.lines for w in ln.words}
    known = {code for b in blocks.values() for code in _codes(b.lines)}
    head = letterhead(layout, taken)
    if head is not None and not _in_large_type(layout, head.span):
        head = None  # a window's addressee where no letterhead stands: no seller's evidence
    found: list[tuple[float, Block]] = []
    readers: list[Block] = []
    for line, pos in _anchors(layout, taken):
        if any(id(w) in taken for w in Span(line, pos, pos + 1).words):
            continue  # a later identifier of a party already found
        if _value_taken(layout, line, pos, taken):
            continue  # a wrapped label's second line ("kodas:"), its code a party's already
        same_line = next((b for _, b in found if any(abs(ln.cy - line.cy) < 0.5 * line.height for ln in b.lines)), None)
        cell = Span(line, *line.cell_at(pos))
        if same_line is not None and _name_above(layout, line, cell.words[0].x0, taken)[0] is None:
            # "KMKR nr EE1... | Arveldusarve EE35...": a footer's next identifier, not a party.
            extra = lines_from_words(line.page, cell.words)
            same_line.lines.extend(extra)
            layout.block_lines.update({ln: same_line.lines for ln in extra})
            taken |= {id(w) for w in cell.words}
            continue
        block = _unheaded_block(layout, line, pos, taken, blocks, slip=receipt)
        if block is None:
            continue
        codes = set(_codes(block.lines))
        taken |= {id(w) for ln in block.lines for w in ln.words}
        if codes & known:
            # The same party printed twice (letterhead and footer, a return line over the
            # window and a letter's close): one party, with the codes either printing has.
            same = next((b for b in [*blocks.values(), *(b for _, b in found), *readers]
                         if codes & set(_codes(b.lines))), None)
            if same is not None:
                _add_company_code(layout, same, block)
            continue
        twin = _headed_twin(blocks, block) or _adjoining_headed(layout, blocks, block)
        if twin is not None:
            # "Absender: Nordlicht GmbH · ..." over the window, its codes in the footer
            # under the same name: one party, whose codes the heading's block lacked.
            twin.lines.extend(block.lines)
            layout.block_lines.update({ln: twin.lines for ln in block.lines})
            known |= codes
            continue
        known |= codes
        if _after_yours(layout, line, pos) or block.name is not None and (_YOURS.fullmatch(fold(str(block.name.value))) or (
                block.name.span is not None and _names_the_buyer(layout, block.name.span))):
            readers.append(block)  # "Ihre USt-IdNr.", "Customer VAT": the reader's, the buyer's, code
            continue
        found.append((_seller_evidence(layout, line, block, head), block))
    missing = [role for role in ("seller", "buyer") if role not in blocks]
    if "seller" in missing and found:
        # The likeliest seller first; among equals, the one printed first.
        best = max(range(len(found)), key=lambda k: (found[k][0], -k))
        tied = "buyer" in missing and any(k != best and found[k][0] == found[best][0] for k in range(len(found)))
        seller = found.pop(best)[1]
        blocks["seller"] = seller
        if tied:
            seller.by_order = found[0][1].by_order = True
    if "buyer" in missing and not receipt:
        if found:
            buyer = found[0][1]
        else:
            seller = blocks.get("seller")
            seller_name = seller.name.value if seller is not None and seller.name is not None else None
            buyer = _window_address(layout, taken, seller_name)
            if readers:  # the window's addressee and "your" codes printed beside it
                if buyer is None:
                    buyer = Block("buyer", None, [], None)
                for reader in readers:
                    buyer.lines.extend(reader.lines)
                    layout.block_lines.update({ln: buyer.lines for ln in reader.lines})
        if buyer is not None:
            buyer.role = "buyer"
            blocks["buyer"] = buyer


def _add_company_code(layout: Layout, party: Block, again: Block) -> None:
    """The lines of ``again`` (the party printed a second time) that carry a company
    code, added to ``party`` where its own lines carry none: a return line over the
    window prints the VAT code only, the letter's close the company code beside it."""
    def coded(ln: TextLine) -> bool:
        return any(h.key == "company_code" and _has_code(layout, h) for h in layout.hits(ln))

    if any(coded(ln) for ln in party.lines):
        return
    extra = [ln for ln in again.lines if coded(ln)]
    party.lines.extend(extra)
    layout.block_lines.update({ln: party.lines for ln in extra})


def _in_large_type(layout: Layout, span: Span | None) -> bool:
    """Whether a span is set in type larger than its page's body text."""
    if span is None or not span.words:
        return False
    body = median(ln.height for ln in layout.lines[span.line.page])
    return median(w.height for w in span.words) > 1.2 * body


def _headed_twin(blocks: dict[str, Block], block: Block) -> Block | None:
    """The headed party without codes of its own whose name ``block`` bears again: the
    name stands on one of its first two lines."""
    core = _core_name(str(block.name.value)) if block.name is not None else ""
    if len(core) < 4:
        return None
    for headed in blocks.values():
        if headed.heading is not None and not _codes(headed.lines) \
                and any(f" {core} " in f" {_core_name(ln.text)} " for ln in headed.lines[:2]):
            return headed
    return None


ADJOINING_PITCHES = 1.6  # codes this close over or under a headed block, in its column, are its own


def _adjoining_headed(layout: Layout, blocks: dict[str, Block], block: Block) -> Block | None:
    """The headed party without codes of its own that ``block`` runs into: printed in the
    same column right under it, or right over a heading that names its party on its own
    line ("VAT-ID … IBAN … BIC …" over "Account holder: …"), with no more than a line's
    gap. One run of lines is one party; a heading over lines of its own opens a new one."""
    if not block.lines:
        return None
    top, bottom = block.lines[0], block.lines[-1]
    pitch = layout.pitch[top.page]
    for headed in blocks.values():
        if headed.heading is None or not headed.lines or _codes(headed.lines):
            continue
        first, last = headed.lines[0], headed.lines[-1]
        if first.page != top.page or abs(first.words[0].x0 - top.words[0].x0) > 2 * top.height:
            continue
        over_inline = len(headed.lines) == 1 and 0 <= first.cy - bottom.cy <= ADJOINING_PITCHES * pitch
        if over_inline or 0 <= top.cy - last.cy <= ADJOINING_PITCHES * pitch:
            return headed
    return None


def _anchors(layout: Layout, taken: set[int]):
    """(line, position) of each identifier outside the headed parties, in reading order
    (left to right on a line: two parties may print their codes side by side)."""
    for line in layout.iter_lines():
        starts = [h.start for h in layout.hits(line) if h.key in ("company_code", "vat_code") and _has_code(layout, h)]
        starts += [m.start for m in find_vat_codes(line.text) if m.valid]
        for pos in sorted(set(starts)):
            if not any(id(w) in taken for w in Span(line, pos, pos + 1).words):
                yield line, pos


def _codes(lines: list[TextLine]) -> list[str]:
    return [m.value for ln in lines for m in find_vat_codes(ln.text) if m.valid] + \
        [m.value for ln in lines for m in find_ibans(ln.text)]


# "Your" before a code's label: the code is the reader's, the buyer's ("Ihre USt-IdNr.",
# "Your VAT no.", "Votre n° TVA", "Jūsų PVM kodas", "Uw btw-nummer", "Ваш ИНН").
_YOURS = re.compile(r"(?:ihre?|your|votre|vos|jusu|uw|teie|vostr[oa]|vs\.|su|sus|wasz|panstwa|ваш)")
# A buyer's word in the form that qualifies a code's label ("Pirkėjo PVM kodas", "Klienta
# PVN nr.", "Kunden-USt-IdNr.", "Customer's VAT ID"), which the heading dictionaries,
# holding the words as headings print them, do not match.
_BUYERS = re.compile(r"(?:pirkejo|kliento|uzsakovo|pirceja|klienta|pasutitaja|ostja|kliendi|tellija|"
                     r"kunden|kunde|kaufers|(?:customer|client|buyer|purchaser)(?:'?s)?|cliente|klant|покупателя|заказчика|клиента)"
                     r"(?![\w])")


def _value_taken(layout: Layout, line: TextLine, pos: int, taken: set[int]) -> bool:
    """Whether the code of the label at ``pos`` belongs to a party found already."""
    hit = next((h for h in layout.hits(line) if h.start == pos and h.key in ("company_code", "vat_code")), None)
    span = label_value(layout, hit)[0] if hit is not None else None
    return span is not None and bool(span.words) and all(id(w) in taken for w in span.words)


def _after_yours(layout: Layout, line: TextLine, pos: int) -> bool:
    """Whether the label before a code opens with "your", on the code's line or wrapped
    from the line above ("Jūsų PVM" over "kodas: LT...", "Vostra" over "Partita IVA:"):
    the reader's, the buyer's, code."""
    start, _ = line.cell_at(pos)
    if start >= pos:  # the code opens its cell: the label is the cell before
        before = [c for c in line.cells if c[1] <= pos]
        start = before[-1][0] if before else pos
    words = fold(line.text[start:pos]).split()
    if words and _YOURS.fullmatch(words[0]):
        return len(words) <= 4
    if words and _buyers_word(layout, line, start, pos):
        return True  # "Customer VAT ID", "Pirkėjo PVM kodas": the buyer's code
    if len(words) > 2:
        return False
    x0 = Span(line, start, start + 1).words[0].x0
    for above in layout.lines.get(line.page, []):
        if 0 < line.cy - above.cy < 1.8 * line.height:
            for c in above.cells:
                cell = Span(above, *c)
                first = fold(cell.text).split()
                if abs(cell.words[0].x0 - x0) < line.height and first and len(first) <= 3 \
                        and not re.search(r"\d", cell.text) \
                        and (_YOURS.fullmatch(first[0]) or _buyers_word(layout, above, c[0], c[1])):
                    return True
    return False


def _buyers_word(layout: Layout, line: TextLine, start: int, end: int) -> bool:
    """Whether the text from ``start`` to ``end`` is a buyer's word and nothing else:
    "Customer" of "Customer VAT ID", "Pirkėjo" of "Pirkėjo PVM kodas" (a heading's words,
    as printed before a code's label), not "Gavėjas: UAB X" in the cell before one."""
    return any(h.key == "buyer" and h.start == start and h.end <= end and not line.text[h.end:end].strip(" -'’s")
               for h in layout.hits(line)) \
        or bool(_BUYERS.fullmatch(fold(line.text[start:end]).strip(" -")))


def _seller_evidence(layout: Layout, line: TextLine, block: Block, head: Candidate | None = None) -> float:
    """How much a party found without a heading looks like the seller: its account, a
    footer's or the letterhead's place, the letterhead's name (``head``) again over its
    codes (under the closing words of a letter, say)."""
    _, height = layout.page_size(line.page)
    score = 0.0
    if head is not None and block.name is not None and head.span is not None \
            and len(core := _core_name(str(block.name.value))) >= 3 and core == _core_name(str(head.value)):
        score += 1.0
    if any(find_ibans(ln.text) for ln in block.lines):
        score += 1.0  # the account to pay into
    if line.cy > 0.75 * height:
        score += 1.0  # a footer
    if line.page == 1 and line.cy < 0.15 * height:
        score += 0.5  # a letterhead
    elif line.cy <= 0.75 * height and _after_items(layout, line):
        score += 0.5  # details under the items, as a letter's close prints them; the addressee stands above
    if block.name is not None and block.name.confidence < 0.75:
        score += 0.5  # named by the letterhead (see ``letterhead``)
    return score


def _after_items(layout: Layout, line: TextLine) -> bool:
    """Whether a line stands under the item table of its page."""
    rows = [ln.cy for ln in layout.lines[line.page] if (line.page, ln.index) in layout.excluded]
    return bool(rows) and line.cy > max(rows)


def _unheaded_block(layout: Layout, line: TextLine, pos: int, taken: set[int],
                    blocks: dict[str, Block], slip: bool = False) -> Block | None:
    """The block of a party anchored at an identifier: its name and the lines under it.

    The name is the text before the first label on the anchor's line (a footer: "UAB X |
    Įmonės kodas ..."), else the nearest line above it in the same column, preferring
    one with a legal form, else the letterhead. A till slip is one column of centred
    lines: its block takes whole lines, however far left each starts.
    """
    cell_start, _ = line.cell_at(pos)
    page = line.page
    before = Span(line, cell_start, pos).strip(_SEPARATORS)
    if before is None and cell_start > 0 and pos == cell_start:
        # "UAB X | Įmonės kodas ...": the cell before the identifiers' label, the rule gone.
        # In a footer of columns ("X GmbH | Commerzbank AG | USt-IdNr. ...") the nearest
        # cell may be the bank's: a company's name that is no bank's comes first.
        # Cells of the same printed line: two blocks side by side whose lines merely
        # fall level (a window address beside a sidebar) do not share a baseline.
        base = median(w.y1 for w in Span(line, *line.cell_at(pos)).words)
        earlier = [c for c in line.cells if c[1] <= cell_start
                   and abs(median(w.y1 for w in Span(line, *c).words) - base) < 0.25 * line.height]
        unlabelled = [c for c in earlier if not any(c[0] <= h.start < c[1] for h in layout.hits(line))]
        named = [c for c in unlabelled if _company_not_bank(line.text[c[0]:c[1]])]
        nearest = max(earlier, key=lambda c: c[0], default=None)
        prev = max(named, key=lambda c: c[0]) if named else (nearest if nearest in unlabelled else None)
        if prev is not None and _looks_like_address(line.text[prev[0]:prev[1]]) and not named:
            # "Bristol BS1 4DJ | Company no. ...": a window's address falling level with a
            # sidebar's codes is no name for them; their column is their own.
            prev = None
        if prev is not None:
            before, cell_start = Span(line, *prev).strip(_SEPARATORS), prev[0]
    if any(h.key in _NOT_NAME_KEYS and cell_start <= h.start < pos for h in layout.hits(line)):
        # "Arve kuupäev: 14.03.2026 Registrikood ...": a column of the invoice's own data
        # set tight against the party's, read as one cell; the party's column starts here.
        before, cell_start = None, pos
    name: Candidate | None = None
    labelled_before = any(h.key in _FIELD_KEYS and cell_start <= h.start < pos for h in layout.hits(line))
    x0 = Span(line, cell_start, pos + 1).words[0].x0
    cut = re.search(r"\s[|·•]\s|\s[|·•]$|[|·•]", before.text) if before is not None else None
    cut_at = cut.start() if cut is not None else _name_end(before.text) if before is not None else None
    if cut_at:
        before = before.sub(0, cut_at).strip(_SEPARATORS)  # "UAB X | Reg. ...", "X GmbH · Straße 1"
    wrapped = _wrapped_from(layout, line, x0) if before is not None and not labelled_before \
        and not _has_legal_form(before.text) and _READ_SEP.search(line.text[cell_start:pos]) else None
    if wrapped is not None:
        # "UAB X · Gedimino pr. 1 · LT-01103" over "Vilnius · PVM kodas ...": one line of
        # a party's parts wrapped in a narrow column; its name opens the line above.
        name = Candidate(tidy_name(wrapped.text.strip(_SEPARATORS)), 0.75, wrapped)
        top_line = wrapped.line
    elif before is not None and _WORD.search(before.text) and not labelled_before \
            and not (_looks_like_address(before.text) and not _has_legal_form(before.text)):
        name = Candidate(tidy_name(before.text.strip(_SEPARATORS)), 0.75, before)
        top_line = line
    else:
        # A letterhead in the right half may be right-aligned: its lines end where the codes end.
        x1 = Span(line, *line.cell_at(pos)).words[-1].x1 if x0 > 0.5 * layout.page_size(page)[0] else None
        top_line, name = _name_above(layout, line, x0, taken, x1)
        if top_line is None:
            top_line = line
    _, page_height = layout.page_size(page)
    footer_row = line.cy > 0.75 * page_height or len(line.cells) >= 3  # a footer of columns, under the totals too
    if footer_row and (name is None or not _has_legal_form(str(name.value))):
        # A footer of columns: above the identifiers may stand the register's court
        # ("Amtsgericht Hamburg"); the company's name, with its legal form, heads a column.
        name = _footer_company(layout, line, taken) or name
    if name is None or (line.cy > 0.6 * page_height and _looks_like_address(str(name.value))):
        # Identifiers in a footer (or no name near them): the name heads the first page.
        head = letterhead(layout, taken)
        if head is not None:
            name = head
    width, _ = layout.page_size(page)
    x_right, stop_y = width + 1, None
    for other in blocks.values():
        heading = other.heading
        if heading is not None and heading.line.page == page:
            hx0, hy0 = _bbox(heading.span.words)[:2]
            if hx0 > x0 + 20:
                x_right = min(x_right, hx0 - 2)
            elif hy0 > top_line.y0:
                stop_y = hy0 if stop_y is None else min(stop_y, hy0)
    tol = 0.5 * top_line.height
    if slip:
        lines = _collect(layout, page, 0, top_line.y0, tol, -1, width + 1, stop_y, whole_lines=True)
    else:
        lines = _collect(layout, page, x0, top_line.y0, tol, x0 - tol, x_right, stop_y)
    lines = [ln for ln in lines if not all(id(w) in taken for w in ln.words)]
    if not lines:
        return None
    anchor = Span(line, *line.cell_at(pos)).words
    if not any(id(w) in {id(v) for ln in lines for v in ln.words} for w in anchor):
        # The name from the cell before the identifiers ("UAB X | Įmonės kodas ..."): the
        # column under the name leaves out the identifiers it was found by, and the rest of
        # their column (the VAT code under the company code in a footer of columns).
        ax0 = anchor[0].x0
        extra = _collect(layout, page, ax0, line.y0, tol, ax0 - tol, width + 1, stop_y)
        extra = [ln for ln in extra if not any(id(w) in taken for w in ln.words)]
        lines += extra
        layout.block_lines.update({ln: lines for ln in extra})
    return Block("seller", None, lines, name)


def _wrapped_from(layout: Layout, line: TextLine, x0: float) -> Span | None:
    """The name opening the cell just above ``line``, starting where it starts, of which
    ``line`` is the wrapped end: a name and its address on one line (``_name_end``), no
    code among them."""
    for above in layout.lines.get(line.page, []):
        if not 0 < line.cy - above.cy < 1.8 * line.height:
            continue
        for c in above.cells:
            span = Span(above, *c)
            if abs(span.words[0].x0 - x0) > line.height or any(m.valid for m in find_vat_codes(span.text)):
                continue
            end = _name_end(span.text)
            if end and _WORD.search(span.text[:end]) and not _looks_like_address(span.text[:end]) \
                    and not re.search(r"\d", span.text[:end]):
                return span.sub(0, end)
    return None


def _footer_company(layout: Layout, line: TextLine, taken: set[int]) -> Candidate | None:
    """The cell of a footer that names a company (a legal form, no bank), topmost first."""
    pitch = layout.pitch[line.page]
    for ln in layout.lines[line.page]:
        if ln.cy < line.cy - 4 * pitch:
            continue
        for c_start, c_end in ln.cells:
            span = Span(ln, c_start, c_end).strip(_SEPARATORS)
            if span is None or any(id(w) in taken for w in span.words) \
                    or any(c_start <= h.start < c_end for h in layout.hits(ln)):
                continue
            if _company_not_bank(span.text) and not re.search(r"\d", span.text) and len(span.text.split()) <= 6 \
                    and not re.match(r"[^\W\d_]+\s*:", span.text) \
                    and len(_core_name(span.text)) >= 3:  # "Istituto: UniCredit S.p.A." is labelled, "AB" no name
                return Candidate(tidy_name(span.text), 0.7, span)
    return None


def _window_address(layout: Layout, taken: set[int], seller_name: str | None = None) -> Block | None:
    """A buyer printed as a postal address only (a name over a street and a postal code),
    in the upper half of the first page, outside the parties found and the item table.
    The seller's own name and address in its letterhead are not the buyer's."""
    if 1 not in layout.lines:
        return None
    _, height = layout.page_size(1)
    lines = [ln for ln in layout.lines[1] if ln.cy < 0.5 * height and (1, ln.index) not in layout.excluded]
    seller_core = _core_name(seller_name) if seller_name else ""
    seller_core = seller_core if len(seller_core) >= 4 else ""
    senders = {name for line in lines if (name := _return_line_sender(line))}
    taken = set(taken)
    returns: list[Span] = []
    for k, line in enumerate(lines):
        for c_start, c_end in line.cells:
            span = Span(line, c_start, c_end)
            sender = next((core for core in senders if f" {core} " in f" {_core_name(span.text)} "), None)
            if sender is not None and _return_line_sender(line) is not None:
                taken |= {id(w) for w in span.words}  # the return line itself, over the window
                returns.append(span)
                continue
            if sender is not None:
                taken |= {id(w) for w in span.words}  # the sender's name printed again (its letterhead)
                continue
            if seller_core and f" {seller_core} " in f" {_core_name(span.text)} ":
                taken |= {id(w) for w in span.words}  # the seller's return address over the window
                if len(span.words) > len(seller_core.split()) + 1:
                    returns.append(span)  # more than the name: a return address line
                continue
            if any(id(w) in taken for w in span.words) or not _POSTAL.search(span.text) \
                    or any(c_start <= h.start < c_end for h in layout.hits(line)):
                continue
            x0 = span.words[0].x0
            top, name = _name_above(layout, line, x0, taken)
            if name is None or _looks_like_address(str(name.value)) or not re.search(r"[^\W\d_]{3}", str(name.value)) \
                    or len(re.sub(r"\W", "", str(name.value))) < 5 \
                    or (seller_core and _core_name(str(name.value)) == seller_core) \
                    or _core_name(str(name.value)) in senders:
                continue
            block = _address_block(layout, top, x0, taken, Candidate(name.value, 0.6, name.span))
            if block is not None:
                return block
    for ret in returns:
        block = _under_return_address(layout, ret, lines, taken)
        if block is not None:
            return block
    return None


_RETURN_SEPARATORS = re.compile(r"\s+[●•·|▪◦∙]\s+|\s+[-–]\s+")


def _return_line_sender(line: TextLine) -> str | None:
    """The sender named by a return line over a window ("Bei Spiel GmbH ● Ecke 12 ● 12345
    Stadthausen"): a name, then its street and postal code, set apart by separators, on one
    line. Whoever sends the letter is not its addressee."""
    parts = [p for p in _RETURN_SEPARATORS.split(line.text) if p.strip()]
    if len(parts) < 3 or not any(_POSTAL.search(p) for p in parts[1:]) or _POSTAL.search(parts[0]):
        return None
    core = _core_name(parts[0])
    return core if len(core) >= 4 and looks_like_name(parts[0]) else None


SENDER_SCORE = 0.8


def sender_name(layout: Layout, seller_name: str | None, buyer_name: str | None) -> Candidate | None:
    """The seller's name by the return line over the window, where it is better evidence
    than the name the seller's block gave: the sender is printed at least twice on the
    page (return line and letterhead) and the block's name only once (an account holder
    under the bank details, a signature). None when the two agree or nothing tells."""
    if 1 not in layout.lines:
        return None
    _, height = layout.page_size(1)
    page_text = [f" {_core_name(ln.text)} " for lines in layout.lines.values() for ln in lines]

    def printed(core: str) -> int:
        return sum(f" {core} " in text for text in page_text)

    seller_core = _core_name(seller_name) if seller_name else ""
    buyer_core = _core_name(buyer_name) if buyer_name else ""
    for line in layout.lines[1]:
        if line.cy >= 0.5 * height:
            break
        core = _return_line_sender(line)
        if core is None or core in (seller_core, buyer_core) or core in seller_core:
            continue
        if printed(core) >= 2 and (not seller_core or printed(seller_core) < printed(core)):
            part = _RETURN_SEPARATORS.split(line.text)[0]
            return Candidate(tidy_name(part), SENDER_SCORE, Span(line, 0, len(part)))
    return None


def _under_return_address(layout: Layout, ret: Span, lines: list[TextLine], taken: set[int]) -> Block | None:
    """The addressee right under the seller's return address over the window, where OCR
    garbled the postal code that would have told it: the next line that starts where
    the return address starts and reads as a name."""
    x0, pitch = ret.words[0].x0, layout.pitch[1]
    for line in lines:
        if not 0 < line.cy - ret.line.cy < 2.5 * pitch:
            continue
        for c_start, c_end in line.cells:
            span = Span(line, c_start, c_end).strip(" :;,-–|")
            if span is None or abs(span.words[0].x0 - x0) > 2 * line.height \
                    or any(id(w) in taken for w in span.words) or layout.hits(line) and any(
                        c_start <= h.start < c_end for h in layout.hits(line)):
                continue
            name = span.text
            if _looks_like_address(name) or len(re.sub(r"[\W\d_]", "", name)) < 5 or re.search(r"\d", name):
                continue
            block = _address_block(layout, line, span.words[0].x0, taken, Candidate(tidy_name(name), 0.5, span))
            if block is not None:
                return block
    return None


def _address_block(layout: Layout, top: TextLine, x0: float, taken: set[int], name: Candidate) -> Block | None:
    """The addressee's block: the column under its name's line from ``x0``, an envelope
    window wide, without the words other parties took."""
    width, _ = layout.page_size(1)
    tol = 0.5 * top.height
    lines = _collect(layout, 1, x0, top.y0, tol, x0 - tol, x0 + 0.45 * width, None)
    lines = [ln for ln in lines if not any(id(w) in taken for w in ln.words)]
    return Block("buyer", None, lines, name) if lines else None


def _core_name(name: str) -> str:
    """A company's name without its legal form, quotes and case: "UAB „Šiaurės vėjas“",
    "ŠIAURĖS VĖJAS" and "Šiaurės vėjas, UAB" are all "siaures vejas"."""
    return " ".join(_WORD_RUN.findall(_LEGAL_FORMS.sub(" ", fold(name))))


_WORD_RUN = re.compile(r"[^\W_]+")


def letterhead(layout: Layout, taken: set[int]) -> Candidate | None:
    """The name a letterhead prints at the top of the first page, without a heading.

    Among the cells of the first page's upper lines that are neither a label, a title,
    a date, an amount nor part of a party block, the one that reads most like a company
    name: a legal form, type larger than the body's, and nearness to the top count for
    it; an address (a postal code, a street number) against it.
    """
    if 1 not in layout.lines:
        return None
    lines = layout.lines[1]
    _, height = layout.page_size(1)
    body = median(ln.height for ln in lines) if lines else 10.0
    best: tuple[float, Candidate] | None = None
    for rank, line in enumerate(ln for ln in lines if ln.cy < 0.3 * height and (1, ln.index) not in layout.excluded):
        hits = layout.hits(line)
        for c_start, c_end in line.cells:
            span = Span(line, c_start, c_end).strip(_SEPARATORS)
            if span is None or any(id(w) in taken for w in span.words):
                continue
            text = span.text
            if any(c_start <= h.start < c_end for h in hits) or _is_title(text) or find_dates(line.text) \
                    or not _WORD.search(text) or len(text.split()) > 8 or "@" in text:
                continue
            score = (2.0 if _has_legal_form(text) else 0.0) - (2.0 if _looks_like_address(text) else 0.0)
            score += min(2.0, max(0.0, (span.words[0].height / body - 1) * 5)) - 0.3 * rank
            if re.search(r"\d", text):
                score -= 1.0
            if best is None or score > best[0]:
                best = (score, Candidate(tidy_name(text), 0.7, span))
    return best[1] if best is not None and best[0] > 0 else None


def _is_title(text: str) -> bool:
    folded = fold(text)
    return any(pattern.search(folded) for _, pattern in DOCUMENT_TYPES)


def _looks_like_address(text: str) -> bool:
    """A postal code, a street with its number ("Gedimino pr. 1", "1 High Street") or a
    country: an address line, not a name."""
    return bool(_POSTAL.search(text) or country_named(text) or re.search(r"\b\d{1,4}[a-zA-Z]?(?:[-/]\d{1,4})?,", text)
                or (re.search(r"[^\W\d_]{3,}\.? \d{1,4}[a-zA-Z]?\b", text) or _is_street(text))
                and not _has_legal_form(text))


def _has_code(layout: Layout, hit: Hit) -> bool:
    """Whether a code label is followed by a code ("VAT" of "VAT Invoice" is not)."""
    span, _ = label_value(layout, hit)
    if span is None:
        return False
    if hit.key == "vat_code":  # with its prefix, or bare in the label's country ("NIP 5260250995")
        code = read_vat_code(span.text, _LABEL_COUNTRY.get(hit.label.lang))
        return code is not None and code.valid
    return bool(re.match(r"\s*[A-Z]{0,4}\s?\d{5,}", span.text))


def _name_above(layout: Layout, line: TextLine, x0: float, taken: set[int],
                x1: float | None = None) -> tuple[TextLine | None, Candidate | None]:
    """The seller's name over its identifiers: the nearest unlabelled line above, in the
    column: starting where the identifiers' cell starts, or ending where it ends (``x1``,
    a right-aligned letterhead)."""
    pitch = layout.pitch[line.page]
    above = [ln for ln in layout.lines[line.page] if ln.cy < line.cy and line.cy - ln.cy < 5 * pitch]
    best: tuple[float, TextLine, Span] | None = None
    for ln in reversed(above):
        cells = ln.cells
        if len(cells) > 1 and abs((ln.x0 + ln.x1) / 2 - (line.x0 + line.x1) / 2) < 2 * ln.height \
                and not any(h.key in _FIELD_KEYS or h.key in ("issue_date", "due_date", "invoice_number")
                            for h in layout.hits(ln)) and not re.search(r"\d", ln.text) and not _is_title(ln.text) \
                and all(Span(ln, *b).words[0].x0 - Span(ln, *a).words[-1].x1 < 1.5 * ln.height
                        for a, b in zip(cells, cells[1:])):
            cells = [(0, len(ln.text))]  # a receipt's centred header in wide type: one name, however spaced
        for c_start, c_end in cells:
            span = Span(ln, c_start, c_end)
            words = span.words
            centred = abs((words[0].x0 + words[-1].x1) / 2 - (line.x0 + line.x1) / 2) < 2 * ln.height \
                and abs((ln.x0 + ln.x1) / 2 - (line.x0 + line.x1) / 2) < 2 * ln.height  # a receipt's header
            right_aligned = x1 is not None and abs(words[-1].x1 - x1) < ln.height
            if (abs(words[0].x0 - x0) > 3 * ln.height and not centred and not right_aligned) \
                    or any(id(w) in taken for w in words):
                continue
            if any(h.key in _FIELD_KEYS | _NOT_NAME_KEYS for h in layout.hits(ln) if c_start <= h.start < c_end):
                continue  # a label's line, a total's ("Gesamtbetrag 357,00 €") above a footer of columns
            lead = next((h for h in layout.hits(ln) if h.key in ("seller", "buyer") and h.start == c_start), None)
            if lead is not None:  # "Gavėjas: UAB X" over its codes: the payee's word is no part of the name
                span = Span(ln, lead.end, c_end).strip(_SEPARATORS)
                if span is None:
                    continue
            cut = _name_end(span.text)
            if cut is not None and _WORD.search(span.text[:cut]):
                span = span.sub(0, cut)  # "X Ltd · 1 High Street · London": the name, not its address
            if not _WORD.search(span.text) or find_dates(span.text) \
                    or not _LEGAL_FORMS.sub("", fold(span.text)).strip(" .,&-"):
                continue  # nor a legal form alone: "AG" of "Commerzbank AG", a line OCR split
            score = (line.cy - ln.cy) / pitch - (3 if _has_legal_form(span.text) else 0) \
                + (3 if _looks_like_address(span.text) else 0) \
                - (1 if ln.height > 1.2 * line.height else 0)
            if best is None or score < best[0]:
                best = (score, ln, span)
    if best is None:
        return None, None
    _, ln, span = best
    span = _with_legal_form(span)
    span = span.strip(_SEPARATORS) or span
    return ln, Candidate(tidy_name(span.text), 0.8, span)


# Labels whose lines are never a party's name: dates, numbers and totals.
_NOT_NAME_KEYS = {"issue_date", "due_date", "invoice_number", "net", "vat", "gross", "payable", "prepaid", "discount"}


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
