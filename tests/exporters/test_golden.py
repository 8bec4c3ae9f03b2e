"""Golden files: every format over every fixture, byte for byte, and read back.

The goldens under golden/ were reviewed by reading them against shared/formats/. After an
intended change, rewrite them with `UPDATE_GOLDEN=1 python -m pytest tests/exporters` and
review the diff. Every case also decodes the output again (Windows-1257 for Rivilė, an XML
parse for the rest, JSON for json) and checks that the program's arithmetic gives the
invoice's totals (tests/exporters/decode.py); the UBL output is validated against the
OASIS UBL 2.1 XSD there.
"""

import io
import os
import zipfile

from decimal import Decimal

import pytest
from lxml import etree

from exporters import registry
from exporters.model import Needs
from exporters.preprocess import prepare
from tests.exporters import cases
from tests.exporters.decode import CHECKS, CII, UBL, rivile_records

UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
EXTENSIONS = {"finvalda": "xml", "centas": "xml", "agnum": "xml", "xml": "xml", "json": "json", "cii": "xml"}


def _golden_files(fmt: str, name: str, body: bytes) -> dict:
    """Golden path → bytes; a Rivilė ZIP is kept as its .eip files, so the goldens read as text."""
    if fmt == "rivile":
        with zipfile.ZipFile(io.BytesIO(body)) as archive:
            return {cases.GOLDEN / "rivile" / name / member: archive.read(member) for member in archive.namelist()}
    return {cases.GOLDEN / fmt / f"{name}.{EXTENSIONS[fmt]}": body}


@pytest.mark.parametrize("name", cases.NAMES)
@pytest.mark.parametrize("fmt", list(registry.FORMATS))
def test_golden(fmt, name):
    invoice = cases.invoice(name)
    exported = registry.export(fmt, cases.record(invoice), cases.lookups(name))
    files = _golden_files(fmt, name, exported.body)
    if UPDATE:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    if fmt == "rivile":
        recorded = sorted(p.name for p in (cases.GOLDEN / "rivile" / name).iterdir())
        assert recorded == sorted(p.name for p in files), "the ZIP's member files changed"
    for path, data in files.items():
        assert path.exists(), f"missing golden {path}; run with UPDATE_GOLDEN=1 and review it"
        assert data == path.read_bytes(), f"{path.relative_to(cases.HERE)} differs from the output"
    CHECKS[fmt](exported.body, invoice, cases.eur_rate(name))


def test_rivile_zip_lists_files_in_import_order():
    exported = registry.export("rivile", cases.record(cases.invoice("eu_reverse_charge")), cases.lookups("eu_reverse_charge"))
    with zipfile.ZipFile(io.BytesIO(exported.body)) as archive:
        assert archive.namelist() == ["klientai.eip", "prekes.eip", "pardavimai.eip"]


def _classifiers(fmt: str, body: bytes) -> list[str]:
    """The VAT classifier of each line, as each program reads it."""
    if fmt == "rivile":
        files = rivile_records(body)
        header = files["pirkimai.eip" if "pirkimai.eip" in files else "pardavimai.eip"][0]
        return [line.findtext("I07_KODAS_KL") for line in header.findall("I07")]
    root = etree.fromstring(body)
    if fmt == "finvalda":
        return [line.findtext("pvm_kodas") for line in root.iter("eilute")]
    if fmt == "centas":
        return [line.findtext("mok_kodas") for line in root.iter("eilute")]
    if fmt == "agnum":
        return [row.get("PVM_KOD") for row in root.iter("Row")]
    if fmt == "cii":
        return [line.findtext("ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic/ram:Value", default="",
                              namespaces=CII) for line in root.iter(f"{{{CII['ram']}}}IncludedSupplyChainTradeLineItem")]
    lines = root.findall("cac:InvoiceLine", UBL) + root.findall("cac:CreditNoteLine", UBL)
    return [line.findtext("cac:Item/cac:AdditionalItemProperty/cbc:Value", default="", namespaces=UBL) for line in lines]


@pytest.mark.parametrize("name", cases.NAMES)
def test_isaf_fields_agree_across_formats(name):
    """Every program gets the same classifier per line, and the per-rate VAT of the breakdown."""
    invoice = cases.invoice(name)
    outputs = {fmt: registry.export(fmt, cases.record(invoice), cases.lookups(name)).body for fmt in registry.FORMATS if fmt != "json"}
    classifiers = {fmt: _classifiers(fmt, body) for fmt, body in outputs.items()}
    assert len({tuple(codes) for codes in classifiers.values()}) == 1, classifiers
    assert all(code for code in classifiers["rivile"])  # every fixture line is classified
    doc = prepare(cases.record(invoice), cases.lookups(name), Needs(accounting_codes=False))
    printed = {}
    for entry in invoice["vatBreakdown"]:
        printed[Decimal(entry["rate"])] = printed.get(Decimal(entry["rate"]), 0) + abs(Decimal(entry["vatAmount"]))
    by_rate = {}
    for group in doc.groups:
        by_rate[group.rate] = by_rate.get(group.rate, 0) + group.vat
    assert by_rate == printed
