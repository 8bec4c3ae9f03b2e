"""A party's block under its heading: which lines belong to it.

A block starts at a heading and runs down its column (see the package's docstring for
where it ends); only the cell under the heading is read on each line, plus the value
after a label that ends the first cell.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from ...ocr.model import Word
from ..hits import Hit, stands_as_heading
from ..identifiers import find_ibans
from ..layout import Layout
from ..lines import Candidate, Span, TextLine, lines_from_words
from ..thresholds import BLOCK_GAP_PITCHES, MAX_BLOCK_LINES
from ..vat_codes import find_vat_codes
from .names import (
    _EMAIL,
    _POSTAL,
    _READ_SEP,
    _RULE,
    _WORD3,
    _has_legal_form,
    _looks_like_address,
)

# Labels that cannot occur inside a party block. ("Sąskaitos Nr." can: the bank account.)
_STOP_KEYS = {"net", "gross", "payable", "amount_in_words", "series", "issue_date", "due_date"}

_FIELD_KEYS = {"party_name", "company_code", "vat_code", "address", "iban", "bank", "swift", "phone", "email",
               "natural_person", "other_code"}


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
        if hit.label.weight < 1:  # a short word or a letter, as often debris: contacts alone are no party
            rest = [_EMAIL.sub("", text) for text in rest]
        if not any(_WORD3.search(text) for text in rest):
            # A heading over nothing ("De", a logo's first word) or over a number and
            # debris ("Customer" over "10233", its "no.:" lost to OCR) heads no block, nor
            # a letter OCR read out of an icon over a contact's telephone and e-mail ("a:").
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
        # The heading alone in its cell, a key of a form whose values stand in a column
        # beside it ("Saņēmējs" beside "Gaujas Koks AS", the codes under the name).
        heading_as_key = headed and not out and len(cells) > 1 and any(
            h.key in ("seller", "buyer") and h.start <= first[0] and h.end >= first[1] - 1 for h in hits) \
            and not any(h.start == cells[1][0] for h in hits)
        if (ends_with_label or heading_as_key) and len(cells) > 1:
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


# Labels whose lines are never a party's name: dates, numbers and totals.
_NOT_NAME_KEYS = {"issue_date", "due_date", "invoice_number", "net", "vat", "gross", "payable", "prepaid", "discount"}
