"""The invoice fields a member edits on the invoice page, and the merge patch a form makes.

The patch holds only the fields whose value changed, so the edit's history names exactly
what the member touched; it then goes through `schemas.invoices.InvoicePatch` and
`core.invoice_edits.edit`, the same code as PATCH /invoices/{id}. Amounts are typed the
Lithuanian way or the English one (`dashboard.numbers`); an unchanged amount is no change
however it is written.
"""

from decimal import Decimal

from core import errors
from dashboard import numbers
from dashboard.forms import text as form_text


def N_(text: str) -> str:
    """Marks a label for translation; the template translates it."""
    return text


SECTIONS = (
    (N_("Document"), (
        ("invoiceNumber", N_("Invoice number")), ("series", N_("Series")), ("number", N_("Number")),
        ("issueDate", N_("Issue date")), ("dueDate", N_("Due date")), ("deliveryDate", N_("Delivery date")),
        ("currency", N_("Currency")), ("orderReference", N_("Order reference")),
        ("paymentTerms", N_("Payment terms")), ("notes", N_("Notes")),
    )),
    (N_("Seller"), (
        ("seller.name", N_("Name")), ("seller.companyCode", N_("Company code")), ("seller.vatCode", N_("VAT code")),
        ("seller.iban", N_("IBAN")), ("seller.address.text", N_("Address")),
    )),
    (N_("Buyer"), (
        ("buyer.name", N_("Name")), ("buyer.companyCode", N_("Company code")), ("buyer.vatCode", N_("VAT code")),
        ("buyer.iban", N_("IBAN")), ("buyer.address.text", N_("Address")),
    )),
    (N_("Totals"), (
        ("totals.net", N_("Net")), ("totals.vat", N_("VAT")), ("totals.gross", N_("Gross")),
        ("totals.payable", N_("Payable")),
    )),
)
PATHS = tuple(path for _title, fields in SECTIONS for path, _label in fields)
LABELS = {path: label for _title, fields in SECTIONS for path, label in fields}
MONEY = frozenset({"totals.net", "totals.vat", "totals.gross", "totals.payable"})
LOW_CONFIDENCE = 0.8


def value_at(document: dict, path: str):
    node = document
    for part in path.split("."):
        if not isinstance(node, dict):
            return None
        node = node.get(part)
    return node


def _put(patch: dict, path: str, value) -> None:
    *parents, leaf = path.split(".")
    for part in parents:
        patch = patch.setdefault(part, {})
    patch[leaf] = value


def _same(sent: str | None, current) -> bool:
    if current in (None, ""):
        return sent is None
    if sent is None:
        return False
    try:
        return Decimal(sent) == Decimal(str(current))
    except ArithmeticError:
        return sent == str(current)


def patch_from(document: dict, form: dict) -> tuple[dict, list[dict]]:
    """A merge patch of the fields the form changed (an emptied field becomes null), and
    the `errors[]` entries of amounts that cannot be read."""
    patch: dict = {}
    problems: list[dict] = []
    for path in PATHS:
        if path not in form:
            continue
        sent = form_text(form, path)
        current = value_at(document, path)
        if path in MONEY:
            if sent is not None:
                try:
                    sent = numbers.parse(sent)
                except numbers.NumberError as exc:
                    problems.append(errors.field_error(path, exc.code))
                    continue
            if not _same(sent, current):
                _put(patch, path, sent)
        elif sent != (None if current in (None, "") else str(current)):
            _put(patch, path, sent)
    return patch, problems


def shown(document: dict, path: str, lang: str) -> str:
    """The value an input shows: amounts with the locale's decimal sign and two decimals."""
    value = value_at(document, path)
    if path in MONEY:
        return numbers.for_input(value, lang, minimum=2)
    return "" if value is None else str(value)
