"""Agnum: `AgnumData` XML (formats/agnum.md, from-docscanner2.md §4).

Agnum's own data-exchange dump: every row an `Item` whose data is all in attributes, with
the long runs of placeholder attributes written as Agnum writes them (whether Agnum
tolerates missing ones is unknown). Decimal comma; money 2 places, quantities and unit
prices 4, rate 6; dates `YYYY-MM-DD` with `1900-01-01` for "no date"; `Y`/`N` flags; a
100-zero `POZYMIAI`. Purchases (`Documents Type="2"`) and sales (`Type="4"`) are separate
imports with different sections. Credit notes (`SF_TIP="KS"`): header sums, row prices,
row VAT and card prices negative, quantities positive. Cards go into `Goods` only for
codes whose name we know; default and summary codes must exist in Agnum.
"""

from decimal import Decimal

from lxml import etree

from core.books.exports import ExportLookups
from core import countries
from exporters import naming, preprocess, xmlout
from exporters.model import ExportFile, Line, Needs, Prepared
from schemas.invoice import Invoice
from exporters.numbers import ZERO, comma, fixed, plain

NEEDS = Needs(direction=True, accounting_codes=True, partner_code_max=0, eur_rate=True)
CONTENT_TYPE = "application/xml; charset=utf-8"
DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'
FLAGS = "0" * 100
NO_DATE = "1900-01-01"


def _money(value: Decimal) -> str:
    return comma(fixed(value, 2))


def _four(value: Decimal) -> str:
    return comma(fixed(value, 4))


def _numbered(prefix: str, first: int, last: int, value: str = "") -> dict[str, str]:
    return {f"{prefix}{i}": value for i in range(first, last + 1)}


def _sign(doc: Prepared) -> Decimal:
    return Decimal(-1) if doc.credit else Decimal(1)


def _sf_type(doc: Prepared) -> str:
    return {"credit_note": "KS", "debit_note": "DS"}.get(doc.kind, "SF")


def _customer(doc: Prepared) -> dict[str, str]:
    party, supplier = doc.partner, doc.direction == "purchase"
    return {
        "KOD": doc.partner_code, "PAVAD": party.name or "", "CONTACT": "", "ADR": party.address or "",
        "TLF": party.phone or "", "FAX": "", "RKOD": party.company_code or "", "PVMKOD": party.vat_code or "",
        "BKOD": "", "BPAVAD": party.bank or "", "BSASK": party.iban or "", **_numbered("F", 1, 5), "INFO": "",
        **_numbered("ACC", 1, 12), "SALIS_KOD": party.country or "",
        "SALIS": countries.NAMES_LT.get(party.country or "", ""), "MIESTAS": party.city or "",
        "GATVE": party.street or "", "EMAIL": party.email or "", "PINDEX": party.postal_code or "",
        "SAVIVKOD": "", "APSKR": "", "KRD": "Y" if supplier else "N", "DEB": "N" if supplier else "Y",
        "AKTYVUS": "Y", "POZYMIAI": FLAGS, "KOD_IS": "", "DEFAULT_CURR": doc.currency,
        "FIZ_ASM": "Y" if party.natural_person else "N", "VEZEJAS": "N", "KNGR": "4",
    }


def _goods(doc: Prepared, line: Line) -> dict[str, str]:
    rate = plain(line.rate)
    return {
        "KOD": line.code, "SND_KOD": doc.setting("agnum.warehouse"), "PAVAD": line.code_name or "",
        "CLASS": "0" if line.code_type == "goods" else "1", "GRUPE": doc.setting("agnum.group"),
        "POGRUPIS": "", "KATEG": "", **_numbered("PAVAD", 1, 8), "VNT": line.unit or "vnt.", "VNT2": "",
        "SVORIS": "0", "SVORIS1": "0", "TURIS": "0", "VIETA": "", "METOD": "0", "IPAK": "0",
        "KN0": _money(_sign(doc) * line.unit_price), **_numbered("KN", 1, 5, "0"), "KNB": "0",
        "KNBVAL": doc.currency, "REZ": "0", "UZS": "0", "APMOKPVM": "Y", "PVM0": rate, "PVM": rate,
        **{f"PVM{i}": rate for i in range(2, 6)}, "MOK0": "0", "MEMO": "", **_numbered("F", 1, 5),
        **_numbered("F", 6, 8, "0"), **_numbered("ACC", 1, 5), "PVM_KOD": line.classifier or "",
        "POZYMIAI": FLAGS,
    }


