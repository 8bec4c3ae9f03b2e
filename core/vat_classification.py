"""Who buys, and how each line is taxed: direction, Lithuanian VAT classifier, EN 16931 category.

Three decision tables, applied when an invoice is completed for its client (core/jobs/processing.py)
and again in export preprocessing (exporters/preprocess.py): one implementation for both. They follow the
rules of a production exporter (formats/from-docscanner2.md §0.2, §0.6) and the classifier
list of formats/isaf.md §4; the differences are noted in the tables.

Direction (purchase or sales, from the client's point of view)
---------------------------------------------------------------
| # | condition                                                                 | direction |
|---|---------------------------------------------------------------------------|-----------|
| 1 | a code of the client (company code or VAT code) is the buyer's, not the seller's | purchase |
| 2 | a code of the client is the seller's, not the buyer's                     | sales     |
| 3 | no code decides; the client's name (legal form and quotes ignored) is exactly one party's | that party's role |
| 4 | the invoice's own `direction` field is set                                | as given  |
| 5 | the client's `direction` export setting is set                            | as set    |
| 6 | none of the above                                                         | unknown: accounting exports refuse (409) instead of guessing or dropping the invoice |

Lithuanian VAT classifier (PVM…) per line
------------------------------------------
Inputs: direction, the line's VAT rate, seller and buyer country (address, else VAT-code
prefix), goods or service (the line's `kind`, else the mapped card's type), whether the
buyer has a VAT code, and a domestic reverse-charge note (PVMĮ art. 96, "atvirkštinis
apmokestinimas") on an invoice between two Lithuanian parties.

Purchases from abroad at 21/9/5 % (buyer LT, both countries and the kind known):

| supplier            | 21 %  | 9 %   | 5 %   |
|---------------------|-------|-------|-------|
| EU, goods           | PVM16 | PVM17 | PVM18 |
| EU, services        | PVM21 | PVM57 | PVM40 |
| non-EU, services    | PVM20 | PVM54 | PVM37 |

(DocScanner2 lets the 9 % services cases fall through to PVM2; the VMI classifier of
2025-12-16 in isaf.md has PVM57 and PVM54 for them, which is what the VAT registers want.)

Every other non-zero rate:

| rate | code  | with an art. 96 note |
|------|-------|----------------------|
| 21   | PVM1  | PVM25 |
| 9    | PVM2  | PVM26 |
| 5    | PVM3  | PVM27 |
| 12   | PVM58 | PVM58 |
| 6    | PVM49 | PVM49 |
| other| none  | none  |

0 % (needs the direction and both countries; abroad also the kind):

| flow                     | LT–LT | EU counterparty                    | non-EU counterparty |
|--------------------------|-------|------------------------------------|---------------------|
| sale of goods            | PVM5  | PVM13 if the buyer has a VAT code  | PVM12               |
| sale of services         | PVM5  | PVM15 if the buyer has a VAT code  | PVM14               |
| purchase of goods        | PVM5  | PVM16                              | PVM48               |
| purchase of services     | PVM5  | PVM21                              | PVM38               |

A positive rate that is the seller's own country's VAT (the seller's VAT-code prefix, else
its address, and the rates table of `core/data/vat_rates.toml`: a Dutch seller's 21 %, a
Spanish seller's 21 %) gets no code and a `vat.foreign` warning; a foreign seller's rate
that its country does not have (a Polish seller's 21 %) is Lithuanian VAT and is classified
above. A Lithuanian rate gets its code only for supplies in its dates (9 % before 2026,
12 % from 2026; the supply date is the delivery date, else the issue date, else unknown).

Anything the tables do not cover gets no code (never a silent PVM1); the invoice's own
`vatClassifier` is used then, else the field is written empty.

EN 16931 VAT category (UBL), as the supplier invoiced
------------------------------------------------------
| line                                            | category | exemption reason |
|-------------------------------------------------|----------|------------------|
| classifier PVM25/26/27 (domestic reverse charge)| AE, 0 %  | VATEX-EU-AE      |
| rate > 0                                        | S        | –                |
| 0 %, seller without a VAT code                  | O        | VATEX-EU-O       |
| 0 %, classifier PVM5                            | E        | "Exempt from VAT"|
| 0 %, classifier PVM12                           | G        | VATEX-EU-G       |
| 0 %, classifier PVM13, PVM16                    | K        | VATEX-EU-IC      |
| 0 %, classifier PVM14                           | Z        | –                |
| 0 %, classifier PVM15, PVM21                    | AE       | VATEX-EU-AE      |
| 0 %, classifier PVM38, PVM48                    | O        | VATEX-EU-O       |
| 0 %, no classifier, both parties in one country | E        | "Exempt from VAT"|
| otherwise                                       | undecided: the UBL export refuses |
"""

