"""i.SAF 1.2: a client's month of issued (S), received (P) or all (F) VAT invoices as VMI's XML.

The register is built for one client, the reporting company: its company code is the
header's `RegistrationNumber`, and its company and VAT codes decide which invoices it
issued and which it received (core/vat_classification.py, table "Direction"). The
structure and element order are those of VMI's `isaf_1.2.xsd` (schemas/isaf/isaf_1.2.xsd,
where it says what it was written from); field meanings follow formats/isaf.md.

An invoice belongs to the month of its issue date (an invoice without one, to the month it
was read in, where it is listed as excluded). Each invoice becomes one `Invoice` with one
`DocumentTotal` per VAT classifier and rate, from its VAT breakdown (else its lines), in
EUR (a non-EUR invoice at the ECB rate of its supply date, core.books.currency_rates):

* `InvoiceType`: `SF`; `KS` for a credit note (documentType `credit_note`, or a negative
  gross), `DS` for a debit note. A KS carries its amounts negative: the accounting programs
  that file i.SAF (Rivilė's "i.SAF dokumento tipas") write credit notes with negative
  amounts and debit notes with positive ones, whatever sign the document printed.
  `References` of a KS/DS list the invoice it corrects when its notes name one with a date
  ("pagal PVM SF SV 000120, 2026-03-01"); otherwise the element stays empty, as the XSD
  allows. `VS`, `VD`, `VK` (VAT due on payment) and `AN` (cancelled) are never guessed.
* `VATPointDate`: the delivery date when it differs from the issue date, else nil;
  `VATPointDate2` of sales totals is nil. `RegistrationAccountDate` of a purchase: the day
  the invoice was read into the service (its record's `createdAt`).
* `TaxPercentage` is nil for a classifier that has no rate (exempt and out-of-scope
  supplies: PVM5, PVM15, …) at 0 %; `SpecialTaxation` is empty.
* The counterparty (`SupplierInfo` of a purchase, `CustomerInfo` of a sale) is keyed by its
  company code, else its VAT code, and listed once in `MasterFiles`; `ND` stands for a VAT
  code it does not have. A natural person without codes is written with `ND` and left out
  of `MasterFiles`.

An invoice that cannot go into the register honestly is listed in the report with the
reason instead (`Excluded`), never left out silently and never given an invented value:
the direction cannot be told; no VAT classifier for a rate (the tables of
core/vat_classification.py did not decide and nobody set one); foreign VAT (the
`vat.foreign` warning: the seller's own country's VAT is not reported in i.SAF); a
counterparty with neither company nor VAT code; no number or issue date; a non-EUR
invoice without a loaded rate; a VAT breakdown that does not add up to the totals.

Large months are split into parts of at most `MAX_INVOICES_PER_PART` invoices (purchases
first, then sales, each by date and number); every part is a complete file with the same
header except `PartNumber`, with `NumberOfParts` the count and `MasterFiles` holding the
parties of its own invoices.
"""

import re
from collections.abc import Iterable
from copy import deepcopy
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from importlib import metadata
from pathlib import Path

from lxml import etree

from core import countries, errors
from core import vat_classification as classify
from core.books.exports import ClientInfo, ExportLookups
from exporters import preprocess, xmlout
from exporters.numbers import ZERO, dec, money
from schemas.invoice import Invoice

NS = "http://www.vmi.lt/cms/imas/isaf"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / "isaf" / "isaf_1.2.xsd"
FILE_VERSION = "iSAF1.2"
DATA_TYPES = ("S", "P", "F")
SOFTWARE_COMPANY_NAME = "Invoices"
SOFTWARE_NAME = "Invoice extraction service"
# A documented bound, not VMI's: it keeps each part a few megabytes, well within what VMI's
# upload takes, and lets a bookkeeper open a part in a browser.
MAX_INVOICES_PER_PART = 5000
TOLERANCE = Decimal("0.02")
ND = "ND"
# Classifiers without a rate of their own (formats/isaf.md §4, rate "–").
NO_RATE = frozenset({"PVM5", "PVM15", "PVM19", "PVM29", "PVM34", "PVM36", "PVM39", "PVM42", "PVM47",
                     "PVM48", "PVM56", "PVM100"})
