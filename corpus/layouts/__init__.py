"""Layout families: how an invoice is arranged on the page, by two PDF producers.

``canvas_families`` draws with reportlab (absolute positions, manual page breaks);
``html_families`` writes HTML + CSS that WeasyPrint lays out (flowing text, tables
that break over pages by themselves). Every family function takes the specification,
its print style and a random generator, and returns ``(pdf_bytes, printed)`` where
``printed`` tells the truth writer which optional values were drawn.
"""

from __future__ import annotations

from . import canvas_families, html_families

FAMILIES = {**canvas_families.FAMILIES, **html_families.FAMILIES}
PRODUCERS = {name: ("reportlab" if name in canvas_families.FAMILIES else "weasyprint") for name in FAMILIES}
