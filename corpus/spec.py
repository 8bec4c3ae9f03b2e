"""Random but internally consistent invoices: the facts a layout then prints.

Everything a bookkeeper checks holds: company codes and VAT codes of every country and
IBANs pass their checksums (python-stdnum, ``countries``), line amounts are quantity x
price - discount, VAT is computed per rate on the rate's base, and gross = net + VAT. The
language decides where the seller is (a German invoice comes from Germany; an English or
Russian one from anywhere in the Baltics or the EU); the buyer is in the seller's country
or in Lithuania, and a cross-border sale is often reverse-charged at 0 %.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from .catalogue import GOODS, SERVICES
from .countries import COUNTRIES, company_code_lt, iban_for, lt_vat, street_of, vat_and_register
from .wording import LANGUAGES

CENT = Decimal("0.01")


@dataclass
class PartySpec:
    name: str
    company_code: str | None
    vat_code: str | None
    street: str
    city: str
    postal_code: str
    country: str
    iban: str | None = None
    bank: str | None = None
    swift: str | None = None
    phone: str | None = None
    email: str | None = None

    @property
    def address(self) -> str:
        return f"{self.street}, {self.postal_code} {self.city}"


@dataclass
class ItemSpec:
    code: str | None
    description: str
    quantity: Decimal
    unit: str
    unit_price: Decimal
    vat_rate: Decimal
    kind: str  # goods / service
    discount: Decimal | None = None

    @property
    def net(self) -> Decimal:
        amount = (self.quantity * self.unit_price).quantize(CENT, ROUND_HALF_UP)
        return amount - (self.discount or Decimal(0))

    @property
    def vat(self) -> Decimal:
        return (self.net * self.vat_rate / 100).quantize(CENT, ROUND_HALF_UP)


@dataclass
class InvoiceSpec:
    seed: int
    language: str  # one of wording.LANGUAGES
    doc_type: str  # vat_invoice / invoice / credit_note / proforma / receipt
    series: str | None
    number: str
    issue: date
    due: date | None
    delivery: date | None
    currency: str
    seller: PartySpec
    buyer: PartySpec
    items: list[ItemSpec]
    order_reference: str | None = None
    credited_invoice: str | None = None
    style: dict = field(default_factory=dict)

    @property
    def invoice_number(self) -> str:
        return f"{self.series} {self.number}" if self.series else self.number

    def breakdown(self) -> list[tuple[Decimal, Decimal, Decimal]]:
        """(rate, taxable, vat) per rate, highest rate first; VAT rounded per rate."""
        bases: dict[Decimal, Decimal] = {}
        for item in self.items:
            bases[item.vat_rate] = bases.get(item.vat_rate, Decimal(0)) + item.net
        return [(rate, base, (base * rate / 100).quantize(CENT, ROUND_HALF_UP))
                for rate, base in sorted(bases.items(), reverse=True)]

    @property
    def net(self) -> Decimal:
        return sum((i.net for i in self.items), Decimal(0))

    @property
    def vat(self) -> Decimal:
        return sum((v for _, _, v in self.breakdown()), Decimal(0))

    @property
    def gross(self) -> Decimal:
        return self.net + self.vat


# ------------------------------------------------------------------ parties

LT_NAME_WORDS = [
    "Saulės vėjas", "Baltijos įranga", "Medžio darbai", "Šilumos tinklai", "Žalgirio prekyba",
    "Nemuno logistika", "Ąžuolo baldai", "Gintaro krantas", "Ūkio technika", "Statybų sprendimai",
    "Vilniaus spauda", "Kauno energija", "Šiaurės vilkas", "Pajūrio žuvis", "Dzūkijos medus",
    "Aukštaitijos pienas", "Žemaitijos kelias", "Lino namai", "Rūtos žiedas", "Vėjo malūnas",
    "Biuro prekės", "Techninė priežiūra", "Elektros sistemos", "Švarūs langai", "Greita siunta",
    "Duomenų centras", "Miško keliai", "Ąžuolynas", "Čiurlionio studija", "Jūros vartai",
]
LT_STREETS = ["Gedimino pr.", "Savanorių pr.", "Laisvės al.", "Konstitucijos pr.", "Taikos g.",
              "Žalgirio g.", "Ukmergės g.", "Kalvarijų g.", "Vytauto g.", "Pramonės g.", "Šilutės pl.",
              "Liepų g.", "Jūrininkų g.", "Ąžuolyno g.", "Basanavičiaus g.", "Tilžės g."]
LT_CITIES = ["Vilnius", "Kaunas", "Klaipėda", "Šiauliai", "Panevėžys", "Alytus", "Marijampolė",
             "Utena", "Kėdainiai", "Telšiai"]

# Where a seller writing in a language is based.
SELLER_COUNTRIES = {"lt": ["LT"], "en": ["LT", "PL", "DE", "LV", "EE", "FR", "NL", "IT", "ES"], "de": ["DE"],
                    "fr": ["FR"], "pl": ["PL"], "lv": ["LV"], "et": ["EE"], "nl": ["NL"], "it": ["IT"], "es": ["ES"],
                    "ru": ["LV", "EE", "LT"]}
FOREIGN_CURRENCIES = ["USD", "GBP", "CHF", "SEK", "DKK", "CZK", "NOK"]


def _lt_name(rng: random.Random) -> str:
    form = rng.choice(["UAB", "UAB", "UAB", "AB", "MB", "VšĮ", "IĮ"])
    words = rng.choice(LT_NAME_WORDS)
    quote = rng.choice(["„{}“", "„{}“", '"{}"', "{}"])
    if form == "IĮ":
        return f"{rng.choice(['Jono', 'Rasos', 'Petro', 'Ramunės'])} {rng.choice(['Kazlausko', 'Jankauskienės', 'Petraičio'])} IĮ"
    if rng.random() < 0.15:
        return f"{quote.format(words)} {form}".strip()
    return f"{form} {quote.format(words)}"


def _slug(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isascii() and ch.isalpha())[:12] or "info"


def lt_party(rng: random.Random, with_bank: bool) -> PartySpec:
    bank = rng.choice(COUNTRIES["LT"].banks)
    vat = lt_vat(rng) if rng.random() < 0.92 else None
    name = _lt_name(rng)
    return PartySpec(
        name=name,
        company_code=company_code_lt(rng),
        vat_code=vat,
        street=f"{rng.choice(LT_STREETS)} {rng.randint(1, 150)}" + (f"-{rng.randint(1, 40)}" if rng.random() < 0.3 else ""),
        city=rng.choice(LT_CITIES),
        postal_code=f"LT-{rng.randint(10000, 99999)}",
        country="LT",
        iban=iban_for("LT", rng) if with_bank else None,
        bank=bank[0] if with_bank else None,
        swift=bank[1] if with_bank else None,
        phone=f"+370 {rng.randint(600, 699)} {rng.randint(10000, 99999)}" if rng.random() < 0.7 else None,
        email=f"info@{_slug(name)}.lt" if rng.random() < 0.6 else None,
    )


def foreign_party(rng: random.Random, country: str, with_bank: bool = True) -> PartySpec:
    c = COUNTRIES[country]
    name = f"{rng.choice(c.words)} {rng.choice(c.forms)}"
    vat, register = vat_and_register(country, rng)
    bank = rng.choice(c.banks)
    return PartySpec(
        name=name,
        company_code=register if rng.random() < 0.7 else None,
        vat_code=vat,
        street=street_of(c, rng),
        city=rng.choice(c.cities),
        postal_code=c.postal(rng),
        country=country,
        iban=iban_for(country, rng) if with_bank else None,
        bank=bank[0] if with_bank else None,
        swift=bank[1] if with_bank else None,
        phone=None,
        email=f"office@{_slug(name)}.{country.lower()}" if rng.random() < 0.4 else None,
    )


def party(rng: random.Random, country: str, with_bank: bool) -> PartySpec:
    return lt_party(rng, with_bank) if country == "LT" else foreign_party(rng, country, with_bank)


# ------------------------------------------------------------------ the invoice


def _money(rng: random.Random, low: float, high: float) -> Decimal:
    return Decimal(str(round(rng.uniform(low, high), 2))).quantize(CENT)


def make_items(rng: random.Random, language: str, count: int, rates: list[Decimal], credit: bool) -> list[ItemSpec]:
    goods, services = GOODS[language], SERVICES[language]
    items = []
    for k in range(count):
        kind = "service" if rng.random() < 0.4 else "goods"
        desc, unit = rng.choice(services if kind == "service" else goods)
        if rng.random() < 0.5:
            quantity = Decimal(rng.randint(1, 12))
        elif rng.random() < 0.5:
            quantity = Decimal(rng.randint(10, 250))
        else:
            quantity = Decimal(str(round(rng.uniform(0.5, 40), rng.choice([1, 2]))))
        price = _money(rng, 0.5, 80) if quantity > 20 else _money(rng, 3, 1800)
        if credit:
            quantity = -quantity
        discount = None
        if rng.random() < 0.08 and not credit:
            discount = (quantity * price * Decimal(rng.choice([5, 10, 15])) / 100).quantize(CENT, ROUND_HALF_UP)
        code = None
        if rng.random() < 0.6:
            code = rng.choice(["PR", "A", "SKU-", "KD", "P-"]) + str(rng.randint(100, 99999))
        items.append(ItemSpec(code, desc, quantity, unit, price, rng.choice(rates), kind, discount))
    return items


def _number(rng: random.Random, language: str, issue: date) -> tuple[str | None, str]:
    """(series, number) as invoicing software of the language numbers its documents."""
    y = issue.year
    if language == "lt":
        series = rng.choice(["SF", "PVM", "AB", "VL", "KT", "ŽD", "BI", "SV", "EVA"]) if rng.random() < 0.75 else None
        number = str(rng.randint(1, 999999)).zfill(rng.choice([4, 5, 6]))
        return series, (number if series else rng.choice(["", "SF-", "2026/"]) + number)
    choices = {
        "en": [f"INV-{y}-{rng.randint(1, 9999):04d}", f"{rng.randint(10000, 99999)}", f"FV/{rng.randint(1, 999)}/{issue.month:02d}/{y}"],
        "de": [f"RE-{y}-{rng.randint(1, 9999):04d}", f"{y}{rng.randint(1000, 9999)}", f"R{rng.randint(100000, 999999)}"],
        "fr": [f"F{y}-{rng.randint(1, 99999):05d}", f"FA{rng.randint(1000, 99999)}", f"{y}/{rng.randint(1, 9999):04d}"],
        "pl": [f"FV/{rng.randint(1, 999)}/{issue.month:02d}/{y}", f"{rng.randint(1, 999)}/{y}", f"FS {rng.randint(1, 9999)}/{y}"],
        "lv": [f"PVN-{rng.randint(1, 99999):05d}", f"RK {rng.randint(1000, 9999)}", f"{y}-{rng.randint(1, 9999)}"],
        "et": [f"{rng.randint(1000, 99999)}", f"A-{rng.randint(100, 9999)}", f"{y}/{rng.randint(1, 999)}"],
        "nl": [f"{y}-{rng.randint(1, 9999):04d}", f"F{rng.randint(10000, 99999)}", f"INV{y}{rng.randint(100, 999)}"],
        "it": [f"{rng.randint(1, 999)}/{y}", f"FT {rng.randint(1, 9999)}/{str(y)[2:]}", f"{rng.randint(1, 999)}/A"],
        "es": [f"A-{y}/{rng.randint(1, 9999):04d}", f"F{str(y)[2:]}-{rng.randint(1, 9999):04d}", f"{rng.randint(1, 99999):05d}"],
        "ru": [f"{rng.randint(1, 9999):04d}", f"{rng.randint(1, 999)}/{str(y)[2:]}", f"RU-{rng.randint(1000, 9999)}"],
    }
    return None, rng.choice(choices[language])


def _rates(rng: random.Random, seller: str, buyer: str) -> list[Decimal]:
    standard = [Decimal(str(r)) for r in COUNTRIES[seller].rates]
    if seller != buyer and rng.random() < 0.5:
        return [Decimal(0)]  # intra-EU supply, reverse charge
    if len(standard) > 1 and rng.random() < 0.2:
        return [standard[0], rng.choice(standard[1:])]
    if len(standard) > 1 and rng.random() < 0.08:
        return [standard[-1]]
    return [standard[0]]


def make_spec(seed: int, *, language: str | None = None, max_items: int = 9, force_items: int | None = None,
              doc_type: str | None = None, currency: str | None = None) -> InvoiceSpec:
    """An invoice drawn from ``seed``; ``language``, ``doc_type`` and ``currency`` are drawn
    too unless a layout family fixes them (a receipt, a credit note, an export invoice)."""
    rng = random.Random(seed)
    language = language or rng.choice(LANGUAGES)
    seller_country = rng.choice(SELLER_COUNTRIES[language])
    buyer_country = seller_country if seller_country != "LT" and rng.random() < 0.5 else "LT"
    seller = party(rng, seller_country, with_bank=True)
    buyer = party(rng, buyer_country, with_bank=rng.random() < 0.3)
    while buyer.name == seller.name:
        buyer = party(rng, buyer_country, with_bank=buyer.iban is not None)
    if doc_type is None:
        roll = rng.random()
        doc_type = ("vat_invoice" if roll < 0.62 else "invoice" if roll < 0.8
                    else "credit_note" if roll < 0.9 else "proforma")
    if seller.vat_code is None and doc_type == "vat_invoice":
        doc_type = "invoice"
    rates = _rates(rng, seller_country, buyer_country)
    receipt = doc_type == "receipt"
    count = force_items or rng.choice([1, 2, 3, 3, 4, 5, 6, 7, 8, max_items])
    items = make_items(rng, language, count, rates, doc_type == "credit_note")
    issue = date(2025, 1, 1) + timedelta(days=rng.randint(0, 700))
    due = issue + timedelta(days=rng.choice([7, 10, 14, 14, 30, 30, 45])) if rng.random() < 0.85 and not receipt else None
    delivery = issue - timedelta(days=rng.randint(0, 5)) if rng.random() < 0.25 and not receipt else None
    series, number = _number(rng, language, issue)
    if currency is None:
        currency = "PLN" if seller_country == "PL" and (buyer_country == "PL" or rng.random() < 0.4) else "EUR"
        if rng.random() < 0.08:
            currency = rng.choice(FOREIGN_CURRENCIES)
    spec = InvoiceSpec(
        seed=seed, language=language, doc_type=doc_type, series=series, number=number, issue=issue,
        due=due, delivery=delivery, currency=currency, seller=seller, buyer=buyer, items=items,
        order_reference=f"UZS-{rng.randint(1000, 9999)}" if rng.random() < 0.2 and not receipt else None,
    )
    if doc_type == "credit_note":
        spec.credited_invoice = f"{series or ''} {str(rng.randint(1, 999999)).zfill(6)}".strip()
    return spec
