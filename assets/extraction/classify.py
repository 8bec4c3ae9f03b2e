"""EN 16931 VAT category and Lithuanian VAT classifier of a rate.

Shared by the page reader and the embedded e-invoice reader, so a line gets the same
classifier whichever way its rate was read.
"""

from __future__ import annotations

from decimal import Decimal

LT_CLASSIFIERS = {Decimal(21): "PVM1", Decimal(9): "PVM2", Decimal(5): "PVM3"}


def party_country(party: dict) -> str | None:
    """The party's country: its address, else its VAT code's prefix."""
    address = party.get("address") or {}
    if address.get("country"):
        return address["country"]
    vat = party.get("vatCode")
    return vat[:2] if vat else None


def classify_rate(rate: Decimal, seller: dict, buyer: dict) -> tuple[str | None, str | None]:
    """EN 16931 category and Lithuanian VAT classifier for a rate (domestic supplies only).

    Zero rates, foreign parties and reverse charge need the notes and the parties'
    countries (formats/from-docscanner2.md); this version leaves them null for review.
    """
    if rate <= 0:
        return None, None
    domestic = party_country(seller) == "LT" and party_country(buyer) in ("LT", None)
    return "S", (LT_CLASSIFIERS.get(rate) if domestic else None)
