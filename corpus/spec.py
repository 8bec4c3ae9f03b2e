"""Random but internally consistent invoices: the facts a layout then prints.

Everything a bookkeeper checks holds: company codes have 9 digits, VAT codes and IBANs
pass their checksums (python-stdnum), line amounts are quantity x price - discount,
VAT is computed per rate on the rate's base, and gross = net + VAT. Most sellers and
buyers are Lithuanian; some sellers come from other EU states with their own VAT codes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from stdnum import iban as std_iban
from stdnum.eu import vat as std_vat

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
    language: str  # lt / en
    doc_type: str  # vat_invoice / invoice / credit_note / proforma
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


# ------------------------------------------------------------------ vocabulary

LT_NAME_WORDS = [
    "Saulės vėjas", "Baltijos įranga", "Medžio darbai", "Šilumos tinklai", "Žalgirio prekyba",
    "Nemuno logistika", "Ąžuolo baldai", "Gintaro krantas", "Ūkio technika", "Statybų sprendimai",
    "Vilniaus spauda", "Kauno energija", "Šiaurės vilkas", "Pajūrio žuvis", "Dzūkijos medus",
    "Aukštaitijos pienas", "Žemaitijos kelias", "Lino namai", "Rūtos žiedas", "Vėjo malūnas",
    "Biuro prekės", "Techninė priežiūra", "Elektros sistemos", "Švarūs langai", "Greita siunta",
    "Duomenų centras", "Miško keliai", "Ąžuolynas", "Čiurlionio studija", "Jūros vartai",
]
LT_FORMS = ["UAB", "UAB", "UAB", "AB", "MB", "VšĮ", "IĮ"]
LT_STREETS = ["Gedimino pr.", "Savanorių pr.", "Laisvės al.", "Konstitucijos pr.", "Taikos g.",
              "Žalgirio g.", "Ukmergės g.", "Kalvarijų g.", "Vytauto g.", "Pramonės g.", "Šilutės pl.",
              "Liepų g.", "Jūrininkų g.", "Ąžuolyno g.", "Basanavičiaus g.", "Tilžės g."]
LT_CITIES = ["Vilnius", "Kaunas", "Klaipėda", "Šiauliai", "Panevėžys", "Alytus", "Marijampolė",
             "Utena", "Kėdainiai", "Telšiai"]
LT_BANKS = [("AB SEB bankas", "CBVILT2X", "70440"), ("Swedbank, AB", "HABALT22", "73000"),
            ("Luminor Bank AS", "AGBLLT2X", "40100"), ("AB Šiaulių bankas", "CBSBLT26", "71800"),
            ("Revolut Bank UAB", "REVOLT21", "32500")]

FOREIGN = {
    "PL": dict(forms=["Sp. z o.o.", "S.A."], words=["Polmex", "Krakbud", "Vistula Trade", "Mazur Logistics"],
               streets=["ul. Marszałkowska", "ul. Długa", "al. Jerozolimskie"], cities=["Warszawa", "Kraków", "Gdańsk"],
               postal=lambda r: f"{r.randint(10, 99)}-{r.randint(100, 999)}", body=10, bank=("mBank S.A.", "BREXPLPW")),
    "DE": dict(forms=["GmbH", "AG"], words=["Nordtechnik", "Berliner Druck", "Hansa Logistik", "Rheinmetallbau"],
               streets=["Hauptstraße", "Bahnhofstraße", "Industriestraße"], cities=["Berlin", "Hamburg", "Leipzig"],
               postal=lambda r: f"{r.randint(10000, 99999)}", body=9, bank=("Deutsche Bank AG", "DEUTDEFF")),
    "LV": dict(forms=["SIA", "AS"], words=["Rīgas Tekstils", "Baltic Wood", "Daugava Trans", "Latvijas Pārtika"],
               streets=["Brīvības iela", "Elizabetes iela", "Krasta iela"], cities=["Rīga", "Jelgava", "Liepāja"],
               postal=lambda r: f"LV-{r.randint(1001, 5999)}", body=11, bank=("Swedbank AS", "HABALV22")),
    "EE": dict(forms=["OÜ", "AS"], words=["Tallinna Kaubad", "Eesti Puit", "Viru Tehnika", "Saare Kala"],
               streets=["Narva mnt", "Pärnu mnt", "Tartu mnt"], cities=["Tallinn", "Tartu", "Pärnu"],
               postal=lambda r: f"{r.randint(10000, 99999)}", body=9, bank=("AS LHV Pank", "LHVBEE22")),
}
COUNTRY_NAMES = {"LT": ("Lietuva", "Lithuania"), "PL": ("Lenkija", "Poland"), "DE": ("Vokietija", "Germany"),
                 "LV": ("Latvija", "Latvia"), "EE": ("Estija", "Estonia")}

LT_GOODS = [
    ("Biuro popierius A4, 80 g/m2", "pak."), ("Belaidė kompiuterio pelė", "vnt."),
    ("Monitorius 27 colių", "vnt."), ("Spausdintuvo kasetė juoda", "vnt."), ("Statybinis mišinys 25 kg", "maiš."),
    ("Medienos plokštė 18 mm", "m²"), ("Varinis kabelis 3x2,5", "m"), ("Dažai vidaus darbams, balti", "l"),
    ("Kavos pupelės 1 kg", "kg"), ("Darbo pirštinės", "por."), ("Ąžuolinės grindlentės", "m²"),
    ("Šviestuvas LED 36 W", "vnt."), ("Žoliapjovės peilis", "vnt."), ("Vandens filtras", "kompl."),
    ("Stalinis kompiuteris su programine įranga ir trejų metų garantija", "kompl."),
    ("Plieninis profilis 40x40 mm, cinkuotas, 6 m ilgio", "vnt."),
]
LT_SERVICES = [
    ("Konsultavimo paslaugos", "val."), ("Transporto paslaugos Vilnius–Kaunas", "reis."),
    ("Programinės įrangos licencija", "mėn."), ("Buhalterinės apskaitos paslaugos", "mėn."),
    ("Patalpų valymas", "val."), ("Svetainės priežiūra", "mėn."), ("Serverio nuoma", "mėn."),
    ("Metinė programinės įrangos priežiūros paslauga pagal sutartį Nr. 2026/15 (sausio–kovo mėn.)", "mėn."),
    ("Elektros instaliacijos darbai objekte Žirmūnų g. 12", "val."), ("Mokymai darbuotojams", "d."),
]
EN_GOODS = [
    ("Office paper A4, 80 gsm", "pcs"), ("Wireless mouse", "pcs"), ("27-inch monitor", "pcs"),
    ("Steel bolts M8 x 40, zinc plated, box of 100", "box"), ("Pallet wrap film", "roll"),
    ("Industrial cable 3x2.5 mm2", "m"), ("Spare parts kit for packaging machine model PX-200", "set"),
]
EN_SERVICES = [
    ("Consulting services", "h"), ("Freight forwarding Gdańsk–Vilnius", "trip"),
    ("Software subscription", "month"), ("Maintenance of production line, including travel costs", "h"),
    ("Translation services", "page"), ("Cloud hosting", "month"),
]


# ------------------------------------------------------------------ identifiers


def _with_check(prefix: str, body_len: int, rng: random.Random, first: str = "123456789") -> str:
    """A VAT code ``prefix`` + digits whose last digit makes it valid (python-stdnum)."""
    for _ in range(200):
        body = rng.choice(first) + "".join(rng.choice("0123456789") for _ in range(body_len - 2))
        for last in "0123456789":
            code = prefix + body + last
            if std_vat.is_valid(code):
                return code
    raise RuntimeError(f"no valid {prefix} VAT code found")


def lt_vat_code(rng: random.Random) -> str:
    if rng.random() < 0.85:
        # Legal entities: 9 digits, the 8th is 1.
        for _ in range(500):
            body = "".join(rng.choice("0123456789") for _ in range(7)) + "1"
            for last in "0123456789":
                if std_vat.is_valid("LT" + body + last):
                    return "LT" + body + last
    for _ in range(500):
        body = "".join(rng.choice("0123456789") for _ in range(10)) + "1"
        for last in "0123456789":
            if std_vat.is_valid("LT" + body + last):
                return "LT" + body + last
    raise RuntimeError("no LT VAT code")


def iban_for(country: str, rng: random.Random) -> str:
    lengths = {"LT": 16, "PL": 24, "DE": 18, "LV": 17, "EE": 16}
    body_len = lengths[country]
    while True:
        if country == "LV":
            body = rng.choice(["HABA", "UNLA", "PARX"]) + "".join(rng.choice("0123456789") for _ in range(13))
        else:
            body = "".join(rng.choice("0123456789") for _ in range(body_len))
        check = std_iban.calc_check_digits(country + "00" + body)
        value = country + check + body
        if std_iban.is_valid(value):
            return value


def company_code(rng: random.Random) -> str:
    return rng.choice("13") + "".join(rng.choice("0123456789") for _ in range(8))


# ------------------------------------------------------------------ parties


def _lt_name(rng: random.Random) -> str:
    form = rng.choice(LT_FORMS)
    words = rng.choice(LT_NAME_WORDS)
    quote = rng.choice(["„{}“", "„{}“", '"{}"', "{}"])
    if form == "IĮ":
        return f"{rng.choice(['Jono', 'Rasos', 'Petro', 'Ramunės'])} {rng.choice(['Kazlausko', 'Jankauskienės', 'Petraičio'])} IĮ"
    if rng.random() < 0.15:
        return f"{quote.format(words)} {form}".strip()
    return f"{form} {quote.format(words)}"


def lt_party(rng: random.Random, with_bank: bool) -> PartySpec:
    bank = rng.choice(LT_BANKS)
    vat = lt_vat_code(rng) if rng.random() < 0.92 else None
    name = _lt_name(rng)
    slug = "".join(ch for ch in name.lower() if ch.isascii() and ch.isalpha())[:12] or "info"
    return PartySpec(
        name=name,
        company_code=company_code(rng),
        vat_code=vat,
        street=f"{rng.choice(LT_STREETS)} {rng.randint(1, 150)}" + (f"-{rng.randint(1, 40)}" if rng.random() < 0.3 else ""),
        city=rng.choice(LT_CITIES),
        postal_code=f"LT-{rng.randint(10000, 99999)}",
        country="LT",
        iban=iban_for("LT", rng) if with_bank else None,
        bank=bank[0] if with_bank else None,
        swift=bank[1] if with_bank else None,
        phone=f"+370 {rng.randint(600, 699)} {rng.randint(10000, 99999)}" if rng.random() < 0.7 else None,
        email=f"info@{slug}.lt" if rng.random() < 0.6 else None,
    )


def foreign_party(rng: random.Random, country: str) -> PartySpec:
    f = FOREIGN[country]
    name = f"{rng.choice(f['words'])} {rng.choice(f['forms'])}"
    return PartySpec(
        name=name,
        company_code="".join(rng.choice("0123456789") for _ in range(rng.choice([8, 10]))) if rng.random() < 0.6 else None,
        vat_code=_with_check(country, f["body"], rng),
        street=f"{rng.choice(f['streets'])} {rng.randint(1, 99)}",
        city=rng.choice(f["cities"]),
        postal_code=f["postal"](rng),
        country=country,
        iban=iban_for(country, rng),
        bank=f["bank"][0],
        swift=f["bank"][1],
        phone=None,
        email=None,
    )


# ------------------------------------------------------------------ the invoice


def _money(rng: random.Random, low: float, high: float) -> Decimal:
    return Decimal(str(round(rng.uniform(low, high), 2))).quantize(CENT)


def make_items(rng: random.Random, language: str, count: int, rates: list[Decimal], credit: bool) -> list[ItemSpec]:
    goods, services = (LT_GOODS, LT_SERVICES) if language == "lt" else (EN_GOODS, EN_SERVICES)
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


def make_spec(seed: int, *, language: str | None = None, max_items: int = 9, force_items: int | None = None,
              doc_type: str | None = None) -> InvoiceSpec:
    rng = random.Random(seed)
    language = language or ("lt" if rng.random() < 0.72 else "en")
    foreign_seller = language == "en" and rng.random() < 0.7
    if foreign_seller:
        seller = foreign_party(rng, rng.choice(sorted(FOREIGN)))
    else:
        seller = lt_party(rng, with_bank=True)
    buyer = lt_party(rng, with_bank=rng.random() < 0.3)
    if doc_type is None:
        roll = rng.random()
        doc_type = ("vat_invoice" if roll < 0.62 else "invoice" if roll < 0.8
                    else "credit_note" if roll < 0.9 else "proforma")
    if seller.vat_code is None and doc_type == "vat_invoice":
        doc_type = "invoice"
    if foreign_seller:
        rates = [Decimal(0)] if rng.random() < 0.5 else [Decimal(21)]
    elif rng.random() < 0.2:
        rates = [Decimal(21), Decimal(9)]
    elif rng.random() < 0.08:
        rates = [Decimal(5)]
    else:
        rates = [Decimal(21)]
    count = force_items or rng.choice([1, 2, 3, 3, 4, 5, 6, 7, 8, max_items])
    items = make_items(rng, language, count, rates, doc_type == "credit_note")
    issue = date(2025, 1, 1) + timedelta(days=rng.randint(0, 700))
    due = issue + timedelta(days=rng.choice([7, 10, 14, 14, 30, 30, 45])) if rng.random() < 0.85 else None
    delivery = issue - timedelta(days=rng.randint(0, 5)) if rng.random() < 0.25 else None
    if language == "lt":
        series = rng.choice(["SF", "PVM", "AB", "VL", "KT", "ŽD", "BI", "SV", "EVA"]) if rng.random() < 0.75 else None
        number = str(rng.randint(1, 999999)).zfill(rng.choice([4, 5, 6]))
        if series is None:
            number = rng.choice(["", "SF-", "2026/"]) + number
    else:
        series = None
        number = rng.choice([f"INV-{issue.year}-{rng.randint(1, 9999):04d}", f"{rng.randint(10000, 99999)}",
                             f"FV/{rng.randint(1, 999)}/{issue.month:02d}/{issue.year}"])
    currency = "EUR"
    if foreign_seller and rng.random() < 0.35:
        currency = {"PL": "PLN"}.get(seller.country, rng.choice(["USD", "EUR"]))
    spec = InvoiceSpec(
        seed=seed, language=language, doc_type=doc_type, series=series, number=number, issue=issue,
        due=due, delivery=delivery, currency=currency, seller=seller, buyer=buyer, items=items,
        order_reference=f"UZS-{rng.randint(1000, 9999)}" if rng.random() < 0.2 else None,
    )
    if doc_type == "credit_note":
        spec.credited_invoice = f"{series or ''} {str(rng.randint(1, 999999)).zfill(6)}".strip()
    return spec
