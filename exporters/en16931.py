"""What EN 16931 asks of an invoice, whatever its syntax: the UBL (`xml`) and CII (`cii`) exports share it.

Both syntaxes carry the same semantic model, so the decisions live here once: the VAT
category of each line and its breakdown group, the exemption reason a category needs, the
UN/ECE unit code of a printed unit, the payable amount with its rounding, and the
refusals for what the standard cannot express honestly (a line whose category cannot be
told, out-of-scope lines mixed with taxed ones, VAT lines without the seller's VAT code,
reverse charge without the buyer's). The renderers only spell these out; the published
Schematron rules then check the file (exporters/schematron.py).
"""

from dataclasses import dataclass
from decimal import Decimal

from core import countries
from core.vat_classification import EXEMPT_TEXT
from exporters import preprocess
from exporters.model import Line, Party, Prepared
from exporters.numbers import ZERO, fixed

# Printed units (Lithuanian abbreviations) → UN/ECE Recommendation 20 codes; C62 "one" otherwise.
UNIT_CODES = {
    "vnt": "H87", "vnt.": "H87", "val": "HUR", "val.": "HUR", "h": "HUR", "kg": "KGM", "l": "LTR",
    "m": "MTR", "d": "DAY", "d.": "DAY", "mėn": "MON", "mėn.": "MON", "men": "MON", "m2": "MTK",
    "m²": "MTK", "m3": "MTQ", "m³": "MTQ", "t": "TNE", "kompl": "SET", "kompl.": "SET", "km": "KMT",
}
UNKNOWN_UNIT = "C62"
# The exemption reason (BT-120) each non-standard category must carry (BR-E-10, BR-AE-10, ...).
REASONS = {
    "E": EXEMPT_TEXT, "AE": "Reverse charge", "K": "Intra-Community supply",
    "G": "Export outside the EU", "O": "Not subject to VAT",
}


@dataclass(frozen=True)
class VatSubtotal:
    """One VAT breakdown entry (BG-23): a category and rate with its lines' base and VAT."""

    code: str
    percent: Decimal | None  # None for O (outside the scope of VAT), which carries no rate
    vatex: str | None
    taxable: Decimal
    vat: Decimal

    @property
    def reason(self) -> str | None:
        return REASONS.get(self.code)


def money(value: Decimal) -> str:
    """An amount with two decimals, never "-0.00": a credit note's zero VAT, negated, is still
    zero, and the CII rules compare the text (BR-CO-14 failed on "-0.00")."""
    return fixed(abs(value) if value == 0 else value, 2)


def unit_code(line: Line) -> str:
    return UNIT_CODES.get((line.unit or "").strip().lower(), UNKNOWN_UNIT)


def category_key(line: Line) -> tuple[str, Decimal | None]:
    """(category code, rate) of a line: S keeps its rate, O has none, the other categories are 0 %."""
    code = line.category[0]
    if code == "O":
        return code, None
    return code, (line.rate if code == "S" else ZERO)


def check(doc: Prepared) -> None:
    """Refuse what EN 16931 cannot express, naming the rule a file would break."""
    for line in doc.lines:
        if line.category is None:
            raise preprocess.refuse(
                f"line {line.no}: the VAT category of a {line.rate} % line between {doc.seller.country or '?'} and "
                f"{doc.buyer.country or '?'} cannot be told (goods or services, export or exempt); "
                "set the line's kind or vatClassifier")
    codes = {line.category[0] for line in doc.lines}
    if "O" in codes and len(codes) > 1:
        raise preprocess.refuse("the invoice mixes lines outside the scope of VAT with taxed lines, "
                                "which EN 16931 does not allow (BR-O-11)")
    if codes - {"O"} and not doc.seller.vat_code:
        raise preprocess.refuse("the seller has no VAT code but the invoice has VAT lines (BR-S-02 and siblings)")
    if codes & {"AE", "K"} and not doc.buyer.vat_code:
        raise preprocess.refuse("reverse-charge and intra-Community lines need the buyer's VAT code (BR-AE-02, BR-IC-02)")
    for line in doc.lines:
        if line.category[0] != "S" and line.vat != 0:
            raise preprocess.refuse(f"line {line.no} has VAT {line.vat} but its category {line.category[0]} "
                                    "carries none")
    for role, party in (("seller", doc.seller), ("buyer", doc.buyer)):
        if not party.name:
            raise preprocess.refuse(f"the {role} has no name; EN 16931 needs both parties' names (BR-06, BR-07)")
        if not party.country:
            raise preprocess.refuse(f"the {role}'s country is unknown (no address country, no VAT code prefix); "
                                    "EN 16931 needs both parties' countries (BR-09, BR-11)")


def subtotals(doc: Prepared) -> list[VatSubtotal]:
    """The VAT breakdown by category and rate, S first and higher rates first, as both syntaxes write it."""
    groups: dict[tuple[str, Decimal | None], list[Line]] = {}
    for line in doc.lines:
        groups.setdefault(category_key(line), []).append(line)
    ordered = sorted(groups.items(), key=lambda g: (g[0][0], -(g[0][1] or ZERO)))
    return [VatSubtotal(code, percent, lines[0].category[1], sum((l.net for l in lines), ZERO),
                        sum((l.vat for l in lines), ZERO))
            for (code, percent), lines in ordered]


@dataclass(frozen=True)
class Payable:
    prepaid: Decimal
    rounding: Decimal
    amount: Decimal


def payable(doc: Prepared) -> Payable:
    """Amount due (BT-115) = gross - prepaid + rounding; a printed payable more than 1 off is no rounding
    (it includes something else) and the standard wants the sum, so it is not carried."""
    prepaid = doc.prepaid or ZERO
    expected = doc.gross - prepaid
    rounding = (doc.payable - expected) if doc.payable is not None else ZERO
    if abs(rounding) > 1:
        rounding = ZERO
    return Payable(prepaid, rounding, expected + rounding)


def type_code(doc: Prepared) -> str:
    """UNTDID 1001: 381 credit note (amounts positive), 383 debit note, 380 commercial invoice."""
    return {"credit_note": "381", "debit_note": "383"}.get(doc.kind, "380")


def delivery_country_needed(doc: Prepared) -> bool:
    """An intra-Community supply names where the goods went (BR-IC-11, BR-IC-12)."""
    return any(line.category[0] == "K" for line in doc.lines)


def electronic_address(party: Party) -> tuple[str, str] | None:
    """(EAS scheme, identifier) a network can address the party by (BT-34, BT-49): a Lithuanian
    company code under 0200, else the VAT code under its country's VAT scheme; None without either."""
    if party.country == "LT" and party.company_code and party.company_code.isdigit():
        return countries.LT_COMPANY_SCHEME, party.company_code
    if party.vat_code:
        scheme = countries.VAT_SCHEMES.get(countries.from_vat_code(party.vat_code) or "")
        if scheme:
            return scheme, party.vat_code
    return None


def legal_scheme(party: Party) -> str | None:
    """The scheme of the legal registration identifier (BT-30, BT-47): 0200 for a Lithuanian company code."""
    return countries.LT_COMPANY_SCHEME if party.country == "LT" and (party.company_code or "").isdigit() else None
