"""Invoices for the embedded e-invoice tests: DTOs and the PDFs that print them.

The DTOs are our own (checksum-valid identifiers, amounts that add up); the page is drawn
by the shared test page builder and the XML written by ``corpus.einvoice``, then attached
to the page.
"""

from __future__ import annotations

import copy

from tests.support.pages import text_page


def _party(name, company, vat, street, city, postal, country, **extra) -> dict:
    party = {"name": name, "companyCode": company, "vatCode": vat, "isNaturalPerson": None,
             "address": {"street": street, "city": city, "postalCode": postal, "country": country,
                         "text": f"{street}, {postal} {city}"},
             "iban": None, "bank": None, "swift": None, "email": None, "phone": None, "contactId": None}
    party.update(extra)
    return party


def invoice_dto() -> dict:
    """A German seller's invoice to a Lithuanian buyer: two rates, a line discount, a prepayment."""
    return {
        "documentType": "vat_invoice",  # type code 380 under a "Rechnung" of a VAT-registered seller
        "invoiceNumber": "RE-2026-0417",
        "issueDate": "2026-03-14",
        "dueDate": "2026-04-13",
        "deliveryDate": "2026-03-10",
        "currency": "EUR",
        "orderReference": "PO-7781",
        "paymentTerms": "Zahlbar innerhalb von 30 Tagen",
        "notes": "Vielen Dank für Ihren Auftrag",
        "seller": _party("Nordlicht Werkzeuge GmbH", "HRB 48213", "DE136695976", "Hafenstraße 12",
                         "Hamburg", "20457", "DE", iban="DE89370400440532013000", swift="COBADEFFXXX",
                         email="rechnung@nordlicht.example", phone="+49 40 1234567"),
        "buyer": _party("UAB „Saulės vėjas“", "304567894", "LT100001234510", "Gedimino pr. 12-3",
                        "Vilnius", "LT-01103", "LT", email="info@saulesvejas.example"),
        "lines": [
            {"lineNo": 1, "code": "WZ-100", "barcode": "4006381333931", "description": "Akku-Bohrschrauber 18 V",
             "quantity": "2", "unit": "vnt.", "unitPrice": "149.90", "discount": "20.00",
             "netAmount": "279.80", "vatRate": "19", "vatCategory": "S"},
            {"lineNo": 2, "code": "SV-01", "barcode": None, "description": "Montage vor Ort",
             "quantity": "1.5", "unit": "h", "unitPrice": "68.00", "discount": None,
             "netAmount": "102.00", "vatRate": "7", "vatCategory": "S"},
        ],
        "vatBreakdown": [
            {"rate": "19", "category": "S", "taxableAmount": "279.80", "vatAmount": "53.16"},
            {"rate": "7", "category": "S", "taxableAmount": "102.00", "vatAmount": "7.14"},
        ],
        "totals": {"net": "381.80", "vat": "60.30", "gross": "442.10", "discount": None,
                   "prepaid": "100.00", "payable": "342.10"},
    }


def credit_note_dto() -> dict:
    """A domestic Lithuanian credit note in the DTO's convention (negative amounts)."""
    dto = invoice_dto()
    dto.update({"documentType": "credit_note", "invoiceNumber": "KR-000031", "dueDate": None,
                "orderReference": None, "notes": None, "paymentTerms": None, "deliveryDate": None})
    dto["seller"], dto["buyer"] = copy.deepcopy(dto["buyer"]), copy.deepcopy(dto["seller"])
    dto["seller"].update(iban="LT717300010123456789", swift="HABALT22")
    dto["buyer"] = _party("MB Ąžuolo baldai", "305123456", "LT123456715", "Savanorių pr. 5", "Kaunas",
                          "LT-44254", "LT", phone="+370 37 123456")
    dto["lines"] = [{"lineNo": 1, "code": "SM-410", "barcode": None, "description": "Saulės modulis 410 W",
                     "quantity": "-2", "unit": "vnt.", "unitPrice": "125.00", "discount": None,
                     "netAmount": "-250.00", "vatRate": "21", "vatCategory": "S"}]
    dto["vatBreakdown"] = [{"rate": "21", "category": "S", "taxableAmount": "-250.00", "vatAmount": "-52.50"}]
    dto["totals"] = {"net": "-250.00", "vat": "-52.50", "gross": "-302.50", "discount": None,
                     "prepaid": None, "payable": "-302.50"}
    return dto


def page_pdf(dto: dict, printed_gross: str | None = None, printed_number: str | None = None) -> bytes:
    """A one-page rendering of ``dto`` (the values a reader would see); the printed total
    and number can be made to disagree with the DTO."""
    rows = [
        dto["seller"]["name"],
        f"USt-IdNr. {dto['seller']['vatCode']}",
        "",
        f"Rechnung Nr. {printed_number or dto['invoiceNumber']}",
        f"Datum: {'.'.join(reversed(dto['issueDate'].split('-')))}",
        f"Kunde: {dto['buyer']['name']}",
        "",
    ]
    rows += [f"{line['description']}   {line['quantity']}   {line['unitPrice']}   {line['netAmount']}"
             for line in dto["lines"]]
    gross = printed_gross or dto["totals"]["gross"]
    rows += ["", f"Gesamtbetrag: {gross.replace('.', ',')} {dto['currency']}"]
    return text_page(*rows)
