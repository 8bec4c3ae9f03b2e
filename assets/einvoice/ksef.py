"""Poland's KSeF structured invoice, FA(2) and FA(3) (`Faktura`, namespace `http://crd.gov.pl/wzor/...`).

Since February 2026 Polish VAT payers issue invoices through KSeF, and the PDF a Polish
supplier emails is often a rendering with the FA(3) XML attached. Same output as
``cii.read_cii``: the DTO's shape with ``Decimal`` amounts. What FA(3) says differently
from EN 16931:

* the VAT breakdown is a fixed set of fields per rate group: ``P_13_1``/``P_14_1`` the
  basic rate (23 %, or 22 %), ``_2`` the first reduced (8 or 7 %), ``_3`` 5 %, ``_4``
  the flat taxi rate, ``P_13_6_1`` 0 % domestic, ``P_13_6_2`` 0 % intra-Community supply,
  ``P_13_6_3`` 0 % export, ``P_13_7`` exempt, ``P_13_8``/``P_13_9`` outside Polish VAT,
  ``P_13_10`` reverse charge; ``P_15`` is the gross;
* a line's rate ``P_12`` is a number or a word (`zw` exempt, `oo` reverse charge,
  `np I`/`np II` not taxed in Poland, `0 KR`/`0 WDT`/`0 EX` the 0 % kinds);
* the kind ``RodzajFaktury``: `KOR` is a correction (a credit note when its gross is
  negative, else a debit note), `ZAL` an advance; a correction's "before" lines
  (``StanPrzed``) are not the invoice's lines;
* parties carry a NIP (the VAT code without its `PL`), an EU VAT number (``KodUE`` +
  ``NrVatUE``) or a foreign id; the bank account ``NrRB`` is a 26-digit NRB, an IBAN
  with its `PL` left out.
"""

from __future__ import annotations

import re
from decimal import Decimal

from lxml import etree

from .xmlpath import every, first, local_name, number, text, xml_date

NAMESPACE_PREFIX = "http://crd.gov.pl/wzor/"
# (field suffix, category, rate when the lines do not tell) of each group of the breakdown
_GROUPS = (
    ("1", "S", None), ("2", "S", None), ("3", "S", Decimal(5)), ("4", "S", None),
    ("5", "S", None), ("6_1", "Z", Decimal(0)), ("6_2", "K", Decimal(0)), ("6_3", "G", Decimal(0)),
    ("7", "E", Decimal(0)), ("8", "O", None), ("9", "O", None), ("10", "AE", Decimal(0)),
)
_DEFAULT_RATES = {"1": (Decimal(23), Decimal(22)), "2": (Decimal(8), Decimal(7)), "4": (Decimal(4), Decimal(3))}
# P_12 words -> (category, rate)
_RATE_WORDS = {
    "zw": ("E", Decimal(0)), "oo": ("AE", Decimal(0)), "np i": ("O", None), "np ii": ("O", None),
    "np": ("O", None), "0 kr": ("Z", Decimal(0)), "0 wdt": ("K", Decimal(0)), "0 ex": ("G", Decimal(0)),
}
_KINDS = {"VAT": "380", "ZAL": "386", "ROZ": "380", "UPR": "380", "KOR": "381", "KOR_ZAL": "381", "KOR_ROZ": "381"}


def is_ksef(root: etree._Element) -> bool:
    return local_name(root) == "Faktura" and etree.QName(root).namespace.startswith(NAMESPACE_PREFIX)


def syntax(root: etree._Element) -> str:
    """"KSeF FA(3)" from the form code's system name ("FA (3)")."""
    code = first(root, "Naglowek/KodFormularza")
    system = (code.get("kodSystemowy") if code is not None else None) or "FA"
    return "KSeF " + system.replace(" ", "")


