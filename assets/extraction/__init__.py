"""Invoice extraction: from pages of words with boxes to the invoice DTO (spec/invoice.md).

``extract_invoice(doc)`` is the entry point. The steps, each in its own module:

0. ``checksummed``: a VAT code or IBAN whose checksum fails is read again from what the
   reader weighed for each unsure character, where one valid reading stands out.
1. ``layout.Layout``: lines, cells and labels of every page (labels.py dictionaries);
   ``fields`` finds a label's value by position.
2. ``table``: the item tables, found by their header rows (carried over to a next page
   without one); their lines are then excluded from the search for header fields and
   totals. A row's quantity or price that OCR garbled is restored by the row's
   arithmetic, at low confidence and with a warning.
3. ``header`` and ``number``: document type, language, dates, currency, free text; series
   and number.
4. ``parties``: seller and buyer blocks under their headings; a seller printed without
   one (letterhead, sidebar, footer) is found by its identifiers.
5. ``totals``: net / VAT / gross chosen by arithmetic among labelled candidates.
6. ``validation``: checksums and sums, which set the confidence.
7. ``calibration``: each field's score mapped to how often such values are right.

Values come with a confidence per field path and the page and box they were read from
(``confidence.fields`` and ``sources``). What cannot be read is null, never guessed.
This module only assembles the DTO; it knows nothing of storage or pipelines.
"""

from __future__ import annotations

import time
from decimal import Decimal

from core import vat_rates
from core.countries import of_party
from core.vat_classification import undirected

from ..ocr.model import Document
from . import checksummed, header, number, parties
from .amounts import decimal_str, money_str
from .calibration import calibrate, key_of
from .labels import HEADER_FIELDS, HEADINGS, PARTY_FIELDS, TOTAL_FIELDS
from .layout import Layout
from .lines import Candidate
from .tables import LineItem, detect_tables, quantities_as_delivered, table_items
from .thresholds import BY_ORDER
from .totals import extract_totals
from .validation import overall, validate

__all__ = ["extract_invoice", "EXTRACTOR_VERSION", "empty_party"]

EXTRACTOR_VERSION = "0.2.0"
ALL_LABELS = [*HEADINGS, *PARTY_FIELDS, *HEADER_FIELDS, *TOTAL_FIELDS]
_PARTY_PATHS = {"name": "name", "company_code": "companyCode", "vat_code": "vatCode", "iban": "iban",
                "bank": "bank", "swift": "swift", "email": "email", "phone": "phone", "address": "address"}


def empty_party() -> dict:
    return {"name": None, "companyCode": None, "vatCode": None, "isNaturalPerson": None,
            "address": None, "iban": None, "bank": None, "swift": None, "email": None,
            "phone": None, "contactId": None}


class _Recorder:
    """Collects confidence and source boxes per field path while the DTO is built."""

    def __init__(self) -> None:
        self.confidence: dict[str, float] = {}
        self.sources: dict[str, dict] = {}
        self.unheaded: set[str] = set()  # parties found without a heading (see ``calibration``)

    def put(self, path: str, cand: Candidate | None):
        if cand is None:
            return None
        self.confidence[path] = cand.confidence
        if cand.span is not None:
            self.sources[path] = {"page": cand.span.page, "bbox": cand.span.bbox}
        return cand.value


