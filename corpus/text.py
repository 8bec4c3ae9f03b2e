"""How values and labels are printed: the variety a reader of real invoices meets.

A ``Style`` is drawn once per document from its seed: date format, number format,
label wordings (Lithuanian or English), whether a currency code follows amounts. The
same style prints every value of the document, as real invoicing software does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from .spec import COUNTRY_NAMES, InvoiceSpec, PartySpec

LT_MONTHS_GEN = ["sausio", "vasario", "kovo", "balandžio", "gegužės", "birželio", "liepos", "rugpjūčio",
                 "rugsėjo", "spalio", "lapkričio", "gruodžio"]
EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December"]

LT_DATE_FORMATS = ["iso", "iso", "dots_ymd", "lt_words", "dmy_dots", "iso"]
EN_DATE_FORMATS = ["iso", "dmy_slash", "en_mdy", "en_dmy", "dmy_dots"]
LT_NUMBER_FORMATS = ["space_comma", "space_comma", "plain_comma", "dot_comma"]
EN_NUMBER_FORMATS = ["comma_dot", "comma_dot", "plain_dot", "space_comma"]

LABELS = {
    "lt": {
        "title": {"vat_invoice": ["PVM SĄSKAITA FAKTŪRA", "PVM sąskaita faktūra", "PVM SĄSKAITA-FAKTŪRA"],
                  "invoice": ["SĄSKAITA FAKTŪRA", "Sąskaita faktūra", "SĄSKAITA"],
                  "credit_note": ["KREDITINĖ PVM SĄSKAITA FAKTŪRA", "Kreditinė PVM sąskaita faktūra"],
                  "proforma": ["IŠANKSTINĖ SĄSKAITA", "Išankstinė sąskaita faktūra", "PROFORMA SĄSKAITA"]},
        "seller": ["Pardavėjas", "Tiekėjas", "Pardavėjas:", "Paslaugų teikėjas"],
        "buyer": ["Pirkėjas", "Pirkėjas:", "Gavėjas", "Užsakovas"],
        "series": ["Serija"],
        "number": ["Nr."],
        "invoice_number": ["Sąskaitos Nr.", "Dokumento Nr.", "Sąskaitos faktūros Nr."],
        "issue": ["Išrašymo data", "Sąskaitos data", "Data"],
        "due": ["Apmokėti iki", "Mokėjimo terminas", "Apmokėjimo terminas", "Sumokėti iki"],
        "delivery": ["Prekių pristatymo data", "Paslaugų suteikimo data", "Operacijos data"],
        "company_code": ["Įmonės kodas", "Įm. kodas", "Juridinio asmens kodas", "Kodas"],
        "vat_code": ["PVM mokėtojo kodas", "PVM kodas", "PVM mok. kodas"],
        "address": ["Adresas", "Buveinės adresas"],
        "iban": ["A/s", "Atsiskaitomoji sąskaita", "Banko sąskaita", "IBAN"],
        "bank": ["Bankas"],
        "swift": ["SWIFT", "BIC"],
        "phone": ["Tel.", "Telefonas"],
        "email": ["El. paštas", "El. p."],
        "net": ["Suma be PVM", "Iš viso be PVM", "Tarpinė suma", "Apmokestinamoji vertė"],
        "vat": ["PVM {rate} %", "PVM ({rate} %)", "PVM suma {rate} %", "PVM {rate}%"],
        "vat_total": ["PVM suma", "Iš viso PVM"],
        "gross": ["Iš viso su PVM", "Suma su PVM", "Viso mokėti", "Iš viso"],
        "order": ["Užsakymo Nr."],
        "credited": ["Koreguojama sąskaita", "Kredituojama sąskaita Nr."],
        "in_words": ["Suma žodžiais"],
        "columns": {
            "lineNo": ["Nr.", "Eil. Nr."], "code": ["Kodas", "Prekės kodas", "Artikulas"],
            "description": ["Pavadinimas", "Prekės pavadinimas", "Prekė / paslauga", "Aprašymas"],
            "quantity": ["Kiekis", "Kiek."], "unit": ["Mato vnt.", "Mat. vnt.", "Vnt."],
            "unitPrice": ["Kaina", "Kaina be PVM", "Vnt. kaina"], "discount": ["Nuolaida"],
            "vatRate": ["PVM %", "PVM tarifas"], "vatAmount": ["PVM suma"],
            "netAmount": ["Suma", "Suma be PVM", "Vertė"], "grossAmount": ["Suma su PVM"],
        },
        "continued": "Tęsinys kitame puslapyje",
        "page": "Puslapis {n} iš {total}",
        "signature": ["Sąskaitą išrašė", "Išrašė"],
    },
    "en": {
        "title": {"vat_invoice": ["VAT INVOICE", "VAT Invoice", "TAX INVOICE"],
                  "invoice": ["INVOICE", "Invoice"],
                  "credit_note": ["CREDIT NOTE", "Credit Note"],
                  "proforma": ["PRO FORMA INVOICE", "Proforma Invoice"]},
        "seller": ["Seller", "Supplier", "From", "Seller:"],
        "buyer": ["Buyer", "Bill to", "Customer", "To", "Buyer:"],
        "series": ["Series"],
        "number": ["No."],
        "invoice_number": ["Invoice No.", "Invoice number", "Invoice #", "Document No."],
        "issue": ["Invoice date", "Date of issue", "Issue date", "Date"],
        "due": ["Due date", "Payment due", "Pay by"],
        "delivery": ["Delivery date", "Date of supply"],
        "company_code": ["Company code", "Reg. No.", "Registration No.", "Company reg. no."],
        "vat_code": ["VAT No.", "VAT ID", "VAT code", "VAT reg. no."],
        "address": ["Address"],
        "iban": ["IBAN", "Account No.", "Bank account"],
        "bank": ["Bank"],
        "swift": ["SWIFT", "BIC", "SWIFT/BIC"],
        "phone": ["Phone", "Tel."],
        "email": ["E-mail", "Email"],
        "net": ["Subtotal", "Total excl. VAT", "Net total", "Amount excl. VAT"],
        "vat": ["VAT {rate}%", "VAT ({rate}%)", "VAT {rate} %", "Tax {rate}%"],
        "vat_total": ["VAT amount", "Total VAT"],
        "gross": ["Total", "Total incl. VAT", "Grand total", "Invoice total", "Amount due"],
        "order": ["Order No.", "PO number"],
        "credited": ["Credited invoice", "Original invoice"],
        "in_words": ["Amount in words"],
        "columns": {
            "lineNo": ["No.", "#"], "code": ["Code", "Item code", "SKU"],
            "description": ["Description", "Item", "Product / service"],
            "quantity": ["Qty", "Quantity"], "unit": ["Unit", "UoM"],
            "unitPrice": ["Unit price", "Price"], "discount": ["Discount"],
            "vatRate": ["VAT %", "VAT rate"], "vatAmount": ["VAT amount", "VAT"],
            "netAmount": ["Amount", "Net amount", "Line total"], "grossAmount": ["Gross amount"],
        },
        "continued": "Continued on the next page",
        "page": "Page {n} of {total}",
        "signature": ["Issued by", "Prepared by"],
    },
}


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
        return format_date(d, self.date_format) if d else ""

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


def make_style(spec: InvoiceSpec, rng: random.Random) -> Style:
    lang = spec.language
    table = LABELS[lang]
    labels = {k: rng.choice(v) for k, v in table.items() if isinstance(v, list)}
    columns = {k: rng.choice(v) for k, v in table["columns"].items()}
    date_format = rng.choice(LT_DATE_FORMATS if lang == "lt" else EN_DATE_FORMATS)
    number_format = rng.choice(LT_NUMBER_FORMATS if lang == "lt" else EN_NUMBER_FORMATS)
    symbol = {"EUR": rng.choice([" EUR", " €"]), "USD": " USD", "PLN": " PLN"}.get(spec.currency, " " + spec.currency)
    currency_suffix = symbol if (spec.currency != "EUR" or rng.random() < 0.5) else ""
    title = rng.choice(table["title"][spec.doc_type])
    # Bare "To"/"From" only work with a colon; keep labels as real software prints them.
    colon = rng.random() < 0.6 or labels["buyer"] in ("To",) or labels["seller"] in ("From",)
    return Style(lang, date_format, number_format, currency_suffix, labels, columns, title, colon)


def format_date(d: date, fmt: str) -> str:
    if fmt == "iso":
        return d.isoformat()
    if fmt == "dots_ymd":
        return f"{d.year}.{d.month:02d}.{d.day:02d}"
    if fmt == "lt_words":
        return f"{d.year} m. {LT_MONTHS_GEN[d.month - 1]} {d.day} d."
    if fmt == "dmy_dots":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if fmt == "dmy_slash":
        return f"{d.day:02d}/{d.month:02d}/{d.year}"
    if fmt == "en_mdy":
        return f"{EN_MONTHS[d.month - 1]} {d.day}, {d.year}"
    if fmt == "en_dmy":
        return f"{d.day} {EN_MONTHS[d.month - 1]} {d.year}"
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
    lt, en = COUNTRY_NAMES[code]
    return lt if lang == "lt" else en


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
