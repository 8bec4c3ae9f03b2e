"""Layout families written as HTML + CSS and laid out by WeasyPrint.

A second producer matters: WeasyPrint shapes text with Pango/HarfBuzz, embeds fonts
differently, positions glyphs with its own spacing and breaks tables over pages itself
(repeating ``<thead>``), so the text layer and the geometry differ from reportlab's.
Nine arrangements: boxes with the buyer left and the seller right and the amount due at
the top; a dark band with parties in a two-column table; a seller sidebar; a compact
"Bill to" form; totals printed above the items; a totals-only invoice without an item
table; a bilingual form of ruled cells; a receipt slip with dotted leaders; and parties
printed only under the totals.
"""

from __future__ import annotations

import random

from ..spec import InvoiceSpec
from ..text import Style, party_lines
from .common import choose_columns, printed_flags, receipt_rows, totals_rows
from .html_parts import css, document, e, items_html, meta, meta_table, pairs_html, party_html, totals_html

def _render(body: str, css: str) -> bytes:
    from weasyprint import HTML  # imported here: the canvas families do not need it

    return HTML(string=document(body, css)).write_pdf()


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
      <div><h1>{e(style.title)}</h1>{meta_table(meta(spec, style, rng, rng.random() < 0.5))}</div>{due}
    </div>
    <div style='display:flex; gap:14pt; margin-top:14pt'>
      <div class='box'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, inline)}</div>
      <div class='box'>{party_html(style.label('seller'), spec.seller.name, seller_pairs, inline)}</div>
    </div>
    {items_html(spec, style, columns, zebra=False, dark=rng.random() < 0.5)}
    {totals_html(spec, style)}
    """
    style_sheet = css(rng, ".box { border: 1px solid #555; padding: 6pt; width: 48%; } .due { border: 2px solid #000; padding: 6pt; text-align: right; height: 40pt; }")
    return _render(body, style_sheet), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def dark_band(spec: InvoiceSpec, style: Style, rng: random.Random):
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    inline = rng.random() < 0.6
    number = (f"{e(style.labels['series'])} {e(spec.series)} {e(style.labels['number'])} {e(spec.number)}"
              if spec.series else f"{e(style.labels['number'])} {e(spec.number)}")
    dates = " &nbsp; ".join(f"{e(k)} {e(v)}" for k, v in meta(spec, style, rng, True)[1:])
    body = f"""
    <div class='band'><h1>{e(style.title)}</h1><div>{number}</div></div>
    <div style='margin:6pt 0'>{dates}</div>
    <table style='width:100%'><tr>
      <td style='width:50%; vertical-align:top'>{party_html(style.label('seller'), spec.seller.name, seller_pairs, inline)}</td>
      <td style='width:50%; vertical-align:top'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, inline)}</td>
    </tr></table>
    {items_html(spec, style, columns, zebra=True, dark=True)}
    {totals_html(spec, style)}
    """
    style_sheet = css(rng, ".band { background: #d0d0d0; padding: 8pt; text-align: center; }")
    return _render(body, style_sheet), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def seller_sidebar(spec: InvoiceSpec, style: Style, rng: random.Random):
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    heading = rng.random() < 0.6
    body = f"""
    <div style='display:flex; gap:12pt'>
      <div class='side'>{party_html(style.label('seller'), spec.seller.name, seller_pairs, True, heading=heading)}</div>
      <div style='flex:1'>
        <h1>{e(style.title)}</h1>{meta_table(meta(spec, style, rng, rng.random() < 0.5))}
        <div style='margin-top:10pt'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, rng.random() < 0.5)}</div>
      </div>
    </div>
    {items_html(spec, style, columns, zebra=rng.random() < 0.5, dark=False)}
    {totals_html(spec, style)}
    """
    style_sheet = css(rng, ".side { width: 150pt; border-right: 2px solid #888; padding-right: 8pt; font-size: 0.92em; }")
    return _render(body, style_sheet), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def compact_bill_to(spec: InvoiceSpec, style: Style, rng: random.Random):
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng, with_bank=False)
    seller_line = " · ".join([spec.seller.name] + [f"{k} {v}".strip() for k, v in seller_pairs[:3]])
    body = f"""
    <div style='display:flex; justify-content:space-between; align-items:flex-start'>
      <div><div style='font-size:13pt'><b>{e(spec.seller.name)}</b></div>{pairs_html(seller_pairs, True)}</div>
      <div style='text-align:right'><h1>{e(style.title)}</h1>{meta_table(meta(spec, style, rng, True))}</div>
    </div>
    <div style='margin-top:12pt; width:60%'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, True)}</div>
    {items_html(spec, style, columns, zebra=False, dark=rng.random() < 0.5)}
    {totals_html(spec, style)}
    <div class='muted' style='margin-top:20pt; font-size:7pt'>{e(seller_line) if rng.random() < 0.3 else ''}</div>
    """
    return _render(body, css(rng)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def totals_on_top(spec: InvoiceSpec, style: Style, rng: random.Random):
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    inline = rng.random() < 0.5
    body = f"""
    <h1>{e(style.title)}</h1>
    <div style='display:flex; justify-content:space-between'>
      {meta_table(meta(spec, style, rng, rng.random() < 0.5))}
      <div style='border:1px solid #333; padding:4pt'>{totals_html(spec, style, align_right=False)}</div>
    </div>
    <div style='display:flex; gap:20pt; margin-top:10pt'>
      <div style='width:48%'>{party_html(style.label('seller'), spec.seller.name, seller_pairs, inline)}</div>
      <div style='width:48%'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, inline)}</div>
    </div>
    {items_html(spec, style, columns, zebra=rng.random() < 0.5, dark=rng.random() < 0.5)}
    """
    return _render(body, css(rng)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


SUPPLIED_UNDER_AGREEMENT = {
    "lt": "Už suteiktas paslaugas pagal sutartį", "en": "For services rendered under the agreement",
    "de": "Für erbrachte Leistungen gemäß Vertrag", "fr": "Pour les prestations réalisées selon le contrat",
    "pl": "Za usługi wykonane zgodnie z umową", "lv": "Par sniegtajiem pakalpojumiem saskaņā ar līgumu",
    "et": "Lepingu alusel osutatud teenuste eest", "nl": "Voor geleverde diensten volgens overeenkomst",
    "it": "Per i servizi resi secondo il contratto", "es": "Por los servicios prestados según el contrato",
    "ru": "За оказанные услуги по договору",
}


def totals_only(spec: InvoiceSpec, style: Style, rng: random.Random):
    """No item table: one sentence for what was supplied, and the totals (a "sumiškai" invoice)."""
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    what = SUPPLIED_UNDER_AGREEMENT[style.lang]
    body = f"""
    <h1 style='text-align:center'>{e(style.title)}</h1>
    <div style='text-align:center'>{meta_table(meta(spec, style, rng, rng.random() < 0.5))}</div>
    <div style='display:flex; gap:20pt; margin-top:12pt'>
      <div style='width:48%'>{party_html(style.label('seller'), spec.seller.name, seller_pairs, True)}</div>
      <div style='width:48%'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, True)}</div>
    </div>
    <p style='margin-top:16pt'>{e(what)} {e(spec.items[0].description.lower())}.</p>
    {totals_html(spec, style)}
    """
    return _render(body, css(rng)), printed_flags(spec, [], seller_pairs, buyer_pairs, lines=False)


def bilingual_grid(spec: InvoiceSpec, style: Style, rng: random.Random):
    """A form: every invoice field in a ruled cell with its bilingual label above the value."""
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    cells = "".join(f"<td><div class='lab'>{e(k)}</div><b>{e(v)}</b></td>" for k, v in meta(spec, style, rng, True))
    party = "".join(f"<td style='width:50%'><div class='lab'>{e(style.label(role))}</div><b>{e(p.name)}</b>"
                    f"{pairs_html(pairs, True)}</td>"
                    for role, p, pairs in (("seller", spec.seller, seller_pairs), ("buyer", spec.buyer, buyer_pairs)))
    body = f"""
    <h1 style='text-align:center'>{e(style.title)}</h1>
    <table class='form'><tr>{cells}</tr></table>
    <table class='form'><tr>{party}</tr></table>
    {items_html(spec, style, columns, zebra=False, dark=rng.random() < 0.5)}
    {totals_html(spec, style)}
    """
    extra = """table.form { width: 100%; border-collapse: collapse; margin-top: 6pt; }
    table.form td { border: 1px solid #444; padding: 4pt; vertical-align: top; } .lab { font-size: 0.78em; color: #444; }
    table.items td, table.items th { border: 1px solid #888; }"""
    return _render(body, css(rng, extra)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def cash_slip(spec: InvoiceSpec, style: Style, rng: random.Random):
    """A receipt on an A6 slip: items as text lines with dotted leaders, no table frame."""
    s = spec.seller
    seller_pairs = party_lines(s, style, rng, with_bank=False)
    show_buyer = rng.random() < 0.6
    buyer_pairs = party_lines(spec.buyer, style, rng, with_bank=False) if show_buyer else []
    lines = "".join(f"<div class='l'><span>{e(desc)} <span class='m'>{e(mid)}</span></span><span class='dots'></span>"
                    f"<span>{e(amount)}</span></div>" for desc, mid, amount in receipt_rows(spec, style))
    sums = "".join(f"<div class='l'><span>{e(k)}</span><span class='dots'></span><span>{e(v)}</span></div>"
                   for k, v in totals_rows(spec, style))
    buyer = party_html(style.label("buyer"), spec.buyer.name, buyer_pairs, True) if show_buyer else ""
    body = f"""
    <div><b>{e(s.name)}</b></div>{pairs_html(seller_pairs, True)}
    <h1 style='margin-top:8pt'>{e(style.title)}</h1>
    <div>{e(style.labels['number'])} {e(spec.invoice_number)} &nbsp; {e(style.date(spec.issue))}</div>
    <div style='margin-top:8pt'>{lines}</div><div style='margin-top:6pt; font-weight:bold'>{sums}</div>
    <div style='margin-top:4pt'>{e(style.labels['paid'])}</div>
    <div style='margin-top:8pt'>{buyer}</div>
    """
    pages = 1 + len(spec.items) // 14
    extra = f"""@page {{ size: 105mm {148 * pages}mm; margin: 8mm; }} h1 {{ font-size: 12pt; }}
    .l {{ display: flex; gap: 3pt; }} .dots {{ flex: 1; border-bottom: 1px dotted #555; margin-bottom: 3pt; }}
    .m {{ color: #333; white-space: nowrap; }}"""
    printed = printed_flags(spec, ["description", "quantity", "unitPrice", "netAmount"] +
                            (["discount"] if any(i.discount for i in spec.items) else []),
                            seller_pairs, buyer_pairs, due=False, delivery=False)
    if not show_buyer:
        printed["buyer"] = {"shown": False}
    return _render(body, css(rng, extra)), printed


def parties_bottom(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Title, number and items first; seller and buyer only under the totals."""
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    body = f"""
    <div style='display:flex; justify-content:space-between'><h1>{e(style.title)}</h1>
      {meta_table(meta(spec, style, rng, rng.random() < 0.5))}</div>
    {items_html(spec, style, columns, zebra=rng.random() < 0.5, dark=rng.random() < 0.5)}
    {totals_html(spec, style)}
    <div style='display:flex; gap:20pt; margin-top:16pt; border-top:1px solid #666; padding-top:6pt'>
      <div style='width:48%'>{party_html(style.label('seller'), spec.seller.name, seller_pairs, rng.random() < 0.5)}</div>
      <div style='width:48%'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, rng.random() < 0.5)}</div>
    </div>
    """
    return _render(body, css(rng)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


FAMILIES = {
    "boxes_buyer_left": boxes_buyer_left,
    "dark_band": dark_band,
    "seller_sidebar": seller_sidebar,
    "compact_bill_to": compact_bill_to,
    "totals_on_top": totals_on_top,
    "totals_only": totals_only,
    "bilingual_grid": bilingual_grid,
    "cash_slip": cash_slip,
    "parties_bottom": parties_bottom,
}
