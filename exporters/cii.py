"""`cii`: UN/CEFACT Cross Industry Invoice (D16B) in the EN 16931 profile, the syntax of Factur-X,
ZUGFeRD and XRechnung.

The same semantic invoice as the UBL export (exporters/en16931.py decides categories,
breakdown, payable and refusals), spelled in CII: the guideline `urn:cen.eu:en16931:2017`
(Factur-X / ZUGFeRD "EN 16931" profile), the document type 380, 381 (credit note, positive
amounts) or 383, the lines before the header agreement, delivery and settlement, dates
as `YYYYMMDD` (format 102). Elements follow the sequence of the Factur-X EN 16931 XSD
(schemas/en16931/), and the file is refused if it breaks a fatal rule of the published
EN 16931 CII Schematron (exporters/schematron.py).

Unlike Peppol's UBL, CII needs no electronic address for the parties: an identifier a
network can address is written when there is one (URIUniversalCommunication) and its
absence refuses nothing. For a non-EUR invoice with a loaded rate, `TaxCurrencyCode` EUR
and the VAT total in EUR, as the UBL export writes them.
"""

from datetime import date
from decimal import Decimal

from lxml import etree

from core.books.exports import ExportLookups
from exporters import en16931, naming, preprocess, schematron, xmlout
from exporters.model import ExportFile, Line, Needs, Party, Prepared
from exporters.numbers import between
from schemas.invoice import Invoice

NEEDS = Needs(direction=False, accounting_codes=False, partner_code_max=None, eur_rate=False)
CONTENT_TYPE = "application/xml; charset=utf-8"
GUIDELINE = "urn:cen.eu:en16931:2017"

RSM = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
RAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
UDT = "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"
QDT = "urn:un:unece:uncefact:data:standard:QualifiedDataType:100"
VAT_SCHEME = "VA"  # SpecifiedTaxRegistration/ID schemeID of a VAT identifier


def _ram(parent: etree._Element, tag: str, value: str | None = None, **attrs: str) -> etree._Element:
    return xmlout.add(parent, f"{{{RAM}}}{tag}", value, **attrs)


def _amount(parent: etree._Element, tag: str, value: Decimal, currency: str | None = None) -> None:
    attrs = {"currencyID": currency} if currency else {}
    _ram(parent, tag, en16931.money(value), **attrs)


def _date(parent: etree._Element, tag: str, value: date) -> None:
    xmlout.add(_ram(parent, tag), f"{{{UDT}}}DateTimeString", value.strftime("%Y%m%d"), format="102")


def _party(parent: etree._Element, tag: str, party: Party, with_vat: bool) -> None:
    node = _ram(parent, tag)
    _ram(node, "Name", party.name)
    if party.company_code:
        scheme = en16931.legal_scheme(party)
        _ram(_ram(node, "SpecifiedLegalOrganization"), "ID", party.company_code,
             **({"schemeID": scheme} if scheme else {}))
    if party.phone or party.email:
        contact = _ram(node, "DefinedTradeContact")
        if party.phone:
            _ram(_ram(contact, "TelephoneUniversalCommunication"), "CompleteNumber", party.phone)
        if party.email:
            _ram(_ram(contact, "EmailURIUniversalCommunication"), "URIID", party.email)
    address = _ram(node, "PostalTradeAddress")
    if party.postal_code:
        _ram(address, "PostcodeCode", party.postal_code)
    street = party.street or (party.address_text if not party.city else None)
    if street:
        _ram(address, "LineOne", street)
    if party.city:
        _ram(address, "CityName", party.city)
    _ram(address, "CountryID", party.country)
    endpoint = en16931.electronic_address(party)
    if endpoint:
        _ram(_ram(node, "URIUniversalCommunication"), "URIID", endpoint[1], schemeID=endpoint[0])
    if with_vat and party.vat_code:
        _ram(_ram(node, "SpecifiedTaxRegistration"), "ID", party.vat_code, schemeID=VAT_SCHEME)


def _line(parent: etree._Element, doc: Prepared, line: Line) -> None:
    node = _ram(parent, "IncludedSupplyChainTradeLineItem")
    _ram(_ram(node, "AssociatedDocumentLineDocument"), "LineID", str(line.no))
    product = _ram(node, "SpecifiedTradeProduct")
    if line.barcode and line.barcode.isdigit() and len(line.barcode) in (8, 12, 13, 14):
        _ram(product, "GlobalID", line.barcode, schemeID="0160")
    if line.seller_code:
        _ram(product, "SellerAssignedID", line.seller_code)
    _ram(product, "Name", line.description[:200] or "-")
    if line.classifier:
        characteristic = _ram(product, "ApplicableProductCharacteristic")
        _ram(characteristic, "Description", "PVM klasifikatorius")
        _ram(characteristic, "Value", line.classifier)
    price = _ram(_ram(node, "SpecifiedLineTradeAgreement"), "NetPriceProductTradePrice")
    _ram(price, "ChargeAmount", between(abs(line.unit_price), 2, 6))
    quantity = line.quantity if line.net >= 0 else -line.quantity
    _ram(_ram(node, "SpecifiedLineTradeDelivery"), "BilledQuantity", between(quantity, 0, 6),
         unitCode=en16931.unit_code(line))
    settlement = _ram(node, "SpecifiedLineTradeSettlement")
    tax = _ram(settlement, "ApplicableTradeTax")
    code, percent = en16931.category_key(line)
    _ram(tax, "TypeCode", "VAT")
    _ram(tax, "CategoryCode", code)
    if percent is not None:
        _ram(tax, "RateApplicablePercent", between(percent, 0, 2))
    _amount(_ram(settlement, "SpecifiedTradeSettlementLineMonetarySummation"), "LineTotalAmount", line.net)