def extract_invoice(doc: Document, calibrated: bool = True, observe: dict | None = None,
                    explain: dict | None = None) -> dict:
    """Extract the invoice DTO fields from a read document (see spec/invoice.md).

    The result has every extraction field of the DTO (not the job fields such as ``id``
    or ``status``, which the pipeline adds). ``extraction.durationMs`` covers extraction
    only; ``assets.process.process_document`` replaces it with the whole processing time.
    ``calibrated=False`` leaves the rules' raw scores as the confidences, and ``observe``
    receives each field's calibration key: what ``eval.calibrate`` fits the calibration on.
    ``explain`` receives, per field, the raw score, the calibrated confidence and where the
    value was read, for the totals every candidate with its evidence and why the winner
    won, and every code read again from the reader's choices (``invoices extract FILE
    --explain``).
    """
    started = time.perf_counter()
    # Codes whose checksum failed, read again from the reader's choices.
    doc = checksummed.reread(doc, explain.setdefault("read_again", []) if explain is not None else None)
    layout = Layout(doc, ALL_LABELS)
    tables = detect_tables(layout)  # first: its lines are kept out of the header search
    rec = _Recorder()
    warnings: list[str] = []

    doc_type = header.document_type(layout)
    numbers = number.invoice_number(layout)
    anchor = numbers.get("invoiceNumber") or doc_type
    dates = header.dates(layout, anchor.span if anchor else None)
    blocks = parties.find_blocks(layout)
    parties.unheaded_parties(layout, blocks, receipt=doc_type is not None and doc_type.value == "receipt")
    seller, buyer = (_party(layout, blocks, role, rec) for role in ("seller", "buyer"))
    sender = parties.sender_name(layout, seller["name"], buyer["name"])
    if sender is not None:  # the return line's sender, printed again in the letterhead
        seller["name"] = rec.put("seller.name", sender)
    if any(block.by_order for block in blocks.values()):
        warnings.append("seller and buyer told apart only by the order they are printed in")
    if seller["iban"] is None and "seller" in blocks:
        # Payment details printed apart from the seller's block are the seller's account.
        for cand in parties.payment_ibans(layout, blocks):
            if cand.value != buyer["iban"]:
                seller["iban"] = rec.put("seller.iban", cand)
                break

    items = _line_items(tables, rec, warnings, doc_type is not None and doc_type.value == "credit_note")
    supply = dates.get("deliveryDate") or dates.get("issueDate")
    supply_day = vat_rates.as_date(supply.value if supply is not None else None)
    totals = extract_totals(layout, _lines_net(items), of_party(seller), supply_day)
    for key, cand in totals.chosen.items():
        rec.put(f"totals.{key}", cand)
    warnings += [f"totals.{key} derived from the other two totals" for key in sorted(totals.derived)]

    breakdown, rate_implied = _vat_breakdown(items, totals, seller, buyer, supply_day)
    _classify_lines(items, breakdown, seller, buyer, supply_day)

    doc_type = header.vat_invoice_if_registered(doc_type, seller["vatCode"])
    if doc_type is None:
        # No title found: an invoice if it looks like one, with low confidence.
        looks_like = bool(totals.chosen) or bool(blocks)
        doc_type = Candidate("invoice" if looks_like else "other", 0.4 if looks_like else 0.3, None)

    invoice = {
        "documentType": rec.put("documentType", doc_type),
        "language": header.language(layout),
        "series": rec.put("series", numbers.get("series")),
        "number": rec.put("number", numbers.get("number")),
        "invoiceNumber": rec.put("invoiceNumber", numbers.get("invoiceNumber")),
        "issueDate": rec.put("issueDate", dates.get("issueDate")),
        "dueDate": rec.put("dueDate", dates.get("dueDate")),
        "deliveryDate": rec.put("deliveryDate", dates.get("deliveryDate")),
        "currency": rec.put("currency", header.currency(layout)),
        "orderReference": rec.put("orderReference", number.order_reference(layout)),
        "seller": seller,
        "buyer": buyer,
        "lines": [item.values for item in items],
        "vatBreakdown": breakdown,
        "totals": {key: money_str(totals.value(key))
                   for key in ("net", "vat", "gross", "discount", "prepaid", "payable")},
        "amountInWords": rec.put("amountInWords", header.text_field(layout, "amount_in_words")),
        "paymentTerms": rec.put("paymentTerms",
                                dates.get("paymentTerms") or header.text_field(layout, "payment_terms")),
        "notes": rec.put("notes", header.text_field(layout, "notes", max_len=1000)),
        "direction": None,  # needs the client: decided by the pipeline, not the document
        "pageCount": len(doc.pages),
    }
    derived = {f"totals.{key}" for key in totals.derived}
    if rate_implied:
        derived.add("vatBreakdown.rate")
    checks = validate(invoice, rec.confidence, warnings, frozenset(derived),
                      lines_consistent=[item.consistent for item in items])
    for role in (role for role, block in blocks.items() if block.by_order):
        # Which party sells was told by print order alone: its fields are a guess, however
        # sure each value's own rule and checksum are (see ``calibration.GUESS``).
        for path in [p for p in rec.confidence if p.startswith(f"{role}.")]:
            rec.confidence[path] = min(rec.confidence[path], BY_ORDER)
    invoice["validation"] = {"checks": checks, "warnings": warnings}
    fields = calibrate(rec.confidence, doc.text_layer, rec.unheaded, doc.engine) if calibrated else rec.confidence
    if observe is not None:  # what the calibration is fitted on: raw scores and their kinds
        observe.update({path: key_of(path, doc.text_layer, rec.unheaded, doc.engine) for path in rec.confidence})
    invoice["confidence"] = {"overall": overall(fields), "fields": fields}
    if explain is not None:
        explain["fields"] = {path: {"score": rec.confidence[path], "confidence": fields.get(path),
                                    "source": rec.sources.get(path)} for path in sorted(rec.confidence)}
        explain["totals"] = totals.explain
        explain["totals_triples"] = totals.triples  # every candidate, for fitting the scorer
        explain["warnings"] = list(warnings)
    invoice["sources"] = rec.sources
    invoice["extraction"] = {
        "engine": doc.engine,
        "textLayer": doc.text_layer,
        "durationMs": round((time.perf_counter() - started) * 1000),
        "version": EXTRACTOR_VERSION,
    }
    return invoice