def _purchase_document(doc: Prepared) -> dict[str, str]:
    sign = _sign(doc)
    return {
        "DATA": doc.issue_date.isoformat(), "DATA_G": doc.operation_date.isoformat(), "DOKNR": doc.number,
        "DOKNR2": "", "KL_KOD": doc.partner_code, "KL_RKOD": doc.partner.company_code or "",
        "SND_KOD": doc.setting("agnum.warehouse"), "VAL": doc.currency, "KURS": _rate(doc), "TR_TIP": "0",
        "NUOL1": "0", "NUOL2": "0", "SUMA": _money(sign * doc.net), "MT": "0", "AKC": "0",
        "PVM": _money(sign * doc.vat), "PVM_KL": "0", "KT": "0", "PR": "0", "SUMAP": "0", "TRANSP": "0",
        "SUMVISO": _money(sign * doc.net), "DRB": "", "SKOLA": _money(sign * doc.gross), "TERM": "0",
        "APMSUM": "0", "SANDORIS": "", "PRISTSAL": "", "TRANSPORTAS": "", "SALISSIUNT": doc.seller.country or "",
        "TR_VVAL": "Y", "POZYMIAI": FLAGS, "CH1": "Y" if doc.isaf else "N", **_numbered("M", 0, 8, "Y"),
        "PVM_KOD": doc.classifier or "", "SPEC_TAX": "N", "REF_DOK_DATA": NO_DATE, "REF_DOK_NR": "",
        "SF_TIP": _sf_type(doc), "MEMO": doc.invoice_id, **_numbered("NUM", 1, 5, "0"), **_numbered("TXT", 1, 5),
        "PR_VIETA": "", "Count": str(len(doc.lines)),
    }


def _purchase_row(doc: Prepared, line: Line) -> dict[str, str]:
    sign, day = _sign(doc), doc.issue_date.isoformat()
    return {
        "KOD": line.code, "KIEKIS": _four(line.quantity), "PRKKN": _four(sign * line.unit_price), "MT": "0",
        "AKC": "0", "PVM": _money(sign * line.vat), "PVM_PROC": plain(line.rate), **_numbered("F", 1, 5),
        "D1": day, "D2": day, "D3": day, "KILMESSALIS": doc.seller.country or "", "APSKRITIS": "",
        "PART_PARKN": "0", "OBJ_KOD": doc.setting("agnum.object"), "PVM_KOD": line.classifier or "",
    }


def _own_iban(doc: Prepared) -> str:
    return doc.setting("agnum.own_iban") or doc.seller.iban or ""


def _sales_document(doc: Prepared) -> dict[str, str]:
    sign = _sign(doc)
    rates = {line.rate for line in doc.lines}
    term = (doc.due_date - doc.issue_date).days if doc.due_date and doc.due_date > doc.issue_date else 0
    return {
        "DATA": doc.issue_date.isoformat(), "DOKNR": doc.number, "DOKNR2": "", "GVNR": "",
        "KL_KOD": doc.partner_code, "KL_RKOD": doc.partner.company_code or "", "PAD_KOD": "",
        "SND_KOD": doc.setting("agnum.warehouse"), "VAL": doc.currency, "KURS": _rate(doc), "NUOLPROC": "0",
        "NUOL": "0", "SUMA": _money(sign * doc.net), "SUMAP": "0",
        "PVMPROC": plain(rates.pop()) if len(rates) == 1 else "0", "PVM": _money(sign * doc.vat), "MOK0": "0",
        "SUMVISO": _money(sign * doc.net), "SKOLA": _money(sign * doc.gross), "APMSUM": "0", "APM_SAL": "1",
        "TERM": str(term), "KNTIP": "4", "PR_VIETA": "",
        "PR_DATA": doc.delivery_date.isoformat() if doc.delivery_date else NO_DATE, "KIENO_TR": "",
        "SUMISR": "Y" if doc.summary else "N", "CHECKNR": "", "KSNR": "", "CHECKD": NO_DATE, "ADDR1": "",
        "ADDR2": "", "DRBKOD": "", "DRB": "", "DRBKOD1": "", "DRB1": "", "AG_KOD": "", "SANDORIS": "",
        "PRISTSAL": "", "TRANSPORTAS": "", "SALISSIUNT": doc.seller.country or "",
        **_numbered("FNUM", 1, 3, "0"), "SASK": _own_iban(doc), "SAVIK": "0", "SUMAK": "0",
        "M10": "Y" if doc.isaf else "N", "POZYMIAI": FLAGS, "PVM_KOD": doc.classifier or "", "SPEC_TAX": "N",
        "REF_DOK_DATA": NO_DATE, "REF_DOK_NR": "", "SF_TIP": _sf_type(doc), "POINTS_USED": "0",
        "POINTS_ADDED": "0", "DOK_USER": "1", "DOK_USER0": "1", "DOKMEMO": doc.invoice_id,
        "Count": str(len(doc.lines)),
    }


