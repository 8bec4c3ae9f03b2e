"""Invoice documents (spec/invoice.md) flattened into the warehouse's rows (schemas/warehouse.py).

The store keeps each invoice as one JSON document, which is right for the API and wrong
for SQL; here every document becomes one header row, a row per line and a row per VAT
rate, all from the same read, with amounts as decimals rather than strings. A value that
does not parse becomes null rather than stopping the day: the checks count what is off.
"""

from collections.abc import Mapping
from datetime import date
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from core.clock import as_utc

# The header fields whose share left null measures how much of a document was read.
QUALITY_FIELDS = (
    "documentType", "invoiceNumber", "issueDate", "dueDate", "currency",
    "seller.name", "seller.companyCode", "seller.vatCode",
    "buyer.name", "buyer.companyCode", "buyer.vatCode",
    "totals.net", "totals.vat", "totals.gross",
)


def _decimal(value: object, places: int, digits: int) -> Decimal | None:
    """A decimal string rounded half-up to `places`, or None when absent, malformed or too
    large for its column."""
    if value is None or isinstance(value, bool):
        return None
    try:
        number = Decimal(str(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() and len(number.as_tuple().digits) <= digits else None


def money(value: object) -> Decimal | None:
    return _decimal(value, 2, 18)


def quantity(value: object) -> Decimal | None:
    return _decimal(value, 6, 24)


def rate(value: object) -> Decimal | None:
    return _decimal(value, 4, 9)


def calendar_date(value: object) -> date | None:
    try:
        return date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        return None


def _at(doc: dict, path: str) -> object:
    for part in path.split("."):
        doc = doc.get(part) if isinstance(doc, dict) else None
    return doc


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _ratio(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _party(doc: dict, role: str) -> dict:
    party = _dict(doc.get(role))
    return {
        f"{role}_name": party.get("name"),
        f"{role}_company_code": party.get("companyCode"),
        f"{role}_vat_code": party.get("vatCode"),
        f"{role}_country": _dict(party.get("address")).get("country"),
    }


def _owner(row: Mapping) -> dict:
    return {"mode": row["mode"], "invoice_id": row["id"], "team_id": row["team_id"]}


def invoice_row(row: Mapping, doc: dict) -> dict:
    """The header row of one invoice; `row` is its store row (id, team, mode, status, ...)."""
    totals, extraction = _dict(doc.get("totals")), _dict(doc.get("extraction"))
    checks = _list(_dict(doc.get("validation")).get("checks"))
    nulls = sum(1 for path in QUALITY_FIELDS if _at(doc, path) in (None, ""))
    return {
        **_owner(row),
        "client_id": row["client_id"], "job_id": row["job_id"], "status": row["status"],
        "assignment_status": row["assignment_status"], "direction": doc.get("direction"),
        "document_type": doc.get("documentType"), "invoice_number": doc.get("invoiceNumber"),
        "issue_date": calendar_date(doc.get("issueDate")), "due_date": calendar_date(doc.get("dueDate")),
        "currency": doc.get("currency"), **_party(doc, "seller"), **_party(doc, "buyer"),
        **{key: money(totals.get(key)) for key in ("net", "vat", "gross", "payable")},
        "line_count": len(_list(doc.get("lines"))),
        "engine": extraction.get("engine"), "page_count": _int(doc.get("pageCount")),
        "extraction_ms": _int(extraction.get("durationMs")),
        "confidence": _ratio(_dict(doc.get("confidence")).get("overall")),
        "fields_read": len(QUALITY_FIELDS) - nulls, "fields_null": nulls,
        "checks_total": len(checks), "checks_failed": sum(1 for c in checks if c.get("passed") is False),
        "version": row["version"], "created_at": as_utc(row["created_at"]), "updated_at": as_utc(row["updated_at"]),
    }


def line_rows(row: Mapping, doc: dict) -> list[dict]:
    return [
        {
            **_owner(row), "line_id": f"{row['id']}#{position}", "position": position,
            "line_no": _int(line.get("lineNo")),
            "code": line.get("code"), "description": line.get("description"), "kind": line.get("kind"),
            "quantity": quantity(line.get("quantity")), "unit": line.get("unit"),
            "unit_price": quantity(line.get("unitPrice")), "discount": money(line.get("discount")),
            "net_amount": money(line.get("netAmount")), "vat_rate": rate(line.get("vatRate")),
            "vat_amount": money(line.get("vatAmount")), "gross_amount": money(line.get("grossAmount")),
            "vat_classifier": line.get("vatClassifier"),
        }
        for position, line in enumerate(_list(doc.get("lines")), start=1)
    ]


def vat_rows(row: Mapping, doc: dict) -> list[dict]:
    return [
        {
            **_owner(row), "vat_id": f"{row['id']}#{position}", "position": position,
            "rate": rate(entry.get("rate")), "category": entry.get("category"),
            "vat_classifier": entry.get("vatClassifier"),
            "taxable_amount": money(entry.get("taxableAmount")), "vat_amount": money(entry.get("vatAmount")),
        }
        for position, entry in enumerate(_list(doc.get("vatBreakdown")), start=1)
    ]


def agreement_rows(comparison: Mapping, fields: dict) -> list[dict]:
    """One row per field of a page-versus-XML comparison (`fields`: its compared fields)."""
    owner = {key: comparison[key] for key in ("mode", "job_id", "invoice_id", "team_id", "producer", "language",
                                                "syntax", "engine")}
    return [
        {
            **owner, "agreement_id": f"{comparison['job_id']}#{path}", "field": path,
            "agreement": str(value.get("agreement")), "confidence": _ratio(value.get("confidence")),
            "xml_lines": _int(value.get("xmlLines")), "page_lines": _int(value.get("pageLines")),
            "matched_lines": _int(value.get("matchedLines")), "read_at": as_utc(comparison["created_at"]),
        }
        for path, value in fields.items()
    ]
