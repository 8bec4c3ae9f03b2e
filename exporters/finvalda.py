"""Finvalda: the `fvsdata` XML import (formats/finvalda.md, from-docscanner2.md §2).

One operation per file, in the element that names its class: `pirkimas` (purchase),
`pirkimoGrazinimas` (purchase return: a received credit note), `pardavimas` (sale),
`pardavimoGrazinimas` (sales return: an issued credit note). Sections in Finvalda's
order: `klientai`, `prekes`, `paslaugos`, `operacijos`; header fields in the order of
Finvalda's XSD. Amounts and quantities are positive (returns say so by their element);
Finvalda does not compute VAT, so every line carries it in the document currency
(`suma_pvmv`) and in EUR (`suma_pvml`, converted at the loaded rate). Quantities carry
`pirmas_mat="true"` (base unit; without it a service quantity is read ×100).
"""

from lxml import etree

from core.books.exports import ExportLookups
from exporters import naming, preprocess, xmlout
from exporters.model import ExportFile, Line, Needs, Prepared
from schemas.invoice import Invoice
from exporters.numbers import between, fixed
from exporters.text import clip

NEEDS = Needs(direction=True, accounting_codes=True, partner_code_max=15, eur_rate=True, item_code_max=20)
CONTENT_TYPE = "application/xml; charset=utf-8"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
_ELEMENT = {
    ("purchase", False): "pirkimas", ("purchase", True): "pirkimoGrazinimas",
    ("sales", False): "pardavimas", ("sales", True): "pardavimoGrazinimas",
}
FILE_WORDS = {
    "pirkimas": "pirkimai", "pirkimoGrazinimas": "pirkimu_grazinimai",
    "pardavimas": "pardavimai", "pardavimoGrazinimas": "pardavimo_grazinimai",
}
DATE = "%Y-%m-%d"


def _is_goods(line: Line) -> bool:
    return line.code_type == "goods"


def check(doc: Prepared) -> None:
    for line in doc.lines:
        if not _is_goods(line) and len(line.code) > 13:
            raise preprocess.refuse(f"line {line.no}: Finvalda service code {line.code!r} is longer than 13 characters")
    if any(_is_goods(line) for line in doc.lines) and not doc.setting("finvalda.warehouse"):
        raise preprocess.refuse("the invoice has goods lines and Finvalda needs their warehouse; "
                                "set the export setting finvalda.warehouse")


def _client(parent: etree._Element, doc: Prepared) -> None:
    party = doc.partner
    client = xmlout.add(parent, "klientas", None)
    xmlout.add(client, "kodas", doc.partner_code)
    xmlout.add(client, "pavadinimas", party.name)
    xmlout.add_if(client, "adresas", clip(party.address, 255))
    xmlout.add_if(client, "banko_sas", party.iban)
    xmlout.add_if(client, "im_kodas", party.company_code)
    xmlout.add_if(client, "salis_kodas", party.country)


def _cards(goods: etree._Element, services: etree._Element, doc: Prepared) -> None:
    seen = set()
    for line in doc.lines:
        if not line.card or line.code in seen:
            continue
        seen.add(line.code)
        card = xmlout.add(goods, "preke", None) if _is_goods(line) else xmlout.add(services, "paslauga", None)
        xmlout.add(card, "kodas", line.code.upper())
        xmlout.add(card, "pavadinimas", clip(line.code_name, 100))
        if line.barcode:
            xmlout.add(card, "bar_kodas", line.barcode)
        xmlout.add(card, "kaina1", between(line.unit_price, 2, 4))
        xmlout.add(card, "valiuta", doc.currency)
        xmlout.add(card, "aktyvi", "1")
        xmlout.add(card, "mat_kodas", "VNT")
        if _is_goods(line):
            xmlout.add(card, "sandelis", doc.setting("finvalda.warehouse"))


def _line(parent: etree._Element, doc: Prepared, line: Line) -> None:
    row = xmlout.add(parent, "eilute", None)
    xmlout.add(row, "tipas", "1" if _is_goods(line) else "2")
    xmlout.add(row, "kodas", line.code.upper())
    xmlout.add(row, "kiekis", between(line.quantity, 2, 6), pirmas_mat="true")
    if _is_goods(line):
        xmlout.add(row, "sandelis", doc.setting("finvalda.warehouse"))
    xmlout.add(row, "pavadinimas", clip(line.description, 255))
    xmlout.add(row, "suma_v", fixed(line.net, 2))
    xmlout.add(row, "suma_l", fixed(doc.eur(line.net), 2))
    xmlout.add(row, "suma_pvmv", fixed(line.vat, 2))
    xmlout.add(row, "suma_pvml", fixed(doc.eur(line.vat), 2))
    xmlout.add(row, "pvm_proc", fixed(line.rate, 2))
    xmlout.add(row, "pvm_kodas", line.classifier or "")
    if _is_goods(line) and not doc.credit:
        xmlout.add(row, "suma_vntv", between(line.unit_price, 2, 4))
        eur_price = line.unit_price / doc.rate if doc.foreign else line.unit_price
        xmlout.add(row, "suma_vntl", between(eur_price, 2, 4))


def operation_class(doc: Prepared) -> str:
    """The element that names the operation's class (`pirkimas`, `pardavimoGrazinimas`, …)."""
    return _ELEMENT[(doc.direction, doc.credit)]


def build(doc: Prepared) -> etree._Element:
    purchase = doc.direction == "purchase"
    root = etree.Element("fvsdata", nsmap={"xsi": XSI})
    _client(xmlout.add(root, "klientai", None), doc)
    _cards(xmlout.add(root, "prekes", None), xmlout.add(root, "paslaugos", None), doc)
    operations = xmlout.add(root, "operacijos", None)
    op = xmlout.add(operations, operation_class(doc), None)
    type_key, journal_key = ("purchase_type", "purchase_journal") if purchase else ("sales_type", "sales_journal")
    xmlout.add_if(op, "tipas", doc.setting(f"finvalda.{type_key}"))
    xmlout.add_if(op, "zurnalas", doc.setting(f"finvalda.{journal_key}"))
    xmlout.add_if(op, "padalinys", doc.setting("finvalda.department"))
    xmlout.add_if(op, "serija", doc.series)
    xmlout.add(op, "dokumentas", doc.number_only if doc.series else doc.number)
    attrs = {"kodo_tipas": "im_kodas"} if doc.partner_code_is_company_code else {}
    xmlout.add(op, "klientas", doc.partner_code, **attrs)
    xmlout.add(op, "data", doc.issue_date.strftime(DATE))
    xmlout.add(op, "pastaba", doc.invoice_id)
    xmlout.add(op, "imp_param", "VA")
    xmlout.add(op, "mokejimo_data", (doc.due_date or doc.issue_date).strftime(DATE))
    if purchase:
        xmlout.add(op, "reg_data", doc.operation_date.strftime(DATE))
        xmlout.add(op, "dokumento_data", doc.issue_date.strftime(DATE))
    xmlout.add(op, "valiuta", doc.currency)
    details = xmlout.add(op, "operacijaDet", None)
    for line in doc.lines:
        _line(details, doc, line)
    return root


def render(invoice: Invoice, lookups: ExportLookups) -> ExportFile:
    doc = preprocess.prepare(invoice, lookups, NEEDS)
    check(doc)
    root = build(doc)
    word = FILE_WORDS[operation_class(doc)]
    return ExportFile(xmlout.document(root), CONTENT_TYPE, f"{naming.stem(doc.number, doc.invoice_id)}_{word}_finvalda.xml")