_REFERENCE = re.compile(
    r"(?:PVM\s+)?(?:SF|s[aą]skait\w*(?:\s+fakt[uū]r\w*)?|invoice)\s*(?:Nr\.?|No\.?|#)?\s*"
    r"(?P<no>[A-Z]{0,6}[\s-]?\d[\w/-]*)\s*(?:,\s*|\s+)(?:i[sš]\s+|dated\s+|of\s+)?(?P<date>\d{4}-\d{2}-\d{2})",
    re.IGNORECASE,
)


def software_version() -> str:
    try:
        return metadata.version("invoices")[:24]
    except metadata.PackageNotFoundError:
        return "0"


@dataclass(frozen=True)
class Source:
    """One invoice of the client and what the register reads besides the DTO: the client,
    its export settings (the `direction` fallback) and the currency's ECB rates."""

    invoice: Invoice
    lookups: ExportLookups


@dataclass(frozen=True)
class Excluded:
    """An invoice left out: `reason` in English for the CLI and logs, `code` and `params` for
    a page that says it in its own language (REASONS lists the codes)."""

    invoice_id: str
    number: str | None
    reason: str
    code: str = "other"
    params: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"invoiceId": self.invoice_id, "number": self.number, "reason": self.reason, "code": self.code}


class Refused(ValueError):
    """The register cannot be built as asked; `field` names what to change (`month`, `type`
    or `client`), so a form can say it beside that field."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Counterparty:
    id: str | None  # company code, else VAT code; None for a natural person without codes
    vat_code: str
    company_code: str | None
    country: str | None
    name: str


@dataclass(frozen=True)
class Total:
    taxable: Decimal
    code: str
    percentage: Decimal | None
    amount: Decimal


@dataclass(frozen=True)
class Entry:
    invoice_id: str
    direction: str
    number: str
    invoice_date: date
    invoice_type: str
    party: Counterparty
    references: tuple[tuple[str, date], ...]
    vat_point_date: date | None
    registration_date: date | None
    totals: tuple[Total, ...]


@dataclass
class Register:
    client: ClientInfo
    month: str
    data_type: str
    entries: list[Entry]
    excluded: list[Excluded]
    parts: list[bytes] = field(default_factory=list)

    def report(self) -> dict:
        purchases = [e for e in self.entries if e.direction == classify.PURCHASE]
        sales = [e for e in self.entries if e.direction == classify.SALES]

        def sums(entries: list[Entry]) -> dict:
            taxable = sum((t.taxable for e in entries for t in e.totals), ZERO)
            vat = sum((t.amount for e in entries for t in e.totals), ZERO)
            return {"invoices": len(entries), "taxable": str(taxable), "vat": str(vat)}

        return {
            "clientId": self.client.id, "registrationNumber": self.client.company_code, "month": self.month,
            "type": self.data_type, "parts": len(self.parts), "invoices": len(self.entries),
            "purchases": sums(purchases), "sales": sums(sales),
            "excluded": [x.as_dict() for x in self.excluded],
        }


# Codes of the reasons an invoice stays out; each _Out names one, with the values its
# sentence needs.
REASONS = ("direction_unknown", "no_number", "no_issue_date", "foreign_vat", "no_amounts", "line_without_amount",
           "totals_disagree", "no_currency_rate", "vat_without_rate", "no_classifier", "no_supplier", "no_buyer",
           "supplier_without_codes", "buyer_without_codes", "supplier_code_too_long", "buyer_code_too_long")


class _Out(Exception):
    """The reason an invoice stays out of the register, and its direction once known (an
    invoice of the other side is no exclusion from a sales or purchase register)."""

    direction: str | None = None

    def __init__(self, code: str, reason: str, **params: str):
        super().__init__(reason)
        self.code, self.params = code, params


# --- month ------------------------------------------------------------------------------

def month_bounds(month: str) -> tuple[date, date]:
    """First and last day of `YYYY-MM`; ValueError for anything else."""
    try:
        if not re.fullmatch(r"\d{4}-\d{2}", month or ""):
            raise ValueError
        first = date.fromisoformat(f"{month}-01")
    except ValueError:
        raise Refused("month", f"the month must be YYYY-MM; got {month!r}") from None
    following = (first.replace(day=28) + timedelta(days=4)).replace(day=1)
    return first, following - timedelta(days=1)


def _date(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value or "")
    except ValueError:
        return None


def month_of(invoice: Invoice) -> str | None:
    issued = _date(invoice.issueDate)
    if issued is not None:
        return issued.strftime("%Y-%m")
    created = invoice.createdAt or ""
    return created[:7] if re.match(r"\d{4}-\d{2}", created) else None


# --- one invoice ------------------------------------------------------------------------

def _norm(value: str | None) -> str | None:
    return "".join(value.split()).upper() if value else None


def _kind(invoice: Invoice) -> str:
    gross = dec((invoice.totals.gross if invoice.totals else None))
    if invoice.documentType == "credit_note" or (invoice.documentType != "debit_note" and gross is not None and gross < 0):
        return "KS"
    return "DS" if invoice.documentType == "debit_note" else "SF"


def _printed_sign(record: dict) -> Decimal:
    """-1 when the document prints its amounts negative (credit notes often do)."""
    totals = record.get("totals") or {}
    for key in ("gross", "net", "payable"):
        value = dec(totals.get(key))
        if value:
            return Decimal(-1) if value < 0 else Decimal(1)
    entries = record.get("vatBreakdown") or record.get("lines") or []
    amount = sum((dec(e.get("taxableAmount", e.get("netAmount"))) or ZERO for e in entries), ZERO)
    return Decimal(-1) if amount < 0 else Decimal(1)


def _classified(record: dict, flow: str) -> dict:
    """The record with the classifiers of `flow`: as stored when completion classified it
    for the same direction (an edit may have set them), else classified again."""
    if record.get("direction") == flow:
        return record
    record = deepcopy(record)
    record["direction"] = flow
    record.setdefault("validation", {}).setdefault("warnings", [])
    classify.classify_invoice(record)
    return record


def _foreign(record: dict) -> str | None:
    warnings = (record.get("validation") or {}).get("warnings") or []
    return next((w for w in warnings if isinstance(w, str) and w.startswith("vat.foreign")), None)


def _line_amounts(line: dict, rate: Decimal | None) -> tuple[Decimal, Decimal]:
    net = dec(line.get("netAmount"))
    if net is None:
        line_no = str(line.get("lineNo") or "?")
        raise _Out("line_without_amount", f"line {line_no} has no amount", line=line_no)
    vat = dec(line.get("vatAmount"))
    if vat is None:
        vat = money(net * rate / 100) if rate is not None else ZERO
    return net, vat


def _split_by_lines(record: dict, rate: Decimal, taxable: Decimal, vat: Decimal) -> dict[str, list[Decimal]] | None:
    """A breakdown entry without a classifier whose lines each have one (0 % goods and
    services to an EU buyer: PVM13 and PVM15 at one rate): its amounts per classifier, the
    VAT rounded so that it still adds up to the entry's."""
    lines = [line for line in record.get("lines") or [] if dec(line.get("vatRate")) == rate]
    if not lines or not all(line.get("vatClassifier") for line in lines):
        return None
    out: dict[str, list[Decimal]] = {}
    for line in lines:
        net, line_vat = _line_amounts(line, rate)
        sums = out.setdefault(line["vatClassifier"], [ZERO, ZERO])
        sums[0] += net
        sums[1] += line_vat
    if abs(sum((v[0] for v in out.values()), ZERO) - taxable) > TOLERANCE:
        return None
    largest = max(out.values(), key=lambda v: abs(v[0]))
    largest[0] += taxable - sum((v[0] for v in out.values()), ZERO)
    largest[1] += vat - sum((v[1] for v in out.values()), ZERO)
    return out


