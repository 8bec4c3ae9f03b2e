"""Parties per country: names, addresses, banks and checksum-valid identifiers.

Every identifier a party carries must pass the check a reader can apply to it
(python-stdnum): a VAT number with a wrong check digit, or an IBAN that fails mod 97, would
teach nothing and would make the ground truth disagree with any validating reader. The
company names, streets and banks are invented or generic; only the formats are real.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from stdnum import iban as std_iban
from stdnum.ee import registrikood as ee_rk
from stdnum.eu import vat as std_vat
from stdnum.fr import siren as fr_siren
from stdnum.lt import pvm as lt_pvm
from stdnum.pl import regon as pl_regon


def _digits(rng: random.Random, n: int, first: str = "0123456789") -> str:
    return rng.choice(first) + "".join(rng.choice("0123456789") for _ in range(n - 1))


def _complete(make: Callable[[], str], valid: Callable[[str], bool], tails: str = "0123456789") -> str:
    """``make() + tail`` for the first tail that ``valid`` accepts, retrying with new bodies."""
    for _ in range(2000):
        body = make()
        for tail in tails:
            if valid(body + tail):
                return body + tail
    raise RuntimeError("no valid identifier found")


def _vat(prefix: str, make: Callable[[], str], suffix: str = "") -> str:
    return _complete(lambda: prefix + make(), lambda code: std_vat.is_valid(code + suffix)) + suffix


def lt_vat(rng: random.Random) -> str:
    if rng.random() < 0.85:  # legal entities: 9 digits, the 8th is 1
        return _vat("LT", lambda: _digits(rng, 7) + "1")
    return _vat("LT", lambda: _digits(rng, 10) + "1")


def fr_vat(rng: random.Random) -> tuple[str, str]:
    """(VAT number, SIREN): the French VAT key is computed from the SIREN."""
    siren = _complete(lambda: _digits(rng, 8, "123456789"), fr_siren.is_valid)
    key = (12 + 3 * (int(siren) % 97)) % 97
    return f"FR{key:02d}{siren}", siren


def it_vat(rng: random.Random) -> str:
    # 7 digits of the company, 3 of the tax office (001-100), a Luhn check digit.
    return _vat("IT", lambda: _digits(rng, 7) + f"{rng.randint(1, 100):03d}")


@dataclass(frozen=True)
class Country:
    code: str
    forms: tuple[str, ...]
    words: tuple[str, ...]
    streets: tuple[str, ...]
    cities: tuple[str, ...]
    postal: Callable[[random.Random], str]
    banks: tuple[tuple[str, str], ...]
    iban_body: Callable[[random.Random], str]
    rates: tuple[int | str, ...]  # standard rate first
    street_first: bool = False  # "Hauptstraße 5" vs "5 rue ..." (False: number after the street)


def _iban(country: str, body: Callable[[random.Random], str], rng: random.Random) -> str:
    for _ in range(5000):
        b = body(rng)
        value = country + std_iban.calc_check_digits(country + "00" + b) + b
        if std_iban.is_valid(value):
            return value
    raise RuntimeError(f"no valid {country} IBAN")


def _letters(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(n))


COUNTRIES: dict[str, Country] = {
    "LT": Country("LT", ("UAB", "UAB", "UAB", "AB", "MB"), (), (), (), lambda r: f"LT-{r.randint(10000, 99999)}",
                  (("AB SEB bankas", "CBVILT2X"), ("Swedbank, AB", "HABALT22"), ("Luminor Bank AS", "AGBLLT2X"),
                   ("AB Šiaulių bankas", "CBSBLT26"), ("Revolut Bank UAB", "REVOLT21")),
                  lambda r: _digits(r, 16), (21, 9, 5)),
    "PL": Country("PL", ("Sp. z o.o.", "S.A.", "sp.j."),
                  ("Polmex", "Krakbud", "Vistula Trade", "Mazur Logistics", "Bursztyn Serwis", "Wawel Meble"),
                  ("ul. Marszałkowska", "ul. Długa", "al. Jerozolimskie", "ul. Piotrkowska", "ul. Świętojańska"),
                  ("Warszawa", "Kraków", "Gdańsk", "Łódź", "Poznań"), lambda r: f"{r.randint(10, 99)}-{r.randint(100, 999)}",
                  (("mBank S.A.", "BREXPLPW"), ("Bank Pekao S.A.", "PKOPPLPW")), lambda r: _digits(r, 24), (23, 8, 5)),
    "DE": Country("DE", ("GmbH", "AG", "KG", "GmbH & Co. KG"),
                  ("Nordtechnik", "Berliner Druck", "Hansa Logistik", "Rheinmetallbau", "Alpenholz", "Elbe Feinkost"),
                  ("Hauptstraße", "Bahnhofstraße", "Industriestraße", "Lindenweg", "Am Hafen"),
                  ("Berlin", "Hamburg", "Leipzig", "München", "Köln"), lambda r: f"{r.randint(10000, 99999)}",
                  (("Deutsche Bank AG", "DEUTDEFF"), ("Commerzbank AG", "COBADEFF")), lambda r: _digits(r, 18), (19, 7)),
    "LV": Country("LV", ("SIA", "AS"), ("Rīgas Tekstils", "Baltic Wood", "Daugava Trans", "Latvijas Pārtika", "Gaujas Koks"),
                  ("Brīvības iela", "Elizabetes iela", "Krasta iela", "Lāčplēša iela"), ("Rīga", "Jelgava", "Liepāja", "Valmiera"),
                  lambda r: f"LV-{r.randint(1001, 5999)}", (("Swedbank AS", "HABALV22"), ("Citadele banka AS", "PARXLV22")),
                  lambda r: r.choice(["HABA", "PARX", "RIKO"]) + _digits(r, 13), (21, 12)),
    "EE": Country("EE", ("OÜ", "AS"), ("Tallinna Kaubad", "Eesti Puit", "Viru Tehnika", "Saare Kala", "Pärnu Ehitus"),
                  ("Narva mnt", "Pärnu mnt", "Tartu mnt", "Pikk tn"), ("Tallinn", "Tartu", "Pärnu", "Narva"),
                  lambda r: f"{r.randint(10000, 99999)}", (("AS LHV Pank", "LHVBEE22"), ("AS SEB Pank", "EEUHEE2X")),
                  lambda r: _digits(r, 16), (24, 9)),
    "FR": Country("FR", ("SARL", "SAS", "SA"), ("Atelier Lumière", "Transports Garonne", "Boulangerie du Pont", "Provence Outillage", "Brest Marine"),
                  ("rue de la République", "avenue Jean Jaurès", "boulevard Voltaire", "rue des Lilas"),
                  ("Lyon", "Bordeaux", "Nantes", "Lille", "Toulouse"), lambda r: f"{r.randint(10, 95)}{r.randint(0, 999):03d}",
                  (("BNP Paribas", "BNPAFRPP"), ("Crédit Agricole", "AGRIFRPP")),
                  lambda r: _digits(r, 10) + _digits(r, 11) + _digits(r, 2), (20, 10, "5.5"), street_first=True),
    "NL": Country("NL", ("B.V.", "N.V."), ("Delta Installatie", "Noordzee Handel", "Tulpen Logistiek", "Gouda Kaas", "Molen Techniek"),
                  ("Keizersgracht", "Stationsweg", "Kerkstraat", "Havenstraat"), ("Amsterdam", "Utrecht", "Rotterdam", "Eindhoven"),
                  lambda r: f"{r.randint(1000, 9999)} {_letters(r, 2)}", (("ING Bank N.V.", "INGBNL2A"), ("Rabobank", "RABONL2U")),
                  lambda r: r.choice(["INGB", "RABO", "ABNA"]) + _digits(r, 10), (21, 9)),
    "IT": Country("IT", ("S.r.l.", "S.p.A."), ("Officine Adriatiche", "Vini del Garda", "Tessitura Como", "Ferramenta Lombarda", "Marmi Carrara"),
                  ("Via Roma", "Corso Italia", "Via Garibaldi", "Viale Europa"), ("Milano", "Torino", "Bologna", "Verona"),
                  lambda r: f"{r.randint(10, 98)}{r.randint(0, 999):03d}", (("Intesa Sanpaolo S.p.A.", "BCITITMM"), ("UniCredit S.p.A.", "UNCRITMM")),
                  lambda r: r.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + _digits(r, 22), (22, 10, 4)),
    "ES": Country("ES", ("S.L.", "S.A."), ("Aceites del Sur", "Talleres Cantábrico", "Cerámica Valenciana", "Logística Ibérica", "Bodegas Duero"),
                  ("Calle Mayor", "Avenida de la Constitución", "Calle del Sol", "Paseo de Gracia"), ("Madrid", "Sevilla", "Valencia", "Bilbao"),
                  lambda r: f"{r.randint(1, 52):02d}{r.randint(0, 999):03d}", (("Banco Santander, S.A.", "BSCHESMM"), ("CaixaBank, S.A.", "CAIXESBB")),
                  lambda r: _digits(r, 20), (21, 10, 4)),
}

# Country names as each language writes them (addresses of foreign parties).
COUNTRY_NAMES = {
    "lt": {"LT": "Lietuva", "PL": "Lenkija", "DE": "Vokietija", "LV": "Latvija", "EE": "Estija", "FR": "Prancūzija",
           "NL": "Nyderlandai", "IT": "Italija", "ES": "Ispanija"},
    "en": {"LT": "Lithuania", "PL": "Poland", "DE": "Germany", "LV": "Latvia", "EE": "Estonia", "FR": "France",
           "NL": "Netherlands", "IT": "Italy", "ES": "Spain"},
    "de": {"LT": "Litauen", "PL": "Polen", "DE": "Deutschland", "LV": "Lettland", "EE": "Estland", "FR": "Frankreich",
           "NL": "Niederlande", "IT": "Italien", "ES": "Spanien"},
    "fr": {"LT": "Lituanie", "PL": "Pologne", "DE": "Allemagne", "LV": "Lettonie", "EE": "Estonie", "FR": "France",
           "NL": "Pays-Bas", "IT": "Italie", "ES": "Espagne"},
    "pl": {"LT": "Litwa", "PL": "Polska", "DE": "Niemcy", "LV": "Łotwa", "EE": "Estonia", "FR": "Francja",
           "NL": "Holandia", "IT": "Włochy", "ES": "Hiszpania"},
    "lv": {"LT": "Lietuva", "PL": "Polija", "DE": "Vācija", "LV": "Latvija", "EE": "Igaunija", "FR": "Francija",
           "NL": "Nīderlande", "IT": "Itālija", "ES": "Spānija"},
    "et": {"LT": "Leedu", "PL": "Poola", "DE": "Saksamaa", "LV": "Läti", "EE": "Eesti", "FR": "Prantsusmaa",
           "NL": "Holland", "IT": "Itaalia", "ES": "Hispaania"},
    "nl": {"LT": "Litouwen", "PL": "Polen", "DE": "Duitsland", "LV": "Letland", "EE": "Estland", "FR": "Frankrijk",
           "NL": "Nederland", "IT": "Italië", "ES": "Spanje"},
    "it": {"LT": "Lituania", "PL": "Polonia", "DE": "Germania", "LV": "Lettonia", "EE": "Estonia", "FR": "Francia",
           "NL": "Paesi Bassi", "IT": "Italia", "ES": "Spagna"},
    "es": {"LT": "Lituania", "PL": "Polonia", "DE": "Alemania", "LV": "Letonia", "EE": "Estonia", "FR": "Francia",
           "NL": "Países Bajos", "IT": "Italia", "ES": "España"},
    "ru": {"LT": "Литва", "PL": "Польша", "DE": "Германия", "LV": "Латвия", "EE": "Эстония", "FR": "Франция",
           "NL": "Нидерланды", "IT": "Италия", "ES": "Испания"},
}


def vat_and_register(country: str, rng: random.Random) -> tuple[str, str | None]:
    """A VAT number and the company register code printed with it (None when only the VAT
    number is printed); both checksum-valid where the register has a check."""
    if country == "LT":
        return lt_vat(rng), company_code_lt(rng)
    if country == "PL":
        vat = _vat("PL", lambda: _digits(rng, 9, "123456789"))
        return vat, _complete(lambda: _digits(rng, 8, "123456789"), pl_regon.is_valid)
    if country == "DE":
        return _vat("DE", lambda: _digits(rng, 8, "123456789")), f"HRB {rng.randint(1000, 199999)}"
    if country == "LV":
        vat = _vat("LV", lambda: "4000" + _digits(rng, 6))
        return vat, vat[2:]
    if country == "EE":
        return _vat("EE", lambda: "10" + _digits(rng, 6)), _complete(lambda: "1" + _digits(rng, 6), ee_rk.is_valid)
    if country == "FR":
        vat, siren = fr_vat(rng)
        return vat, siren
    if country == "NL":
        return _vat("NL", lambda: _digits(rng, 8, "123456789"), suffix="B01"), _digits(rng, 8, "123456789")
    if country == "IT":
        vat = it_vat(rng)
        return vat, vat[2:]
    if country == "ES":
        vat = _complete(lambda: "ESB" + _digits(rng, 7), std_vat.is_valid, "0123456789ABCDEFGHIJ")
        return vat, vat[2:]
    raise KeyError(country)


def company_code_lt(rng: random.Random) -> str:
    """A Lithuanian legal entity's register code: nine digits, the last a check digit
    (weights 1-8, then 3-10, modulo 11, as the legal entity's VAT code), as the register
    issues them. Drawn as nine digits whose last one is then replaced, so that every other
    draw of a document stays as it was."""
    drawn = rng.choice("13") + _digits(rng, 8)
    return drawn[:8] + lt_pvm.calc_check_digit(drawn[:8])


def iban_for(country: str, rng: random.Random) -> str:
    return _iban(country, COUNTRIES[country].iban_body, rng)


def street_of(country: Country, rng: random.Random) -> str:
    number = rng.randint(1, 120)
    street = rng.choice(country.streets)
    return f"{number} {street}" if country.street_first else f"{street} {number}"
