"""i.SAF 1.2 registers of a client's month, validated against the XSD of schemas/isaf.

The month (October 2026) holds invoices the client received and issued: domestic 21 %,
12 % (in force from 2026) and 5 %, a 0 % intra-Community sale of goods and services, a
credit note, a purchase from a Polish seller in USD; and invoices that cannot be filed
(foreign VAT, a buyer without codes, a direction nobody can tell, a rate without a
classifier), which the register lists with their reasons.
"""

from datetime import date, datetime
from decimal import Decimal

import pytest
from lxml import etree

from core.books.currency_rates import RateTable
from core.books.exports import ExportLookups
from exporters import isaf
from tests.exporters.cases import BASE_SETTINGS, CLIENT, invoice, record

NS = {"i": isaf.NS}
CREATED = datetime(2026, 11, 5, 9, 30, 0)
USD = RateTable("USD", {date(2026, 10, 9): Decimal("1.1000")})


def _in_october(dto: dict, day: int, delivered: int | None = None) -> dict:
    dto["issueDate"] = f"2026-10-{day:02d}"
    dto["deliveryDate"] = f"2026-10-{delivered:02d}" if delivered else None
    dto["createdAt"] = f"2026-10-{day:02d}T12:00:00.000Z"
    return dto


def _source(dto: dict, rates: RateTable | None = None, **settings: str) -> isaf.Source:
    return isaf.Source(record(dto), ExportLookups(settings={**BASE_SETTINGS, **settings}, client=CLIENT,
                                                  rates=rates, export_date=date(2026, 11, 5)))


def _with_id(dto: dict, suffix: str) -> dict:
    dto["id"] = f"inv_01jisaf{suffix:0<21}"[:33]
    dto["jobId"] = dto["id"].replace("inv_", "job_")
    return dto


def _swap_parties(dto: dict) -> dict:
    """The same document issued by the client instead of received."""
    dto["seller"], dto["buyer"] = dto["buyer"], dto["seller"]
    return dto


def _accommodation_sale() -> dict:
    """A sale by the client at 21 %, 12 % (accommodation, from 2026) and 5 % (books)."""
    dto = _swap_parties(_in_october(invoice("several_rates"), 20))
    dto["series"], dto["number"], dto["invoiceNumber"] = "MD", "2026-101", "MD 2026-101"
    rates = ("21", "12", "5")
    for line, rate in zip(dto["lines"], rates):
        net = Decimal(line["netAmount"])
        line.update(vatRate=rate, vatAmount=str((net * Decimal(rate) / 100).quantize(Decimal("0.01"))),
                    vatClassifier=None)
    dto["vatBreakdown"] = []
    for rate in rates:
        lines = [l for l in dto["lines"] if l["vatRate"] == rate]
        dto["vatBreakdown"].append({
            "rate": rate, "category": "S", "vatClassifier": None,
            "taxableAmount": str(sum(Decimal(l["netAmount"]) for l in lines)),
            "vatAmount": str(sum(Decimal(l["vatAmount"]) for l in lines)),
        })
    net = sum(Decimal(e["taxableAmount"]) for e in dto["vatBreakdown"])
    vat = sum(Decimal(e["vatAmount"]) for e in dto["vatBreakdown"])
    dto["totals"].update(net=str(net), vat=str(vat), gross=str(net + vat), payable=str(net + vat))
    return _with_id(dto, "sale12")


def _credit_note() -> dict:
    dto = _in_october(invoice("credit_note"), 21)
    dto["notes"] = "Kreditinė PVM sąskaita faktūra pagal PVM SF SV 000120, 2026-09-28 (grąžintos prekės)"
    return _with_id(dto, "credit")


def _foreign_vat() -> dict:
    """A Dutch seller's 21 %: Dutch VAT, never Lithuanian."""
    dto = _in_october(invoice("goods_services"), 12)
    dto["seller"].update(name="Zonnepanelen B.V.", companyCode="12345678", vatCode="NL123456789B01",
                         address={"street": "Kade 1", "city": "Utrecht", "postalCode": "3511", "country": "NL",
                                  "text": None})
    dto["validation"]["warnings"] = []
    return _with_id(dto, "dutch")


