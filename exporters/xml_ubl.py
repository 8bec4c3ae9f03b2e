"""`xml`: UBL 2.1 Invoice or CreditNote conforming to Peppol BIS Billing 3.0 (formats/ubl-peppol.md).

The invoice is rendered as its supplier issued it, whatever the client's side: seller =
AccountingSupplierParty, buyer = AccountingCustomerParty. Elements follow the UBL 2.1
schema's sequence (tests validate against the OASIS XSD). Credit notes become a
`CreditNote` (type 381) with positive amounts; debit notes an `Invoice` of type 383.

Peppol specifics: the customisation and profile identifiers; an EndpointID for both
parties (a Lithuanian company code under scheme 0200, else the VAT code under its
country's VAT scheme); BuyerReference from the order reference, else the buyer's company
or VAT code; one VAT breakdown per category and rate, with the exemption reason the
category needs; the Lithuanian VAT classifier as an AdditionalItemProperty; for a non-EUR
invoice with a loaded rate, `TaxCurrencyCode` EUR and the VAT total in EUR (what the
Lithuanian VAT registers report). A line-less invoice gets one line per VAT rate. What
Peppol cannot express honestly (no country, no electronic address, a 0 % line whose
category cannot be told, out-of-scope lines mixed with taxed ones: exporters/en16931.py)
refuses the export, and so does a file that breaks a fatal rule of the published EN 16931
Schematron (exporters/schematron.py).
"""

from decimal import Decimal

from lxml import etree

from core.books.exports import ExportLookups
from exporters import en16931, naming, preprocess, schematron, xmlout
from exporters.model import ExportFile, Line, Needs, Party, Prepared
from schemas.invoice import Invoice
from exporters.numbers import between

NEEDS = Needs(direction=False, accounting_codes=False, partner_code_max=None, eur_rate=False)
CONTENT_TYPE = "application/xml; charset=utf-8"

CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
INVOICE_NS = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
CREDIT_NOTE_NS = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
CUSTOMIZATION = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
PROFILE = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"

def _cbc(parent: etree._Element, tag: str, value: str, **attrs: str) -> etree._Element:
    return xmlout.add(parent, f"{{{CBC}}}{tag}", value, **attrs)


def _cac(parent: etree._Element, tag: str) -> etree._Element:
    return xmlout.add(parent, f"{{{CAC}}}{tag}", None)


def _amount(parent: etree._Element, tag: str, value: Decimal, currency: str) -> None:
    _cbc(parent, tag, en16931.money(value), currencyID=currency)


def _endpoint(party: Party, role: str) -> tuple[str, str]:
    address = en16931.electronic_address(party)
    if address is None:
        raise preprocess.refuse(f"the {role} has no identifier Peppol can address (a Lithuanian company code or an "
                                "EU VAT code); Peppol BIS needs an electronic address for both parties")
    return address


def _party(parent: etree._Element, party: Party, role: str, with_vat: bool) -> None:
    node = _cac(parent, "Party")
    scheme, endpoint = _endpoint(party, role)
    _cbc(node, "EndpointID", endpoint, schemeID=scheme)
    _cbc(_cac(node, "PartyName"), "Name", party.name)
    address = _cac(node, "PostalAddress")
    street = party.street or (party.address_text if not party.city else None)
    if street:
        _cbc(address, "StreetName", street)
    if party.city:
        _cbc(address, "CityName", party.city)
    if party.postal_code:
        _cbc(address, "PostalZone", party.postal_code)
    _cbc(_cac(address, "Country"), "IdentificationCode", party.country)
    if with_vat and party.vat_code:
        scheme_node = _cac(node, "PartyTaxScheme")
        _cbc(scheme_node, "CompanyID", party.vat_code)
        _cbc(_cac(scheme_node, "TaxScheme"), "ID", "VAT")
    legal = _cac(node, "PartyLegalEntity")
    _cbc(legal, "RegistrationName", party.name)
    if party.company_code:
        scheme = en16931.legal_scheme(party)
        attrs = {"schemeID": scheme} if scheme else {}
        _cbc(legal, "CompanyID", party.company_code, **attrs)
    if party.phone or party.email:
        contact = _cac(node, "Contact")
        if party.phone:
            _cbc(contact, "Telephone", party.phone)
        if party.email:
            _cbc(contact, "ElectronicMail", party.email)