def read_ksef(root: etree._Element) -> dict:
    """The invoice of a KSeF FA(2)/FA(3) document, in the DTO's shape with ``Decimal`` amounts."""
    fa = first(root, "Fa")
    lines = [_line(row) for row in every(fa, "FaWiersz") if text(row, "StanPrzed") != "1"]
    breakdown = _breakdown(fa, lines)
    net = sum((g["taxableAmount"] for g in breakdown), Decimal(0)) if breakdown else None
    vat = sum((g["vatAmount"] or Decimal(0) for g in breakdown), Decimal(0)) if breakdown else None
    gross = number(fa, "P_15")
    kind = text(fa, "RodzajFaktury") or "VAT"
    type_code = _KINDS.get(kind, "380")
    if type_code == "381" and gross is not None and gross > 0:
        type_code = "383"  # a correction that raises the amount due
    payment = first(fa, "Platnosc")
    account = first(payment, "RachunekBankowy")
    seller = _party(first(root, "Podmiot1"))
    seller.update(iban=_iban(text(account, "NrRB")), swift=text(account, "SWIFT"), bank=text(account, "NazwaBanku"))
    paid = text(payment, "Zaplacono") == "1"
    return {
        "typeCode": type_code,
        "invoiceNumber": text(fa, "P_2"),
        "issueDate": xml_date(fa, "P_1"),
        "dueDate": xml_date(payment, "TerminPlatnosci/Termin"),
        "deliveryDate": xml_date(fa, "P_6"),
        "currency": text(fa, "KodWaluty"),
        "orderReference": text(fa, "WarunkiTransakcji/Zamowienia/NrZamowienia"),
        "paymentTerms": None,
        "paymentReference": text(payment, "IPKSeF"),  # FA(3): the KSeF payment identifier
        "notes": "\n".join(filter(None, (f"{text(d, 'Klucz')}: {text(d, 'Wartosc')}" if text(d, "Klucz") else None
                                         for d in every(fa, "DodatkowyOpis")))) or None,
        "seller": seller,
        "buyer": _party(first(root, "Podmiot2")),
        "lines": lines,
        "vatBreakdown": breakdown,
        "totals": {"net": net, "vat": vat, "gross": gross, "discount": None,
                   "prepaid": gross if paid else None, "payable": Decimal(0) if paid else gross},
        "lineTotal": sum((line["netAmount"] for line in lines if line["netAmount"] is not None), Decimal(0))
        if lines else None,
    }


def _iban(nrb: str | None) -> str | None:
    compact = re.sub(r"\s", "", nrb or "")
    if not compact:
        return None
    return "PL" + compact if compact.isdigit() and len(compact) == 26 else compact


def _party(el: etree._Element | None) -> dict:
    if el is None:
        return {}
    ids = first(el, "DaneIdentyfikacyjne")
    nip, eu_country, eu_number = text(ids, "NIP"), text(ids, "KodUE"), text(ids, "NrVatUE")
    vat = f"PL{nip}" if nip else (f"{eu_country}{eu_number}" if eu_country and eu_number else None)
    address = first(el, "Adres")
    postal, city = _postal_and_city(text(address, "AdresL2"))
    return {
        "name": text(ids, "Nazwa"),
        "companyCode": None if vat else text(ids, "NrID"),
        "vatCode": vat,
        "street": text(address, "AdresL1"),
        "city": city,
        "postalCode": postal,
        "country": text(address, "KodKraju") or (eu_country if eu_country else None),
        "email": text(el, "DaneKontaktowe/Email"),
        "phone": text(el, "DaneKontaktowe/Telefon"),
    }


def _postal_and_city(line: str | None) -> tuple[str | None, str | None]:
    """FA(3) writes the town line free-form: "00-001 Warszawa" or "LT-01103 Vilnius"."""
    if not line:
        return None, None
    match = re.fullmatch(r"((?:[A-Z]{2}-)?\d{2}-?\d{3,4})\s+(.+)", line.strip())
    return (match.group(1), match.group(2)) if match else (None, line.strip())


def _rate(raw: str | None) -> tuple[str | None, Decimal | None]:
    if raw is None:
        return None, None
    word = " ".join(raw.lower().split())
    if word in _RATE_WORDS:
        return _RATE_WORDS[word]
    try:
        return "S" if Decimal(word) > 0 else "Z", Decimal(word)
    except ArithmeticError:
        return None, None


def _line(row: etree._Element) -> dict:
    category, rate = _rate(text(row, "P_12"))
    return {
        "code": text(row, "Indeks"),
        "barcode": text(row, "GTIN"),
        "description": text(row, "P_7"),
        "quantity": number(row, "P_8B"),
        "unitCode": text(row, "P_8A"),
        "unitPrice": number(row, "P_9A"),
        "discount": number(row, "P_10"),
        "netAmount": number(row, "P_11"),
        "vatRate": rate,
        "category": category,
    }


def _breakdown(fa: etree._Element | None, lines: list[dict]) -> list[dict]:
    """One entry per filled rate group; a group's rate is the one its lines carry."""
    rates = {line["vatRate"] for line in lines if line["category"] == "S"}
    out = []
    for suffix, category, rate in _GROUPS:
        base = number(fa, f"P_13_{suffix}")
        if base is None:
            continue
        if category == "S" and rate is None:
            candidates = _DEFAULT_RATES.get(suffix, ())
            rate = next((r for r in candidates if r in rates), candidates[0] if candidates else None)
        out.append({"rate": rate, "category": category, "taxableAmount": base,
                    "vatAmount": number(fa, f"P_14_{suffix}") if category == "S" else Decimal(0)})
    return out