def _party(layout: Layout, blocks: dict, role: str, rec: _Recorder) -> dict:
    if role not in blocks:
        return empty_party()
    party, found = parties.read_block(layout, blocks[role])
    name = found.get("name")
    if name is not None and (_only_labels(layout, name) or not parties.looks_like_name(str(name.value))
                             or parties.label_words_only(str(name.value)) or parties.postal_line(str(name.value))):
        # A label ("VAT-ID:", "Kiekis", one OCR misread: "Btw-nummm"), a code or an address
        # line read where the name should be: no name, not a wrong one.
        del found["name"]
        party["name"] = None
    for key, cand in found.items():
        if key in _PARTY_PATHS:
            rec.put(f"{role}.{_PARTY_PATHS[key]}", cand)
    if blocks[role].heading is None:
        rec.unheaded.add(role)
    return party


def _only_labels(layout: Layout, cand: Candidate) -> bool:
    """Is a value's text nothing but labels (and their punctuation)?"""
    span = cand.span
    if span is None:
        return False
    covered = [(h.start, h.end) for h in layout.hits(span.line) if h.end > span.start and h.start < span.end]
    rest = "".join(ch for k, ch in enumerate(span.line.text[span.start:span.end], start=span.start)
                   if not any(a <= k < b for a, b in covered))
    return bool(covered) and not any(ch.isalnum() for ch in rest)


def _line_items(tables: list, rec: _Recorder, warnings: list[str], credit_note: bool) -> list[LineItem]:
    """Items of every table, their values' sources and confidences recorded."""
    as_delivered = quantities_as_delivered(tables, credit_note)
    items = [item for table in tables for item in table_items(table, as_delivered)]
    for i, item in enumerate(items):
        values = item.values
        values["lineNo"] = i + 1  # position on the document, across tables and pages
        for key, span in item.spans.items():
            if span is not None and values[key] is not None:
                rec.put(f"lines[{i}].{key}", Candidate(values[key], 0.5 if key in item.repaired else 0.9, span))
        for key in item.repaired:
            rec.confidence[f"lines[{i}].{key}"] = 0.5
            warnings.append(f"lines[{i}].{key} derived from the line's amount (printed value unreadable)")
    return items


def _lines_net(items: list[LineItem]) -> Decimal | None:
    """The sum of the lines' net amounts when every line has one."""
    amounts = [item.values["netAmount"] for item in items]
    if not amounts or any(a is None for a in amounts):
        return None
    return sum((Decimal(a) for a in amounts), Decimal(0))


def _classify_lines(items: list[LineItem], breakdown: list[dict], seller: dict, buyer: dict,
                    supply_day=None) -> None:
    """Per-line VAT classifier: the line's own rate, else the document's single rate."""
    single = breakdown[0] if len(breakdown) == 1 else None
    for item in items:
        values = item.values
        if values["vatRate"] is not None:
            values["vatClassifier"] = undirected(Decimal(values["vatRate"]), seller, buyer, supply_day)[1]
        elif single is not None:
            values["vatClassifier"] = single["vatClassifier"]


def _vat_breakdown(items: list[LineItem], totals, seller: dict, buyer: dict, supply_day=None) -> tuple[list[dict], bool]:
    """One entry per VAT rate: from the lines' rates, else the totals' "PVM 21 %" lines.

    Returns the entries and whether the rate was implied by VAT / net (not printed).
    """
    net, vat = totals.value("net"), totals.value("vat")
    rate_implied = False
    by_rate: dict[Decimal, Decimal] = {}
    for values in (item.values for item in items):
        if values["vatRate"] is not None and values["netAmount"] is not None:
            rate = Decimal(values["vatRate"])
            by_rate[rate] = by_rate.get(rate, Decimal(0)) + Decimal(values["netAmount"])
    rate_vat = {rate: cand.value for rate, cand in totals.rates}
    if not by_rate:
        rates = list(rate_vat)
        if not rates and net and vat is not None:
            # No rate printed (or misread): the one that VAT / net gives, if it is one of
            # the seller's country's rates on the supply day (any member state's if unknown).
            implied = vat_rates.implied_rate(net, vat, of_party(seller), supply_day)
            rates = [implied] if implied else []
            rate_implied = bool(rates)
        if len(rates) == 1:
            by_rate = {rates[0]: net}
        elif len(rates) > 1:
            by_rate = {r: None for r in rates}
    entries = []
    for rate, taxable in sorted(by_rate.items(), reverse=True):
        amount = rate_vat.get(rate)
        if amount is None and len(by_rate) == 1:
            amount = vat
        category, classifier = undirected(rate, seller, buyer, supply_day)
        entries.append({
            "rate": decimal_str(rate),
            "category": category,
            "vatClassifier": classifier,
            "taxableAmount": money_str(taxable),
            "vatAmount": money_str(amount),
        })
    return entries, rate_implied
