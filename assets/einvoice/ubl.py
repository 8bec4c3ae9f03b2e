"""OASIS UBL 2.1 Invoice and CreditNote (Peppol BIS 3, XRechnung UBL, EN 16931).

Same output as ``cii.read_cii``: the DTO's shape with ``Decimal`` amounts. A credit
note's lines are ``CreditNoteLine`` with ``CreditedQuantity``; its due date sits in the
payment means, where an invoice has ``DueDate`` at the top.
"""

from __future__ import annotations

from decimal import Decimal

from lxml import etree

from .xmlpath import every, first, local_name, number, text, xml_date

# Scheme of a standard item identification that is a barcode (GS1 GTIN).
_GTIN = "0160"


def is_ubl(root: etree._Element) -> bool:
    return local_name(root) in ("Invoice", "CreditNote")


def read_ubl(root: etree._Element) -> dict:
    """The invoice of a UBL document, in the DTO's shape with ``Decimal`` amounts."""
    credit = local_name(root) == "CreditNote"
    currency = text(root, "DocumentCurrencyCode")
    seller = _party(first(root, "AccountingSupplierParty/Party"))
    buyer = _party(first(root, "AccountingCustomerParty/Party"))
    means = first(root, "PaymentMeans")
    seller["iban"] = text(means, "PayeeFinancialAccount/ID")
    seller["swift"] = text(means, "PayeeFinancialAccount/FinancialInstitutionBranch/ID")
    buyer["iban"] = text(means, "PaymentMandate/PayerFinancialAccount/ID")
    tax_total = _tax_total(root, currency)
    return {
        "typeCode": "381" if credit and not text(root, "CreditNoteTypeCode") else
        text(root, "CreditNoteTypeCode" if credit else "InvoiceTypeCode"),
        "invoiceNumber": text(root, "ID"),
        "issueDate": xml_date(root, "IssueDate"),
        "dueDate": xml_date(root, "DueDate") or xml_date(means, "PaymentDueDate"),
        "deliveryDate": xml_date(root, "Delivery/ActualDeliveryDate"),
        "currency": currency,
        "orderReference": text(root, "OrderReference/ID"),
        "paymentReference": text(means, "PaymentID"),
        "paymentTerms": text(root, "PaymentTerms/Note"),
        "notes": "\n".join(text(note) for note in every(root, "Note") if text(note)) or None,
        "seller": seller,
        "buyer": buyer,
        "lines": [_line(line, credit) for line in every(root, "CreditNoteLine" if credit else "InvoiceLine")],
        "vatBreakdown": [_subtotal(sub) for sub in every(tax_total, "TaxSubtotal")],
        "totals": _totals(first(root, "LegalMonetaryTotal"), tax_total),
        "lineTotal": number(root, "LegalMonetaryTotal/LineExtensionAmount"),
    }


def _party(el: etree._Element | None) -> dict:
    if el is None:
        return {}
    address = first(el, "PostalAddress")
    street = ", ".join(filter(None, (text(address, p) for p in ("StreetName", "AdditionalStreetName"))))
    vat = next((text(s, "CompanyID") for s in every(el, "PartyTaxScheme")
                if text(s, "TaxScheme/ID") in (None, "VAT")), None)
    return {
        "name": text(el, "PartyLegalEntity/RegistrationName", "PartyName/Name"),
        "companyCode": text(el, "PartyLegalEntity/CompanyID"),
        "vatCode": vat,
        "street": street or None,
        "city": text(address, "CityName"),
        "postalCode": text(address, "PostalZone"),
        "country": text(address, "Country/IdentificationCode"),
        "email": text(el, "Contact/ElectronicMail"),
        "phone": text(el, "Contact/Telephone"),
    }


def _line(line: etree._Element, credit: bool) -> dict:
    item, price = first(line, "Item"), first(line, "Price")
    quantity_el = first(line, "CreditedQuantity" if credit else "InvoicedQuantity")
    unit_price, basis = number(price, "PriceAmount"), number(price, "BaseQuantity")
    if unit_price is not None and basis not in (None, Decimal(0), Decimal(1)):
        unit_price = unit_price / basis
    allowances = [number(ac, "Amount") for ac in every(line, "AllowanceCharge")
                  if text(ac, "ChargeIndicator") == "false"]
    barcode = first(item, "StandardItemIdentification/ID")
    return {
        "code": text(item, "SellersItemIdentification/ID"),
        "barcode": text(barcode) if barcode is not None and barcode.get("schemeID") == _GTIN else None,
        "description": text(item, "Name") or text(item, "Description"),
        "quantity": number(quantity_el),
        "unitCode": quantity_el.get("unitCode") if quantity_el is not None else None,
        "unitPrice": unit_price,
        "discount": sum((a for a in allowances if a is not None), Decimal(0)) if allowances else None,
        "netAmount": number(line, "LineExtensionAmount"),
        "vatRate": number(item, "ClassifiedTaxCategory/Percent"),
        "category": text(item, "ClassifiedTaxCategory/ID"),
    }


def _tax_total(root: etree._Element, currency: str | None) -> etree._Element | None:
    """The TaxTotal in the document currency (a second one may give VAT in another)."""
    totals = every(root, "TaxTotal")
    for total in totals:
        amount = first(total, "TaxAmount")
        if amount is not None and amount.get("currencyID") in (None, currency):
            return total
    return totals[0] if totals else None


def _subtotal(sub: etree._Element) -> dict:
    return {
        "rate": number(sub, "TaxCategory/Percent"),
        "category": text(sub, "TaxCategory/ID"),
        "taxableAmount": number(sub, "TaxableAmount"),
        "vatAmount": number(sub, "TaxAmount"),
    }


def _totals(monetary: etree._Element | None, tax_total: etree._Element | None) -> dict:
    return {
        "net": number(monetary, "TaxExclusiveAmount"),
        "vat": number(tax_total, "TaxAmount"),
        "gross": number(monetary, "TaxInclusiveAmount"),
        "discount": number(monetary, "AllowanceTotalAmount"),
        "prepaid": number(monetary, "PrepaidAmount"),
        "payable": number(monetary, "PayableAmount"),
    }