def _buyer_without_codes() -> dict:
    dto = _swap_parties(_in_october(invoice("diacritics"), 15))
    dto["buyer"].update(companyCode=None, vatCode=None, isNaturalPerson=False)
    return _with_id(dto, "nocode")


def _strangers() -> dict:
    """Neither party is the client: nobody can tell purchase from sale."""
    dto = _in_october(invoice("goods_services"), 16)
    dto["buyer"].update(name="UAB Kitas", companyCode="111111115", vatCode="LT111111113")
    return _with_id(dto, "strang")


def _unclassified() -> dict:
    """A 9 % purchase in 2026, when 9 % is no longer a Lithuanian rate: no classifier."""
    dto = _in_october(invoice("goods_services"), 17)
    for line in dto["lines"]:
        line.update(vatRate="9", vatAmount=str((Decimal(line["netAmount"]) * Decimal("0.09")).quantize(
            Decimal("0.01"))), vatClassifier=None)
    vat = sum(Decimal(l["vatAmount"]) for l in dto["lines"])
    net = Decimal(dto["totals"]["net"])
    dto["vatBreakdown"] = [{"rate": "9", "category": "S", "vatClassifier": None, "taxableAmount": str(net),
                            "vatAmount": str(vat)}]
    dto["totals"].update(vat=str(vat), gross=str(net + vat), payable=str(net + vat))
    return _with_id(dto, "nine")


def month_sources() -> list[isaf.Source]:
    march = invoice("goods_services")  # issued in March: not in October's register
    return [
        _source(_with_id(_in_october(invoice("goods_services"), 14, 13), "domestic")),
        _source(_with_id(_in_october(invoice("several_rates"), 2), "kanc")),
        _source(_accommodation_sale()),
        _source(_with_id(_in_october(invoice("eu_reverse_charge"), 18, 17), "ic")),
        _source(_credit_note()),
        _source(_with_id(_in_october(invoice("foreign_currency"), 13, 9), "pl"), rates=USD),
        _source(_foreign_vat()),
        _source(_buyer_without_codes()),
        _source(_strangers()),
        _source(_unclassified()),
        _source(_with_id(march, "march")),
    ]


def _tree(body: bytes) -> etree._Element:
    return etree.fromstring(body)


def _invoices(body: bytes, kind: str) -> dict[str, etree._Element]:
    return {i.findtext("i:InvoiceNo", namespaces=NS): i
            for i in _tree(body).iterfind(f"i:SourceDocuments/i:{kind}/i:Invoice", NS)}


def _totals(node: etree._Element) -> list[tuple[str, str, str | None, str]]:
    return [(t.findtext("i:TaxableValue", namespaces=NS), t.findtext("i:TaxCode", namespaces=NS),
             t.findtext("i:TaxPercentage", namespaces=NS) or None, t.findtext("i:Amount", namespaces=NS))
            for t in node.iterfind("i:DocumentTotals/i:DocumentTotal", NS)]


@pytest.fixture(scope="module")
def full() -> isaf.Register:
    return isaf.build(CLIENT, "2026-10", "F", month_sources(), CREATED)


def test_the_schema_loads_and_every_register_type_validates(full):
    for data_type in isaf.DATA_TYPES:
        register = isaf.build(CLIENT, "2026-10", data_type, month_sources(), CREATED)
        assert len(register.parts) == 1
        assert isaf.validate(register.parts[0]) == [], data_type


