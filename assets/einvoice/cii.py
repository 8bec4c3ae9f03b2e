"""UN/CEFACT Cross Industry Invoice: ZUGFeRD 1 and D16B (Factur-X, ZUGFeRD 2, XRechnung).

Both generations carry the same EN 16931 content under different element names (the
ZUGFeRD 1 "SupplyChainTrade..." blocks became "HeaderTrade..." / "LineTrade..." in
D16B). ``_NAMES`` maps the meaning to each generation's name, so one reader serves both.
Amounts stay ``Decimal`` here; ``invoice.build`` writes them as DTO strings.
"""

from __future__ import annotations

from decimal import Decimal

from lxml import etree

from .xmlpath import every, first, local_name, number, text, xml_date

_NAMES = {
    "d16b": {
        "doc": "ExchangedDocument", "tx": "SupplyChainTradeTransaction",
        "agreement": "ApplicableHeaderTradeAgreement", "delivery": "ApplicableHeaderTradeDelivery",
        "settlement": "ApplicableHeaderTradeSettlement",
        "summation": "SpecifiedTradeSettlementHeaderMonetarySummation", "rate": "RateApplicablePercent",
        "line_agreement": "SpecifiedLineTradeAgreement", "line_delivery": "SpecifiedLineTradeDelivery",
        "line_settlement": "SpecifiedLineTradeSettlement",
        "line_summation": "SpecifiedTradeSettlementLineMonetarySummation",
    },
    "zugferd1": {
        "doc": "HeaderExchangedDocument", "tx": "SpecifiedSupplyChainTradeTransaction",
        "agreement": "ApplicableSupplyChainTradeAgreement", "delivery": "ApplicableSupplyChainTradeDelivery",
        "settlement": "ApplicableSupplyChainTradeSettlement",
        "summation": "SpecifiedTradeSettlementMonetarySummation", "rate": "ApplicablePercent",
        "line_agreement": "SpecifiedSupplyChainTradeAgreement", "line_delivery": "SpecifiedSupplyChainTradeDelivery",
        "line_settlement": "SpecifiedSupplyChainTradeSettlement",
        "line_summation": "SpecifiedTradeSettlementMonetarySummation",
    },
}
# ISO 6523 schemes that identify a party globally but are not a business register.
_NOT_REGISTERS = {"0088", "0060", "0160", "0009"}


def is_cii(root: etree._Element) -> bool:
    return local_name(root) in ("CrossIndustryInvoice", "CrossIndustryDocument")


def read_cii(root: etree._Element) -> dict:
    """The invoice of a CII document, in the DTO's shape with ``Decimal`` amounts."""
    n = _NAMES["zugferd1" if local_name(root) == "CrossIndustryDocument" else "d16b"]
    doc, tx = first(root, n["doc"]), first(root, n["tx"])
    agreement, delivery = first(tx, n["agreement"]), first(tx, n["delivery"])
    settlement = first(tx, n["settlement"])
    summation = first(settlement, n["summation"])
    currency = text(settlement, "InvoiceCurrencyCode")
    seller, buyer = _party(first(agreement, "SellerTradeParty")), _party(first(agreement, "BuyerTradeParty"))
    _payment(settlement, seller, buyer)
    terms = first(settlement, "SpecifiedTradePaymentTerms")
    notes = [text(note, "Content") for note in every(doc, "IncludedNote")]
    return {
        "typeCode": text(doc, "TypeCode"),
        "invoiceNumber": text(doc, "ID"),
        "issueDate": xml_date(doc, "IssueDateTime"),
        "dueDate": xml_date(terms, "DueDateDateTime"),
        "deliveryDate": xml_date(delivery, "ActualDeliverySupplyChainEvent/OccurrenceDateTime"),
        "currency": currency,
        "orderReference": text(agreement, "BuyerOrderReferencedDocument/IssuerAssignedID",
                               "BuyerOrderReferencedDocument/ID"),  # ZUGFeRD 1
        "paymentTerms": text(terms, "Description"),
        "paymentReference": text(settlement, "PaymentReference"),
        "notes": "\n".join(note for note in notes if note) or None,
        "seller": seller,
        "buyer": buyer,
        "lines": [_line(item, n) for item in every(tx, "IncludedSupplyChainTradeLineItem")],
        "vatBreakdown": [_tax(tax, n) for tax in every(settlement, "ApplicableTradeTax")],
        "totals": _totals(summation, currency),
        "lineTotal": number(summation, "LineTotalAmount"),
    }


