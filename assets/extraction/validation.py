"""Checks on the extracted invoice, and the confidence they justify.

A check that passes is independent evidence that the values involved were read right
(a checksum, or amounts that add up), so it raises their confidence; a failing check
lowers it and the invoice goes to review. ``overall`` is the mean confidence of the
fields every invoice must have, a missing one counting as zero.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from .company_codes import company_code_valid, lt_company_code_checks, lt_company_code_format_ok
from .identifiers import iban_is_valid
from .thresholds import FAILED_CAP, PASSED_FLOOR
from .vat_codes import vat_country, vat_is_valid

KEY_FIELDS = (
    "invoiceNumber", "issueDate", "seller.name", "seller.vatCode", "buyer.name",
    "totals.net", "totals.vat", "totals.gross",
)


def _check(checks: list[dict], code: str, passed: bool, detail: str) -> bool:
    checks.append({"code": code, "passed": passed, "detail": detail})
    return passed


def _boost(conf: dict[str, float], path: str, passed: bool) -> None:
    if path in conf:
        conf[path] = max(conf[path], PASSED_FLOOR) if passed else min(conf[path], FAILED_CAP)


def _dec(value: str | None) -> Decimal | None:
    return Decimal(value) if value is not None else None


def validate(invoice: dict, confidence: dict[str, float], warnings: list[str],
             derived: frozenset[str] = frozenset(), lines_consistent: list[bool | None] = ()) -> list[dict]:
    """Run the checks on a DTO; adjusts ``confidence`` in place and returns the checks.

    ``derived`` names the paths computed from other values (a total derived from the other
    two): a check they take part in would pass by construction, so it is not reported.
    ``lines_consistent``: per line, whether quantity x unit price makes its amount (None
    where it cannot be told), as the item tables checked it.
    """
    checks: list[dict] = []
    totals = invoice["totals"]
    net, vat, gross = _dec(totals["net"]), _dec(totals["vat"]), _dec(totals["gross"])
    totals_derived = any(p.startswith("totals.") for p in derived)
    if net is not None and vat is not None and gross is not None and not totals_derived:
        ok = abs(net + vat - gross) <= Decimal("0.01")
        _check(checks, "totals.net_plus_vat", ok, f"{net} + {vat} {'=' if ok else '!='} {gross}")
        for key in ("net", "vat", "gross"):
            _boost(confidence, f"totals.{key}", ok)

    lines = invoice["lines"]
    line_nets = [_dec(line["netAmount"]) for line in lines]
    if lines and net is not None and all(v is not None for v in line_nets):
        total = sum(line_nets, Decimal(0))  # type: ignore[arg-type]
        ok = abs(total - net) <= Decimal("0.01")
        _check(checks, "totals.lines_sum", ok, f"sum of {len(lines)} line amounts {total} vs net {net}")
        if ok:
            _boost(confidence, "totals.net", True)
        for i in range(len(lines)):
            _boost(confidence, f"lines[{i}].netAmount", ok)

    breakdown = invoice["vatBreakdown"]
    if (len(breakdown) == 1 and net is not None and vat is not None and breakdown[0]["rate"] is not None
            and not {"totals.net", "totals.vat", "vatBreakdown.rate"} & derived):
        rate = Decimal(breakdown[0]["rate"])
        expected = (net * rate / 100).quantize(Decimal("0.01"))
        # Per-line rounding may differ from rounding the total by a few cents.
        ok = abs(expected - vat) <= max(Decimal("0.02"), Decimal(len(lines)) * Decimal("0.005"))
        _check(checks, "totals.vat_rate", ok, f"{rate} % of {net} = {expected}, printed {vat}")

    for role in ("seller", "buyer"):
        party = invoice[role]
        if party["vatCode"]:
            ok = vat_is_valid(party["vatCode"])
            _check(checks, f"{role}.vat_code_checksum", ok,
                   f"{party['vatCode']} {'valid' if ok else 'fails the checksum or format'}")
            _boost(confidence, f"{role}.vatCode", ok)
        code = party["companyCode"]
        country = (party["address"] or {}).get("country") or vat_country(party["vatCode"]) or "LT"
        if code and country == "LT":
            ok = lt_company_code_format_ok(code)
            _check(checks, f"{role}.company_code_format", ok,
                   f"{code} {'is' if ok else 'is not'} a 9-digit Lithuanian company code")
            if not ok:
                _boost(confidence, f"{role}.companyCode", False)
            else:
                ok = lt_company_code_checks(code)
                _check(checks, f"{role}.company_code_checksum", ok,
                       f"{code} {'ends' if ok else 'does not end'} in its check digit")
                _boost(confidence, f"{role}.companyCode", ok)
        elif code and (ok := company_code_valid(code, country)) is not None:
            _check(checks, f"{role}.company_code_checksum", ok,
                   f"{code} {'is' if ok else 'is not'} a valid {country} register code")
            if not ok:
                _boost(confidence, f"{role}.companyCode", False)
        if party["iban"]:
            ok = iban_is_valid(party["iban"])
            _check(checks, "iban.checksum", ok, f"{role} IBAN {party['iban']} {'valid' if ok else 'invalid'}")
            _boost(confidence, f"{role}.iban", ok)

    if invoice["issueDate"] and invoice["dueDate"]:
        ok = date.fromisoformat(invoice["dueDate"]) >= date.fromisoformat(invoice["issueDate"])
        detail = f"due {invoice['dueDate']}, issued {invoice['issueDate']}"
        _check(checks, "dates.due_after_issue", ok, detail)
        if not ok:
            warnings.append("due date is before the issue date")

    inconsistent = [str(line["lineNo"]) for line, ok in zip(lines, lines_consistent) if ok is False]
    if any(ok is not None for ok in lines_consistent):
        _check(checks, "lines.quantity_times_price", not inconsistent,
               "all lines: quantity x unit price = amount" if not inconsistent
               else f"lines {', '.join(inconsistent)}: quantity x unit price != amount")

    for path in KEY_FIELDS:
        if _get(invoice, path) is None:
            warnings.append(f"{path} not found")
            confidence[path] = 0.0
    return checks


def _get(invoice: dict, path: str):
    value = invoice
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def overall(confidence: dict[str, float]) -> float:
    values = [confidence.get(path, 0.0) for path in KEY_FIELDS]
    return round(sum(values) / len(values), 3)
