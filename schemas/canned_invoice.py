"""The canned invoice: a complete invoice record of realistic, consistent values.

Test-mode uploads complete with it (assets/extraction/canned.py) and webhook test events
carry it (core/webhooks), so partners build against the real DTO shape without spending
credits: lines add up to the net total, VAT is 21 % of it, the VAT codes and IBANs pass
their checksums, every field path in ``confidence`` and ``sources`` exists. One copy lives
here, in the contracts, because the API may not import the extraction engine.
"""

import copy

_CANNED = {
    "documentType": "vat_invoice",
    "language": "lt",
    "series": "SV",
    "number": "000123",
    "invoiceNumber": "SV 000123",
    "issueDate": "2026-03-14",
    "dueDate": "2026-03-28",
    "deliveryDate": "2026-03-13",
    "currency": "EUR",
    "orderReference": "UZS-2026-0311",
    "seller": {
        "name": "UAB „Saulės vėjas“",
        "companyCode": "304567894",
        "vatCode": "LT100001234510",
        "isNaturalPerson": False,
        "address": {
            "street": "Gedimino pr. 12-3",
            "city": "Vilnius",
            "postalCode": "LT-01103",
            "country": "LT",
            "text": "Gedimino pr. 12-3, LT-01103 Vilnius",
        },
        "iban": "LT717300010123456789",
        "bank": "AB „Swedbank“",
        "swift": "HABALT22",
        "email": "info@saulesvejas.lt",
        "phone": "+370 5 212 3456",
        "contactId": None,
    },
    "buyer": {
        "name": "UAB „Medžio darbai“",
        "companyCode": "123456786",
        "vatCode": "LT123456715",
        "isNaturalPerson": False,
        "address": {
            "street": "Savanorių pr. 45",
            "city": "Kaunas",
            "postalCode": "LT-44211",
            "country": "LT",
            "text": "Savanorių pr. 45, LT-44211 Kaunas",
        },
        "iban": None,
        "bank": None,
        "swift": None,
        "email": None,
        "phone": None,
        "contactId": None,
    },
    "lines": [
        {
            "lineNo": 1, "code": "SM-410", "barcode": None, "description": "Saulės modulis 410 W",
            "kind": "goods", "quantity": "10", "unit": "vnt.", "unitPrice": "125.00", "discount": None,
            "netAmount": "1250.00", "vatRate": "21", "vatAmount": "262.50", "grossAmount": "1512.50",
            "vatClassifier": "PVM1",
        },
        {
            "lineNo": 2, "code": "INV-5K", "barcode": None, "description": "Inverteris 5 kW",
            "kind": "goods", "quantity": "1", "unit": "vnt.", "unitPrice": "890.00", "discount": None,
            "netAmount": "890.00", "vatRate": "21", "vatAmount": "186.90", "grossAmount": "1076.90",
            "vatClassifier": "PVM1",
        },
        {
            "lineNo": 3, "code": "MD-01", "barcode": None, "description": "Montavimo darbai",
            "kind": "service", "quantity": "8", "unit": "val.", "unitPrice": "45.50", "discount": None,
            "netAmount": "364.00", "vatRate": "21", "vatAmount": "76.44", "grossAmount": "440.44",
            "vatClassifier": "PVM1",
        },
    ],
    "vatBreakdown": [
        {"rate": "21", "category": "S", "vatClassifier": "PVM1", "taxableAmount": "2504.00",
         "vatAmount": "525.84"},
    ],
    "totals": {"net": "2504.00", "vat": "525.84", "gross": "3029.84", "discount": None,
               "prepaid": None, "payable": "3029.84"},
    "amountInWords": "trys tūkstančiai dvidešimt devyni eurai 84 ct",
    "paymentTerms": "Apmokėti per 14 dienų",
    "notes": None,
    "direction": None,
    "pageCount": 1,
    "validation": {
        "checks": [
            {"code": "totals.net_plus_vat", "passed": True, "detail": "2504.00 + 525.84 = 3029.84"},
            {"code": "totals.lines_sum", "passed": True,
             "detail": "sum of 3 line amounts 2504.00 vs net 2504.00"},
            {"code": "totals.vat_rate", "passed": True, "detail": "21 % of 2504.00 = 525.84, printed 525.84"},
            {"code": "seller.vat_code_checksum", "passed": True, "detail": "LT100001234510 valid"},
            {"code": "seller.company_code_format", "passed": True,
             "detail": "304567894 is a 9-digit Lithuanian company code"},
            {"code": "seller.company_code_checksum", "passed": True, "detail": "304567894 ends in its check digit"},
            {"code": "iban.checksum", "passed": True, "detail": "seller IBAN LT717300010123456789 valid"},
            {"code": "buyer.vat_code_checksum", "passed": True, "detail": "LT123456715 valid"},
            {"code": "buyer.company_code_format", "passed": True,
             "detail": "123456786 is a 9-digit Lithuanian company code"},
            {"code": "buyer.company_code_checksum", "passed": True, "detail": "123456786 ends in its check digit"},
            {"code": "dates.due_after_issue", "passed": True, "detail": "due 2026-03-28, issued 2026-03-14"},
            {"code": "lines.quantity_times_price", "passed": True,
             "detail": "all lines: quantity x unit price = amount"},
        ],
        "warnings": [],
    },
    "confidence": {
        "overall": 0.97,
        "fields": {
            "documentType": 0.95, "series": 0.95, "number": 0.95, "invoiceNumber": 0.95,
            "issueDate": 0.95, "dueDate": 0.95, "deliveryDate": 0.95, "currency": 0.95,
            "orderReference": 0.85,
            "seller.name": 0.9, "seller.companyCode": 0.95, "seller.vatCode": 0.99, "seller.iban": 0.99,
            "seller.address": 0.9, "seller.bank": 0.9, "seller.swift": 0.95, "seller.email": 0.95,
            "seller.phone": 0.95,
            "buyer.name": 0.9, "buyer.companyCode": 0.95, "buyer.vatCode": 0.99, "buyer.address": 0.9,
            "totals.net": 0.99, "totals.vat": 0.99, "totals.gross": 0.99, "totals.payable": 0.95,
            "lines[0].netAmount": 0.99, "lines[1].netAmount": 0.99, "lines[2].netAmount": 0.99,
            "amountInWords": 0.9, "paymentTerms": 0.9,
        },
    },
    "sources": {
        "invoiceNumber": {"page": 1, "bbox": [240.5, 62.4, 354.8, 75.6]},
        "series": {"page": 1, "bbox": [273.6, 62.4, 288.9, 75.6]},
        "number": {"page": 1, "bbox": [310.0, 62.4, 354.8, 75.6]},
        "issueDate": {"page": 1, "bbox": [285.4, 80.5, 384.9, 92.1]},
        "dueDate": {"page": 1, "bbox": [306.2, 94.5, 361.0, 106.1]},
        "seller.name": {"page": 1, "bbox": [40.0, 148.5, 152.9, 160.1]},
        "seller.companyCode": {"page": 1, "bbox": [111.6, 163.3, 158.4, 173.8]},
        "seller.vatCode": {"page": 1, "bbox": [136.4, 175.3, 213.2, 185.8]},
        "seller.iban": {"page": 1, "bbox": [60.4, 199.4, 184.4, 209.9]},
        "buyer.name": {"page": 1, "bbox": [310.0, 148.5, 431.5, 160.1]},
        "buyer.companyCode": {"page": 1, "bbox": [381.6, 163.3, 428.4, 173.8]},
        "buyer.vatCode": {"page": 1, "bbox": [406.4, 175.3, 467.7, 185.8]},
        "totals.net": {"page": 1, "bbox": [497.4, 356.5, 532.9, 368.2]},
        "totals.vat": {"page": 1, "bbox": [507.0, 371.5, 532.9, 383.2]},
        "totals.gross": {"page": 1, "bbox": [488.4, 386.5, 532.9, 398.2]},
        "lines[0].netAmount": {"page": 1, "bbox": [510.5, 289.9, 551.0, 300.4]},
        "lines[1].netAmount": {"page": 1, "bbox": [521.4, 307.9, 551.0, 318.4]},
        "lines[2].netAmount": {"page": 1, "bbox": [521.4, 325.9, 551.0, 336.4]},
    },
    "extraction": {"engine": "canned", "textLayer": False, "durationMs": 0, "version": None},
}


