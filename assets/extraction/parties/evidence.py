"""What tells the party of a block no heading announces: the buyer's by the words before
its code ("your", a buyer's word qualifying the label), the seller's by what a seller
prints and a buyer does not (the account to pay into, the letterhead's name again, a
footer's or letterhead's place, a letter's close under the items).

The words come from the language packs (``party_words.yours``, ``party_words.buyers``);
``unheaded`` weighs this evidence when it assigns the blocks it found.
"""

from __future__ import annotations

import re

from .. import language_packs
from ..identifiers import find_ibans
from ..layout import Layout
from ..lines import Candidate, Span, TextLine
from ..normalize import fold
from ..vat_codes import find_vat_codes
from .blocks import Block
from .names import _alternatives, _core_name

# "Your" before a code's label: the code is the reader's, the buyer's ("Ihre USt-IdNr.",
# "Your VAT no.", "Votre n° TVA", "Jūsų PVM kodas", "Uw btw-nummer", "Ваш ИНН"):
# the packs' ``party_words.yours``.
YOURS = re.compile(r"(?:" + _alternatives(language_packs.entries("party_words", "yours")) + ")")

# A buyer's word in the form that qualifies a code's label ("Pirkėjo PVM kodas", "Klienta
# PVN nr.", "Kunden-USt-IdNr.", "Customer's VAT ID"), which the heading dictionaries,
# holding the words as headings print them, do not match: the packs' ``party_words.buyers``.
_BUYERS = re.compile(r"(?:" + _alternatives(language_packs.entries("party_words", "buyers")) + r")(?![\w])")


def after_yours(layout: Layout, line: TextLine, pos: int) -> bool:
    """Whether the label before a code opens with "your" or a buyer's word, or closes with
    one ("N° TVA client"), on the code's line or wrapped from the line above ("Jūsų PVM"
    over "kodas: LT...", "Vostra" over "Partita IVA:"): the reader's, the buyer's, code."""
    start, _ = line.cell_at(pos)
    if start >= pos:  # the code opens its cell: the label is the cell before
        before = [c for c in line.cells if c[1] <= pos]
        start = before[-1][0] if before else pos
    words = fold(line.text[start:pos]).split()
    if words and YOURS.fullmatch(words[0]):
        return len(words) <= 4
    if words and _buyers_word(layout, line, start, pos):
        return True  # "Customer VAT ID", "Pirkėjo PVM kodas": the buyer's code
    if _closed_by_buyers_word(layout, line, start, pos):
        return True  # "N° TVA client", "NIP nabywcy": a buyer's word closing the code's label
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
                        and (YOURS.fullmatch(first[0]) or _buyers_word(layout, above, c[0], c[1])):
                    return True
    return False


def _closed_by_buyers_word(layout: Layout, line: TextLine, start: int, pos: int) -> bool:
    """Whether the code's label ends with a buyer's word ("N° TVA client"): the label from
    ``start`` to the code at ``pos``, or, where ``pos`` starts a code's label, that label up
    to its code."""
    if any(h.start == pos and h.key in ("vat_code", "company_code") for h in layout.hits(line)):
        code = next((m.start for m in find_vat_codes(line.text) if m.start > pos), None)
        digit = re.search(r"\d", line.text[pos:])
        start, pos = pos, code if code is not None else pos + digit.start() if digit else len(line.text)
    label = line.text[start:pos].rstrip(" :.-#№")
    words, end = fold(label).split(), start + len(label)
    return 1 < len(words) <= 4 and (bool(_BUYERS.fullmatch(words[-1])) or any(
        h.key == "buyer" and start < h.start and h.end == end for h in layout.hits(line)))


def _buyers_word(layout: Layout, line: TextLine, start: int, end: int) -> bool:
    """Whether the text from ``start`` to ``end`` is a buyer's word and nothing else:
    "Customer" of "Customer VAT ID", "Pirkėjo" of "Pirkėjo PVM kodas" (a heading's words,
    as printed before a code's label), not "Gavėjas: UAB X" in the cell before one."""
    return any(h.key == "buyer" and h.start == start and h.end <= end and not line.text[h.end:end].strip(" -'’s")
               for h in layout.hits(line)) \
        or bool(_BUYERS.fullmatch(fold(line.text[start:end]).strip(" -")))


def seller_evidence(layout: Layout, line: TextLine, block: Block, head: Candidate | None = None,
                    senders: frozenset[str] = frozenset()) -> float:
    """How much a party found without a heading looks like the seller: its account, a
    footer's or the letterhead's place, the letterhead's name (``head``) again over its
    codes (under the closing words of a letter, say), the name a return line over the
    window sends from (``senders``)."""
    _, height = layout.page_size(line.page)
    score = 0.0
    core = _core_name(str(block.name.value)) if block.name is not None else ""
    if head is not None and head.span is not None and len(core) >= 3 and core == _core_name(str(head.value)):
        score += 1.0
    if len(core) >= 4 and core in senders:
        score += 1.0  # the letter's sender
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