def _party(el: etree._Element | None) -> dict:
    if el is None:
        return {}
    address = first(el, "PostalTradeAddress")
    street = ", ".join(filter(None, (text(address, p) for p in ("LineOne", "LineTwo", "LineThree"))))
    contact = first(el, "DefinedTradeContact")
    register = text(el, "SpecifiedLegalOrganization/ID")
    if register is None:  # ZUGFeRD 1 has no legal organisation: a register's global id
        register = next((text(g) for g in every(el, "GlobalID") if g.get("schemeID") not in _NOT_REGISTERS), None)
    electronic = first(el, "URIUniversalCommunication/URIID[@schemeID='EM']")
    return {
        "name": text(el, "Name", "SpecifiedLegalOrganization/TradingBusinessName"),
        "companyCode": register,
        "vatCode": text(el, "SpecifiedTaxRegistration/ID[@schemeID='VA']"),
        "street": street or None,
        "city": text(address, "CityName"),
        "postalCode": text(address, "PostcodeCode"),
        "country": text(address, "CountryID"),
        "email": text(contact, "EmailURIUniversalCommunication/URIID") or text(electronic),
        "phone": text(contact, "TelephoneUniversalCommunication/CompleteNumber"),
    }


def _payment(settlement: etree._Element | None, seller: dict, buyer: dict) -> None:
    """The payee's account is the seller's; a direct-debit payer's account the buyer's."""
    for means in every(settlement, "SpecifiedTradeSettlementPaymentMeans"):
        iban = text(means, "PayeePartyCreditorFinancialAccount/IBANID")
        if iban and not seller.get("iban"):
            seller["iban"] = iban
            seller["swift"] = text(means, "PayeeSpecifiedCreditorFinancialInstitution/BICID")
            seller["bank"] = text(means, "PayeeSpecifiedCreditorFinancialInstitution/Name")
        payer = text(means, "PayerPartyDebtorFinancialAccount/IBANID")
        if payer and not buyer.get("iban"):
            buyer["iban"] = payer


def _line(item: etree._Element, n: dict) -> dict:
    agreement, delivery = first(item, n["line_agreement"]), first(item, n["line_delivery"])
    settlement = first(item, n["line_settlement"])
    product = first(item, "SpecifiedTradeProduct")
    price = first(agreement, "NetPriceProductTradePrice")
    unit_price, basis = number(price, "ChargeAmount"), number(price, "BasisQuantity")
    if unit_price is not None and basis not in (None, Decimal(0), Decimal(1)):
        unit_price = unit_price / basis
    quantity_el = first(delivery, "BilledQuantity")
    allowances = [number(ac, "ActualAmount") for ac in every(settlement, "SpecifiedTradeAllowanceCharge")
                  if text(ac, "ChargeIndicator/Indicator") == "false"]
    gtin = next((text(g) for g in every(product, "GlobalID") if g.get("schemeID") == "0160"), None)
    return {
        "code": text(product, "SellerAssignedID"),
        "barcode": gtin,
        "description": text(product, "Name") or text(product, "Description"),
        "quantity": number(quantity_el),
        "unitCode": quantity_el.get("unitCode") if quantity_el is not None else None,
        "unitPrice": unit_price,
        "discount": sum((a for a in allowances if a is not None), Decimal(0)) if allowances else None,
        "netAmount": number(first(settlement, n["line_summation"]), "LineTotalAmount"),
        "vatRate": number(settlement, f"ApplicableTradeTax/{n['rate']}"),
        "category": text(settlement, "ApplicableTradeTax/CategoryCode"),
    }


def _tax(tax: etree._Element, n: dict) -> dict:
    return {
        "rate": number(tax, n["rate"]),
        "category": text(tax, "CategoryCode"),
        "taxableAmount": number(tax, "BasisAmount"),
        "vatAmount": number(tax, "CalculatedAmount"),
    }


def _totals(summation: etree._Element | None, currency: str | None) -> dict:
    # The VAT total may be given twice: in the invoice currency and in the VAT currency.
    vat_totals = every(summation, "TaxTotalAmount")
    vat = next((number(v) for v in vat_totals if v.get("currencyID") in (None, currency)), None)
    if vat is None and vat_totals:
        vat = number(vat_totals[0])
    return {
        "net": number(summation, "TaxBasisTotalAmount"),
        "vat": vat,
        "gross": number(summation, "GrandTotalAmount"),
        "discount": number(summation, "AllowanceTotalAmount"),
        "prepaid": number(summation, "TotalPrepaidAmount"),
        "payable": number(summation, "DuePayableAmount"),
    }
