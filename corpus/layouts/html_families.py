"""Layout families written as HTML + CSS and laid out by WeasyPrint.

A second producer matters: WeasyPrint shapes text with Pango/HarfBuzz, embeds fonts
differently, positions glyphs with its own spacing and breaks tables over pages itself
(repeating ``<thead>``), so the text layer and the geometry differ from reportlab's.
Six arrangements: boxes with the buyer left and the seller right and the amount due at
the top; a dark band with parties in a two-column table; a seller sidebar; a compact
"Bill to" form; totals printed above the items; and a totals-only invoice without an
item table.
"""

from __future__ import annotations

import html
import random

from ..spec import InvoiceSpec
from ..text import Style, party_lines
from .common import NUMERIC, cell_text, choose_columns, date_rows, printed_flags

FONT_FAMILIES = ["DejaVu Sans", "DejaVu Serif", "Liberation Sans", "Liberation Serif", "DejaVu Sans Condensed"]


def e(text: str) -> str:
    return html.escape(text, quote=False)


def _css(rng: random.Random, extra: str = "") -> str:
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
    .num {{ text-align: right !important; white-space: nowrap; }}
    .muted {{ color: #444; }}
    .totals td {{ padding: 2pt 4pt; }}
    .totals td.v {{ text-align: right; white-space: nowrap; }}
    {extra}
    """


def _pairs_html(pairs: list[tuple[str, str]], inline: bool) -> str:
    rows = []
    for label, value in pairs:
        if inline or not label:
            rows.append(f"<div>{e(label)} {e(value)}</div>")
        else:
            rows.append(f"<tr><td class='muted'>{e(label)}</td><td>{e(value)}</td></tr>")
    if inline:
        return "".join(rows)
    return "<table>" + "".join(r if r.startswith("<tr>") else f"<tr><td colspan=2>{r}</td></tr>" for r in rows) + "</table>"


def _party_html(role_label: str, name: str, pairs, inline: bool, heading: bool = True) -> str:
    head = f"<div><b>{e(role_label)}</b></div>" if heading else ""
    return f"{head}<div><b>{e(name)}</b></div>{_pairs_html(pairs, inline)}"


def _items_html(spec: InvoiceSpec, style: Style, columns: list[str], zebra: bool, dark: bool) -> str:
    head = "".join(f"<th class='{'num' if c in NUMERIC else ''}'>{e(style.columns[c])}</th>" for c in columns)
    body = []
    for n, item in enumerate(spec.items, 1):
        bg = " style='background:#e8e8e8'" if zebra and n % 2 == 0 else ""
        cells = "".join(f"<td class='{'num' if c in NUMERIC else ''}'>{e(cell_text(c, n, item, style))}</td>"
                        for c in columns)
        body.append(f"<tr{bg}>{cells}</tr>")
    thead_style = " style='background:#cfcfcf'" if dark else ""
    return f"<table class='items'><thead><tr{thead_style}>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _totals_rows(spec: InvoiceSpec, style: Style) -> list[tuple[str, str]]:
    rows = [(style.label("net"), style.money(spec.net, True))]
    breakdown = spec.breakdown()
    for rate, _, vat in breakdown:
        rows.append((style.label("vat", rate=style.rate(rate)), style.money(vat, True)))
    if len(breakdown) > 1:
        rows.append((style.label("vat_total"), style.money(spec.vat, True)))
    rows.append((style.label("gross"), style.money(spec.gross, True)))
    return rows


def _totals_html(spec: InvoiceSpec, style: Style, align_right: bool = True) -> str:
    rows = "".join(f"<tr><td>{e(k)}</td><td class='v'><b>{e(v)}</b></td></tr>" for k, v in _totals_rows(spec, style))
    margin = "margin-left:auto" if align_right else ""
    return f"<table class='totals' style='{margin}; margin-top:10pt'>{rows}</table>"


def _meta(spec: InvoiceSpec, style: Style, rng: random.Random, combined: bool) -> list[tuple[str, str]]:
    if combined or not spec.series:
        rows = [(style.label("invoice_number"), spec.invoice_number)]
    else:
        rows = [(style.label("series"), spec.series), (style.label("number"), spec.number)]
    return rows + date_rows(spec, style)


def _meta_table(rows: list[tuple[str, str]]) -> str:
    return "<table>" + "".join(f"<tr><td class='muted'>{e(k)}</td><td><b>{e(v)}</b></td></tr>" for k, v in rows) + "</table>"


def _render(body: str, css: str) -> bytes:
    from weasyprint import HTML  # imported here: the canvas families do not need it

    return HTML(string=f"<html><head><meta charset='utf-8'><style>{css}</style></head><body>{body}</body></html>").write_pdf()


# ------------------------------------------------------------------ families


def boxes_buyer_left(spec: InvoiceSpec, style: Style, rng: random.Random):
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    inline = rng.random() < 0.5
    due = f"<div class='due'>{e(style.label('gross'))}<br><b style='font-size:14pt'>{e(style.money(spec.gross, True))}</b></div>" \
        if rng.random() < 0.5 else ""
    body = f"""
    <div style='display:flex; justify-content:space-between'>
      <div><h1>{e(style.title)}</h1>{_meta_table(_meta(spec, style, rng, rng.random() < 0.5))}</div>{due}
    </div>
    <div style='display:flex; gap:14pt; margin-top:14pt'>
      <div class='box'>{_party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, inline)}</div>
      <div class='box'>{_party_html(style.label('seller'), spec.seller.name, seller_pairs, inline)}</div>
    </div>
    {_items_html(spec, style, columns, zebra=False, dark=rng.random() < 0.5)}
    {_totals_html(spec, style)}
    """
    css = _css(rng, ".box { border: 1px solid #555; padding: 6pt; width: 48%; } .due { border: 2px solid #000; padding: 6pt; text-align: right; height: 40pt; }")
    return _render(body, css), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def dark_band(spec: InvoiceSpec, style: Style, rng: random.Random):
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    inline = rng.random() < 0.6
    number = (f"{e(style.labels['series'])} {e(spec.series)} {e(style.labels['number'])} {e(spec.number)}"
              if spec.series else f"{e(style.labels['number'])} {e(spec.number)}")
    dates = " &nbsp; ".join(f"{e(k)} {e(v)}" for k, v in _meta(spec, style, rng, True)[1:])
    body = f"""
    <div class='band'><h1>{e(style.title)}</h1><div>{number}</div></div>
    <div style='margin:6pt 0'>{dates}</div>
    <table style='width:100%'><tr>
      <td style='width:50%; vertical-align:top'>{_party_html(style.label('seller'), spec.seller.name, seller_pairs, inline)}</td>
      <td style='width:50%; vertical-align:top'>{_party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, inline)}</td>
    </tr></table>
    {_items_html(spec, style, columns, zebra=True, dark=True)}
    {_totals_html(spec, style)}
    """
    css = _css(rng, ".band { background: #d0d0d0; padding: 8pt; text-align: center; }")
    return _render(body, css), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def seller_sidebar(spec: InvoiceSpec, style: Style, rng: random.Random):
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    heading = rng.random() < 0.6
    body = f"""
    <div style='display:flex; gap:12pt'>
      <div class='side'>{_party_html(style.label('seller'), spec.seller.name, seller_pairs, True, heading=heading)}</div>
      <div style='flex:1'>
        <h1>{e(style.title)}</h1>{_meta_table(_meta(spec, style, rng, rng.random() < 0.5))}
        <div style='margin-top:10pt'>{_party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, rng.random() < 0.5)}</div>
      </div>
    </div>
    {_items_html(spec, style, columns, zebra=rng.random() < 0.5, dark=False)}
    {_totals_html(spec, style)}
    """
    css = _css(rng, ".side { width: 150pt; border-right: 2px solid #888; padding-right: 8pt; font-size: 0.92em; }")
    return _render(body, css), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def compact_bill_to(spec: InvoiceSpec, style: Style, rng: random.Random):
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng, with_bank=False)
    seller_line = " · ".join([spec.seller.name] + [f"{k} {v}".strip() for k, v in seller_pairs[:3]])
    body = f"""
    <div style='display:flex; justify-content:space-between; align-items:flex-start'>
      <div><div style='font-size:13pt'><b>{e(spec.seller.name)}</b></div>{_pairs_html(seller_pairs, True)}</div>
      <div style='text-align:right'><h1>{e(style.title)}</h1>{_meta_table(_meta(spec, style, rng, True))}</div>
    </div>
    <div style='margin-top:12pt; width:60%'>{_party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, True)}</div>
    {_items_html(spec, style, columns, zebra=False, dark=rng.random() < 0.5)}
    {_totals_html(spec, style)}
    <div class='muted' style='margin-top:20pt; font-size:7pt'>{e(seller_line) if rng.random() < 0.3 else ''}</div>
    """
    return _render(body, _css(rng)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def totals_on_top(spec: InvoiceSpec, style: Style, rng: random.Random):
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    inline = rng.random() < 0.5
    body = f"""
    <h1>{e(style.title)}</h1>
    <div style='display:flex; justify-content:space-between'>
      {_meta_table(_meta(spec, style, rng, rng.random() < 0.5))}
      <div style='border:1px solid #333; padding:4pt'>{_totals_html(spec, style, align_right=False)}</div>
    </div>
    <div style='display:flex; gap:20pt; margin-top:10pt'>
      <div style='width:48%'>{_party_html(style.label('seller'), spec.seller.name, seller_pairs, inline)}</div>
      <div style='width:48%'>{_party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, inline)}</div>
    </div>
    {_items_html(spec, style, columns, zebra=rng.random() < 0.5, dark=rng.random() < 0.5)}
    """
    return _render(body, _css(rng)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def totals_only(spec: InvoiceSpec, style: Style, rng: random.Random):
    """No item table: one sentence for what was supplied, and the totals (a "sumiškai" invoice)."""
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    what = ("Už suteiktas paslaugas pagal sutartį" if style.lang == "lt" else "For services rendered under the agreement")
    body = f"""
    <h1 style='text-align:center'>{e(style.title)}</h1>
    <div style='text-align:center'>{_meta_table(_meta(spec, style, rng, rng.random() < 0.5))}</div>
    <div style='display:flex; gap:20pt; margin-top:12pt'>
      <div style='width:48%'>{_party_html(style.label('seller'), spec.seller.name, seller_pairs, True)}</div>
      <div style='width:48%'>{_party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, True)}</div>
    </div>
    <p style='margin-top:16pt'>{e(what)} {e(spec.items[0].description.lower())}.</p>
    {_totals_html(spec, style)}
    """
    return _render(body, _css(rng)), printed_flags(spec, [], seller_pairs, buyer_pairs, lines=False)


FAMILIES = {
    "boxes_buyer_left": boxes_buyer_left,
    "dark_band": dark_band,
    "seller_sidebar": seller_sidebar,
    "compact_bill_to": compact_bill_to,
    "totals_on_top": totals_on_top,
    "totals_only": totals_only,
}
