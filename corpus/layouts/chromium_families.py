"""Layout families written as HTML + CSS and printed to PDF by Chromium.

Twelve arrangements: a corporate invoice with a VAT breakdown table; a German-style
window address with the seller only in a three-column footer under the totals; bilingual labels side
by side, and stacked (the translation under each label); a till receipt on an 80 mm roll;
a credit memo that leads with the credited invoice; party cards with the amount due as
the largest text; a right-hand rail with all invoice data; an export invoice in a foreign
currency named only in the column titles and totals; a coloured letterhead band with the
registration details in a footer line; items with a second, smaller line; and a long ledger
that always runs over several pages.
"""

from __future__ import annotations

import random

from ..spec import InvoiceSpec
from ..text import Style, party_lines
from ..wording import LABELS
from . import chromium
from .common import NUMERIC, cell_text, choose_columns, printed_flags, receipt_rows, totals_rows
from .html_parts import (FONT_FAMILIES, css, document, e, items_html, meta, meta_table, pairs_html, party_html,
                         totals_html, two_line)


def _render(body: str, style_sheet: str) -> bytes:
    return chromium.render(document(body, style_sheet))


def _breakdown_html(spec: InvoiceSpec, style: Style) -> str:
    """A VAT table per rate (rate, base, VAT) as accounting programs print it."""
    head = f"<tr><th>{e(style.columns['vatRate'])}</th><th class='num'>{e(style.labels['net'])}</th>" \
           f"<th class='num'>{e(style.labels['vat_total'])}</th></tr>"
    rows = "".join(f"<tr><td>{e(style.rate(rate))} %</td><td class='num'>{e(style.money(base))}</td>"
                   f"<td class='num'>{e(style.money(vat))}</td></tr>" for rate, base, vat in spec.breakdown())
    return f"<table class='items' style='width:55%'><thead>{head}</thead><tbody>{rows}</tbody></table>"


