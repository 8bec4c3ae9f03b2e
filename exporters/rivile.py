"""Rivilė GAMA: EIP files (formats/rivile.md, from-docscanner2.md §1), as one ZIP per invoice.

The ZIP holds, in GAMA's import order, `klientai.eip` (the partner: N08 with N33),
`prekes.eip` / `paslaugos.eip` (N17 goods / service cards), `kodai.eip` (N25 purchase or
sales codes) and `pirkimai.eip` or `pardavimai.eip` (the I06 document with its I07 lines).
Cards are sent only for codes whose name we know (a mapping rule with a name, or the
seller's own item code); the default and summary codes are the accountant's and must
already exist in the database. Each file is Windows-1257 with an XML declaration and a
flat run of records without a root element; text cp1257 lacks is transliterated.

Credit notes: operation type 2 (purchase return) / 52 (sales return), amounts and
quantities positive, `I06_ISAF` 5. Debit notes: `I06_ISAF` 2. Purchases that i.SAF must
not list (non-EU supplier, every rate 0 %): `I06_ISAF` 12. Foreign currency: the `_VAL`
fields instead of the EUR ones, with `I06_KURSAS` (units per EUR, as the ECB and the Bank
of Lithuania quote it).
"""

import io
import logging
import zipfile

from lxml import etree

from core.books.exports import ExportLookups
from exporters import naming, preprocess, xmlout
from exporters.model import ExportFile, Line, Needs, Prepared
from schemas.invoice import Invoice
from exporters.numbers import fixed, plain
from exporters.text import UnencodableCode, clip, code_for, transliterate

log = logging.getLogger(__name__)

NEEDS = Needs(direction=True, accounting_codes=True, partner_code_max=12, eur_rate=True, item_code_max=12)
DECLARATION = '<?xml version="1.0" encoding="WINDOWS-1257"?>'
CONTENT_TYPE = "application/zip"
LINE_TYPES = {"goods": "1", "service": "2", "code": "3"}
DATE = "%Y.%m.%d"


def _text(value: str | None, length: int, field: str) -> str:
    """Free text for a C(length) field: transliterated to cp1257, cut (and logged) if too long."""
    lost: list[str] = []
    text = transliterate(value or "", "cp1257", lost)
    if lost:
        log.warning("rivile %s: no cp1257 form for %r, written as '?'", field, "".join(lost))
    if len(text.strip()) > length:
        log.warning("rivile %s: %r cut to %d characters", field, text, length)
    return clip(text, length)


def _code(value: str) -> str:
    """A code for a key field; one with no cp1257 form refuses the export instead of changing."""
    try:
        return code_for(value)
    except UnencodableCode as exc:
        raise preprocess.refuse(f"Rivilė: {exc}") from None


def _add(parent, tag: str, value: str | None) -> None:
    xmlout.add(parent, tag, value or "")


def _header(doc: Prepared) -> etree._Element:
    sales = doc.direction == "sales"
    i06 = etree.Element("I06")
    op_type = ("52" if sales else "2") if doc.credit else ("51" if sales else "1")
    _add(i06, "I06_OP_TIP", op_type)
    _add(i06, "I06_VAL_POZ", "1" if doc.foreign else "0")
    if doc.foreign:
        _add(i06, "I06_KODAS_VL", doc.currency)
        _add(i06, "I06_KURSAS", plain(doc.rate))
    number = _text(doc.number, 20, "I06_DOK_NR")
    _add(i06, "I06_DOK_NR", number)
    _add(i06, "I06_OP_DATA", doc.operation_date.strftime(DATE))
    _add(i06, "I06_DOK_DATA", doc.issue_date.strftime(DATE))
    _add(i06, "I06_KODAS_KS", _code(doc.partner_code))
    _add(i06, "I06_DOK_REG", number)
    if not doc.isaf:
        _add(i06, "I06_ISAF", "12")
    elif doc.credit:
        _add(i06, "I06_ISAF", "5")
    elif doc.kind == "debit_note":
        _add(i06, "I06_ISAF", "2")
    _add(i06, "I06_APRASYMAS1", _text(doc.invoice_id, 150, "I06_APRASYMAS1"))
    return i06


def _line(doc: Prepared, line: Line) -> etree._Element:
    i07 = etree.Element("I07")
    for tag, key in (("I07_KODAS_IS", "rivile.department"), ("I07_KODAS_OS", "rivile.object")):
        if doc.setting(key):
            _add(i07, tag, _code(doc.setting(key)))
    _add(i07, "I07_KODAS", line.code)
    _add(i07, "I07_TIPAS", LINE_TYPES[line.code_type or "code"])
    _add(i07, "I07_PAV", _text(line.description, 40, "I07_PAV"))
    prefix = ("I07_VAL_KAINA", "I07_PVM_VAL", "I07_SUMA_VAL") if doc.foreign else ("I07_KAINA_BE", "I07_PVM", "I07_SUMA")
    _add(i07, prefix[0], fixed(line.unit_price, 4))
    _add(i07, prefix[1], fixed(line.vat, 2))
    _add(i07, prefix[2], fixed(line.net, 2))
    _add(i07, "I07_MOKESTIS", "1")
    _add(i07, "I07_MOKESTIS_P", plain(line.rate))
    _add(i07, "I07_KODAS_KL", line.classifier or "")
    _add(i07, "T_KIEKIS", plain(line.quantity))
    return i07


