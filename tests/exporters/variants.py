"""Invoices beside the golden fixtures that the EN 16931 exports must carry too.

Each variant changes one fixture the way real invoices differ: a line discount, a
document discount spread over several rates, a discount line, a debit note, a prepaid
amount, a printed payable rounded to 5 cents, a payment reference (with and without the
seller's account). `ALL` names every fixture and variant, so a
test can run the structured exports over the whole range.
"""

from tests.exporters import cases


def _line_discount() -> dict:
    invoice = cases.invoice("goods_services")
    invoice["lines"][0].update(unitPrice="130.00", discount="50.00")  # 10 × 130 − 50 = 1250
    return invoice


def _document_discount() -> dict:
    invoice = cases.invoice("several_rates")  # 10 % off 64.80 at 21, 9 and 5 %
    invoice["totals"].update(discount="6.48", net="58.32", vat="7.07", gross="65.39", payable="65.39")
    invoice["vatBreakdown"] = [
        {"rate": "21", "category": "S", "vatClassifier": "PVM1", "taxableAmount": "22.50", "vatAmount": "4.73"},
        {"rate": "9", "category": "S", "vatClassifier": "PVM2", "taxableAmount": "13.50", "vatAmount": "1.22"},
        {"rate": "5", "category": "S", "vatClassifier": "PVM3", "taxableAmount": "22.32", "vatAmount": "1.12"},
    ]
    return invoice


def _discount_line() -> dict:
    invoice = cases.invoice("goods_services")
    line = dict(invoice["lines"][1], lineNo=4, code=None, description="Nuolaida", quantity="1", unit=None,
                unitPrice="-104.00", netAmount="-104.00", vatAmount="-21.84")
    invoice["lines"].append(line)
    invoice["totals"].update(net="2400.00", vat="504.00", gross="2904.00", payable="2904.00")
    invoice["vatBreakdown"][0].update(taxableAmount="2400.00", vatAmount="504.00")
    return invoice


def _debit_note() -> dict:
    invoice = cases.invoice("goods_services")
    invoice["documentType"] = "debit_note"
    return invoice


def _prepaid() -> dict:
    invoice = cases.invoice("goods_services")
    invoice["totals"].update(prepaid="1000.00", payable="2029.84")
    return invoice


def _rounded() -> dict:
    invoice = cases.invoice("goods_services")
    invoice["totals"]["payable"] = "3029.85"
    return invoice


def _payment_reference() -> dict:
    invoice = cases.invoice("goods_services")
    invoice["paymentReference"] = "RF18 5390 0754 7034"  # ISO 11649, as an EPC code carries it
    return invoice


def _payment_reference_no_account() -> dict:
    invoice = cases.invoice("goods_services")
    invoice["seller"]["iban"] = None
    invoice["paymentReference"] = "SF SV 000123"
    return invoice


def _payment_reference_credit_note() -> dict:
    invoice = cases.invoice("credit_note")
    invoice["paymentReference"] = "KR-000045"
    return invoice


VARIANTS = {
    "line_discount": ("goods_services", _line_discount),
    "document_discount": ("several_rates", _document_discount),
    "discount_line": ("goods_services", _discount_line),
    "debit_note": ("goods_services", _debit_note),
    "prepaid": ("goods_services", _prepaid),
    "rounded": ("goods_services", _rounded),
    "payment_reference": ("goods_services", _payment_reference),
    "payment_reference_no_account": ("goods_services", _payment_reference_no_account),
    "payment_reference_credit_note": ("credit_note", _payment_reference_credit_note),
}
ALL = (*cases.NAMES, *VARIANTS)


def invoice(name: str) -> tuple[dict, str]:
    """(the invoice's JSON form, the fixture whose lookups it uses)."""
    if name in VARIANTS:
        base, build = VARIANTS[name]
        return build(), base
    return cases.invoice(name), name
