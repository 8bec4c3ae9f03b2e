"""Parties a letter prints without headings: the window's addressee (never the sender on
the return line over it, ``return_line``), the letterhead and its contact block, and the
name over a party's codes.
"""

from __future__ import annotations

import re
from statistics import median

from ..dates import find_dates
from ..fields import label_value
from ..hits import Hit
from ..layout import Layout
from ..lines import Candidate, Span, TextLine
from ..normalize import fold
from ..thresholds import LOGO_BELOW_CONF, SENDER_SCORE
from ..vat_codes import read_vat_code
from .blocks import _FIELD_KEYS, _NOT_NAME_KEYS, Block, _collect
from .names import (
    _LEGAL_FORMS,
    _POSTAL,
    _SEPARATORS,
    _WORD,
    _core_name,
    _has_legal_form,
    _is_title,
    _looks_like_address,
    _name_end,
    _title_start,
    _with_legal_form,
    is_salutation,
    looks_like_name,
    tidy_name,
)
from .reading import _LABEL_COUNTRY
from .return_line import _return_line_sender, _return_parts


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
    head = letterhead(layout, set())  # whose contact block is no window address
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
            top, name = _first_line(layout, top, name, taken)
            block = _address_block(layout, top, x0, taken, Candidate(name.value, 0.6, name.span))
            if block is not None and not _letterhead_contacts(layout, head, block, line):
                return block
    for ret in returns:
        block = _under_return_address(layout, ret, lines, taken)
        if block is not None:
            return block
    return None


# A telephone, fax, e-mail or web address as printed under a sender's address, its label
# read or not ("fon (555) 23 78 0", "www.example.de", "info@example.de").
_CONTACT = re.compile(r"@|\bwww\.|\bhttps?\b|\(\d{2,5}\)\s*\d|\+\d{2,3}[\s\d]{6,}")
_CONTACT_KEYS = ("phone", "email")


def _contact_line(layout: Layout, line: TextLine) -> bool:
    """Whether ``line`` gives a telephone, e-mail or web address (a label of one, or one)."""
    return any(h.key in _CONTACT_KEYS for h in layout.hits(line)) or bool(_CONTACT.search(line.text))


def _reaches_contacts(layout: Layout, block: Block, postal: TextLine) -> bool:
    """Whether a name-over-address block goes on, right under its postal code, with the
    telephone, e-mail or web lines a sender prints: a letterhead's contact block, not the
    addressee in the window (an envelope's window shows a postal address only)."""
    below = [ln for ln in block.lines if ln.cy > postal.cy][:2]
    return any(_contact_line(layout, ln) for ln in below)


def _letterhead_contacts(layout: Layout, head: Candidate | None, block: Block, postal: TextLine) -> bool:
    """Whether a name-over-address block is the letterhead's contact block: its name the
    letterhead's (``head``, ``letterhead``), its address going on with contacts
    (``_reaches_contacts``). A buyer's block may print a telephone and e-mail too; it does
    not head the letter."""
    return head is not None and block.name is not None \
        and _core_name(str(head.value)) == _core_name(str(block.name.value)) \
        and _reaches_contacts(layout, block, postal)


def contact_sender(layout: Layout) -> Candidate | None:
    """The company a letter's contact block names at the top of its first page: the
    letterhead's name with its legal form over a street and postal code, a telephone,
    e-mail or web line right under them, in one column (``_letterhead_contacts``). None
    where the page prints none."""
    if 1 not in layout.lines:
        return None
    head = letterhead(layout, set())
    if head is None:
        return None
    _, height = layout.page_size(1)
    lines = [ln for ln in layout.lines[1] if ln.cy < 0.35 * height]
    for line in lines:
        for c_start, c_end in line.cells:
            span = Span(line, c_start, c_end)
            if not _POSTAL.search(span.text) or any(c_start <= h.start < c_end for h in layout.hits(line)):
                continue
            top, name = _name_above(layout, line, span.words[0].x0, set())
            if name is None or not _has_legal_form(str(name.value)) or _looks_like_address(str(name.value)):
                continue
            block = _address_block(layout, top, span.words[0].x0, set(), name)
            if block is not None and _letterhead_contacts(layout, head, block, line):
                return Candidate(name.value, SENDER_SCORE, name.span)
    return None


