"""A period's invoices as one import file per program and side (exporters/period.py): the
merged file has the program's own structure (sections in order, counts, every document's
partner among the partners, each partner and card once), and holds every invoice exactly
as its single export writes it, which the golden tests read back and check."""

import pytest
from lxml import etree

from core import errors
from exporters import registry
from tests.exporters import cases
from tests.exporters.decode import rivile_records

PROGRAMS = ("rivile", "finvalda", "centas", "agnum")


def _invoices() -> list[tuple[dict, str]]:
    """Every fixture, and a second invoice of the goods_services supplier (a shared partner)."""
    out = [(cases.invoice(name), name) for name in cases.NAMES]
    again = cases.invoice("goods_services")
    again.update(id="inv_01jexgoodsservices00000002", jobId="job_01jexgoodsservices00000002", number="000124",
                 invoiceNumber="SV 000124")
    return [*out, (again, "goods_services")]


def _period(fmt: str):
    period = registry.period_of(fmt)
    pieces = [period.piece(cases.record(dto), cases.lookups(name)) for dto, name in _invoices()]
    return period.merge(pieces)


def _single(fmt: str, dto: dict, name: str) -> bytes:
    return registry.export(fmt, cases.record(dto), cases.lookups(name)).body


def _same(a: etree._Element, b: etree._Element) -> bool:
    return etree.tostring(a, method="c14n") == etree.tostring(b, method="c14n")


def _strip(el: etree._Element) -> etree._Element:
    for node in el.iter():
        node.tail = None
        if node.text is not None and not node.text.strip():
            node.text = ""
    return el


def test_formats_with_one_invoice_per_document_have_no_period_file():
    assert [f for f in registry.FORMATS if registry.period_of(f)] == list(PROGRAMS)
    assert registry.period_of("xml") is None and registry.period_of("json") is None


def test_rivile_one_eip_set_holds_every_document_and_each_partner_once():
    [merged] = _period("rivile")
    assert merged.filename == "eip.zip"
    files = rivile_records(merged.body)
    assert list(files) == ["klientai.eip", "prekes.eip", "paslaugos.eip", "kodai.eip", "pirkimai.eip", "pardavimai.eip"]
    documents = files["pirkimai.eip"].findall("I06") + files["pardavimai.eip"].findall("I06")
    assert len(documents) == len(_invoices())
    partners = [p.findtext("N08_KODAS_KS") for p in files["klientai.eip"]]
    assert len(partners) == len(set(partners)) < len(_invoices())  # the shared supplier once
    assert {d.findtext("I06_KODAS_KS") for d in documents} <= set(partners)
    for name in ("prekes.eip", "paslaugos.eip"):
        codes = [c.findtext("N17_KODAS_PS") for c in files.get(name, [])]
        assert len(codes) == len(set(codes))
    for dto, name in _invoices():
        single = rivile_records(_single("rivile", dto, name))
        [header] = single["pardavimai.eip" if "pardavimai.eip" in single else "pirkimai.eip"]
        assert sum(_same(_strip(header), _strip(d)) for d in documents) == 1, dto["id"]


def test_finvalda_one_file_per_operation_class_with_every_operation():
    merged = {f.filename: etree.fromstring(f.body) for f in _period("finvalda")}
    assert set(merged) == {"pirkimai.xml", "pirkimu_grazinimai.xml", "pardavimai.xml"}
    operations = []
    for root in merged.values():
        assert [child.tag for child in root] == ["klientai", "prekes", "paslaugos", "operacijos"]
        codes = [c.findtext("kodas") for c in root.find("klientai")]
        assert len(codes) == len(set(codes))
        assert len({op.tag for op in root.find("operacijos")}) == 1  # one class per file
        for op in root.find("operacijos"):
            assert op.findtext("klientas") in codes
            operations.append(op)
    assert len(merged["pirkimai.xml"].find("klientai")) < len(merged["pirkimai.xml"].find("operacijos"))
    assert len(operations) == len(_invoices())
    for dto, name in _invoices():
        [single] = etree.fromstring(_single("finvalda", dto, name)).find("operacijos")
        assert sum(_same(_strip(single), _strip(op)) for op in operations) == 1, dto["id"]


@pytest.mark.parametrize("fmt, document, key", [("centas", "dokumentas", "orig_nuoroda"),
                                                ("agnum", None, "MEMO")])  # DOKMEMO on a sale
def test_centas_and_agnum_one_file_per_side_with_every_document(fmt, document, key):
    merged = {f.filename: etree.fromstring(f.body) for f in _period(fmt)}
    assert set(merged) == {"pirkimai.xml", "pardavimai.xml"}
    found = []
    for root in merged.values():
        if fmt == "centas":
            assert root.tag == "root" and {child.tag for child in root} == {"dokumentas"}
            found += list(root)
        else:
            assert root.tag == "AgnumData"
            for section in root:
                assert int(section.get("Count")) == len(section), section.tag
            customers = [item.get("KOD") for item in root.find("Customers")]
            assert len(customers) == len(set(customers))
            items = list(root.find("Documents"))
            assert {item.get("KL_KOD") for item in items} <= set(customers)
            found += items
    assert len(found) == len(_invoices())
    if fmt == "agnum":
        assert len(merged["pirkimai.xml"].find("Customers")) < len(merged["pirkimai.xml"].find("Documents"))
    for dto, name in _invoices():
        root = etree.fromstring(_single(fmt, dto, name))
        [single] = root.findall(document) if document else root.find("Documents")
        mine = [el for el in found if dto["id"] in ((el.findtext(key),) if document else (el.get(key), el.get("DOKMEMO")))]
        assert len(mine) == 1 and _same(_strip(single), _strip(mine[0])), dto["id"]


def test_a_refused_invoice_is_refused_alone_with_the_single_exports_reason():
    dto = cases.invoice("goods_services")
    dto["number"], dto["invoiceNumber"], dto["series"] = None, None, None
    for fmt in PROGRAMS:
        with pytest.raises(errors.InvoiceExportUnavailablePreprocessing) as period_refusal:
            registry.period_of(fmt).piece(cases.record(dto), cases.lookups("goods_services"))
        with pytest.raises(errors.InvoiceExportUnavailablePreprocessing) as single_refusal:
            registry.export(fmt, cases.record(dto), cases.lookups("goods_services"))
        assert period_refusal.value.detail == single_refusal.value.detail