import re
import unicodedata
from datetime import date
from decimal import Decimal

from core import vat_rates
from core.countries import EU, from_vat_code

PURCHASE, SALES = "purchase", "sales"

_ABROAD_PURCHASE = {
    ("EU", "goods"): {21: "PVM16", 9: "PVM17", 5: "PVM18"},
    ("EU", "service"): {21: "PVM21", 9: "PVM57", 5: "PVM40"},
    ("non-EU", "service"): {21: "PVM20", 9: "PVM54", 5: "PVM37"},
}
_PLAIN = {21: ("PVM1", "PVM25"), 9: ("PVM2", "PVM26"), 5: ("PVM3", "PVM27"), 12: ("PVM58", "PVM58"),
          6: ("PVM49", "PVM49")}
_ZERO = {
    (SALES, "EU", "goods"): "PVM13",
    (SALES, "EU", "service"): "PVM15",
    (SALES, "non-EU", "goods"): "PVM12",
    (SALES, "non-EU", "service"): "PVM14",
    (PURCHASE, "EU", "goods"): "PVM16",
    (PURCHASE, "EU", "service"): "PVM21",
    (PURCHASE, "non-EU", "goods"): "PVM48",
    (PURCHASE, "non-EU", "service"): "PVM38",
}
_NEEDS_BUYER_VAT = {"PVM13", "PVM15"}

EXEMPT_TEXT = "Exempt from VAT"
_CATEGORY_OF = {
    "PVM5": ("E", None), "PVM12": ("G", "VATEX-EU-G"), "PVM13": ("K", "VATEX-EU-IC"),
    "PVM16": ("K", "VATEX-EU-IC"), "PVM14": ("Z", None), "PVM15": ("AE", "VATEX-EU-AE"),
    "PVM21": ("AE", "VATEX-EU-AE"), "PVM38": ("O", "VATEX-EU-O"), "PVM48": ("O", "VATEX-EU-O"),
}
_DOMESTIC_REVERSE = {"PVM25", "PVM26", "PVM27"}

_LEGAL_FORMS = {"uab", "ab", "mb", "ii", "vsi", "zub", "kub", "tub", "sia", "as", "ou", "gmbh", "ltd",
                "llc", "sp", "z", "o", "oo", "bv", "nv", "oy", "inc", "srl", "sro", "kft"}
_REVERSE_NOTE = re.compile(r"atvirkstini\w* apmokestinim|pvmi?\s*96|96\s*str|reverse[- ]charge")