def _tax_category(parent: etree._Element, tag: str, code: str, percent: Decimal | None,
                  vatex: str | None, with_reason: bool) -> None:
    node = _cac(parent, tag)
    _cbc(node, "ID", code)
    if percent is not None:
        _cbc(node, "Percent", between(percent, 0, 2))
    if with_reason and code in en16931.REASONS:
        if vatex:
            _cbc(node, "TaxExemptionReasonCode", vatex)
        _cbc(node, "TaxExemptionReason", en16931.REASONS[code])
    _cbc(_cac(node, "TaxScheme"), "ID", "VAT")


def _tax_total(root: etree._Element, doc: Prepared) -> None:
    total = _cac(root, "TaxTotal")
    _amount(total, "TaxAmount", doc.vat, doc.currency)
    for group in en16931.subtotals(doc):
        sub = _cac(total, "TaxSubtotal")
        _amount(sub, "TaxableAmount", group.taxable, doc.currency)
        _amount(sub, "TaxAmount", group.vat, doc.currency)
        _tax_category(sub, "TaxCategory", group.code, group.percent, group.vatex, with_reason=True)
    if doc.foreign and doc.rate is not None:
        _amount(_cac(root, "TaxTotal"), "TaxAmount", doc.eur(doc.vat), "EUR")


def _totals(root: etree._Element, doc: Prepared) -> None:
    node = _cac(root, "LegalMonetaryTotal")
    due = en16931.payable(doc)
    _amount(node, "LineExtensionAmount", doc.net, doc.currency)
    _amount(node, "TaxExclusiveAmount", doc.net, doc.currency)
    _amount(node, "TaxInclusiveAmount", doc.gross, doc.currency)
    if due.prepaid:
        _amount(node, "PrepaidAmount", due.prepaid, doc.currency)
    if due.rounding:
        _amount(node, "PayableRoundingAmount", due.rounding, doc.currency)
    _amount(node, "PayableAmount", due.amount, doc.currency)


def _line(root: etree._Element, doc: Prepared, line: Line) -> None:
    credit = doc.credit
    node = _cac(root, "CreditNoteLine" if credit else "InvoiceLine")
    _cbc(node, "ID", str(line.no))
    quantity = line.quantity if line.net >= 0 else -line.quantity
    _cbc(node, "CreditedQuantity" if credit else "InvoicedQuantity", between(quantity, 0, 6),
         unitCode=en16931.unit_code(line))
    _amount(node, "LineExtensionAmount", line.net, doc.currency)
    item = _cac(node, "Item")
    _cbc(item, "Name", line.description[:200] or "-")
    if line.seller_code:
        _cbc(_cac(item, "SellersItemIdentification"), "ID", line.seller_code)
    if line.barcode and line.barcode.isdigit() and len(line.barcode) in (8, 12, 13, 14):
        _cbc(_cac(item, "StandardItemIdentification"), "ID", line.barcode, schemeID="0160")
    code, percent = en16931.category_key(line)
    _tax_category(item, "ClassifiedTaxCategory", code, percent, None, with_reason=False)
    if line.classifier:
        prop = _cac(item, "AdditionalItemProperty")
        _cbc(prop, "Name", "PVM klasifikatorius")
        _cbc(prop, "Value", line.classifier)
    price = _cac(node, "Price")
    _cbc(price, "PriceAmount", between(abs(line.unit_price), 2, 6), currencyID=doc.currency)