def _sales_row(doc: Prepared, line: Line) -> dict[str, str]:
    sign = _sign(doc)
    return {
        "KOD": line.code, "BKOD": line.barcode or "", "KIEKIS": _four(line.quantity),
        "PVM": _money(sign * line.vat), "PVM_PROC": plain(line.rate), "MOK0_PROC": "0", "MOK0_LT": "0",
        "VNT": line.unit or "vnt.", "PARKN": _four(sign * line.unit_price),
        "ORIGPARKN": _four(sign * line.unit_price), "NUOL": _four(ZERO), "NUOL2": "0", "UZS_SHOPNR": "",
        "UZS_UZSNR": "", "UZS_PRKKOD": "", "ZYME": "", "UZS_PRDATA": NO_DATE, "COMMENT": line.description,
        **_numbered("VSK_F", 1, 5), "ID_PRK1": "", "PVM_KOD": line.classifier or "",
        "OKOD": doc.setting("agnum.object"),
    }


def _rate(doc: Prepared) -> str:
    return comma(fixed(doc.rate if doc.foreign else Decimal(1), 6))


def _section(root: etree._Element, tag: str, items: list[dict[str, str]], **attrs: str) -> etree._Element:
    section = xmlout.add(root, tag, None, **attrs, Count=str(len(items)))
    for attributes in items:
        xmlout.add(section, "Item", None, **attributes)
    return section


def build(doc: Prepared) -> etree._Element:
    sales = doc.direction == "sales"
    root = etree.Element("AgnumData", Version="25", CreatedByApp="InvoiceService", CreatedByLogin="1",
                         CreatedOn=doc.export_date.isoformat())
    cards, seen = [], set()
    for line in doc.lines:
        if line.card and line.code not in seen:
            seen.add(line.code)
            cards.append(line)
    barcodes: dict[tuple[str, str], Decimal] = {}
    for line in doc.lines:
        if line.barcode:
            barcodes[(line.code, line.barcode)] = barcodes.get((line.code, line.barcode), ZERO) + line.quantity
    _section(root, "Customers", [_customer(doc)])
    if sales:
        _section(root, "Departments", [])
    _section(root, "Goods", [_goods(doc, line) for line in cards])
    if sales:
        iban = _own_iban(doc)
        accounts = [{"SASK": iban, "KOD": "", "PAVAD": doc.seller.bank or "", "ADR": "", "TLF": "",
                     "SWIFT": doc.seller.swift or ""}] if iban else []
        _section(root, "Accounts", accounts)
    else:
        _section(root, "Objects", [])
    documents = xmlout.add(root, "Documents", None, Type="4" if sales else "2", Count="1")
    header = xmlout.add(documents, "Item", None, **(_sales_document(doc) if sales else _purchase_document(doc)))
    for line in doc.lines:
        xmlout.add(header, "Row", None, **(_sales_row(doc, line) if sales else _purchase_row(doc, line)))
    _section(root, "Barcodes", [{"KOD": code, "BKOD": barcode, "KIEKIS": comma(fixed(abs(qty), 2))}
                                for (code, barcode), qty in barcodes.items()])
    return root


def render(invoice: Invoice, lookups: ExportLookups) -> ExportFile:
    doc = preprocess.prepare(invoice, lookups, NEEDS)
    root = build(doc)
    word = naming.direction_word(doc.direction)
    body = xmlout.document(root, DECLARATION)
    return ExportFile(body, CONTENT_TYPE, f"{naming.stem(doc.number, doc.invoice_id)}_{word}_agnum.xml")