def _plain_text(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _norm_code(value: str | None) -> str | None:
    return "".join(value.split()).upper() if value else None


def _party_codes(party: dict) -> set[str]:
    codes = {_norm_code(party.get("companyCode")), _norm_code(party.get("vatCode"))}
    return {c for c in codes if c}


def normalised_name(name: str | None) -> str:
    """`UAB „Saulės vėjas“` and `Saulės vėjas, UAB` both become `saules vejas`."""
    words = re.findall(r"[a-z0-9]+", _plain_text(name or ""))
    return " ".join(w for w in words if w not in _LEGAL_FORMS)


def direction(invoice: dict, client, setting: str) -> tuple[str | None, str]:
    """(direction or None, which row of the table decided it)."""
    seller, buyer = invoice.get("seller") or {}, invoice.get("buyer") or {}
    if client is not None:
        own = {c for c in (_norm_code(client.company_code), _norm_code(client.vat_code)) if c}
        is_buyer, is_seller = bool(own & _party_codes(buyer)), bool(own & _party_codes(seller))
        if is_buyer != is_seller:
            return (PURCHASE if is_buyer else SALES), "client code"
        name = normalised_name(client.name)
        if name and not (is_buyer and is_seller):
            by_name_buyer = normalised_name(buyer.get("name")) == name
            by_name_seller = normalised_name(seller.get("name")) == name
            if by_name_buyer != by_name_seller:
                return (PURCHASE if by_name_buyer else SALES), "client name"
    if invoice.get("direction") in (PURCHASE, SALES):
        return invoice["direction"], "invoice"
    if setting in (PURCHASE, SALES):
        return setting, "setting"
    return None, "unknown"


def domestic_reverse_charge(invoice: dict, seller_country: str | None, buyer_country: str | None) -> bool:
    """An art. 96 note on an invoice between two Lithuanian parties."""
    if seller_country != "LT" or buyer_country not in ("LT", None):
        return False
    texts = [invoice.get("notes"), invoice.get("paymentTerms")]
    texts += [line.get("description") for line in invoice.get("lines") or []]
    return any(_REVERSE_NOTE.search(_plain_text(t)) for t in texts if t)


def _area(country: str | None) -> str | None:
    if country is None:
        return None
    return "EU" if country in EU else "non-EU"


def _whole(rate: Decimal) -> int | None:
    return int(rate) if rate == rate.to_integral_value() else None


def foreign_vat(rate: Decimal, seller_country: str | None, seller_vat_country: str | None = None,
                on: date | None = None) -> bool:
    """Is a positive rate the seller's own country's VAT rather than Lithuania's?

    The seller's country (its VAT code's prefix, else its address) decides with the rates
    table (``core/vat_rates``): a Dutch seller's 21 % is Dutch VAT, while a Polish seller's
    21 % (no Polish rate) is Lithuanian VAT charged by a seller registered here. A seller
    with a Lithuanian VAT code always charges Lithuanian VAT."""
    country = seller_vat_country or seller_country
    if country in (None, "LT") or seller_vat_country == "LT":
        return False
    return rate in vat_rates.rates(country, on)


def _lithuanian_rate_in_force(rate: Decimal, on: date | None) -> bool:
    """A Lithuanian rate of the tables applies only to supplies in its dates (9 % before
    2026, 12 % from 2026); a rate the dated table does not know keeps its table code."""
    known = vat_rates.rates("LT")
    return rate not in known or rate in vat_rates.rates("LT", on)


def vat_classifier(
    flow: str | None, rate: Decimal | None, seller_country: str | None, buyer_country: str | None,
    kind: str | None, buyer_has_vat_code: bool, art96: bool, on: date | None = None,
    seller_vat_country: str | None = None,
) -> str | None:
    """The PVM code of a line by the tables above; None when they do not decide.

    ``on`` is the supply date (delivery, else issue) when known: it decides which
    Lithuanian rates were in force. A positive rate that is the seller's own country's VAT
    (``foreign_vat``) gets no Lithuanian code."""
    if rate is None:
        return None
    whole = _whole(rate)
    if rate > 0:
        if foreign_vat(rate, seller_country, seller_vat_country, on) or not _lithuanian_rate_in_force(rate, on):
            return None
        if (flow == PURCHASE and whole in (21, 9, 5) and buyer_country == "LT" and seller_country
                and seller_country != "LT" and kind in ("goods", "service")):
            special = _ABROAD_PURCHASE.get((_area(seller_country), kind))
            if special:
                return special[whole]
        plain = _PLAIN.get(whole)
        return (plain[1] if art96 else plain[0]) if plain else None
    if flow not in (PURCHASE, SALES) or seller_country is None or buyer_country is None:
        return None
    if seller_country == "LT" and buyer_country == "LT":
        return "PVM5"
    own, other = (buyer_country, seller_country) if flow == PURCHASE else (seller_country, buyer_country)
    if own != "LT" or kind not in ("goods", "service"):
        return None
    code = _ZERO.get((flow, _area(other), kind))
    if code in _NEEDS_BUYER_VAT and not buyer_has_vat_code:
        return None
    return code


def ubl_category(
    rate: Decimal | None, classifier: str | None, seller_country: str | None, buyer_country: str | None,
    seller_has_vat_code: bool,
) -> tuple[str, str | None] | None:
    """(EN 16931 category code, VATEX exemption code or None) by the last table; None if undecided."""
    if rate is None:
        return None
    if classifier in _DOMESTIC_REVERSE:
        return "AE", "VATEX-EU-AE"
    if rate > 0:
        return "S", None
    if not seller_has_vat_code:
        return "O", "VATEX-EU-O"
    if classifier in _CATEGORY_OF:
        return _CATEGORY_OF[classifier]
    if seller_country and seller_country == buyer_country:
        return "E", None
    return None


def _dec(value) -> Decimal | None:
    try:
        return Decimal(str(value)) if value not in (None, "") else None
    except ArithmeticError:
        return None


def classify_invoice(invoice: dict) -> None:
    """Fill `vatClassifier` and `category` of the lines and of `vatBreakdown` from the tables
    above, for the invoice's `direction`. A value the tables do not decide is left as read
    (never a silent PVM1); a breakdown entry takes its lines' classifier when they agree."""
    from core.countries import of_party

    seller, buyer = invoice.get("seller") or {}, invoice.get("buyer") or {}
    seller_country, buyer_country = of_party(seller), of_party(buyer)
    flow = invoice.get("direction")
    art96 = domestic_reverse_charge(invoice, seller_country, buyer_country)
    on = vat_rates.as_date(invoice.get("deliveryDate") or invoice.get("issueDate"))
    vat_country = from_vat_code(seller.get("vatCode"))
    by_rate: dict[Decimal, set[str | None]] = {}
    foreign: set[Decimal] = set()

    def code_of(rate: Decimal | None, kind: str | None) -> str | None:
        if rate is not None and rate > 0 and foreign_vat(rate, seller_country, vat_country, on):
            foreign.add(rate)
        return vat_classifier(flow, rate, seller_country, buyer_country, kind, bool(buyer.get("vatCode")), art96,
                              on=on, seller_vat_country=vat_country)

    for line in invoice.get("lines") or []:
        rate = _dec(line.get("vatRate"))
        code = code_of(rate, line.get("kind"))
        if rate is not None and rate in foreign:
            line["vatClassifier"] = None  # never a Lithuanian code read for foreign VAT
        line["vatClassifier"] = code or line.get("vatClassifier")
        category = ubl_category(rate, line["vatClassifier"], seller_country, buyer_country, bool(seller.get("vatCode")))
        line["category"] = category[0] if category else line.get("category")
        if rate is not None:
            by_rate.setdefault(rate, set()).add(line["vatClassifier"])
    for entry in invoice.get("vatBreakdown") or []:
        rate = _dec(entry.get("rate"))
        codes = by_rate.get(rate, set()) if rate is not None else set()
        code = next(iter(codes)) if len(codes) == 1 else None
        code = code or code_of(rate, None)
        if rate is not None and rate in foreign:
            code, entry["vatClassifier"] = None, None  # never a Lithuanian code read for foreign VAT
        entry["vatClassifier"] = code or entry.get("vatClassifier")
        category = ubl_category(rate, entry["vatClassifier"], seller_country, buyer_country, bool(seller.get("vatCode")))
        entry["category"] = category[0] if category else entry.get("category")
    warnings = (invoice.get("validation") or {}).get("warnings")
    if foreign and isinstance(warnings, list):
        rates = ", ".join(f"{r.normalize():f} %" for r in sorted(foreign))
        note = (f"vat.foreign: {rates} is the VAT of the seller's country ({vat_country or seller_country}),"
                " not Lithuanian VAT: no Lithuanian VAT classifier")
        if note not in warnings:
            warnings.append(note)


def undirected(rate: Decimal, seller: dict, buyer: dict, on: date | None = None) -> tuple[str | None, str | None]:
    """(EN 16931 category, classifier) of a rate as a document reader sees it, before the
    invoice's client and so its direction are known: only a domestic supply at a positive
    rate is decided here; everything else is left to `classify_invoice` at completion."""
    from core.countries import of_party

    if rate <= 0:
        return None, None
    plain = _PLAIN.get(_whole(rate))
    domestic = of_party(seller) == "LT" and of_party(buyer) in ("LT", None) \
        and not foreign_vat(rate, of_party(seller), from_vat_code(seller.get("vatCode")), on) \
        and _lithuanian_rate_in_force(rate, on)
    return "S", (plain[0] if plain and domestic else None)
