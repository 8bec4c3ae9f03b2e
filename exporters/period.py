"""A period's invoices of one client as the accounting program's own import file: every
invoice in one file where the program's format takes several (formats/*.md), instead of a
file per invoice.

Each invoice is prepared, checked and written on its own, exactly as its single export is,
so an invoice that cannot be exported is refused with the single export's reason and the
others still go in; the merge then only gathers the written pieces. The programs import purchases and sales separately, so the period gives one
file per side (`pirkimai`, `pardavimai`):

* Rivilė GAMA: one set of `.eip` files in import order (`klientai.eip`, card files,
  `pirkimai.eip`, `pardavimai.eip`), a partner or card written once however many invoices
  use it, in one ZIP, the form GAMA's import takes even for one invoice.
* Finvalda: one `fvsdata` file per operation class (purchases, purchase returns, sales,
  sales returns; formats/finvalda.md: a production exporter writes one class per file),
  each partner and card once, every operation under `operacijos`.
* Centas: one `root` per side with a `dokumentas` per invoice.
* Agnum: one `AgnumData` per side, its sections merged (each partner, card and own account
  once, one `Documents/Item` per invoice, barcode quantities added up) with their `Count`s.

JSON, UBL and CII hold one invoice per document by their definition; they stay a file each.
"""

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from lxml import etree

from core.books.exports import ExportLookups
from exporters import agnum, centas, finvalda, naming, preprocess, rivile, xmlout
from exporters.model import ExportFile, Prepared
from exporters.numbers import comma, fixed
from schemas.invoice import Invoice

RIVILE_ORDER = ("klientai.eip", "prekes.eip", "paslaugos.eip", "kodai.eip", "pirkimai.eip", "pardavimai.eip")


# One invoice, prepared, and what its single export writes of it (its XML tree, or
# Rivilė's records by file).
Piece = tuple[Prepared, Any]


@dataclass(frozen=True)
class Period:
    """How a program's period file is made: `piece` refuses an invoice as its single export
    would (InvoiceExportUnavailablePreprocessing), `merge` writes the pieces as the period's
    files."""

    piece: Callable[[Invoice, ExportLookups], Piece]
    merge: Callable[[list[Piece]], list[ExportFile]]


def _by(pieces: list[Piece], key: Callable[[Prepared], str]) -> dict[str, list[Piece]]:
    groups: dict[str, list[Piece]] = {}
    for piece in pieces:
        groups.setdefault(key(piece[0]), []).append(piece)
    return groups


def _once(parent: etree._Element, child: etree._Element, seen: set, key) -> None:
    if key not in seen:
        seen.add(key)
        parent.append(child)


# --- Rivilė -----------------------------------------------------------------------------

def _rivile_key(record: etree._Element) -> tuple[str, str | None]:
    """A partner or card record is the same one when its code (its first field) is."""
    return record.tag, record[0].text if len(record) else None


def rivile_merge(pieces: list[Piece]) -> list[ExportFile]:
    merged: dict[str, list[etree._Element]] = {}
    seen: set = set()
    for _doc, by_file in pieces:
        for name, records in by_file.items():
            documents = name in ("pirkimai.eip", "pardavimai.eip")
            for record in records:
                if not documents:  # a partner or card: once
                    if _rivile_key(record) in seen:
                        continue
                    seen.add(_rivile_key(record))
                merged.setdefault(name, []).append(record)
    stamp = pieces[0][0].export_date.timetuple()[:3] + (0, 0, 0)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in RIVILE_ORDER:
            if merged.get(name):
                archive.writestr(zipfile.ZipInfo(name, date_time=stamp), rivile.eip(merged[name]), zipfile.ZIP_DEFLATED)
    return [ExportFile(buffer.getvalue(), rivile.CONTENT_TYPE, "eip.zip")]


def _rivile_piece(invoice: Invoice, lookups: ExportLookups) -> Piece:
    doc = preprocess.prepare(invoice, lookups, rivile.NEEDS)
    return doc, rivile.records(doc)


