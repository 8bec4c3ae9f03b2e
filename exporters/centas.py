"""Centas: its own XML import, `root/dokumentas/eilute` (formats/centas.md, from-docscanner2.md §3).

The partner's tag says the direction: `kontrah` (supplier) in a purchase file, `pirkejas`
(buyer) in a sales file. Lines carry no amounts, only quantity × net price × rate, so the
price is written with up to 4 decimals such that quantity × price gives the line amount
to the cent; where no such price exists the line is written as quantity 1 at its amount.
Credit notes (Centas has no document type for them): header sums and line quantities
negative, prices positive. Foreign currency: how Centas takes a rate is unknown, so a
non-EUR invoice is refused unless the client's `centas.foreign_currency` is `convert`,
which writes the document in EUR at the loaded rate.
"""

from decimal import Decimal

from lxml import etree

from core.books.exports import ExportLookups
from core import countries
from exporters import naming, preprocess, xmlout
from exporters.model import ExportFile, Line, Needs, Prepared
from schemas.invoice import Invoice
from exporters.numbers import ZERO, between, fixed, money, plain

NEEDS = Needs(direction=True, accounting_codes=True, partner_code_max=0, eur_rate=False)
CONTENT_TYPE = "application/xml; charset=utf-8"
DATE = "%Y.%m.%d"


def _unit(line: Line) -> str:
    return (line.unit or "vnt").strip().rstrip(".").lower() or "vnt"


def _in_eur(doc: Prepared) -> bool:
    """Whether amounts must be converted (a foreign invoice the client wants in EUR)."""
    if not doc.foreign:
        return False
    if doc.setting("centas.foreign_currency") != "convert":
        raise preprocess.refuse(f"Centas import of {doc.currency} invoices is not supported (how Centas takes "
                                "a rate is unknown); set centas.foreign_currency=convert to export it in EUR")
    if doc.rate is None:
        raise preprocess.refuse(f"no {doc.currency} rate to EUR on or within 7 days before "
                                f"{doc.operation_date.isoformat()}; load the ECB reference rates "
                                "(invoices admin export rates load FILE)")
    return True


def _quantity_and_price(line: Line, net: Decimal) -> tuple[Decimal, Decimal]:
    """(quantity, price ≥ 0) whose product is `net` to the cent."""
    price = abs(net / line.quantity)
    quantity = line.quantity if net >= 0 else -line.quantity
    if money(quantity * Decimal(between(price, 2, 4))) == net:
        return quantity, price
    return (Decimal(1) if net >= 0 else Decimal(-1)), abs(net)


def build(doc: Prepared) -> etree._Element:
    in_eur = _in_eur(doc)
    amount = doc.eur if in_eur else (lambda value: value)
    sign = Decimal(-1) if doc.credit else Decimal(1)
    nets = [amount(line.net) for line in doc.lines]
    vats = [amount(line.vat) for line in doc.lines]
    net, vat = sum(nets, ZERO), sum(vats, ZERO)
    party = doc.partner
    root = etree.Element("root")
    document = xmlout.add(root, "dokumentas", None)
    xmlout.add(document, "kontrah" if doc.direction == "purchase" else "pirkejas", party.name)
    xmlout.add(document, "kontrah_kodas", doc.partner_code)
    xmlout.add_if(document, "im_kodas", party.company_code)
    xmlout.add_if(document, "salis", countries.NAMES_LT.get(party.country or ""))
    xmlout.add_if(document, "salis_kodas", party.country)
    xmlout.add_if(document, "adresas", party.address)
    xmlout.add_if(document, "pvm_kodas", party.vat_code)
    xmlout.add_if(document, "as_num", party.iban)
    xmlout.add(document, "data", doc.issue_date.strftime(DATE))
    xmlout.add(document, "dok_suma", fixed(sign * (net + vat), 2))
    xmlout.add(document, "pvm_suma", fixed(sign * vat, 2))
    xmlout.add(document, "bepvm_suma", fixed(sign * net, 2))
    xmlout.add(document, "dok_val", "EUR" if in_eur else doc.currency)
    xmlout.add(document, "dok_num", doc.number)
    xmlout.add(document, "apmok_iki", (doc.due_date or doc.issue_date).strftime(DATE))
    xmlout.add(document, "orig_nuoroda", doc.invoice_id)
    xmlout.add(document, "isaf", "taip" if doc.isaf else "ne")
    xmlout.add(document, "reg_data", doc.operation_date.strftime(DATE))
    xmlout.add(document, "apsk_data", doc.operation_date.strftime(DATE))
    if doc.direction == "sales":
        xmlout.add(document, "savikaina", "0")
    xmlout.add_if(document, "kastu_centras", doc.setting("centas.cost_centre"))
    for line, line_net in zip(doc.lines, nets):
        quantity, price = _quantity_and_price(line, line_net)
        row = xmlout.add(document, "eilute", None)
        xmlout.add(row, "kodas", line.code)
        xmlout.add(row, "pavadinimas", line.description)
        xmlout.add(row, "matovnt", _unit(line))
        xmlout.add(row, "kiekis", between(sign * quantity, 2, 4))
        xmlout.add(row, "kaina", between(price, 2, 4))
        xmlout.add(row, "pvmtar", plain(line.rate))
        xmlout.add(row, "mok_kodas", line.classifier or "")
        xmlout.add(row, "sandelis", doc.setting("centas.warehouse") if line.code_type == "goods" else "")
    return root


def render(invoice: Invoice, lookups: ExportLookups) -> ExportFile:
    doc = preprocess.prepare(invoice, lookups, NEEDS)
    root = build(doc)
    word = naming.direction_word(doc.direction)
    return ExportFile(xmlout.document(root), CONTENT_TYPE, f"{naming.stem(doc.number, doc.invoice_id)}_{word}_centas.xml")