# The buyer of `hints.testScenario=needs_review`: a company no client is, so the upload's
# client is no party of the invoice and the assignment gate holds it for review.
NOT_A_CLIENT_BUYER = {"name": "UAB „Bandomasis pirkėjas“ (not your client)", "companyCode": None, "vatCode": None}


def canned_invoice(extractor_version: str, buyer: dict | None = None) -> dict:
    """A fresh copy (callers add job fields to it); ``extraction.engine`` is ``canned`` so
    nobody mistakes it for a read document.

    `buyer` ({name, companyCode, vatCode}) replaces the canned buyer: a test-mode upload's
    canned invoice names the upload's client, so the client-assignment gate confirms it
    whatever codes the test client carries (interface.md 3.1 rule 4)."""
    invoice = copy.deepcopy(_CANNED)
    invoice["extraction"]["version"] = extractor_version
    if buyer is not None:
        _name_buyer(invoice, buyer)
    return invoice


def _name_buyer(invoice: dict, buyer: dict) -> None:
    from stdnum.eu import vat as stdnum_vat  # the contracts' own check, as schemas/fields.py
    from stdnum.lt import pvm  # a Lithuanian company code's check digit is its VAT code's

    party = invoice["buyer"]
    party.update(name=buyer["name"], companyCode=buyer.get("companyCode") or None, vatCode=buyer.get("vatCode") or None)
    checks = []
    for check in invoice["validation"]["checks"]:
        if check["code"] == "buyer.vat_code_checksum":
            if party["vatCode"]:
                valid = stdnum_vat.is_valid(party["vatCode"])
                checks.append({"code": check["code"], "passed": valid,
                               "detail": f"{party['vatCode']} {'valid' if valid else 'invalid'}"})
        elif check["code"] == "buyer.company_code_format":
            if party["companyCode"]:
                code = party["companyCode"]
                ok = code.isdigit() and len(code) == 9
                checks.append({"code": check["code"], "passed": ok,
                               "detail": f"{code} is {'a' if ok else 'not a'} 9-digit Lithuanian company code"})
        elif check["code"] == "buyer.company_code_checksum":
            code = party["companyCode"]
            if code and code.isdigit() and len(code) == 9:
                ok = pvm.calc_check_digit(code[:8]) == code[8]
                checks.append({"code": check["code"], "passed": ok,
                               "detail": f"{code} {'ends' if ok else 'does not end'} in its check digit"})
        else:
            checks.append(check)
    invoice["validation"]["checks"] = checks
    for field in ("companyCode", "vatCode"):
        if party[field] is None:
            invoice["confidence"]["fields"].pop(f"buyer.{field}", None)
            invoice["sources"].pop(f"buyer.{field}", None)