def corporate_grid(spec: InvoiceSpec, style: Style, rng: random.Random):
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng, with_bank=False)
    body = f"""
    <div style='display:flex; justify-content:space-between'>
      <div><div class='logo'>{e(spec.seller.name)}</div>{pairs_html(seller_pairs, True)}</div>
      <div class='meta'><h1>{e(style.title)}</h1>{meta_table(meta(spec, style, rng, True))}</div>
    </div>
    <div style='margin-top:14pt; width:55%'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, rng.random() < 0.5)}</div>
    {items_html(spec, style, columns, zebra=False, dark=True)}
    <div style='display:flex; justify-content:space-between; align-items:flex-start; margin-top:8pt'>
      {_breakdown_html(spec, style)}{totals_html(spec, style)}
    </div>
    """
    extra = """.logo { font-size: 15pt; font-weight: bold; border-left: 5px solid #333; padding-left: 6pt; }
    .meta { border: 1px solid #444; padding: 6pt; } table.items td, table.items th { border: 1px solid #666; }"""
    return _render(body, css(rng, extra)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def window_address(spec: InvoiceSpec, style: Style, rng: random.Random):
    """The buyer in an envelope window without a heading, a one-line sender above it; the
    seller's codes and bank only in a three-column footer."""
    columns = choose_columns(spec, rng)
    s, b = spec.seller, spec.buyer
    buyer_pairs = party_lines(b, style, rng, with_bank=False)
    reg = [(style.label("company_code"), s.company_code)] if s.company_code else []
    tax = [(style.label("vat_code"), s.vat_code)] if s.vat_code else []
    bank = [(style.label("iban"), s.iban), (style.label("bank"), s.bank)] if s.iban else []
    seller_pairs = reg + tax + [("", s.address)] + bank
    footer = "".join(f"<div class='col'>{inner}</div>" for inner in (
        f"<b>{e(s.name)}</b><br>{e(s.address)}", pairs_html(reg + tax, True), pairs_html(bank, True)))
    body = f"""
    <div class='sender'>{e(s.name)} · {e(s.street)} · {e(s.postal_code)} {e(s.city)}</div>
    <div style='display:flex; justify-content:space-between'>
      <div class='window'><b>{e(b.name)}</b>{pairs_html(buyer_pairs, True)}</div>
      <div>{meta_table(meta(spec, style, rng, True))}</div>
    </div>
    <h1 style='margin-top:18pt'>{e(style.title)}</h1>
    {items_html(spec, style, columns, zebra=rng.random() < 0.4, dark=False)}
    {totals_html(spec, style)}
    <div class='foot'>{footer}</div>
    """
    extra = """.sender { font-size: 6.5pt; text-decoration: underline; margin-top: 20mm; }
    .window { width: 85mm; min-height: 30mm; } .foot { margin-top: 40pt; page-break-inside: avoid;
    display: flex; gap: 10pt; font-size: 7pt; border-top: 1px solid #777; padding-top: 3pt; } .col { flex: 1; }"""
    return _render(body, css(rng, extra)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def bilingual_side(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Labels in two languages on one line ("Pirkėjas / Buyer"), parties side by side."""
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    body = f"""
    <h1 style='text-align:center'>{e(style.title)}</h1>
    <div style='text-align:center'>{meta_table(meta(spec, style, rng, rng.random() < 0.5))}</div>
    <table style='width:100%; margin-top:10pt'><tr>
      <td style='width:50%; vertical-align:top'>{party_html(style.label('seller'), spec.seller.name, seller_pairs, False)}</td>
      <td style='width:50%; vertical-align:top'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, False)}</td>
    </tr></table>
    {items_html(spec, style, columns, zebra=rng.random() < 0.5, dark=rng.random() < 0.5)}
    {totals_html(spec, style)}
    """
    return _render(body, css(rng)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def bilingual_stacked(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Every label in the document's language with its English under it in small type."""
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)

    def rows(pairs):
        return "".join(f"<tr><td class='lab'>{two_line(k)}</td><td>{e(v)}</td></tr>" for k, v in pairs)

    head = "".join(f"<th class='{'num' if c in NUMERIC else ''}'>"
                   f"{two_line(style.columns[c])}</th>" for c in columns)
    table = items_html(spec, style, columns, zebra=False, dark=True)
    table = table[:table.index("<thead>")] + f"<thead><tr style='background:#cfcfcf'>{head}</tr></thead>" + \
        table[table.index("</thead>") + len("</thead>"):]
    totals = "".join(f"<tr><td class='lab'>{two_line(k)}</td><td class='v'><b>{e(v)}</b></td></tr>"
                     for k, v in totals_rows(spec, style))
    party = "".join(f"<td style='vertical-align:top; width:50%'><b>{two_line(style.label(role))}</b><br><b>{e(p.name)}</b>"
                    f"<table>{rows(pairs)}</table></td>"
                    for role, p, pairs in (("seller", spec.seller, seller_pairs), ("buyer", spec.buyer, buyer_pairs)))
    body = f"""
    <h1>{two_line(style.title)}</h1>
    <table>{rows(meta(spec, style, rng, True))}</table>
    <table style='width:100%; margin-top:8pt'><tr>{party}</tr></table>
    {table}
    <table class='totals' style='margin-left:auto; margin-top:10pt'>{totals}</table>
    """
    extra = ".tr { color: #555; font-size: 0.8em; font-weight: normal; } .lab { padding-right: 8pt; vertical-align: top; }"
    return _render(body, css(rng, extra)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def till_receipt(spec: InvoiceSpec, style: Style, rng: random.Random):
    """An 80 mm till roll: seller header, one item per line pair, no table frame."""
    s = spec.seller
    seller_pairs = [(style.label("company_code"), s.company_code)] if s.company_code else []
    seller_pairs += [(style.label("vat_code"), s.vat_code)] if s.vat_code else []
    show_buyer = rng.random() < 0.5
    buyer_pairs = party_lines(spec.buyer, style, rng, with_bank=False) if show_buyer else []
    items = "".join(f"<div class='d'>{e(desc)}</div><div class='r'><span>{e(mid)}</span><span>{e(amount)}</span></div>"
                    for desc, mid, amount in receipt_rows(spec, style))
    sums = totals_rows(spec, style)
    totals = "".join(f"<div class='r{' big' if k == len(sums) - 1 else ''}'><span>{e(label)}</span><span>{e(value)}</span></div>"
                     for k, (label, value) in enumerate(sums))
    number = f"{style.labels['number']} {spec.invoice_number}"
    buyer = (f"<div class='sep'></div><div><b>{e(style.label('buyer'))}</b></div><div>{e(spec.buyer.name)}</div>"
             + pairs_html(buyer_pairs, True)) if show_buyer else ""
    body = f"""
    <div class='c'><b>{e(s.name)}</b><br>{e(s.address)}</div>
    <div class='c'>{pairs_html(seller_pairs, True)}</div>
    <div class='c' style='margin-top:4pt'><b>{e(style.title)}</b><br>{e(number)}<br>{e(style.date(spec.issue))} {rng.randint(8, 20):02d}:{rng.randint(0, 59):02d}</div>
    <div class='sep'></div>{items}<div class='sep'></div>{totals}
    <div style='margin-top:4pt'>{e(style.labels['paid'])} {e(style.money(spec.gross, True))}</div>{buyer}
    """
    height = 120 + 12 * len(spec.items) + (30 if show_buyer else 0)
    font = rng.choice(["DejaVu Sans Mono", "Liberation Mono", "DejaVu Sans Condensed"])
    style_sheet = f"""@page {{ size: 80mm {height}mm; margin: 5mm 4mm; }}
    body {{ font-family: '{font}'; font-size: 7.5pt; }} .c {{ text-align: center; }}
    .r {{ display: flex; justify-content: space-between; gap: 6pt; }} .d {{ margin-top: 2pt; }}
    .sep {{ border-top: 1px dashed #000; margin: 4pt 0; }} .big {{ font-weight: bold; font-size: 9pt; }}"""
    printed = printed_flags(spec, ["description", "quantity", "unitPrice", "netAmount"] +
                            (["discount"] if any(i.discount for i in spec.items) else []),
                            seller_pairs, buyer_pairs, due=False, delivery=False)
    if not show_buyer:
        printed["buyer"] = {"shown": False}
    return _render(body, style_sheet), printed


def credit_memo(spec: InvoiceSpec, style: Style, rng: random.Random):
    """A credit note that leads with the invoice it corrects and why."""
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    reason = rng.choice(LABELS[style.lang]["credit_reason"])
    body = f"""
    <div style='display:flex; justify-content:space-between'>
      <div>{party_html(style.label('seller'), spec.seller.name, seller_pairs, True, heading=rng.random() < 0.5)}</div>
      <div class='stamp'><h1>{e(style.title)}</h1>{meta_table(meta(spec, style, rng, True))}</div>
    </div>
    <div class='ref'>{e(reason)}</div>
    <div style='margin-top:10pt; width:60%'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, True)}</div>
    {items_html(spec, style, columns, zebra=rng.random() < 0.5, dark=False)}
    {totals_html(spec, style)}
    """
    extra = ".stamp { border: 2px solid #900; color: #600; padding: 6pt; } .ref { margin-top: 10pt; font-style: italic; }"
    return _render(body, css(rng, extra)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def cards(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Seller, buyer and payment as three cards; the amount due is the largest text."""
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng, with_bank=False)
    buyer_pairs = party_lines(spec.buyer, style, rng, with_bank=False)
    s = spec.seller
    pay = [(style.label("iban"), s.iban), (style.label("bank"), s.bank)] if s.iban else []
    due = [(style.label("due"), style.date(spec.due))] if spec.due else []
    rows = meta(spec, style, rng, True)
    body = f"""
    <div style='display:flex; justify-content:space-between; align-items:flex-end'>
      <div><h1>{e(style.title)}</h1><div class='muted'>{e(rows[0][0])} {e(rows[0][1])} · {e(rows[1][0])} {e(rows[1][1])}</div></div>
      <div style='text-align:right'><div class='muted'>{e(style.label('gross'))}</div><div class='hero'>{e(style.money(spec.gross, True))}</div></div>
    </div>
    <div style='display:flex; gap:8pt; margin-top:12pt'>
      <div class='card'>{party_html(style.label('seller'), s.name, seller_pairs, True)}</div>
      <div class='card'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, True)}</div>
      <div class='card'>{pairs_html(pay + due + rows[2:], False)}</div>
    </div>
    {items_html(spec, style, columns, zebra=False, dark=False)}
    {totals_html(spec, style)}
    """
    extra = """.card { flex: 1; border-radius: 6pt; background: #eef0f3; padding: 7pt; } .hero { font-size: 20pt; font-weight: bold; }
    table.items td { border-bottom: 1px solid #ddd; }"""
    return _render(body, css(rng, extra)), printed_flags(spec, columns, seller_pairs + pay, buyer_pairs)


def right_rail(spec: InvoiceSpec, style: Style, rng: random.Random):
    """A narrow shaded column on the right holds the number, dates, amount due and bank."""
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng, with_bank=False)
    buyer_pairs = party_lines(spec.buyer, style, rng, with_bank=False)
    s = spec.seller
    pay = [(style.label("iban"), s.iban), (style.label("swift"), s.swift)] if s.iban else []
    rail = "".join(f"<div class='k'>{e(k)}</div><div class='v'>{e(v)}</div>"
                   for k, v in meta(spec, style, rng, True) + [(style.label("gross"), style.money(spec.gross, True))] + pay)
    body = f"""
    <div style='display:flex; gap:12pt'>
      <div style='flex:1'>
        <div style='font-size:14pt'><b>{e(s.name)}</b></div>{pairs_html(seller_pairs, True)}
        <h1 style='margin-top:14pt'>{e(style.title)}</h1>
        {party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, rng.random() < 0.5)}
      </div>
      <div class='rail'>{rail}</div>
    </div>
    {items_html(spec, style, columns, zebra=rng.random() < 0.5, dark=rng.random() < 0.5)}
    {totals_html(spec, style)}
    """
    extra = ".rail { width: 150pt; background: #e4e4e4; padding: 8pt; } .k { color: #444; font-size: 0.85em; } .v { font-weight: bold; margin-bottom: 4pt; }"
    return _render(body, css(rng, extra)), printed_flags(spec, columns, seller_pairs + pay, buyer_pairs)


def export_invoice(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Prices in a foreign currency that is named only in the column titles and totals."""
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    code = spec.currency
    style.currency_suffix = ""
    style.columns = {**style.columns, "unitPrice": f"{style.columns['unitPrice']}, {code}",
                     "netAmount": f"{style.columns['netAmount']}, {code}"}
    style.labels = {**style.labels, "gross": f"{style.labels['gross']} ({code})"}
    terms = rng.choice(["Incoterms 2020: DAP Vilnius", "Incoterms 2020: EXW", "Incoterms 2020: FCA Klaipėda"])
    body = f"""
    <h1>{e(style.title)}</h1>
    <div style='display:flex; justify-content:space-between'>
      {meta_table(meta(spec, style, rng, rng.random() < 0.5))}<div class='muted'>{e(terms)}</div>
    </div>
    <div style='display:flex; gap:20pt; margin-top:10pt'>
      <div style='width:48%'>{party_html(style.label('seller'), spec.seller.name, seller_pairs, True)}</div>
      <div style='width:48%'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, True)}</div>
    </div>
    {items_html(spec, style, columns, zebra=True, dark=False)}
    {totals_html(spec, style)}
    """
    return _render(body, css(rng)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def color_band(spec: InvoiceSpec, style: Style, rng: random.Random):
    """The seller's name in a coloured band; its codes and bank in the footer."""
    columns = choose_columns(spec, rng)
    s = spec.seller
    contact = [("", s.address)] + ([(style.label("phone"), s.phone)] if s.phone else []) + \
        ([(style.label("email"), s.email)] if s.email else [])
    codes = ([(style.label("company_code"), s.company_code)] if s.company_code else []) + \
        ([(style.label("vat_code"), s.vat_code)] if s.vat_code else []) + \
        ([(style.label("iban"), s.iban), (style.label("bank"), s.bank)] if s.iban else [])
    buyer_pairs = party_lines(spec.buyer, style, rng)
    colour = rng.choice(["#1f3a5f", "#234d20", "#5a1e1e", "#333333"])
    body = f"""
    <div class='band'><div style='font-size:16pt'><b>{e(s.name)}</b></div>{' · '.join(e(f'{k} {v}'.strip()) for k, v in contact)}</div>
    <div style='display:flex; justify-content:space-between; margin-top:12pt'>
      <div style='width:55%'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, True)}</div>
      <div><h1>{e(style.title)}</h1>{meta_table(meta(spec, style, rng, True))}</div>
    </div>
    {items_html(spec, style, columns, zebra=rng.random() < 0.5, dark=True)}
    {totals_html(spec, style)}
    <div class='foot'>{' | '.join(e(f'{k} {v}'.strip()) for k, v in codes)}</div>
    """
    extra = f""".band {{ background: {colour}; color: white; padding: 10pt; }}
    .foot {{ margin-top: 36pt; font-size: 7pt; text-align: center; border-top: 1px solid #999; page-break-inside: avoid; }}"""
    return _render(body, css(rng, extra)), printed_flags(spec, columns, contact + codes, buyer_pairs)


def item_subline(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Each item's code and unit on a second, smaller line under its description."""
    columns = [c for c in choose_columns(spec, rng) if c not in ("code", "unit")]
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    rows = []
    for n, item in enumerate(spec.items, 1):
        sub = " · ".join(x for x in (item.code, item.unit) if x)
        cells = []
        for c in columns:
            if c == "description":
                cells.append(f"<td>{e(item.description)}<div class='sub'>{e(sub)}</div></td>")
            else:
                cells.append(f"<td class='num'>{e(cell_text(c, n, item, style))}</td>")
        rows.append(f"<tr>{''.join(cells)}</tr>")
    head = "".join(f"<th class='{'' if c == 'description' else 'num'}'>{e(style.columns[c])}</th>" for c in columns)
    body = f"""
    <div style='display:flex; justify-content:space-between'>
      <div>{party_html(style.label('seller'), spec.seller.name, seller_pairs, True)}</div>
      <div style='text-align:right'><h1>{e(style.title)}</h1>{meta_table(meta(spec, style, rng, True))}</div>
    </div>
    <div style='margin-top:10pt'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, True)}</div>
    <table class='items'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>
    {totals_html(spec, style)}
    """
    extra = ".sub { font-size: 0.8em; color: #555; } table.items td { border-bottom: 1px solid #ccc; }"
    return _render(body, css(rng, extra)), printed_flags(spec, columns + ["code"], seller_pairs, buyer_pairs)


def long_ledger(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Always many items over several pages: the header repeats, a page counter runs."""
    columns = choose_columns(spec, rng)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    body = f"""
    <div style='display:flex; justify-content:space-between'>
      <div><h1>{e(style.title)}</h1>{meta_table(meta(spec, style, rng, rng.random() < 0.5))}</div>
      <div style='width:45%'>{party_html(style.label('seller'), spec.seller.name, seller_pairs, True)}</div>
    </div>
    <div style='margin-top:8pt; width:50%'>{party_html(style.label('buyer'), spec.buyer.name, buyer_pairs, True)}</div>
    {items_html(spec, style, columns, zebra=True, dark=True)}
    {totals_html(spec, style)}
    """
    font = rng.choice(FONT_FAMILIES)
    extra = f"body {{ font-family: '{font}'; }}"
    return _render(body, css(rng, extra)), printed_flags(spec, columns, seller_pairs, buyer_pairs)


FAMILIES = {
    "corporate_grid": corporate_grid,
    "window_address": window_address,
    "bilingual_side": bilingual_side,
    "bilingual_stacked": bilingual_stacked,
    "till_receipt": till_receipt,
    "credit_memo": credit_memo,
    "cards": cards,
    "right_rail": right_rail,
    "export_invoice": export_invoice,
    "color_band": color_band,
    "item_subline": item_subline,
    "long_ledger": long_ledger,
}
