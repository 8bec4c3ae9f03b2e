"""Seller and buyer that no heading announces, found by their identifiers and told apart
by what a seller prints and a buyer does not (see ``unheaded_parties``; that evidence is
read in ``evidence``).
"""

from __future__ import annotations

import re
from statistics import median

from ..fields import label_value
from ..identifiers import find_ibans
from ..layout import Layout
from ..lines import Candidate, Span, TextLine, lines_from_words
from ..normalize import fold
from ..thresholds import ADJOINING_PITCHES
from ..vat_codes import find_vat_codes
from .anchored_name import footer_company, form_before_label, wrapped_from
from .blocks import (
    _FIELD_KEYS,
    _NOT_NAME_KEYS,
    Block,
    _bbox,
    _collect,
    _names_the_buyer,
)
from .evidence import YOURS, after_yours, seller_evidence
from .names import (
    _READ_SEP,
    _SEPARATORS,
    _WORD,
    _company_not_bank,
    _core_name,
    _has_legal_form,
    _looks_like_address,
    _name_end,
    label_words_only,
    looks_like_name,
    tidy_name,
)
from .return_line import return_senders
from .window import _has_code, _name_above, _window_address, letterhead


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
    head = top = letterhead(layout, taken)
    if head is not None and not _in_large_type(layout, head.span):
        head = None  # a window's addressee where no letterhead stands: no seller's evidence
    senders = frozenset(return_senders(layout))
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
        if after_yours(layout, line, pos) or block.name is not None and (YOURS.fullmatch(fold(str(block.name.value))) or (
                block.name.span is not None and _names_the_buyer(layout, block.name.span))):
            readers.append(block)  # "Ihre USt-IdNr.", "Customer VAT": the reader's, the buyer's, code
            continue
        found.append((seller_evidence(layout, line, block, head, senders), block))
    missing = [role for role in ("seller", "buyer") if role not in blocks]
    if "seller" in missing and "buyer" in missing and len(found) == 1 and found[0][0] < 1 \
            and _letterhead_of_another(head, found[0][1]):
        # One party's codes with little of a seller's about them (no account, no footer, no
        # name the letterhead prints) under a letterhead naming another company in large type:
        # the letterhead is the seller (its codes OCR lost), the codes the buyer's.
        blocks["seller"] = Block("seller", None, [], head)
    elif "seller" in missing and found:
        # The likeliest seller first; among equals, the one printed first.
        best = max(range(len(found)), key=lambda k: (found[k][0], -k))
        tied = "buyer" in missing and any(k != best and found[k][0] == found[best][0] for k in range(len(found)))
        seller = found.pop(best)[1]
        blocks["seller"] = seller
        if tied:
            seller.by_order = found[0][1].by_order = True
    elif "seller" in missing and head is not None and _has_legal_form(str(head.value)):
        # No identifier left to anchor a seller (OCR garbled its codes), but the letterhead
        # names a company in large type: the seller by name alone.
        blocks["seller"] = Block("seller", None, [], head)
    if "buyer" in missing and not receipt:
        if found:
            buyer = found[0][1]
            if buyer.name is None or not looks_like_name(str(buyer.name.value)):
                # The buyer's codes in the invoice's data ("N° TVA client  FR19…") print no
                # name of their own: the window's addressee names the buyer.
                seller = blocks.get("seller")
                window = _window_address(layout, taken, seller.name.value if seller is not None
                                         and seller.name is not None else None)
                if window is not None:
                    window.lines.extend(buyer.lines)
                    layout.block_lines.update({ln: window.lines for ln in buyer.lines})
                    buyer = window
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
    if "seller" not in blocks and "buyer" in blocks and top is not None and _has_legal_form(str(top.value)) \
            and not _names_block(blocks["buyer"], top):
        # The letterhead's company where a photo's type sizes cannot be told (its line
        # boxes are as tall for the letterhead as for the body), the buyer found apart
        # from it (under a heading, or as the window's addressee): the seller by name.
        blocks["seller"] = Block("seller", None, [], top)


def _names_block(block: Block, name: Candidate) -> bool:
    """Whether ``name`` is the block's name, or stands among its lines."""
    if block.name is not None and _core_name(str(block.name.value)) == _core_name(str(name.value)):
        return True
    return name.span is not None and any(name.span.line is ln for ln in block.lines)


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


def _value_taken(layout: Layout, line: TextLine, pos: int, taken: set[int]) -> bool:
    """Whether the code of the label at ``pos`` belongs to a party found already."""
    hit = next((h for h in layout.hits(line) if h.start == pos and h.key in ("company_code", "vat_code")), None)
    span = label_value(layout, hit)[0] if hit is not None else None
    return span is not None and bool(span.words) and all(id(w) in taken for w in span.words)


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
    if any(h.key in _NOT_NAME_KEYS and cell_start <= h.start < pos and re.search(r"\d", line.text[h.end:pos])
           for h in layout.hits(line)):
        # "Arve kuupäev: 14.03.2026 Registrikood ...": a column of the invoice's own data
        # set tight against the party's, read as one cell; the party's column starts here.
        # Only a label with its value: "НДС" and "№" of a VAT code's label OCR misread
        # ("НДС per. № LV...") are words of the identifier's own label.
        before, cell_start = None, pos
    name: Candidate | None = None
    labelled_before = any(h.key in _FIELD_KEYS and cell_start <= h.start < pos for h in layout.hits(line)) \
        or line.text[cell_start:pos].rstrip().endswith(":")  # a label OCR garbled past reading, its colon left
    x0 = Span(line, cell_start, pos + 1).words[0].x0
    cut = re.search(r"\s[|·•]\s|\s[|·•]$|[|·•]", before.text) if before is not None else None
    cut_at = cut.start() if cut is not None else _name_end(before.text) if before is not None else None
    if not cut_at and before is not None:
        cut_at = form_before_label(layout, line, before)
    if cut_at:
        before = before.sub(0, cut_at).strip(_SEPARATORS)  # "UAB X | Reg. ...", "X GmbH · Straße 1"
    wrapped = wrapped_from(layout, line, x0) if before is not None and not labelled_before \
        and not _has_legal_form(before.text) and _READ_SEP.search(line.text[cell_start:pos]) else None
    if wrapped is not None:
        # "UAB X · Gedimino pr. 1 · LT-01103" over "Vilnius · PVM kodas ...": one line of
        # a party's parts wrapped in a narrow column; its name opens the line above.
        name = Candidate(tidy_name(wrapped.text.strip(_SEPARATORS)), 0.75, wrapped)
        top_line = wrapped.line
    elif before is not None and _WORD.search(before.text) and not labelled_before \
            and not (_looks_like_address(before.text) and not _has_legal_form(before.text)) \
            and not label_words_only(before.text):  # "pmonés" of "Įmonės kodas": its label's first word
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
        name = footer_company(layout, line, taken) or name
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


def _letterhead_of_another(head: Candidate | None, block: Block) -> bool:
    """Whether the letterhead names a company (a legal form) that ``block`` does not name."""
    if head is None or not _has_legal_form(str(head.value)):
        return False
    return block.name is None or _core_name(str(block.name.value)) != _core_name(str(head.value))