def _agreement(parent: etree._Element, doc: Prepared) -> None:
    node = _ram(parent, "ApplicableHeaderTradeAgreement")
    _ram(node, "BuyerReference", doc.order_reference or doc.buyer.company_code or doc.buyer.vat_code or doc.number)
    with_vat = any(line.category[0] != "O" for line in doc.lines)
    _party(node, "SellerTradeParty", doc.seller, with_vat)
    _party(node, "BuyerTradeParty", doc.buyer, with_vat)
    if doc.order_reference:
        _ram(_ram(node, "BuyerOrderReferencedDocument"), "IssuerAssignedID", doc.order_reference)


def _delivery(parent: etree._Element, doc: Prepared) -> None:
    node = _ram(parent, "ApplicableHeaderTradeDelivery")
    if en16931.delivery_country_needed(doc):
        _ram(_ram(_ram(node, "ShipToTradeParty"), "PostalTradeAddress"), "CountryID", doc.buyer.country)
    if doc.delivery_date or en16931.delivery_country_needed(doc):
        _date(_ram(node, "ActualDeliverySupplyChainEvent"), "OccurrenceDateTime", doc.delivery_date or doc.issue_date)


def _settlement(parent: etree._Element, doc: Prepared) -> None:
    node = _ram(parent, "ApplicableHeaderTradeSettlement")
    in_eur = doc.foreign and doc.rate is not None
    if doc.payment_reference:
        _ram(node, "PaymentReference", doc.payment_reference[:140])  # BT-83
    if in_eur:
        _ram(node, "TaxCurrencyCode", "EUR")
    _ram(node, "InvoiceCurrencyCode", doc.currency)
    if doc.seller.iban:
        means = _ram(node, "SpecifiedTradeSettlementPaymentMeans")
        _ram(means, "TypeCode", "58" if doc.currency == "EUR" else "30")
        _ram(_ram(means, "PayeePartyCreditorFinancialAccount"), "IBANID", doc.seller.iban)
        if doc.seller.swift:
            _ram(_ram(means, "PayeeSpecifiedCreditorFinancialInstitution"), "BICID", doc.seller.swift)
    for group in en16931.subtotals(doc):
        tax = _ram(node, "ApplicableTradeTax")
        _amount(tax, "CalculatedAmount", group.vat)
        _ram(tax, "TypeCode", "VAT")
        if group.reason:
            _ram(tax, "ExemptionReason", group.reason)
        _amount(tax, "BasisAmount", group.taxable)
        _ram(tax, "CategoryCode", group.code)
        if group.reason and group.vatex:
            _ram(tax, "ExemptionReasonCode", group.vatex)
        if group.percent is not None:
            _ram(tax, "RateApplicablePercent", between(group.percent, 0, 2))
    if doc.payment_terms or doc.due_date:
        terms = _ram(node, "SpecifiedTradePaymentTerms")
        if doc.payment_terms:
            _ram(terms, "Description", doc.payment_terms[:500])
        if doc.due_date:
            _date(terms, "DueDateDateTime", doc.due_date)
    due = en16931.payable(doc)
    totals = _ram(node, "SpecifiedTradeSettlementHeaderMonetarySummation")
    _amount(totals, "LineTotalAmount", doc.net)
    _amount(totals, "TaxBasisTotalAmount", doc.net)
    _amount(totals, "TaxTotalAmount", doc.vat, doc.currency)
    if in_eur:
        _amount(totals, "TaxTotalAmount", doc.eur(doc.vat), "EUR")
    if due.rounding:
        _amount(totals, "RoundingAmount", due.rounding)
    _amount(totals, "GrandTotalAmount", doc.gross)
    if due.prepaid:
        _amount(totals, "TotalPrepaidAmount", due.prepaid)
    _amount(totals, "DuePayableAmount", due.amount)


def build(doc: Prepared) -> etree._Element:
    en16931.check(doc)
    root = etree.Element(f"{{{RSM}}}CrossIndustryInvoice", nsmap={"rsm": RSM, "ram": RAM, "udt": UDT, "qdt": QDT})
    context = xmlout.add(root, f"{{{RSM}}}ExchangedDocumentContext", None)
    _ram(_ram(context, "GuidelineSpecifiedDocumentContextParameter"), "ID", GUIDELINE)
    header = xmlout.add(root, f"{{{RSM}}}ExchangedDocument", None)
    _ram(header, "ID", doc.printed_number)
    _ram(header, "TypeCode", en16931.type_code(doc))
    _date(header, "IssueDateTime", doc.issue_date)
    if doc.notes:
        _ram(_ram(header, "IncludedNote"), "Content", doc.notes[:1000])
    transaction = xmlout.add(root, f"{{{RSM}}}SupplyChainTradeTransaction", None)
    for line in doc.lines:
        _line(transaction, doc, line)
    _agreement(transaction, doc)
    _delivery(transaction, doc)
    _settlement(transaction, doc)
    return root


def render(invoice: Invoice, lookups: ExportLookups) -> ExportFile:
    doc = preprocess.prepare(invoice, lookups, NEEDS)
    body = schematron.enforce(xmlout.document(build(doc), '<?xml version="1.0" encoding="UTF-8"?>'), "cii")
    return ExportFile(body, CONTENT_TYPE, f"{naming.stem(doc.number, doc.invoice_id)}_cii.xml")
