"""Reading exports back, as the importing programs would, and checking that the numbers add up.

Each checker decodes the bytes (Windows-1257 for Rivilė, an XML parse for the rest, JSON
for json), then checks the program's own arithmetic against the invoice's totals:
line amounts sum to the net total, line VAT to the VAT total, and the header sums agree.
"""

import io
import json
import zipfile
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from lxml import etree

CENT = Decimal("0.01")


def money(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def expected(invoice: dict, rate: Decimal | None = None) -> tuple[Decimal, Decimal]:
    """|net| and |VAT| of the invoice (in EUR when a rate is given)."""
    totals = invoice["totals"]
    net, vat = abs(Decimal(totals["net"])), abs(Decimal(totals["vat"]))
    if rate is not None:
        return net / rate, vat / rate
    return net, vat


def _num(el: etree._Element, tag: str) -> Decimal:
    return Decimal(el.findtext(tag).replace(",", "."))


def rivile_records(body: bytes) -> dict[str, etree._Element]:
    """Each .eip file of the ZIP as a list of records under a synthetic root."""
    out = {}
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        for name in archive.namelist():
            text = archive.read(name).decode("cp1257")
            declaration, _, records = text.partition("\n")
            assert declaration == '<?xml version="1.0" encoding="WINDOWS-1257"?>'
            assert "/>" not in records, f"{name} has a self-closing element"
            out[name] = etree.fromstring(f"<eip>{records}</eip>")
    return out


def check_rivile(body: bytes, invoice: dict, rate: Decimal | None = None) -> None:
    files = rivile_records(body)
    document_file = "pardavimai.eip" if "pardavimai.eip" in files else "pirkimai.eip"
    assert list(files)[0] == "klientai.eip" and list(files)[-1] == document_file  # import order
    (header,) = files[document_file]
    (partner,) = files["klientai.eip"]
    assert header.findtext("I06_KODAS_KS") == partner.findtext("N08_KODAS_KS")
    assert len(header.findtext("I06_KODAS_KS")) <= 12
    foreign = header.findtext("I06_VAL_POZ") == "1"
    price, vat_tag, net_tag = ("I07_VAL_KAINA", "I07_PVM_VAL", "I07_SUMA_VAL") if foreign else ("I07_KAINA_BE", "I07_PVM", "I07_SUMA")
    lines = header.findall("I07")
    for line in lines:
        assert abs(_num(line, price) * _num(line, "T_KIEKIS") - _num(line, net_tag)) <= CENT
        assert len(line.findtext("I07_KODAS")) <= 12
    net, vat = expected(invoice)
    assert sum(_num(line, net_tag) for line in lines) == net
    assert sum(_num(line, vat_tag) for line in lines) == vat
    cards = {card.findtext("N17_KODAS_PS") for name in ("prekes.eip", "paslaugos.eip") for card in files.get(name, [])}
    cards |= {card.findtext("N25_KODAS_BS") for card in files.get("kodai.eip", [])}
    assert cards <= {line.findtext("I07_KODAS") for line in lines}


def check_finvalda(body: bytes, invoice: dict, rate: Decimal | None = None) -> None:
    root = etree.fromstring(body)
    assert [child.tag for child in root] == ["klientai", "prekes", "paslaugos", "operacijos"]
    (operation,) = root.find("operacijos")
    (client,) = root.find("klientai")
    assert operation.findtext("klientas") == client.findtext("kodas")
    lines = operation.find("operacijaDet").findall("eilute")
    net, vat = expected(invoice)
    assert sum(_num(line, "suma_v") for line in lines) == net
    assert sum(_num(line, "suma_pvmv") for line in lines) == vat
    eur_net, eur_vat = expected(invoice, rate)
    assert abs(sum(_num(line, "suma_l") for line in lines) - eur_net) <= CENT * len(lines)
    assert abs(sum(_num(line, "suma_pvml") for line in lines) - eur_vat) <= CENT * len(lines)
    for line in lines:
        assert line.find("kiekis").get("pirmas_mat") == "true"
        assert _num(line, "suma_v") >= 0 and _num(line, "kiekis") > 0  # returns are positive


def check_centas(body: bytes, invoice: dict, rate: Decimal | None = None) -> None:
    root = etree.fromstring(body)
    (document,) = root.findall("dokumentas")
    lines = document.findall("eilute")
    recomputed = sum(money(_num(line, "kiekis") * _num(line, "kaina")) for line in lines)
    assert recomputed == _num(document, "bepvm_suma")
    assert _num(document, "dok_suma") == _num(document, "bepvm_suma") + _num(document, "pvm_suma")
    net, vat = expected(invoice, rate)
    assert abs(abs(_num(document, "bepvm_suma")) - net) <= CENT * len(lines)
    assert abs(abs(_num(document, "pvm_suma")) - vat) <= CENT * len(lines)
    by_rate: dict[Decimal, Decimal] = {}
    for line in lines:
        rate_ = _num(line, "pvmtar")
        by_rate[rate_] = by_rate.get(rate_, Decimal(0)) + money(_num(line, "kiekis") * _num(line, "kaina"))
        assert _num(line, "kaina") >= 0
    recomputed_vat = sum(money(base * r / 100) for r, base in by_rate.items())
    assert abs(recomputed_vat - _num(document, "pvm_suma")) <= CENT * len(lines)


def check_agnum(body: bytes, invoice: dict, rate: Decimal | None = None) -> None:
    root = etree.fromstring(body)
    for section in root:
        assert int(section.get("Count")) == len(section)
    document = root.find("Documents")
    (header,) = document
    sales = document.get("Type") == "4"
    price = "PARKN" if sales else "PRKKN"
    rows = header.findall("Row")
    assert int(header.get("Count")) == len(rows)
    num = lambda el, attr: Decimal(el.get(attr).replace(",", "."))
    assert sum(money(num(r, "KIEKIS") * num(r, price)) for r in rows) == num(header, "SUMA")
    assert sum(num(r, "PVM") for r in rows) == num(header, "PVM")
    assert num(header, "SKOLA") == num(header, "SUMA") + num(header, "PVM")
    net, vat = expected(invoice)
    assert abs(num(header, "SUMA")) == net and abs(num(header, "PVM")) == vat
    for row in rows:
        assert num(row, "KIEKIS") > 0  # quantities stay positive, credit notes turn prices negative
    customers = {item.get("KOD") for item in root.find("Customers")}
    assert header.get("KL_KOD") in customers


def check_json(body: bytes, invoice: dict, rate: Decimal | None = None) -> None:
    decoded = json.loads(body.decode("utf-8"))
    assert decoded == invoice
    if decoded["lines"]:
        assert sum(Decimal(line["netAmount"]) for line in decoded["lines"]) == Decimal(decoded["totals"]["net"])
    taxable = sum(Decimal(entry["taxableAmount"]) for entry in decoded["vatBreakdown"])
    assert taxable == Decimal(decoded["totals"]["net"])


UBL = {"cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
       "cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"}


def check_xml(body: bytes, invoice: dict, rate: Decimal | None = None) -> None:
    from peppol import check_rules, validate_xsd

    valid, problems = validate_xsd(body)
    assert valid, problems
    findings = [str(f) for f in check_rules(body) if f.severity == "fatal"]
    assert not findings, findings
    root = etree.fromstring(body)
    credit = etree.QName(root).localname == "CreditNote"
    line_tag = "cac:CreditNoteLine" if credit else "cac:InvoiceLine"
    value = lambda path: Decimal(root.findtext(path, namespaces=UBL))
    lines = [Decimal(line.findtext("cbc:LineExtensionAmount", namespaces=UBL)) for line in root.findall(line_tag, UBL)]
    net, vat = expected(invoice)
    assert sum(lines) == value("cac:LegalMonetaryTotal/cbc:LineExtensionAmount") == net
    assert value("cac:TaxTotal/cbc:TaxAmount") == vat
    assert value("cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount") == net + vat
    assert credit == (invoice["documentType"] == "credit_note")


CII = {"rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
       "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"}
CII_SCHEMA = Path(__file__).resolve().parents[2] / "schemas" / "en16931" / "Factur-X_EN16931.xsd"


def check_cii(body: bytes, invoice: dict, rate: Decimal | None = None) -> None:
    """The Factur-X EN 16931 XSD, then CII's own sums (BR-CO-10, -13, -14, -15) against the invoice."""
    root = etree.fromstring(body)
    schema = etree.XMLSchema(etree.parse(str(CII_SCHEMA)))
    assert schema.validate(root), [str(e) for e in schema.error_log]
    totals = root.find("rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/"
                       "ram:SpecifiedTradeSettlementHeaderMonetarySummation", CII)
    value = lambda path: Decimal(totals.findtext(path, namespaces=CII))
    lines = [Decimal(amount.text) for amount in root.iterfind(
        "rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/"
        "ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount", CII)]
    breakdown = root.findall("rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax", CII)
    net, vat = expected(invoice)
    assert sum(lines) == value("ram:LineTotalAmount") == value("ram:TaxBasisTotalAmount") == net
    assert sum(Decimal(t.findtext("ram:BasisAmount", namespaces=CII)) for t in breakdown) == net
    assert sum(Decimal(t.findtext("ram:CalculatedAmount", namespaces=CII)) for t in breakdown) == vat
    assert value("ram:TaxTotalAmount") == vat and value("ram:GrandTotalAmount") == net + vat
    type_code = root.findtext("rsm:ExchangedDocument/ram:TypeCode", namespaces=CII)
    assert (type_code == "381") == (invoice["documentType"] == "credit_note")


CHECKS = {
    "rivile": check_rivile, "finvalda": check_finvalda, "centas": check_centas,
    "agnum": check_agnum, "json": check_json, "xml": check_xml, "cii": check_cii,
}
