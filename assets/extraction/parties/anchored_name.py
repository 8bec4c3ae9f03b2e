"""The name of a party found by its identifiers, read from the identifiers' own line: the
name the line opens with, wrapped from the line above, ended at its legal form where a
label follows, or the company a footer of columns names (``unheaded``)."""

from __future__ import annotations

import re

from ..layout import Layout
from ..lines import Candidate, Span, TextLine
from ..normalize import fold
from ..vat_codes import find_vat_codes
from .legal_forms import LEGAL_FORMS as _LEGAL_FORMS
from .names import _SEPARATORS, _WORD, _company_not_bank, _core_name, _looks_like_address, _name_end, tidy_name


def wrapped_from(layout: Layout, line: TextLine, x0: float) -> Span | None:
    """The name opening the cell just above ``line``, starting where it starts, of which
    ``line`` is the wrapped end: a name and its address on one line (``_name_end``), no
    code among them."""
    for above in layout.lines.get(line.page, []):
        if not 0 < line.cy - above.cy < 1.8 * line.height:
            continue
        for c in above.cells:
            span = Span(above, *c)
            if abs(span.words[0].x0 - x0) > line.height or any(m.valid for m in find_vat_codes(span.text)):
                continue
            end = _name_end(span.text)
            if end and _WORD.search(span.text[:end]) and not _looks_like_address(span.text[:end]) \
                    and not re.search(r"\d", span.text[:end]):
                return span.sub(0, end)
    return None


def form_before_label(layout: Layout, line: TextLine, before: Span) -> int | None:
    """Where a name ends whose legal form a label follows on its line, the rule between
    them lost ("Gaujas Koks SIA НДС рег. № ..." of a footer "Gaujas Koks SIA | НДС ..."):
    the end of that form in ``before``, else None."""
    label = min((h.start for h in layout.hits(line) if before.start < h.start < before.end), default=None)
    if label is None:
        return None
    head = line.text[before.start:label].rstrip()
    form = next(reversed(list(_LEGAL_FORMS.finditer(fold(head)))), None)
    return form.end() if form is not None and form.start() > 0 and form.end() == len(head) else None


def footer_company(layout: Layout, line: TextLine, taken: set[int]) -> Candidate | None:
    """The cell of a footer that names a company (a legal form, no bank), topmost first."""
    pitch = layout.pitch[line.page]
    for ln in layout.lines[line.page]:
        if ln.cy < line.cy - 4 * pitch:
            continue
        for c_start, c_end in ln.cells:
            span = Span(ln, c_start, c_end).strip(_SEPARATORS)
            if span is None or any(id(w) in taken for w in span.words) \
                    or any(c_start <= h.start < c_end for h in layout.hits(ln)):
                continue
            if _company_not_bank(span.text) and not re.search(r"\d", span.text) and len(span.text.split()) <= 6 \
                    and not re.match(r"[^\W\d_]+\s*:", span.text) \
                    and len(_core_name(span.text)) >= 3:  # "Istituto: UniCredit S.p.A." is labelled, "AB" no name
                return Candidate(tidy_name(span.text), 0.7, span)
    return None