def _partner(doc: Prepared) -> etree._Element:
    party, code = doc.partner, _code(doc.partner_code)
    supplier = doc.direction == "purchase"
    n08 = etree.Element("N08")
    _add(n08, "N08_KODAS_KS", code)
    _add(n08, "N08_RUSIS", "2" if supplier else "1")
    _add(n08, "N08_PAV", _text(party.name, 70, "N08_PAV"))
    if party.company_code and len(party.company_code) <= 13:
        _add(n08, "N08_IM_KODAS", _code(party.company_code))
    if party.vat_code:
        _add(n08, "N08_PVM_KODAS", _code(party.vat_code)[:25])
    if party.address:
        _add(n08, "N08_ADR", _text(party.address, 40, "N08_ADR"))
    if party.postal_code:
        _add(n08, "N08_PASTAS", _text(party.postal_code, 10, "N08_PASTAS"))
    if party.email:
        _add(n08, "N08_E_MAIL", _text(party.email, 60, "N08_E_MAIL"))
    if party.phone:
        _add(n08, "N08_TEL", _text(party.phone, 30, "N08_TEL"))
    _add(n08, "N08_TIPAS_PIRK", "0" if supplier else "1")
    _add(n08, "N08_TIPAS_TIEK", "1" if supplier else "0")
    _add(n08, "N08_KODAS_DS", _code(doc.setting("rivile.partner_relation")))
    _add(n08, "N08_KODAS_XS_T", _code(doc.setting("rivile.tax_table")))
    _add(n08, "N08_KODAS_XS_P", _code(doc.setting("rivile.tax_table")))
    _add(n08, "N08_VAL_POZ", "1" if doc.foreign else "0")
    _add(n08, "N08_KODAS_VL_1", doc.currency)
    _add(n08, "N08_TIPAS", "2" if party.natural_person else "1")
    _add(n08, "N08_BUSENA", "1")
    if party.iban or party.country:
        n33 = xmlout.add(n08, "N33", None)
        _add(n33, "N33_NUTYL", "1")
        _add(n33, "N33_KODAS_KS", code)
        if party.iban:
            _add(n33, "N33_S_KODAS", _code(party.iban))
        if party.country:
            _add(n33, "N33_SALIES_K", party.country)
    return n08


def _card(doc: Prepared, line: Line) -> etree._Element:
    if line.code_type == "code":
        n25 = etree.Element("N25")
        _add(n25, "N25_KODAS_BS", line.code)
        _add(n25, "N25_PAV", _text(line.code_name, 40, "N25_PAV"))
        _add(n25, "N25_TIPAS", "2" if doc.direction == "sales" else "1")
        if doc.setting("rivile.code_account"):
            _add(n25, "N25_KODAS_SS", _code(doc.setting("rivile.code_account")))
        _add(n25, "N25_KODAS_DS", _code(doc.setting("rivile.item_relation")))
        _add(n25, "N25_KODAS_US", "VNT")
        _add(n25, "N25_FRAKCIJA", "100")
        _add(n25, "N25_TAX", "1")
        _add(n25, "N25_MOKESTIS", "1")
        _add(n25, "N25_POZ_DATE", "0")
        return n25
    n17 = etree.Element("N17")
    _add(n17, "N17_KODAS_PS", line.code)
    _add(n17, "N17_TIPAS", LINE_TYPES[line.code_type])
    _add(n17, "N17_PAV", _text(line.code_name, 40, "N17_PAV"))
    _add(n17, "N17_KODAS_US", "VNT")
    _add(n17, "N17_KODAS_DS", _code(doc.setting("rivile.item_relation")))
    if doc.direction == "purchase":
        _add(n17, "N17_KODAS_KS", _code(doc.partner_code))
    if line.barcode and len(line.barcode) <= 20:
        _add(n17, "N17_BAR_KODAS", _code(line.barcode))
    return n17


def eip(records: list[etree._Element]) -> bytes:
    """One .eip file of these records: the declaration, then the records without a root."""
    text = DECLARATION + "\n" + "".join(xmlout.serialise(r) + "\n" for r in records)
    return text.encode("cp1257")


def files(doc: Prepared) -> dict[str, bytes]:
    """The .eip files of one invoice, by name, in import order (empty files left out)."""
    return {name: eip(items) for name, items in records(doc).items()}


def records(doc: Prepared) -> dict[str, list[etree._Element]]:
    """The records of one invoice by the .eip file they go in, in import order (empty files
    left out)."""
    header = _header(doc)
    for line in doc.lines:
        header.append(_line(doc, line))
    cards: dict[str, list[etree._Element]] = {"prekes.eip": [], "paslaugos.eip": [], "kodai.eip": []}
    seen = set()
    for line in doc.lines:
        if not line.card or line.code in seen:
            continue
        seen.add(line.code)
        name = {"goods": "prekes.eip", "service": "paslaugos.eip"}.get(line.code_type, "kodai.eip")
        cards[name].append(_card(doc, line))
    out = {"klientai.eip": [_partner(doc)]}
    out.update({name: items for name, items in cards.items() if items})
    out["pardavimai.eip" if doc.direction == "sales" else "pirkimai.eip"] = [header]
    return out


def render(invoice: Invoice, lookups: ExportLookups) -> ExportFile:
    doc = preprocess.prepare(invoice, lookups, NEEDS)
    buffer = io.BytesIO()
    stamp = doc.export_date.timetuple()[:3] + (0, 0, 0)
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files(doc).items():
            archive.writestr(zipfile.ZipInfo(name, date_time=stamp), data, zipfile.ZIP_DEFLATED)
    stem = naming.stem(doc.number, doc.invoice_id)
    return ExportFile(buffer.getvalue(), CONTENT_TYPE, f"{stem}_rivile_eip.zip")