def _groups(record: dict) -> list[tuple[Decimal | None, str | None, Decimal, Decimal]]:
    """(rate, classifier, taxable, VAT) per classifier and rate, as the document prints them:
    from the VAT breakdown, else from the lines."""
    out: dict[tuple, list[Decimal]] = {}

    def add(rate: Decimal | None, code: str | None, taxable: Decimal, vat: Decimal) -> None:
        sums = out.setdefault((rate, code), [ZERO, ZERO])
        sums[0] += taxable
        sums[1] += vat

    breakdown = [e for e in record.get("vatBreakdown") or [] if dec(e.get("taxableAmount")) is not None]
    for entry in breakdown:
        rate, taxable = dec(entry.get("rate")), dec(entry.get("taxableAmount"))
        vat = dec(entry.get("vatAmount"))
        if vat is None:
            vat = money(taxable * rate / 100) if rate is not None else ZERO
        split = _split_by_lines(record, rate, taxable, vat) if rate is not None and not entry.get("vatClassifier") \
            else None
        if split:
            for code, (part_taxable, part_vat) in split.items():
                add(rate, code, part_taxable, part_vat)
        else:
            add(rate, entry.get("vatClassifier"), taxable, vat)
    if not breakdown:
        for line in record.get("lines") or []:
            rate = dec(line.get("vatRate"))
            add(rate, line.get("vatClassifier"), *_line_amounts(line, rate))
    if not out:
        raise _Out("no_amounts", "the invoice has neither a VAT breakdown nor lines with amounts")
    return [(rate, code, sums[0], sums[1]) for (rate, code), sums in out.items()]


