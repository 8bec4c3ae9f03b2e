"""File names of exports: the document number when it makes a safe name, else the invoice id."""

import re

from anyascii import anyascii


def stem(number: str | None, invoice_id: str) -> str:
    """`SV 000123` → `SV000123`; characters outside [A-Za-z0-9._-] are dropped after transliteration."""
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "", anyascii(number or "")).strip("._-")[:60]
    return cleaned or invoice_id or "invoice"


def direction_word(direction: str | None) -> str:
    """Lithuanian file-name words the programs' users know: pirkimai (purchases), pardavimai (sales)."""
    return "pardavimai" if direction == "sales" else "pirkimai"
