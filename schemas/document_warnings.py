"""Warnings said of the uploaded file itself (`document.*` in `validation.warnings`).

The reader writes them and the dashboard and core read them back, so their wording is a
contract kept here, beside the invoice's other contracts: `document.multiple_invoices`
names the page ranges of each invoice a file holds ("pages 1-2, 3, 4-6").
"""

import re

MULTIPLE_INVOICES = "document.multiple_invoices"


def ranges_text(found: list[tuple[int, int]]) -> str:
    """``1-2, 3, 4-6``"""
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in found)


def multiple_invoices(found: list[tuple[int, int]]) -> str:
    """The warning of a file of several invoices, naming each one's pages."""
    return f"{MULTIPLE_INVOICES}: {len(found)} invoices in one file, pages {ranges_text(found)}"


_MULTIPLE = re.compile(
    rf"^{re.escape(MULTIPLE_INVOICES)}: \d+ invoices in one file, pages ((?:\d+(?:-\d+)?)(?:, \d+(?:-\d+)?)*)$")


def ranges_of(warnings: list[str] | None) -> list[tuple[int, int]]:
    """The page ranges a ``document.multiple_invoices`` warning names; [] without one."""
    for text in warnings or []:
        match = _MULTIPLE.match(str(text))
        if match:
            out = []
            for part in match.group(1).split(", "):
                a, _, b = part.partition("-")
                out.append((int(a), int(b or a)))
            return out
    return []
