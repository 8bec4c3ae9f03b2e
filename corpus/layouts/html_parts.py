"""HTML pieces every HTML family builds on: CSS, party blocks, the item table, totals.

The HTML producers (WeasyPrint and Chromium) lay the same markup out differently, so the
families written with these pieces differ in text layer and geometry by producer as
well as by arrangement.
"""

from __future__ import annotations

import html
import random

from ..spec import InvoiceSpec
from ..text import Style
from .common import NUMERIC, cell_text, date_rows, totals_rows

FONT_FAMILIES = ["DejaVu Sans", "DejaVu Serif", "Liberation Sans", "Liberation Serif", "DejaVu Sans Condensed"]


def e(text: str) -> str:
    return html.escape(text, quote=False)


def css(rng: random.Random, extra: str = "") -> str:
    font = rng.choice(FONT_FAMILIES)
    size = rng.choice([8, 8.5, 9, 9.5, 10])
    return f"""
    @page {{ size: A4; margin: 16mm 15mm 20mm 15mm;
             @bottom-center {{ content: counter(page) " / " counter(pages); font-size: 7pt; }} }}
    body {{ font-family: '{font}'; font-size: {size}pt; color: #111; }}
    h1 {{ font-size: 17pt; margin: 0 0 4pt 0; }}
    table.items {{ width: 100%; border-collapse: collapse; margin-top: 12pt; }}
    table.items th {{ text-align: left; border-bottom: 1px solid #333; padding: 3pt; }}
    table.items td {{ padding: 3pt; vertical-align: top; }}
    table.items tr {{ page-break-inside: avoid; }}
    .num {{ text-align: right !important; }}
    td.num {{ white-space: nowrap; }}  /* titles wrap, or a wide table runs off the page */
    .muted {{ color: #444; }}
    .totals td {{ padding: 2pt 4pt; }}
    .totals td.v {{ text-align: right; white-space: nowrap; }}
    {extra}
    """


def pairs_html(pairs: list[tuple[str, str]], inline: bool) -> str:
    rows = []
    for label, value in pairs:
        if inline or not label:
            rows.append(f"<div>{e(label)} {e(value)}</div>")
        else:
            rows.append(f"<tr><td class='muted'>{e(label)}</td><td>{e(value)}</td></tr>")
    if inline:
        return "".join(rows)
    return "<table>" + "".join(r if r.startswith("<tr>") else f"<tr><td colspan=2>{r}</td></tr>" for r in rows) + "</table>"


def party_html(role_label: str, name: str, pairs, inline: bool, heading: bool = True) -> str:
    head = f"<div><b>{e(role_label)}</b></div>" if heading else ""
    return f"{head}<div><b>{e(name)}</b></div>{pairs_html(pairs, inline)}"


def items_html(spec: InvoiceSpec, style: Style, columns: list[str], zebra: bool, dark: bool) -> str:
    head = "".join(f"<th class='{'num' if c in NUMERIC else ''}'>{e(style.columns[c])}</th>" for c in columns)
    body = []
    for n, item in enumerate(spec.items, 1):
        bg = " style='background:#e8e8e8'" if zebra and n % 2 == 0 else ""
        cells = "".join(f"<td class='{'num' if c in NUMERIC else ''}'>{e(cell_text(c, n, item, style))}</td>"
                        for c in columns)
        body.append(f"<tr{bg}>{cells}</tr>")
    thead_style = " style='background:#cfcfcf'" if dark else ""
    return f"<table class='items'><thead><tr{thead_style}>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def totals_html(spec: InvoiceSpec, style: Style, align_right: bool = True) -> str:
    rows = "".join(f"<tr><td>{e(k)}</td><td class='v'><b>{e(v)}</b></td></tr>" for k, v in totals_rows(spec, style))
    margin = "margin-left:auto" if align_right else ""
    return f"<table class='totals' style='{margin}; margin-top:10pt'>{rows}</table>"


def meta(spec: InvoiceSpec, style: Style, rng: random.Random, combined: bool) -> list[tuple[str, str]]:
    if combined or not spec.series:
        rows = [(style.label("invoice_number"), spec.invoice_number)]
    else:
        rows = [(style.label("series"), spec.series), (style.label("number"), spec.number)]
    return rows + date_rows(spec, style)


def meta_table(rows: list[tuple[str, str]]) -> str:
    return "<table>" + "".join(f"<tr><td class='muted'>{e(k)}</td><td><b>{e(v)}</b></td></tr>" for k, v in rows) + "</table>"




def document(body: str, style_sheet: str) -> str:
    return f"<html><head><meta charset='utf-8'><style>{style_sheet}</style></head><body>{body}</body></html>"


def two_line(label: str) -> str:
    """A bilingual label ("Pirkėjas / Buyer") as the first language over the second in small type."""
    first, sep, second = label.partition(" / ")
    return e(first) + (f"<br><small class='tr'>{e(second)}</small>" if sep else "")