def _check_totals(record: dict, groups: list, sign: Decimal) -> None:
    totals = record.get("totals") or {}
    taxable = sum((g[2] for g in groups), ZERO)
    vat = sum((g[3] for g in groups), ZERO)
    for name, got, key in (("taxable amounts", taxable, "net"), ("VAT amounts", vat, "vat")):
        printed = dec(totals.get(key))
        if printed is not None and abs(abs(printed) - abs(got)) > TOLERANCE:
            raise _Out("totals_disagree", f"the {name} per VAT rate add up to {got * sign} but the invoice's {key} "
                       f"total is {printed}; correct the VAT breakdown or the totals",
                       total=key, computed=str(got * sign), printed=str(printed))


def _percentage(rate: Decimal, code: str) -> Decimal | None:
    if rate == 0 and code in NO_RATE:
        return None
    return rate


def _counterparty(invoice: Invoice, flow: str) -> Counterparty:
    raw = invoice.seller if flow == classify.PURCHASE else invoice.buyer
    role = "supplier" if flow == classify.PURCHASE else "buyer"
    if raw is None:
        raise _Out(f"no_{role}", f"the invoice has no {role}")
    vat, company = _norm(raw.vatCode), _norm(raw.companyCode)
    country = countries.of(raw.address.country if raw.address else None, raw.vatCode)
    name = (raw.name or "").strip()[:256] or ND
    if not vat and not company:
        if not raw.isNaturalPerson:
            raise _Out(f"{role}_without_codes", f"the {role} has neither a company code nor a VAT code; correct the "
                       f"invoice (or mark the {role} as a natural person)")
        return Counterparty(None, ND, None, country, name)
    for code in (vat, company):
        if code and len(code) > 35:
            raise _Out(f"{role}_code_too_long", f"the {role}'s code {code!r} is longer than i.SAF's 35 characters",
                       code=code)
    return Counterparty(company or vat, vat or ND, company, country, name)


def _references(invoice: Invoice, own: str) -> tuple[tuple[str, date], ...]:
    found = []
    for text in (invoice.notes, invoice.orderReference, invoice.paymentTerms):
        for match in _REFERENCE.finditer(text or ""):
            number = "".join(match.group("no").split())[:70]
            on = _date(match.group("date"))
            if on and number and number.upper() != own.upper() and date(1990, 1, 1) <= on <= date(2100, 1, 1):
                if (number, on) not in found:
                    found.append((number, on))
    return tuple(found)


def entry(source: Source) -> Entry:
    """The invoice as the register writes it; _Out with the reason when it cannot go in."""
    invoice, lookups = source.invoice, source.lookups
    record = invoice.dto()
    flow, _how = classify.direction(record, lookups.client, lookups.settings.get("direction") or "")
    if flow is None:
        raise _Out("direction_unknown", "purchase or sale cannot be told: neither party carries the client's company or VAT code; set "
                   "the client's codes, the invoice's direction or the export setting `direction`")
    try:
        return _entry(invoice, lookups, record, flow)
    except _Out as exc:
        exc.direction = flow
        raise