def build(doc: Prepared) -> etree._Element:
    en16931.check(doc)
    credit = doc.credit
    ns = CREDIT_NOTE_NS if credit else INVOICE_NS
    root = etree.Element(f"{{{ns}}}{'CreditNote' if credit else 'Invoice'}", nsmap={None: ns, "cac": CAC, "cbc": CBC})
    _cbc(root, "CustomizationID", CUSTOMIZATION)
    _cbc(root, "ProfileID", PROFILE)
    _cbc(root, "ID", doc.printed_number)
    _cbc(root, "IssueDate", doc.issue_date.isoformat())
    tax_point = doc.delivery_date if doc.delivery_date and doc.delivery_date != doc.issue_date else None
    if credit:
        if tax_point:
            _cbc(root, "TaxPointDate", tax_point.isoformat())
        _cbc(root, "CreditNoteTypeCode", "381")
    else:
        if doc.due_date:
            _cbc(root, "DueDate", doc.due_date.isoformat())
        _cbc(root, "InvoiceTypeCode", en16931.type_code(doc))
    if doc.notes:
        _cbc(root, "Note", doc.notes[:1000])
    if tax_point and not credit:
        _cbc(root, "TaxPointDate", tax_point.isoformat())
    _cbc(root, "DocumentCurrencyCode", doc.currency)
    if doc.foreign and doc.rate is not None:
        _cbc(root, "TaxCurrencyCode", "EUR")
    buyer_reference = (doc.order_reference or doc.buyer.company_code or doc.buyer.vat_code or doc.number)
    _cbc(root, "BuyerReference", buyer_reference)
    if doc.order_reference:
        _cbc(_cac(root, "OrderReference"), "ID", doc.order_reference)
    with_vat = any(line.category[0] != "O" for line in doc.lines)
    _party(_cac(root, "AccountingSupplierParty"), doc.seller, "seller", with_vat)
    _party(_cac(root, "AccountingCustomerParty"), doc.buyer, "buyer", with_vat)
    if doc.delivery_date or en16931.delivery_country_needed(doc):
        delivery = _cac(root, "Delivery")
        _cbc(delivery, "ActualDeliveryDate", (doc.delivery_date or doc.issue_date).isoformat())
        location = _cac(_cac(delivery, "DeliveryLocation"), "Address")
        _cbc(_cac(location, "Country"), "IdentificationCode", doc.buyer.country)
    if doc.seller.iban or doc.payment_reference:
        # A reference without an account is still BT-83, under "1" (instrument not defined):
        # a credit transfer code needs the account (BR-61).
        means = _cac(root, "PaymentMeans")
        _cbc(means, "PaymentMeansCode", ("58" if doc.currency == "EUR" else "30") if doc.seller.iban else "1")
        if credit and doc.due_date:
            _cbc(means, "PaymentDueDate", doc.due_date.isoformat())
        if doc.payment_reference:
            _cbc(means, "PaymentID", doc.payment_reference[:140])
        if doc.seller.iban:
            account = _cac(means, "PayeeFinancialAccount")
            _cbc(account, "ID", doc.seller.iban)
            if doc.seller.swift:
                _cbc(_cac(account, "FinancialInstitutionBranch"), "ID", doc.seller.swift)
    if doc.payment_terms:
        _cbc(_cac(root, "PaymentTerms"), "Note", doc.payment_terms[:500])
    _tax_total(root, doc)
    _totals(root, doc)
    for line in doc.lines:
        _line(root, doc, line)
    return root


def render(invoice: Invoice, lookups: ExportLookups) -> ExportFile:
    doc = preprocess.prepare(invoice, lookups, NEEDS)
    root = build(doc)
    body = schematron.enforce(xmlout.document(root, '<?xml version="1.0" encoding="UTF-8"?>'), "ubl")
    return ExportFile(body, CONTENT_TYPE, f"{naming.stem(doc.number, doc.invoice_id)}_ubl.xml")