# --- Finvalda ---------------------------------------------------------------------------

def _finvalda_piece(invoice: Invoice, lookups: ExportLookups) -> Piece:
    doc = preprocess.prepare(invoice, lookups, finvalda.NEEDS)
    finvalda.check(doc)
    return doc, finvalda.build(doc)


def finvalda_merge(pieces: list[Piece]) -> list[ExportFile]:
    out = []
    for element, group in _by(pieces, finvalda.operation_class).items():
        root = etree.Element("fvsdata", nsmap={"xsi": finvalda.XSI})
        sections = {tag: xmlout.add(root, tag, None) for tag in ("klientai", "prekes", "paslaugos", "operacijos")}
        seen: set = set()
        for _doc, one in group:
            for tag, section in sections.items():
                for child in list(one.find(tag)):
                    if tag == "operacijos":
                        section.append(child)
                    else:
                        _once(section, child, seen, (tag, child.findtext("kodas")))
        out.append(ExportFile(xmlout.document(root), finvalda.CONTENT_TYPE,
                              f"{finvalda.FILE_WORDS[element]}.xml"))
    return out


# --- Centas -----------------------------------------------------------------------------

def _centas_piece(invoice: Invoice, lookups: ExportLookups) -> Piece:
    doc = preprocess.prepare(invoice, lookups, centas.NEEDS)
    return doc, centas.build(doc)


def centas_merge(pieces: list[Piece]) -> list[ExportFile]:
    out = []
    for direction, group in _by(pieces, lambda d: d.direction).items():
        root = etree.Element("root")
        for _doc, one in group:
            root.extend(list(one))
        out.append(ExportFile(xmlout.document(root), centas.CONTENT_TYPE, f"{naming.direction_word(direction)}.xml"))
    return out


# --- Agnum ------------------------------------------------------------------------------

_AGNUM_KEYS = {"Customers": ("KOD",), "Goods": ("KOD",), "Accounts": ("SASK",)}


def _agnum_piece(invoice: Invoice, lookups: ExportLookups) -> Piece:
    doc = preprocess.prepare(invoice, lookups, agnum.NEEDS)
    return doc, agnum.build(doc)


def agnum_merge(pieces: list[Piece]) -> list[ExportFile]:
    out = []
    for direction, group in _by(pieces, lambda d: d.direction).items():
        trees = [tree for _doc, tree in group]
        root = etree.Element("AgnumData", dict(trees[0].attrib))
        for template in trees[0]:
            section = xmlout.add(root, template.tag, None, **dict(template.attrib))
            seen: set = set()
            barcodes: dict[tuple[str, str], etree._Element] = {}
            for tree in trees:
                for item in list(tree.find(template.tag)):
                    if template.tag == "Barcodes":
                        key = (item.get("KOD"), item.get("BKOD"))
                        if key in barcodes:
                            total = sum((Decimal(e.get("KIEKIS").replace(",", ".")) for e in (barcodes[key], item)),
                                        Decimal(0))
                            barcodes[key].set("KIEKIS", comma(fixed(total, 2)))
                            continue
                        barcodes[key] = item
                        section.append(item)
                    elif template.tag in _AGNUM_KEYS:
                        _once(section, item, seen, tuple(item.get(k) for k in _AGNUM_KEYS[template.tag]))
                    else:
                        section.append(item)
            section.set("Count", str(len(section)))
        out.append(ExportFile(xmlout.document(root, agnum.DECLARATION), agnum.CONTENT_TYPE,
                              f"{naming.direction_word(direction)}.xml"))
    return out


PERIODS: dict[str, Period] = {
    "rivile": Period(_rivile_piece, rivile_merge),
    "finvalda": Period(_finvalda_piece, finvalda_merge),
    "centas": Period(_centas_piece, centas_merge),
    "agnum": Period(_agnum_piece, agnum_merge),
}
