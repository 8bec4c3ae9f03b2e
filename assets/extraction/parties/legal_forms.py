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