def _first_line(layout: Layout, top: TextLine, name: Candidate, taken: set[int]) -> tuple[TextLine, Candidate]:
    """The addressee's name is the first line of its address block: the line found over the
    street may be a contact person under it ("Ma jolie boutique" over "Alexandre Payet" over
    "35 rue de la République"). Lines right above in the same column, printed at the body's
    pitch, that read as a name and are no label, take its place."""
    pitch = layout.pitch[top.page]
    x0 = name.span.words[0].x0 if name.span is not None else top.x0
    current = top
    for line in reversed([ln for ln in layout.lines[top.page] if ln.cy < top.cy]):
        if current.cy - line.cy > 1.6 * max(pitch, line.height):
            break
        cell = next((Span(line, a, b) for a, b in line.cells if abs(Span(line, a, b).words[0].x0 - x0)
                     < line.height), None)
        if cell is None:
            continue
        text = cell.text.strip()
        if is_salutation(text) and not any(id(w) in taken for w in cell.words):
            # "Herrn" over the name: printed with it, and the block's first line.
            return line, Candidate(tidy_name(f"{text} {name.value}"), name.score, name.span)
        if any(id(w) in taken for w in cell.words) or layout.hits(line) and any(
                cell.start <= h.start < cell.end for h in layout.hits(line)) or re.search(r"[\d@]", text) \
                or not looks_like_name(text) or _looks_like_address(text) or _is_title(text):
            break
        current = top = line
        name = Candidate(tidy_name(text), name.score, cell)
    return top, name


def sender_name(layout: Layout, seller_name: str | None, buyer_name: str | None) -> Candidate | None:
    """The seller's name by the return line over the window, where it is better evidence
    than the name the seller's block gave: the sender is printed at least twice on the
    page (return line and letterhead) and the block's name only once (an account holder
    under the bank details, a signature). Where no return line tells and the block named no
    company, the company of the letter's contact block (``contact_sender``). None when
    they agree or nothing tells."""
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
            part = _return_parts(line)[0]
            return Candidate(tidy_name(part), SENDER_SCORE, Span(line, 0, len(part)))
    if seller_name and not _has_legal_form(seller_name):
        # No return line to tell (OCR garbled it): the company whose contact block heads the
        # letter, where the seller's block named no company (an account holder, a person).
        contact = contact_sender(layout)
        core = _core_name(str(contact.value)) if contact is not None else ""
        if contact is not None and core not in (seller_core, buyer_core):
            return contact
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
        forms = [m.span() for m in _LEGAL_FORMS.finditer(line.folded)]
        for c_start, c_end in line.cells:
            # A name run into the title or a label on its line ("Eesti Puit AS  ARVE", OCR
            # merged the gap): the name is what stands before it. A legal form that reads
            # like a label ("N.V." as "No.") is the name's own.
            cut = min((h.start for h in hits if c_start <= h.start < c_end
                       and not any(a <= h.start < b for a, b in forms)), default=c_end)
            title = _title_start(line.text[c_start:cut])
            cut = cut if title is None else c_start + title
            span = Span(line, c_start, cut).strip(_SEPARATORS) if cut > c_start else None
            if span is None or any(id(w) in taken for w in span.words):
                continue
            text = span.text
            if _is_title(text) or find_dates(line.text) \
                    or not _WORD.search(text) or len(text.split()) > 8 or "@" in text:
                continue
            if sum(c.isalpha() for c in text) < 3 and min(w.conf for w in span.words) < LOGO_BELOW_CONF:
                continue  # two letters OCR was unsure of ("EN" of a logo's debris): no name
            score = (2.0 if _has_legal_form(text) else 0.0) - (2.0 if _looks_like_address(text) else 0.0)
            score += min(2.0, max(0.0, (span.words[0].height / body - 1) * 5)) - 0.3 * rank
            if re.search(r"\d", text):
                score -= 1.0
            if best is None or score > best[0]:
                best = (score, Candidate(tidy_name(text), 0.7, span))
    return best[1] if best is not None and best[0] > 0 else None


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
