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

The package: ``names`` (the text of a party), ``blocks`` (a block under its heading),
``reading`` (a block's fields), ``window`` (letters: addressee, return line, letterhead)
and ``unheaded`` (parties found by their identifiers).
"""

from .blocks import Block, find_blocks
from .names import (
    _looks_like_address,
    _name_end,
    label_words_only,
    looks_like_name,
    parse_address,
    postal_line,
    tidy_name,
)
from .reading import payment_ibans, read_block
from .unheaded import unheaded_parties
from .window import sender_name

__all__ = ["Block", "find_blocks", "read_block", "unheaded_parties", "payment_ibans", "sender_name", "looks_like_name",
           "label_words_only", "postal_line", "tidy_name", "parse_address"]