def test_header_names_the_client_and_the_month(full):
    description = _tree(full.parts[0]).find("i:Header/i:FileDescription", NS)
    values = {child.tag.split("}")[1]: child.text for child in description if len(child) == 0}
    assert values == {
        "FileVersion": "iSAF1.2", "FileDateCreated": "2026-11-05T09:30:00", "DataType": "F",
        "SoftwareCompanyName": isaf.SOFTWARE_COMPANY_NAME, "SoftwareName": isaf.SOFTWARE_NAME,
        "SoftwareVersion": isaf.software_version(), "RegistrationNumber": "123456786", "NumberOfParts": "1",
        "PartNumber": "1",
    }
    assert description.findtext("i:SelectionCriteria/i:SelectionStartDate", namespaces=NS) == "2026-10-01"
    assert description.findtext("i:SelectionCriteria/i:SelectionEndDate", namespaces=NS) == "2026-10-31"


def test_purchases_carry_their_classifiers_rates_and_eur_amounts(full):
    purchases = _invoices(full.parts[0], "PurchaseInvoices")
    assert set(purchases) == {"SV000123", "KB0042", "SV000131", "FV/2026/03/118"}
    domestic = next(i for i in purchases.values() if i.findtext("i:SupplierInfo/i:RegistrationNumber",
                                                                  namespaces=NS) == "304567894"
                    and i.findtext("i:InvoiceType", namespaces=NS) == "SF")
    assert _totals(domestic) == [("2504.00", "PVM1", "21", "525.84")]
    assert domestic.findtext("i:VATPointDate", namespaces=NS) == "2026-10-13"
    assert domestic.findtext("i:RegistrationAccountDate", namespaces=NS) == "2026-10-14"
    polish = next(i for i in purchases.values() if i.findtext("i:SupplierInfo/i:Country", namespaces=NS) == "PL")
    # 1917.00 USD at 1.1000 USD per EUR: an intra-Community acquisition of goods
    assert _totals(polish) == [("1742.73", "PVM16", "0", "0.00")]
    assert polish.findtext("i:SupplierInfo/i:VATRegistrationNumber", namespaces=NS) == "PL5251234502"


def test_a_credit_note_is_ks_with_negative_amounts_and_its_reference(full):
    credit = _invoices(full.parts[0], "PurchaseInvoices")["SV000131"]
    assert credit.findtext("i:InvoiceType", namespaces=NS) == "KS"
    assert _totals(credit) == [("-250.00", "PVM1", "21", "-52.50")]
    [reference] = credit.findall("i:References/i:Reference", NS)
    assert (reference.findtext("i:ReferenceNo", namespaces=NS),
            reference.findtext("i:ReferenceDate", namespaces=NS)) == ("SV000120", "2026-09-28")


def test_sales_at_21_12_5_and_zero_rated_intra_community(full):
    sales = _invoices(full.parts[0], "SalesInvoices")
    assert _totals(sales["MD2026-101"]) == [("25.00", "PVM1", "21", "5.25"), ("24.80", "PVM3", "5", "1.24"),
                                            ("15.00", "PVM58", "12", "1.80")]
    eu = next(i for i in sales.values() if i.findtext("i:CustomerInfo/i:Country", namespaces=NS) == "DE")
    assert _totals(eu) == [("1400.00", "PVM13", "0", "0.00"), ("480.00", "PVM15", None, "0.00")]
    assert eu.find("i:DocumentTotals/i:DocumentTotal/i:VATPointDate2", NS).get(f"{{{isaf.XSI}}}nil") == "true"
    customers = _tree(full.parts[0]).findall("i:MasterFiles/i:Customers/i:Customer", NS)
    assert {c.findtext("i:CustomerID", namespaces=NS) for c in customers} == {
        c.findtext("i:CustomerInfo/i:CustomerID", namespaces=NS) for c in sales.values()}


def test_what_cannot_be_filed_is_listed_with_its_reason(full):
    reasons = {x.invoice_id: x.reason for x in full.excluded}
    assert set(reasons) == {_foreign_vat()["id"], _buyer_without_codes()["id"], _strangers()["id"],
                            _unclassified()["id"]}
    assert reasons[_foreign_vat()["id"]].startswith("foreign VAT")
    assert "neither a company code nor a VAT code" in reasons[_buyer_without_codes()["id"]]
    assert reasons[_strangers()["id"]].startswith("purchase or sale cannot be told")
    assert "no VAT classifier for the 9 % VAT" in reasons[_unclassified()["id"]]
    report = full.report()
    assert report["invoices"] == 6 and len(report["excluded"]) == 4
    assert report["purchases"]["invoices"] == 4 and report["sales"]["invoices"] == 2