def _entry(invoice: Invoice, lookups: ExportLookups, record: dict, flow: str) -> Entry:
    try:
        number = preprocess.document_number(invoice)[0][:70]
    except errors.InvoiceExportUnavailablePreprocessing as exc:
        raise _Out("no_number", exc.detail or "the invoice has no number") from None
    issued = _date(invoice.issueDate)
    if issued is None:
        raise _Out("no_issue_date", "the invoice has no issue date; correct it before filing")
    record = _classified(record, flow)
    foreign = _foreign(record)
    if foreign:
        raise _Out("foreign_vat", f"foreign VAT, not reported in i.SAF ({foreign})")
    sign = _printed_sign(record)
    groups = _groups(record)
    _check_totals(record, groups, sign)
    currency = (invoice.currency or "EUR").strip().upper()
    delivered = _date(invoice.deliveryDate)
    eur_rate = None
    if currency != "EUR":
        found = lookups.rates.on_or_before(delivered or issued) if (
            lookups.rates is not None and lookups.rates.currency == currency) else None
        if found is None:
            day = (delivered or issued).isoformat()
            raise _Out("no_currency_rate", f"no {currency} rate to EUR on or within 7 days before {day}; "
                       "load the ECB reference rates (invoices admin export rates load FILE)", currency=currency, day=day)
        eur_rate = found[1]
    kind = _kind(invoice)
    out_sign = Decimal(-1) if kind == "KS" else Decimal(1)
    totals = []
    for rate, code, taxable, vat in sorted(groups, key=lambda g: (g[1] or "", -(g[0] or ZERO))):
        if rate is None:
            raise _Out("vat_without_rate", "a VAT amount has no rate; correct the VAT breakdown")
        if not code:
            raise _Out("no_classifier", f"no VAT classifier for the {rate.normalize():f} % VAT (the classification "
                       "tables do not decide it); set vatClassifier on the invoice's VAT breakdown",
                       rate=f"{rate.normalize():f}")
        taxable, vat = taxable * sign, vat * sign  # magnitudes of what the document states
        if eur_rate is not None:
            taxable, vat = taxable / eur_rate, vat / eur_rate
        totals.append(Total(money(taxable) * out_sign, code, _percentage(rate, code), money(vat) * out_sign))
    created = _date((invoice.createdAt or "")[:10])
    return Entry(
        invoice_id=invoice.id, direction=flow, number=number, invoice_date=issued, invoice_type=kind,
        party=_counterparty(invoice, flow),
        references=_references(invoice, number) if kind in ("KS", "DS") else (),
        vat_point_date=delivered if delivered and delivered != issued else None,
        registration_date=max(created, issued) if created and flow == classify.PURCHASE else None,
        totals=tuple(totals),
    )


# --- the register -----------------------------------------------------------------------

def _wanted(data_type: str, flow: str) -> bool:
    return data_type == "F" or (data_type == "S") == (flow == classify.SALES)


def build(client: ClientInfo, month: str, data_type: str, sources: Iterable[Source], created: datetime,
          max_per_part: int = MAX_INVOICES_PER_PART) -> Register:
    """The register of `month` (YYYY-MM) for `client`: its parts as XML, the invoices in it
    and those left out with their reasons. ValueError when the client cannot file one."""
    if data_type not in DATA_TYPES:
        raise Refused("type", f"the register type must be one of {', '.join(DATA_TYPES)}; got {data_type!r}")
    month_bounds(month)
    code = _norm(client.company_code)
    if not code or not code.isdigit() or len(code) > 11:
        raise Refused("client", f"client {client.id} has no company code of up to 11 digits (got {client.company_code!r}); "
                         "i.SAF names the reporting company by it")
    if max_per_part < 1:
        raise ValueError("a part holds at least one invoice")
    entries, excluded = [], []
    for source in sources:
        invoice = source.invoice
        if month_of(invoice) != month:
            continue
        try:
            item = entry(source)
        except _Out as exc:
            if exc.direction is not None and not _wanted(data_type, exc.direction):
                continue
            number = (invoice.invoiceNumber or invoice.number or None)
            excluded.append(Excluded(invoice.id, number, str(exc), exc.code, exc.params))
            continue
        if _wanted(data_type, item.direction):
            entries.append(item)
    entries.sort(key=lambda e: (e.direction != classify.PURCHASE, e.invoice_date, e.number, e.invoice_id))
    excluded.sort(key=lambda x: x.invoice_id)
    register = Register(client, month, data_type, entries, excluded)
    chunks = [entries[i:i + max_per_part] for i in range(0, len(entries), max_per_part)] or [[]]
    register.parts = [render(client, month, data_type, chunk, n, len(chunks), created)
                      for n, chunk in enumerate(chunks, start=1)]
    return register


def _el(parent: etree._Element, tag: str, value: str | None = "") -> etree._Element:
    return xmlout.add(parent, f"{{{NS}}}{tag}", value)


def _nil(parent: etree._Element, tag: str, value: str | None) -> etree._Element:
    child = _el(parent, tag, value)
    if value is None:
        child.set(f"{{{XSI}}}nil", "true")
    return child


def _amount(value: Decimal) -> str:
    return f"{money(value):f}"


def _rate(value: Decimal | None) -> str | None:
    return None if value is None else f"{money(value).normalize():f}"


