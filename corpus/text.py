"""How values and labels are printed: the variety a reader of real invoices meets.

A ``Style`` is drawn once per document from its seed: date format, number format,
label wordings (``wording``, in the document's language, or in two languages side by
side for a bilingual document), whether a currency code follows amounts. The same style
prints every value of the document, as real invoicing software does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from .countries import COUNTRY_NAMES
from .spec import InvoiceSpec, PartySpec
from .wording import DATE_FORMATS, LABELS, MONTHS, NUMBER_FORMATS

@dataclass
class Style:
    lang: str
    date_format: str
    number_format: str
    currency_suffix: str  # "", " EUR", " €"
    labels: dict[str, str]  # chosen wording per label key
    columns: dict[str, str]
    title: str
    colon: bool

    def label(self, key: str, **kw) -> str:
        text = self.labels[key].format(**kw)
        if self.colon and not text.endswith(":"):
            return text + ":"
        return text

    def date(self, d: date | None) -> str:
        return format_date(d, self.date_format, self.lang) if d else ""

    def money(self, value: Decimal, suffix: bool = False) -> str:
        text = format_number(value, self.number_format)
        return text + (self.currency_suffix if suffix else "")

    def qty(self, value: Decimal) -> str:
        normal = value.normalize()
        if normal == normal.to_integral():
            return str(int(normal))
        dec = "." if self.number_format in ("comma_dot", "plain_dot") else ","
        return format(normal, "f").replace(".", dec)

    def rate(self, value: Decimal) -> str:
        return self.qty(value)


def make_style(spec: InvoiceSpec, rng: random.Random, second: str | None = None) -> Style:
    """The print style of ``spec``; with ``second`` every label is printed in the
    document's language and then in ``second`` ("Pirkėjas / Buyer")."""
    lang = spec.language
    table = LABELS[lang]
    labels = {k: rng.choice(v) for k, v in table.items() if isinstance(v, list)}
    columns = {k: rng.choice(v) for k, v in table["columns"].items()}
    title = rng.choice(table["title"][spec.doc_type])
    if second:
        other = LABELS[second]
        labels = {k: f"{v.rstrip(':')} / {rng.choice(other[k]).rstrip(':')}" for k, v in labels.items()}
        columns = {k: f"{v} / {rng.choice(other['columns'][k])}" for k, v in columns.items()}
        title = f"{title} / {rng.choice(other['title'][spec.doc_type])}"
    date_format = rng.choice(DATE_FORMATS[lang])
    number_format = rng.choice(NUMBER_FORMATS[lang])
    symbol = {"EUR": rng.choice([" EUR", " €"])}.get(spec.currency, " " + spec.currency)
    currency_suffix = symbol if (spec.currency != "EUR" or rng.random() < 0.5) else ""
    # Bare "To"/"From" only work with a colon; keep labels as real software prints them.
    colon = rng.random() < 0.6 or labels["buyer"] in ("To",) or labels["seller"] in ("From",)
    return Style(lang, date_format, number_format, currency_suffix, labels, columns, title, colon)


def format_date(d: date, fmt: str, lang: str = "en") -> str:
    months = MONTHS[lang]
    if fmt == "iso":
        return d.isoformat()
    if fmt == "dots_ymd":
        return f"{d.year}.{d.month:02d}.{d.day:02d}"
    if fmt == "lt_words":
        return f"{d.year} m. {MONTHS['lt'][d.month - 1]} {d.day} d."
    if fmt == "dmy_dots":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if fmt == "dmy_slash":
        return f"{d.day:02d}/{d.month:02d}/{d.year}"
    if fmt == "dmy_dash":
        return f"{d.day:02d}-{d.month:02d}-{d.year}"
    if fmt == "en_mdy":
        return f"{MONTHS['en'][d.month - 1]} {d.day}, {d.year}"
    if fmt == "en_dmy":
        return f"{d.day} {MONTHS['en'][d.month - 1]} {d.year}"
    if fmt == "de_words":  # German and Estonian: "14. März 2026", "14. märts 2026"
        return f"{d.day}. {months[d.month - 1]} {d.year}"
    if fmt == "words":  # French, Polish, Dutch, Italian: "14 mars 2026"
        return f"{d.day} {months[d.month - 1]} {d.year}"
    if fmt == "lv_words":
        return f"{d.year}. gada {d.day}. {MONTHS['lv'][d.month - 1]}"
    if fmt == "es_words":
        return f"{d.day} de {MONTHS['es'][d.month - 1]} de {d.year}"
    if fmt == "ru_words":
        return f"{d.day} {MONTHS['ru'][d.month - 1]} {d.year} г."
    raise ValueError(fmt)


def format_number(value: Decimal, fmt: str) -> str:
    sign = "-" if value < 0 else ""
    digits = f"{abs(value):.2f}" if abs(value).as_tuple().exponent >= -2 else format(abs(value).normalize(), "f")
    whole, _, frac = digits.partition(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    if fmt == "space_comma":
        return sign + " ".join(groups) + "," + frac
    if fmt == "plain_comma":
        return sign + "".join(groups) + "," + frac
    if fmt == "dot_comma":
        return sign + ".".join(groups) + "," + frac
    if fmt == "comma_dot":
        return sign + ",".join(groups) + "." + frac
    if fmt == "plain_dot":
        return sign + "".join(groups) + "." + frac
    raise ValueError(fmt)


def country_name(code: str, lang: str) -> str:
    return COUNTRY_NAMES[lang][code]


def party_lines(party: PartySpec, style: Style, rng: random.Random, *, with_bank: bool = True,
                with_country: bool | None = None) -> list[tuple[str, str]]:
    """(label, value) pairs of a party block; label "" for the name and address lines."""
    out: list[tuple[str, str]] = []
    if party.company_code:
        out.append((style.label("company_code"), party.company_code))
    if party.vat_code:
        out.append((style.label("vat_code"), party.vat_code))
    address = party.address
    if with_country if with_country is not None else party.country != "LT":
        address += ", " + country_name(party.country, style.lang)
    out.append((style.label("address") if rng.random() < 0.6 else "", address))
    if with_bank and party.iban:
        out.append((style.label("iban"), spaced_iban(party.iban) if rng.random() < 0.5 else party.iban))
        if party.bank:
            out.append((style.label("bank"), party.bank))
    if party.phone and rng.random() < 0.6:
        out.append((style.label("phone"), party.phone))
    if party.email and rng.random() < 0.6:
        out.append((style.label("email"), party.email))
    return out


def spaced_iban(iban: str) -> str:
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