def test_sales_and_purchase_registers_hold_only_their_side():
    sales = isaf.build(CLIENT, "2026-10", "S", month_sources(), CREATED)
    purchases = isaf.build(CLIENT, "2026-10", "P", month_sources(), CREATED)
    assert {e.direction for e in sales.entries} == {"sales"} and {e.direction for e in purchases.entries} == {"purchase"}
    assert _tree(sales.parts[0]).find("i:SourceDocuments/i:PurchaseInvoices", NS) is None
    assert _tree(sales.parts[0]).find("i:MasterFiles/i:Suppliers", NS) is None
    assert _tree(purchases.parts[0]).find("i:MasterFiles/i:Customers", NS) is None
    # an invoice of the other side is no exclusion; one whose side is unknown is listed in both
    assert {x.invoice_id for x in sales.excluded} == {_buyer_without_codes()["id"], _strangers()["id"]}
    assert {x.invoice_id for x in purchases.excluded} == {_foreign_vat()["id"], _strangers()["id"],
                                                          _unclassified()["id"]}


def test_large_months_split_into_valid_parts_whose_totals_add_up(full):
    split = isaf.build(CLIENT, "2026-10", "F", month_sources(), CREATED, max_per_part=4)
    assert len(split.parts) == 2
    taxable, vat, seen = Decimal(0), Decimal(0), []
    for number, body in enumerate(split.parts, start=1):
        assert isaf.validate(body) == []
        root = _tree(body)
        assert root.findtext("i:Header/i:FileDescription/i:NumberOfParts", namespaces=NS) == "2"
        assert root.findtext("i:Header/i:FileDescription/i:PartNumber", namespaces=NS) == str(number)
        invoices = root.findall("i:SourceDocuments/*/i:Invoice", NS)
        assert len(invoices) <= 4
        seen += [i.findtext("i:InvoiceNo", namespaces=NS) for i in invoices]
        taxable += sum(Decimal(t.text) for t in root.iterfind(".//i:DocumentTotal/i:TaxableValue", NS))
        vat += sum(Decimal(t.text) for t in root.iterfind(".//i:DocumentTotal/i:Amount", NS))
    whole = _tree(full.parts[0])
    assert sorted(seen) == sorted(i.findtext("i:InvoiceNo", namespaces=NS)
                                  for i in whole.findall("i:SourceDocuments/*/i:Invoice", NS))
    assert taxable == sum(Decimal(t.text) for t in whole.iterfind(".//i:DocumentTotal/i:TaxableValue", NS))
    assert vat == sum(Decimal(t.text) for t in whole.iterfind(".//i:DocumentTotal/i:Amount", NS))


def test_an_empty_month_is_a_valid_file_and_a_client_without_a_code_is_refused():
    empty = isaf.build(CLIENT, "2026-07", "F", month_sources(), CREATED)
    assert empty.entries == [] and isaf.validate(empty.parts[0]) == []
    with pytest.raises(ValueError, match="company code"):
        isaf.build(CLIENT.__class__(CLIENT.id, CLIENT.name, None, CLIENT.vat_code), "2026-10", "F", [], CREATED)
    with pytest.raises(ValueError, match="YYYY-MM"):
        isaf.month_bounds("2026-13-01")


def test_the_schema_refuses_what_vmi_refuses(full):
    """The tests' schema is not a rubber stamp: a wrong order or a bad code fails it."""
    root = _tree(full.parts[0])
    total = root.find(".//i:DocumentTotal", NS)
    total.find("i:TaxCode", NS).text = "VAT21"
    assert isaf.validate(etree.tostring(root))
    root = _tree(full.parts[0])
    invoice = root.find(".//i:Invoice", NS)
    invoice.append(invoice.find("i:InvoiceNo", NS))
    assert isaf.validate(etree.tostring(root))
