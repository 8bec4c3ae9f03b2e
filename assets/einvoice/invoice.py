"""From a parsed e-invoice (``cii.read_cii`` / ``ubl.read_ubl``) to the invoice DTO.

The XML is the invoice the seller's software meant, so its values are taken exactly:
confidence 1.0 on every field it fills, and nothing is guessed for what it lacks.
Credit notes follow the DTO's convention (amounts negative, unit prices positive) even
though EN 16931 writes them with positive amounts and lets the type code carry the sign.
"""

from __future__ import annotations

import re
from decimal import Decimal

from core.vat_classification import undirected

from ..extraction.amounts import decimal_str, money_str

# UNTDID 1001 document type codes (EN 16931 uses these) -> DTO documentType.
_TYPE_CODES = {
    "380": "invoice", "384": "invoice", "389": "invoice", "393": "invoice", "326": "invoice",
    "386": "invoice", "751": "invoice", "875": "invoice", "876": "invoice", "877": "invoice",
    "381": "credit_note", "261": "credit_note", "262": "credit_note", "396": "credit_note",
    "383": "debit_note", "325": "proforma",
}
# UN/ECE Recommendation 20 units that have a short symbol every reader knows.
_UNIT_SYMBOLS = {"KGM": "kg", "GRM": "g", "TNE": "t", "MTR": "m", "KMT": "km", "CMT": "cm",
                 "MTK": "m2", "MTQ": "m3", "LTR": "l", "HUR": "h", "MIN": "min", "DAY": "d"}
_LINE_MONEY = ("unitPrice", "discount", "netAmount")
_TOTALS = ("net", "vat", "gross", "discount", "prepaid", "payable")


def document_type(type_code: str | None) -> str:
    return _TYPE_CODES.get((type_code or "").strip(), "invoice")


def build(parsed: dict) -> tuple[dict, dict[str, float]]:
    """The DTO's extraction fields and the confidence of every field the XML filled."""
    doc_type = document_type(parsed["typeCode"])
    if doc_type == "credit_note" and (parsed["totals"]["gross"] or 0) > 0:
        _negate(parsed)
    seller, buyer = _party(parsed["seller"]), _party(parsed["buyer"])
    lines = [_line(i, raw, seller, buyer) for i, raw in enumerate(parsed["lines"], 1)]
    invoice = {
        "documentType": doc_type,
        "language": None,
        **_series_and_number(parsed["invoiceNumber"]),
        "invoiceNumber": parsed["invoiceNumber"],
        "issueDate": parsed["issueDate"],
        "dueDate": parsed["dueDate"],
        "deliveryDate": parsed["deliveryDate"],
        "currency": parsed["currency"] or "EUR",
        "orderReference": parsed["orderReference"],
        "paymentReference": parsed.get("paymentReference"),
        "seller": seller,
        "buyer": buyer,
        "lines": lines,
        "vatBreakdown": [_tax(raw, seller, buyer) for raw in parsed["vatBreakdown"]],
        "totals": {key: money_str(parsed["totals"][key]) for key in _TOTALS},
        "amountInWords": None,
        "paymentTerms": parsed["paymentTerms"],
        "notes": parsed["notes"],
        "direction": None,
    }
    return invoice, {path: 1.0 for path in _filled_paths(invoice)}


def _negate(parsed: dict) -> None:
    def neg(value: Decimal | None) -> Decimal | None:
        return -value if value is not None else None

    for line in parsed["lines"]:
        for key in ("quantity", "discount", "netAmount"):
            line[key] = neg(line[key])
    for tax in parsed["vatBreakdown"]:
        tax["taxableAmount"], tax["vatAmount"] = neg(tax["taxableAmount"]), neg(tax["vatAmount"])
    parsed["totals"] = {key: neg(value) for key, value in parsed["totals"].items()}
    parsed["lineTotal"] = neg(parsed["lineTotal"])


def _compact(code: str | None) -> str | None:
    return re.sub(r"[\s.\-]", "", code).upper() if code else None


def _party(raw: dict) -> dict:
    street, city, postal, country = (raw.get(k) for k in ("street", "city", "postalCode", "country"))
    place = " ".join(filter(None, (postal, city)))
    has_address = any((street, city, postal, country))
    return {
        "name": raw.get("name"),
        "companyCode": raw.get("companyCode"),
        "vatCode": _compact(raw.get("vatCode")),
        "isNaturalPerson": None,
        "address": {"street": street, "city": city, "postalCode": postal, "country": country,
                    "text": ", ".join(filter(None, (street, place))) or None} if has_address else None,
        "iban": _compact(raw.get("iban")),
        "bank": raw.get("bank"),
        "swift": _compact(raw.get("swift")),
        "email": raw.get("email"),
        "phone": raw.get("phone"),
        "contactId": None,
    }


def _line(number: int, raw: dict, seller: dict, buyer: dict) -> dict:
    rate, category = raw["vatRate"], raw["category"]
    classifier = undirected(rate, seller, buyer)[1] if rate is not None and category in (None, "S") else None
    unit_code = raw["unitCode"]
    return {
        "lineNo": number,
        "code": raw["code"],
        "barcode": raw["barcode"],
        "description": raw["description"],
        "kind": None,
        "quantity": decimal_str(raw["quantity"]),
        "unit": _UNIT_SYMBOLS.get(unit_code, unit_code.lower()) if unit_code else None,
        "unitCode": unit_code,
        **{key: money_str(raw[key]) for key in _LINE_MONEY},
        "vatRate": decimal_str(rate),
        "vatCategory": category,
        "vatAmount": None,
        "grossAmount": None,
        "vatClassifier": classifier,
    }


def _tax(raw: dict, seller: dict, buyer: dict) -> dict:
    rate, category = raw["rate"], raw["category"]
    classifier = undirected(rate, seller, buyer)[1] if rate is not None and category in (None, "S") else None
    return {
        "rate": decimal_str(rate),
        "category": category,
        "vatClassifier": classifier,
        "taxableAmount": money_str(raw["taxableAmount"]),
        "vatAmount": money_str(raw["vatAmount"]),
    }


def _filled_paths(invoice: dict) -> list[str]:
    """Field paths (``seller.vatCode``, ``lines[2].netAmount``) that hold a value."""
    paths = [key for key in ("documentType", "number", "invoiceNumber", "issueDate", "dueDate",
                             "deliveryDate", "currency", "orderReference", "paymentReference", "paymentTerms",
                             "notes")
             if invoice[key] is not None]
    for role in ("seller", "buyer"):
        paths += [f"{role}.{key}" for key, value in invoice[role].items()
                  if value is not None and key not in ("isNaturalPerson", "contactId")]
    paths += [f"totals.{key}" for key, value in invoice["totals"].items() if value is not None]
    for i, line in enumerate(invoice["lines"]):
        paths += [f"lines[{i}].{key}" for key, value in line.items() if value is not None and key != "lineNo"]
    return paths


def _series_and_number(identifier: str | None) -> dict:
    """EN 16931 has one invoice identifier; a Lithuanian one prints its series apart from
    its number ("AB 685835"), and that split is kept in ``series`` and ``number``."""
    m = re.fullmatch(r"([A-ZĄČĘĖĮŠŲŪŽ]{1,5}) (\d[\w/-]*)", identifier or "")
    if m is None:
        return {"series": None, "number": identifier}
    return {"series": m.group(1), "number": m.group(2)}
