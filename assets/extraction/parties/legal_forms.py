"""Legal forms of the EU's companies as one pattern, the packs' spellings joined.

Kept apart from ``names`` so that the repairs of what OCR does to a name
(``misread_names``) and the reading of names share it without importing each other.
"""

from __future__ import annotations

import re

from .. import language_packs
from ..normalize import fold


def alternatives(patterns: list[str]) -> str:
    """Patterns of the packs, folded as the text they are matched on, joined as alternatives."""
    return "|".join(dict.fromkeys(fold(p) for p in patterns))


# Legal forms of the EU's companies (folded; the packs' ``legal_forms.forms`` as printed and
# their ``misread`` patterns): a line carrying one is a company's name.
LEGAL_FORMS = re.compile(
    r"(?<![\w])("
    + alternatives([re.escape(fold(form)) for forms in language_packs.legal_forms().values() for form in forms]
                   + [p for patterns in language_packs.legal_forms("misread").values() for p in patterns])
    + r")(?![\w])")


# A legal form OCR (or a text layer that lost a space) glued to the name's last word:
# "Tulpen LogistiekN.V.", "MaschinenbauGmbH". Forms that open with a capital only, so a
# lower-case letter before one marks the seam ("II" is a numeral as often as a form).
_PRINTED = sorted({form for forms in language_packs.legal_forms().values() for form in forms
                   if form[0].isupper() and len(form) >= 2 and form != "II"}, key=len, reverse=True)
_GLUED = re.compile(r"(?<=\S)(" + "|".join(re.escape(form) for form in _PRINTED) + r")(?=\s|$)")


def unglued_form(name: str) -> str:
    """``name`` with a space before a legal form glued to a lower-case letter."""
    return _GLUED.sub(lambda m: f" {m.group(1)}" if name[m.start() - 1].islower() else m.group(1), name)
