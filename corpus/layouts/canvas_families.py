"""Layout families drawn with reportlab at absolute positions.

Eleven arrangements of the same facts: a centred title with parties side by side; a
letterhead seller without a heading; stacked party boxes beside an invoice-data box; a
seller known only from the footer; "From / To" columns; a two-line table header with a
VAT breakdown per rate; a monospaced till receipt on an 80 mm roll; a bilingual form of
captioned boxes; a right-aligned letterhead with the buyer under "bill to"; a letter
with the buyer's address in the envelope window and no heading; and a shop's till slip
with the factors under each item and VAT letters. Long tables break over pages, with
the header repeated or not.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from ..spec import InvoiceSpec
from ..text import Style, country_name, party_lines
from ..wording import LABELS
from .common import NUMERIC, WEIGHTS, cell_text, choose_columns, date_rows, printed_flags, receipt_rows, totals_rows

FONTS = {
    "DejaVuSans": ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                   "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    "DejaVuSerif": ("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
                    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"),
    "DejaVuSansCondensed": ("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
                            "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf"),
    "LiberationSans": ("/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
                       "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf"),
    "LiberationSerif": ("/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf",
                        "/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf"),
}
_registered: set[str] = set()


def available_fonts() -> list[str]:
    return [name for name, (regular, bold) in FONTS.items() if Path(regular).exists() and Path(bold).exists()]


def _register(name: str) -> None:
    if name in _registered:
        return
    regular, bold = FONTS[name]
    pdfmetrics.registerFont(TTFont(name, regular))
    pdfmetrics.registerFont(TTFont(name + "-Bold", bold))
    _registered.add(name)


W, H = A4
MARGIN = 42


class Draw:
    """A reportlab canvas addressed from the top of the page, with the helpers layouts need."""

    def __init__(self, rng: random.Random):
        self.buffer = io.BytesIO()
        self.c = canvas.Canvas(self.buffer, pagesize=A4)
        self.font = rng.choice(available_fonts())
        _register(self.font)
        self.size = rng.choice([8, 8.5, 9, 9.5])
        self.page = 1
        self.footer: list[str] = []

    def text(self, x: float, y: float, s: str, size: float | None = None, bold: bool = False,
             align: str = "left") -> None:
        size = size or self.size
        self.c.setFont(self.font + ("-Bold" if bold else ""), size)
        yy = H - y
        if align == "right":
            self.c.drawRightString(x, yy, s)
        elif align == "center":
            self.c.drawCentredString(x, yy, s)
        else:
            self.c.drawString(x, yy, s)

    def width(self, s: str, size: float | None = None, bold: bool = False) -> float:
        return pdfmetrics.stringWidth(s, self.font + ("-Bold" if bold else ""), size or self.size)

    def wrap(self, s: str, width: float, size: float | None = None, bold: bool = False) -> list[str]:
        lines, current = [], ""
        for word in s.split():
            trial = f"{current} {word}".strip()
            if current and self.width(trial, size, bold) > width:
                lines.append(current)
                current = word
            else:
                current = trial
        return lines + ([current] if current else [])

    def rule(self, x0: float, y: float, x1: float, width: float = 0.6) -> None:
        self.c.setLineWidth(width)
        self.c.line(x0, H - y, x1, H - y)

    def box(self, x0: float, y0: float, x1: float, y1: float, fill: float | None = None) -> None:
        self.c.setLineWidth(0.6)
        if fill is not None:
            self.c.setFillGray(fill)
            self.c.rect(x0, H - y1, x1 - x0, y1 - y0, stroke=0, fill=1)
            self.c.setFillGray(0)
        else:
            self.c.rect(x0, H - y1, x1 - x0, y1 - y0, stroke=1, fill=0)

    def new_page(self) -> None:
        self.draw_footer()
        self.c.showPage()
        self.page += 1

    def draw_footer(self) -> None:
        for k, line in enumerate(self.footer):
            self.text(W / 2, H - 40 + k * (self.size + 2), line, size=self.size - 1, align="center")

    def pairs(self, x: float, y: float, pairs: list[tuple[str, str]], inline: bool, value_dx: float = 95,
              max_width: float = 240) -> float:
        lead = self.size * 1.35
        if not inline:  # values start after the longest label, as a form would print them
            value_dx = max([value_dx] + [self.width(label) + 10 for label, _ in pairs if label])
        for label, value in pairs:
            if inline or not label:
                line = f"{label} {value}".strip()
                for part in self.wrap(line, max_width):
                    self.text(x, y, part)
                    y += lead
            else:
                self.text(x, y, label)
                self.text(x + value_dx, y, value)
                y += lead
        return y

    def finish(self) -> bytes:
        self.draw_footer()
        self.c.save()
        return self.buffer.getvalue()


def _table(d: Draw, spec: InvoiceSpec, style: Style, columns: list[str], y: float, rng: random.Random,
           variant: str, repeat_header: bool, two_line: bool = False, x0: float = MARGIN,
           x1: float = W - MARGIN) -> float:
    total = sum(WEIGHTS[c] for c in columns)
    edges = [x0]
    for c in columns:
        edges.append(edges[-1] + (x1 - x0) * WEIGHTS[c] / total)
    lead = d.size * 1.3
    pad = 3

    def header(y: float) -> float:
        titles = [style.columns[c] for c in columns]
        # Titles wider than their column wrap, as invoicing software does.
        rows = [d.wrap(t, edges[i + 1] - edges[i] - 2 * pad, bold=True) for i, t in enumerate(titles)]
        if two_line:
            rows = [r if len(r) > 1 or len(t.split()) < 2 else t.split(None, 1) for r, t in zip(rows, titles)]
        height = max(len(r) for r in rows) * lead + 4
        if variant == "dark":
            d.box(x0, y, x1, y + height, fill=0.82)
        for i, c in enumerate(columns):
            for k, part in enumerate(rows[i]):
                yy = y + lead * (k + 1) - 2
                if c in NUMERIC:
                    d.text(edges[i + 1] - pad, yy, part, bold=True, align="right")
                else:
                    d.text(edges[i] + pad, yy, part, bold=True)
        if variant in ("grid", "lines"):
            d.rule(x0, y, x1)
            d.rule(x0, y + height, x1)
        return y + height + 2

    y = header(y)
    for n, item in enumerate(spec.items, 1):
        desc_i = columns.index("description")
        desc = d.wrap(item.description, edges[desc_i + 1] - edges[desc_i] - 2 * pad)
        height = len(desc) * lead + 3
        if y + height > H - 80:
            if variant == "grid":
                d.rule(x0, y, x1)
            if rng.random() < 0.5:
                d.text(x1, y + lead, LABELS[style.lang]["continued"], size=d.size - 1, align="right")
            d.new_page()
            y = 60
            if repeat_header:
                y = header(y)
        if variant == "zebra" and n % 2 == 0:
            d.box(x0, y, x1, y + height, fill=0.92)
        for i, c in enumerate(columns):
            if c == "description":
                for k, part in enumerate(desc):
                    d.text(edges[i] + pad, y + lead * (k + 1) - 2, part)
                continue
            value = cell_text(c, n, item, style)
            if c in NUMERIC:
                d.text(edges[i + 1] - pad, y + lead - 2, value, align="right")
            else:
                d.text(edges[i] + pad, y + lead - 2, value)
        y += height
        if variant == "grid":
            d.rule(x0, y, x1, 0.3)
    if variant in ("grid", "lines"):
        d.rule(x0, y, x1)
    return y + 8


def _totals(d: Draw, spec: InvoiceSpec, style: Style, y: float, x_label: float, x_value: float,
            rng: random.Random) -> float:
    lead = d.size * 1.45
    if y > H - 120:
        d.new_page()
        y = 60
    rows = totals_rows(spec, style)
    for k, (label, value) in enumerate(rows):
        bold = k == len(rows) - 1
        d.text(x_label, y, label, bold=bold)
        d.text(x_value, y, value, bold=bold, align="right")
        y += lead
    return y + 6


def _title_number_line(spec: InvoiceSpec, style: Style) -> str:
    if spec.series:
        return f"{style.labels['series']} {spec.series} {style.labels['number']} {spec.number}"
    return f"{style.labels['number']} {spec.number}"


def _signature(d: Draw, style: Style, y: float) -> None:
    if y < H - 70:
        d.text(MARGIN, y + 20, f"{style.labels['signature']}: ____________________")


# ------------------------------------------------------------------ families


def classic_centered(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Centred title, series and number under it, parties side by side under headings."""
    d = Draw(rng)
    columns = choose_columns(spec, rng)
    d.text(W / 2, 60, style.title, size=15, bold=True, align="center")
    d.text(W / 2, 78, _title_number_line(spec, style), size=11, bold=True, align="center")
    y = 94
    for label, value in date_rows(spec, style):
        d.text(W / 2, y, f"{label} {value}", align="center")
        y += d.size * 1.4
    y += 14
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    inline = rng.random() < 0.6
    for x, role, party, pairs in ((MARGIN, "seller", spec.seller, seller_pairs),
                                  (W / 2 + 10, "buyer", spec.buyer, buyer_pairs)):
        d.text(x, y, style.label(role), bold=True)
        d.text(x, y + d.size * 1.5, party.name, bold=True)
        d.pairs(x, y + d.size * 3, pairs, inline, value_dx=85, max_width=W / 2 - 60)
    y += d.size * 3 + 1.4 * d.size * max(len(seller_pairs), len(buyer_pairs)) + 24
    variant = rng.choice(["grid", "lines", "zebra", "plain"])
    y = _table(d, spec, style, columns, y, rng, variant, repeat_header=rng.random() < 0.7)
    y = _totals(d, spec, style, y + 6, W - 250, W - MARGIN, rng)
    _signature(d, style, y)
    return d.finish(), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def letterhead(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Seller as a letterhead (name large, details under it, no heading); data box right."""
    d = Draw(rng)
    columns = choose_columns(spec, rng)
    d.text(MARGIN, 56, spec.seller.name, size=14, bold=True)
    seller_pairs = party_lines(spec.seller, style, rng, with_bank=rng.random() < 0.5)
    y = d.pairs(MARGIN, 74, seller_pairs, inline=True, max_width=260)
    bx = W - 230
    d.text(bx, 56, style.title, size=12, bold=True)
    yy = 74
    if spec.series:
        d.text(bx, yy, f"{style.label('series')} {spec.series}  {style.label('number')} {spec.number}")
    else:
        d.text(bx, yy, f"{style.label('invoice_number')} {spec.number}")
    yy += d.size * 1.5
    d.pairs(bx, yy, date_rows(spec, style), inline=False, value_dx=105)
    y = max(y, yy + 60) + 10
    buyer_pairs = party_lines(spec.buyer, style, rng)
    d.text(MARGIN, y, style.label("buyer"), bold=True)
    d.text(MARGIN + 70, y, spec.buyer.name, bold=True)
    y = d.pairs(MARGIN + 70, y + d.size * 1.4, buyer_pairs, inline=rng.random() < 0.5, value_dx=100) + 16
    variant = rng.choice(["grid", "zebra", "dark"])
    y = _table(d, spec, style, columns, y, rng, variant, repeat_header=True)
    y = _totals(d, spec, style, y, W - 240, W - MARGIN, rng)
    printed_iban = any(spec.seller.iban and spec.seller.iban in v.replace(" ", "") for _, v in seller_pairs)
    if spec.seller.iban and not printed_iban:
        bank = [(style.label("iban"), spec.seller.iban)] + ([(style.label("bank"), spec.seller.bank)] if spec.seller.bank else [])
        y = d.pairs(MARGIN, y + 6, bank, inline=True)
        seller_pairs = seller_pairs + bank
    _signature(d, style, y)
    return d.finish(), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def stacked_boxes(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Seller box above buyer box on the left, invoice data in a box on the right."""
    d = Draw(rng)
    columns = choose_columns(spec, rng)
    d.text(MARGIN, 54, style.title, size=14, bold=True)
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    y = 80
    inline = rng.random() < 0.5
    for role, party, pairs in (("seller", spec.seller, seller_pairs), ("buyer", spec.buyer, buyer_pairs)):
        top = y
        d.text(MARGIN + 6, y + 10, style.label(role), bold=True)
        d.text(MARGIN + 6, y + 10 + d.size * 1.5, party.name)
        y = d.pairs(MARGIN + 6, y + 10 + d.size * 3, pairs, inline, value_dx=100, max_width=270)
        d.box(MARGIN, top, MARGIN + 290, y)
        y += 10
    bx = W - 220
    d.box(bx - 6, 80, W - MARGIN, 80 + 16 + d.size * 1.45 * (len(date_rows(spec, style)) + 2))
    rows = [(style.label("invoice_number"), spec.invoice_number)] if rng.random() < 0.5 or not spec.series else [
        (style.label("series"), spec.series), (style.label("number"), spec.number)]
    d.pairs(bx, 94, rows + date_rows(spec, style), inline=False, value_dx=95)
    y += 10
    variant = rng.choice(["zebra", "grid", "lines"])
    y = _table(d, spec, style, columns, y, rng, variant, repeat_header=rng.random() < 0.5)
    y = _totals(d, spec, style, y, W - 260, W - MARGIN, rng)
    _signature(d, style, y)
    return d.finish(), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def footer_seller(spec: InvoiceSpec, style: Style, rng: random.Random):
    """The seller appears only in the footer, on one or two lines; buyer under a heading."""
    d = Draw(rng)
    columns = choose_columns(spec, rng)
    s = spec.seller
    first = [s.name] + ([f"{style.labels['company_code']} {s.company_code}"] if s.company_code else []) + \
        ([f"{style.labels['vat_code']} {s.vat_code}"] if s.vat_code else [])
    second = [s.address] + ([f"{style.labels['iban']} {s.iban}"] if s.iban else []) + ([s.bank] if s.bank else [])
    d.footer = [" | ".join(first), " | ".join(second)]
    seller_pairs = [("", v) for v in first + second]
    d.text(MARGIN, 58, style.title, size=16, bold=True)
    d.text(MARGIN, 78, _title_number_line(spec, style), size=10)
    y = d.pairs(W - 250, 58, date_rows(spec, style), inline=False, value_dx=110)
    y = max(y, 100) + 10
    buyer_pairs = party_lines(spec.buyer, style, rng)
    d.text(MARGIN, y, style.label("buyer"), bold=True)
    d.text(MARGIN, y + d.size * 1.4, spec.buyer.name)
    y = d.pairs(MARGIN, y + d.size * 2.8, buyer_pairs, inline=True, max_width=300) + 18
    variant = rng.choice(["grid", "lines", "plain", "dark"])
    y = _table(d, spec, style, columns, y, rng, variant, repeat_header=rng.random() < 0.6)
    y = _totals(d, spec, style, y, W - 250, W - MARGIN, rng)
    _signature(d, style, y)
    return d.finish(), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def from_to_columns(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Title left, number and dates right as a label column; "From" and "To" columns."""
    d = Draw(rng)
    columns = choose_columns(spec, rng)
    d.text(MARGIN, 64, style.title, size=20, bold=True)
    rows = [(style.label("invoice_number"), spec.invoice_number)] + date_rows(spec, style)
    y = d.pairs(W - 240, 50, rows, inline=False, value_dx=100)
    y = max(y, 100) + 12
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    for x, role, party, pairs in ((MARGIN, "seller", spec.seller, seller_pairs),
                                  (W / 2 + 20, "buyer", spec.buyer, buyer_pairs)):
        d.text(x, y, style.label(role).upper() if rng.random() < 0.3 else style.label(role), bold=True)
        d.rule(x, y + 4, x + 200, 0.4)
        d.text(x, y + d.size * 1.8, party.name, bold=True)
        d.pairs(x, y + d.size * 3.2, pairs, inline=True, max_width=W / 2 - 70)
    y += d.size * 3.2 + 1.4 * d.size * (max(len(seller_pairs), len(buyer_pairs)) + 1) + 20
    y = _table(d, spec, style, columns, y, rng, rng.choice(["lines", "dark"]), repeat_header=True)
    y = _totals(d, spec, style, y, W - 230, W - MARGIN, rng)
    _signature(d, style, y)
    return d.finish(), printed_flags(spec, columns, seller_pairs, buyer_pairs)


# Column titles of two words, so that they wrap onto a second header line.
TWO_WORD_TITLES = {"lt": {"unitPrice": "Kaina be PVM", "unit": "Mato vnt."},
                   "en": {"unitPrice": "Unit price", "unit": "Unit of measure"},
                   "de": {"unitPrice": "Preis netto", "unit": "Mengen einheit"},
                   "pl": {"unitPrice": "Cena netto", "unit": "Jedn. miary"}}


def two_line_header(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Column titles wrapped over two lines, a VAT column, totals as a box on the left."""
    d = Draw(rng)
    columns = choose_columns(spec, rng)
    if "vatRate" not in columns:
        columns.insert(columns.index("netAmount"), "vatRate")
    d.text(W - MARGIN, 54, style.title, size=13, bold=True, align="right")
    d.text(W - MARGIN, 70, _title_number_line(spec, style), align="right")
    y = 86
    for label, value in date_rows(spec, style):
        d.text(W - MARGIN, y, f"{label} {value}", align="right")
        y += d.size * 1.4
    y = max(y, 120) + 6
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    inline = rng.random() < 0.5
    for x, role, party, pairs in ((MARGIN, "seller", spec.seller, seller_pairs),
                                  (W / 2 + 10, "buyer", spec.buyer, buyer_pairs)):
        d.text(x, y, f"{style.label(role)} {party.name}", bold=True)
        d.pairs(x, y + d.size * 1.5, pairs, inline, value_dx=100, max_width=W / 2 - 60)
    y += d.size * 1.5 + 1.4 * d.size * max(len(seller_pairs), len(buyer_pairs)) + 20
    if style.lang in TWO_WORD_TITLES and " / " not in style.columns["unit"]:
        style.columns = {**style.columns, **TWO_WORD_TITLES[style.lang]}
    y = _table(d, spec, style, columns, y, rng, "grid", repeat_header=True, two_line=True)
    y = _totals(d, spec, style, y, MARGIN + 250, W - MARGIN, rng)
    return d.finish(), printed_flags(spec, columns, seller_pairs, buyer_pairs, line_rates=True)


MONO = {"DejaVuSansMono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "LiberationMono": "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf"}


def _slip(font: str, size: float, width: float, rows: list[tuple[str, str, str]], lead: float, top: float,
          margin: float) -> bytes:
    """A till roll as long as its rows: (kind, left text, right text) with kind "c" for a
    centred line, "i" for an indented one, "rule" for a line across, "" for plain."""
    step = size * lead
    height = 30 + step * len(rows)
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(width, height))
    c.setFont(font, size)
    y = height - top
    for kind, left, right in rows:
        if kind == "rule":
            c.setLineWidth(0.4)
            c.line(margin, y + 2, width - margin, y + 2)
        elif kind == "c":
            c.drawCentredString(width / 2, y, left)
        else:
            c.drawString(margin + (12 if kind == "i" else 0), y, left)
            if right:
                c.drawRightString(width - margin, y, right)
        y -= step
    c.save()
    return buffer.getvalue()


def mono_receipt(spec: InvoiceSpec, style: Style, rng: random.Random):
    """A till roll 80 mm wide in a monospaced font, one line per item where it fits, the
    page as long as the receipt."""
    font = rng.choice([name for name, path in MONO.items() if Path(path).exists()])
    if font not in _registered:
        pdfmetrics.registerFont(TTFont(font, MONO[font]))
        _registered.add(font)
    size, width = 7.2, 80 * 72 / 25.4
    chars = int((width - 16) / pdfmetrics.stringWidth("0", font, size))
    s = spec.seller
    seller_pairs = [(style.label("company_code"), s.company_code)] if s.company_code else []
    seller_pairs += [(style.label("vat_code"), s.vat_code)] if s.vat_code else []
    show_buyer = rng.random() < 0.4
    buyer_pairs = party_lines(spec.buyer, style, rng, with_bank=False) if show_buyer else []
    lines: list[tuple[str, str]] = [("c", s.name), ("c", s.address)] + [("c", f"{k} {v}") for k, v in seller_pairs]
    lines += [("", ""), ("c", style.title), ("c", f"{style.labels['number']} {spec.invoice_number}"),
              ("c", f"{style.date(spec.issue)} {rng.randint(8, 21):02d}:{rng.randint(0, 59):02d}"), ("", "-" * chars)]

    def spread(left: str, right: str) -> list[tuple[str, str]]:
        if len(left) + len(right) + 1 <= chars:
            return [("", left + " " * (chars - len(left) - len(right)) + right)]
        wrapped, current = [], ""
        for word in left.split():
            if current and len(current) + 1 + len(word) > chars:
                wrapped.append(("", current))
                current = word
            else:
                current = f"{current} {word}".strip()
        if current == left.strip():  # wrapping cannot shorten it (a word as wide as the roll, or a full line)
            return [("", current)] + ([("", right.rjust(chars))] if right else [])
        return wrapped + spread(current, right) if current else wrapped + [("", right.rjust(chars))]

    for desc, mid, amount in receipt_rows(spec, style):
        lines += spread(desc, "") if len(desc) + len(mid) + len(amount) + 2 > chars else []
        lines += spread(mid if len(desc) + len(mid) + len(amount) + 2 > chars else f"{desc} {mid}", amount)
    lines.append(("", "-" * chars))
    for label, value in totals_rows(spec, style):
        lines += spread(label, value)
    lines += [("", ""), ("", f"{style.labels['paid']} {style.money(spec.gross, True)}")]
    if show_buyer:
        lines += [("", "-" * chars), ("", style.label("buyer")), ("", spec.buyer.name)]
        for k, v in buyer_pairs:
            lines += spread(f"{k} {v}".strip(), "")
    pdf = _slip(font, size, width, [(align, text, "") for align, text in lines], lead=1.3, top=18, margin=8)
    printed = printed_flags(spec, ["description", "quantity", "unitPrice", "netAmount"] +
                            (["discount"] if any(i.discount for i in spec.items) else []),
                            seller_pairs, buyer_pairs, due=False, delivery=False)
    if not show_buyer:
        printed["buyer"] = {"shown": False}
    return pdf, printed


def bilingual_form(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Ruled boxes, each with a small bilingual caption in its corner and the value inside."""
    d = Draw(rng)
    columns = choose_columns(spec, rng)
    small = d.size - 2

    def boxed(x0: float, y0: float, x1: float, caption: str, rows: list[str], bold_first: bool = False) -> float:
        d.text(x0 + 3, y0 + small + 1, caption, size=small)
        y = y0 + small + 3
        for k, row in enumerate(rows):
            for part in d.wrap(row, x1 - x0 - 8):
                y += d.size * 1.3
                d.text(x0 + 4, y, part, bold=bold_first and k == 0)
        d.box(x0, y0, x1, y + 5)
        return y + 5

    d.text(W / 2, 50, style.title, size=13, bold=True, align="center")
    meta_rows = [(style.label("invoice_number"), spec.invoice_number)] + date_rows(spec, style)
    step = (W - 2 * MARGIN) / len(meta_rows)
    bottom = 64
    for k, (label, value) in enumerate(meta_rows):
        bottom = max(bottom, boxed(MARGIN + k * step, 64, MARGIN + (k + 1) * step, label, [value]))
    seller_pairs = party_lines(spec.seller, style, rng)
    buyer_pairs = party_lines(spec.buyer, style, rng)
    y = bottom + 8
    ends = []
    for x0, x1, role, party, pairs in ((MARGIN, W / 2 - 4, "seller", spec.seller, seller_pairs),
                                       (W / 2 + 4, W - MARGIN, "buyer", spec.buyer, buyer_pairs)):
        ends.append(boxed(x0, y, x1, style.label(role), [party.name] + [f"{k} {v}".strip() for k, v in pairs], True))
    y = max(ends) + 14
    y = _table(d, spec, style, columns, y, rng, "grid", repeat_header=True)
    y = _totals(d, spec, style, y, W - 260, W - MARGIN, rng)
    _signature(d, style, y)
    return d.finish(), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def letterhead_right(spec: InvoiceSpec, style: Style, rng: random.Random):
    """Seller letterhead right-aligned at the top right; the buyer at the left under a
    "bill to" style heading; a table without rules and the totals in a shaded box."""
    d = Draw(rng)
    columns = choose_columns(spec, rng)
    s = spec.seller
    seller_pairs = party_lines(s, style, rng, with_bank=rng.random() < 0.6)
    d.text(W - MARGIN, 54, s.name, size=13, bold=True, align="right")
    y = 70
    for label, value in seller_pairs:
        d.text(W - MARGIN, y, f"{label} {value}".strip(), size=d.size - 0.5, align="right")
        y += d.size * 1.3
    d.text(MARGIN, 54, style.title, size=17, bold=True)
    d.pairs(MARGIN, 74, [(style.label("invoice_number"), spec.invoice_number)] + date_rows(spec, style),
            inline=False, value_dx=100)
    y = max(y, 74 + d.size * 1.35 * (len(date_rows(spec, style)) + 1)) + 16
    buyer_pairs = party_lines(spec.buyer, style, rng)
    d.text(MARGIN, y, style.label("buyer").upper() if rng.random() < 0.5 else style.label("buyer"), bold=True)
    d.text(MARGIN, y + d.size * 1.5, spec.buyer.name)
    y = d.pairs(MARGIN, y + d.size * 2.9, buyer_pairs, inline=True, max_width=280) + 16
    y = _table(d, spec, style, columns, y, rng, "plain", repeat_header=rng.random() < 0.7)
    rows = len(spec.breakdown()) + (3 if len(spec.breakdown()) > 1 else 2)
    if y < H - 120:
        d.box(W - 270, y - 4, W - MARGIN + 4, y + rows * d.size * 1.45 + 2, fill=0.9)
    y = _totals(d, spec, style, y + 6, W - 262, W - MARGIN, rng)
    return d.finish(), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def envelope_window(spec: InvoiceSpec, style: Style, rng: random.Random):
    """A letter: the seller's letterhead at the top right, the buyer's postal address in
    the envelope window at the left without any heading, its codes in small type under
    it; title, number and dates under the window."""
    d = Draw(rng)
    columns = choose_columns(spec, rng)
    s, b = spec.seller, spec.buyer
    right = W - MARGIN
    d.text(right, 50, s.name, size=13, bold=True, align="right")
    seller_pairs = party_lines(s, style, rng, with_bank=True)
    y = 66
    for label, value in seller_pairs:
        d.text(right, y, f"{label} {value}".strip(), size=d.size - 0.5, align="right")
        y += d.size * 1.3
    # The window of a DL envelope: 45 mm from the top, 20 mm from the left edge.
    wx, wy = 57, max(128, y + 14)
    if rng.random() < 0.5:
        d.text(wx, wy - 12, f"{s.name} · {s.address}", size=5.5)
    lines = [b.name, b.street, f"{b.postal_code} {b.city}"]
    if b.country != "LT" or rng.random() < 0.5:
        lines.append(country_name(b.country, style.lang).upper())
    for k, line in enumerate(lines):
        d.text(wx, wy + k * d.size * 1.4, line, size=d.size + 1, bold=k == 0)
    buyer_pairs = [(style.label("company_code"), b.company_code)] if b.company_code else []
    buyer_pairs += [(style.label("vat_code"), b.vat_code)] if b.vat_code else []
    y = wy + len(lines) * d.size * 1.4 + 4
    for label, value in buyer_pairs:
        d.text(wx, y, f"{label} {value}", size=d.size - 1)
        y += d.size * 1.2
    y = max(y + 20, wy + 95)
    d.text(MARGIN, y, style.title, size=13, bold=True)
    d.text(MARGIN + d.width(style.title, 13, True) + 14, y, _title_number_line(spec, style), size=10)
    y += 18
    for k, (label, value) in enumerate(date_rows(spec, style)):
        d.text(MARGIN + (k % 3) * 170, y + (k // 3) * d.size * 1.4, f"{label}: {value}" if not label.endswith(":")
               else f"{label} {value}")
    y += (len(date_rows(spec, style)) + 2) // 3 * d.size * 1.4 + 14
    variant = rng.choice(["lines", "zebra", "plain"])
    y = _table(d, spec, style, columns, y, rng, variant, repeat_header=rng.random() < 0.6)
    y = _totals(d, spec, style, y + 4, W - 250, W - MARGIN, rng)
    _signature(d, style, y)
    buyer_pairs = [("", b.address)] + buyer_pairs
    return d.finish(), printed_flags(spec, columns, seller_pairs, buyer_pairs)


def pos_slip(spec: InvoiceSpec, style: Style, rng: random.Random):
    """A shop's till slip: each item's text on a line of its own, its quantity x price
    indented under it with the amount and a VAT letter at the right; a VAT table by
    letter at the foot."""
    font = rng.choice([name for name, path in MONO.items() if Path(path).exists()] + available_fonts())
    if font not in _registered:
        if font in MONO:
            pdfmetrics.registerFont(TTFont(font, MONO[font]))
            _registered.add(font)
        else:
            _register(font)
    size, width = rng.choice([7, 7.5, 8]), rng.choice([58, 80]) * 72 / 25.4
    s = spec.seller
    head = [s.name, s.address]
    seller_pairs = [(style.label("company_code"), s.company_code)] if s.company_code else []
    seller_pairs += [(style.label("vat_code"), s.vat_code)] if s.vat_code else []
    head += [f"{k} {v}" for k, v in seller_pairs]
    letters = {rate: "ABCDE"[k] for k, (rate, _, _) in enumerate(spec.breakdown())}
    rows: list[tuple[str, str, str]] = [("c", line, "") for line in head]
    rows += [("", "", ""), ("c", style.title, ""), ("c", f"{style.labels['number']} {spec.invoice_number}", ""),
             ("c", f"{style.date(spec.issue)} {rng.randint(8, 21):02d}:{rng.randint(0, 59):02d}", ""), ("", "", "")]
    amount_first = rng.random() < 0.5  # the amount beside the text, or beside the factors
    for item, (desc, mid, amount) in zip(spec.items, receipt_rows(spec, style)):
        tag = f"{amount} {letters[item.vat_rate]}"
        if amount_first:
            rows += [("", desc, tag), ("i", mid, "")]
        else:
            rows += [("", desc, ""), ("i", mid, tag)]
    rows.append(("rule", "", ""))
    for label, value in totals_rows(spec, style):
        rows.append(("", label, value))
    rows.append(("", "", ""))
    for rate, base, vat in spec.breakdown():
        rows.append(("", f"{letters[rate]} {style.rate(rate)} %  {style.money(base)}", style.money(vat)))
    rows += [("", "", ""), ("", style.labels["paid"], style.money(spec.gross, True))]
    pdf = _slip(font, size, width, rows, lead=1.35, top=16, margin=6)
    printed = printed_flags(spec, ["description", "quantity", "unitPrice", "netAmount"] +
                            (["discount"] if any(i.discount for i in spec.items) else []),
                            seller_pairs, [], due=False, delivery=False)
    printed["buyer"] = {"shown": False}
    return pdf, printed


FAMILIES = {
    "classic_centered": classic_centered,
    "letterhead": letterhead,
    "stacked_boxes": stacked_boxes,
    "footer_seller": footer_seller,
    "from_to_columns": from_to_columns,
    "two_line_header": two_line_header,
    "mono_receipt": mono_receipt,
    "bilingual_form": bilingual_form,
    "letterhead_right": letterhead_right,
    "envelope_window": envelope_window,
    "pos_slip": pos_slip,
}