def _party(parent: etree._Element, tag: str, id_tag: str, party: Counterparty, master: bool) -> None:
    node = _el(parent, tag, None)
    if party.id is not None:
        _el(node, id_tag, party.id)
    _el(node, "VATRegistrationNumber", party.vat_code)
    if master or party.company_code:
        _el(node, "RegistrationNumber", party.company_code or "")
    _nil(node, "Country", party.country)
    _el(node, "Name", party.name)


def _invoice(parent: etree._Element, item: Entry) -> None:
    sales = item.direction == classify.SALES
    node = _el(parent, "Invoice", None)
    _el(node, "InvoiceNo", item.number)
    if sales:
        _party(node, "CustomerInfo", "CustomerID", item.party, master=False)
    else:
        _party(node, "SupplierInfo", "SupplierID", item.party, master=False)
    _el(node, "InvoiceDate", item.invoice_date.isoformat())
    _el(node, "InvoiceType", item.invoice_type)
    _el(node, "SpecialTaxation", "")
    references = _el(node, "References", None)
    for number, on in item.references:
        reference = _el(references, "Reference", None)
        _el(reference, "ReferenceNo", number)
        _el(reference, "ReferenceDate", on.isoformat())
    _nil(node, "VATPointDate", item.vat_point_date.isoformat() if item.vat_point_date else None)
    if not sales:
        _nil(node, "RegistrationAccountDate", item.registration_date.isoformat() if item.registration_date else None)
    totals = _el(node, "DocumentTotals", None)
    for total in item.totals:
        document_total = _el(totals, "DocumentTotal", None)
        _el(document_total, "TaxableValue", _amount(total.taxable))
        _nil(document_total, "TaxCode", total.code)
        _nil(document_total, "TaxPercentage", _rate(total.percentage))
        _nil(document_total, "Amount", _amount(total.amount))
        if sales:
            _nil(document_total, "VATPointDate2", None)


def render(client: ClientInfo, month: str, data_type: str, entries: list[Entry], part: int, parts: int,
           created: datetime) -> bytes:
    """One complete i.SAF file: the header of the month, the parties and invoices of `entries`."""
    first, last = month_bounds(month)
    root = etree.Element(f"{{{NS}}}iSAFFile", nsmap={None: NS, "xsi": XSI})
    description = _el(_el(root, "Header", None), "FileDescription", None)
    _el(description, "FileVersion", FILE_VERSION)
    _el(description, "FileDateCreated", created.replace(microsecond=0, tzinfo=None).isoformat())
    _el(description, "DataType", data_type)
    _el(description, "SoftwareCompanyName", SOFTWARE_COMPANY_NAME)
    _el(description, "SoftwareName", SOFTWARE_NAME)
    _el(description, "SoftwareVersion", software_version())
    _el(description, "RegistrationNumber", _norm(client.company_code))
    _el(description, "NumberOfParts", str(parts))
    _el(description, "PartNumber", str(part))
    criteria = _el(description, "SelectionCriteria", None)
    _el(criteria, "SelectionStartDate", first.isoformat())
    _el(criteria, "SelectionEndDate", last.isoformat())

    masters = _el(root, "MasterFiles", None)
    for flow, group, tag, id_tag in ((classify.SALES, "Customers", "Customer", "CustomerID"),
                                     (classify.PURCHASE, "Suppliers", "Supplier", "SupplierID")):
        seen: dict[str, Counterparty] = {}
        for item in entries:
            if item.direction == flow and item.party.id is not None:
                seen.setdefault(item.party.id, item.party)
        if seen:
            node = _el(masters, group, None)
            for party_id in sorted(seen):
                _party(node, tag, id_tag, seen[party_id], master=True)

    documents = _el(root, "SourceDocuments", None)
    for flow, tag in ((classify.PURCHASE, "PurchaseInvoices"), (classify.SALES, "SalesInvoices")):
        mine = [item for item in entries if item.direction == flow]
        if mine:
            node = _el(documents, tag, None)
            for item in mine:
                _invoice(node, item)
    return xmlout.document(root, '<?xml version="1.0" encoding="UTF-8"?>')


_schema: etree.XMLSchema | None = None


def validate(body: bytes) -> list[str]:
    """The schema's complaints about a generated file (empty when it is valid)."""
    global _schema
    if _schema is None:
        _schema = etree.XMLSchema(etree.parse(str(SCHEMA)))
    document = etree.fromstring(body)
    if _schema.validate(document):
        return []
    return [f"line {e.line}: {e.message}" for e in _schema.error_log]
