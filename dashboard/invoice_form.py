"""The invoice fields a member edits on the invoice page, and the merge patch a form makes.

The patch holds only the fields whose value changed, so the edit's history names exactly
what the member touched; it then goes through `schemas.invoices.InvoicePatch` and
`core.books.invoice_edits.edit`, the same code as PATCH /invoices/{id}. Amounts are typed the
Lithuanian way or the English one (`dashboard.numbers`); an unchanged amount is no change
however it is written.

Lines and the VAT breakdown are edited in the same form (`lines[<row>].<field>`, every
field of invoice.md's line; `vatBreakdown[<row>].<field>`): rows may be added and
removed, and when any row differs from the stored ones the patch carries the whole list
(arrays are replaced whole), so one save is one edit with one history entry.
"""

import re
from dataclasses import dataclass
from decimal import Decimal

from core import errors
from dashboard import numbers
from dashboard.forms import text as form_text


def N_(text: str) -> str:
    """Marks a label for translation; the template translates it."""
    return text


SECTIONS = (
    (N_("Document"), (
        ("documentType", N_("Document type")), ("direction", N_("Direction")),
        ("invoiceNumber", N_("Invoice number")), ("series", N_("Series")), ("number", N_("Number")),
        ("issueDate", N_("Issue date")), ("dueDate", N_("Due date")), ("deliveryDate", N_("Delivery date")),
        ("currency", N_("Currency")), ("orderReference", N_("Order reference")),
        ("paymentReference", N_("Payment reference")), ("paymentTerms", N_("Payment terms")), ("notes", N_("Notes")),
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
CHOICES = {
    "documentType": (("invoice", N_("invoice")), ("vat_invoice", N_("VAT invoice")), ("credit_note", N_("credit note")),
                     ("debit_note", N_("debit note")), ("proforma", N_("pro forma invoice")), ("receipt", N_("receipt")),
                     ("other", N_("other document"))),
    "direction": (("purchase", N_("purchase (the client buys)")), ("sales", N_("sales (the client sells)"))),
}
LINE_FIELDS = (
    ("lineNo", N_("No.")), ("code", N_("Item code")), ("barcode", N_("Barcode")), ("description", N_("Description")),
    ("kind", N_("Kind")), ("quantity", N_("Quantity")), ("unit", N_("Unit")), ("unitPrice", N_("Unit price")),
    ("discount", N_("Discount")), ("netAmount", N_("Net")), ("vatRate", N_("VAT rate")), ("vatAmount", N_("VAT")),
    ("grossAmount", N_("Gross")), ("vatClassifier", N_("VAT classifier")),
)
LINE_NUMBERS = frozenset({"quantity", "unitPrice", "discount", "netAmount", "vatRate", "vatAmount", "grossAmount"})
LINE_MONEY = frozenset({"discount", "netAmount", "vatAmount", "grossAmount"})
KINDS = (("goods", N_("goods")), ("service", N_("service")))
VAT_FIELDS = (
    ("rate", N_("VAT rate")), ("category", N_("Category")), ("vatClassifier", N_("VAT classifier")),
    ("taxableAmount", N_("Taxable amount")), ("vatAmount", N_("VAT")),
)
CATEGORIES = (
    ("S", N_("S: standard or reduced rate")), ("Z", N_("Z: zero rate")), ("E", N_("E: exempt")),
    ("AE", N_("AE: reverse charge")), ("K", N_("K: intra-EU supply")), ("G", N_("G: export outside the EU")),
    ("O", N_("O: outside the scope of VAT")), ("L", N_("L: Canary Islands")), ("M", N_("M: Ceuta and Melilla")),
)


@dataclass(frozen=True)
class Grid:
    """A list of the invoice edited as a table: `lines` or `vatBreakdown`."""

    key: str
    fields: tuple
    numbers: frozenset
    money: frozenset
    positive: frozenset = frozenset()  # amounts stored positive however typed
    numbered: bool = False  # rows carry a 1-based `lineNo`

    @property
    def pattern(self) -> re.Pattern:
        return re.compile(re.escape(self.key) + r"\[(\d{1,4})\]\.(\w+)")


LINES = Grid("lines", LINE_FIELDS, LINE_NUMBERS, LINE_MONEY, frozenset({"discount"}), numbered=True)
VAT = Grid("vatBreakdown", VAT_FIELDS, frozenset({"rate", "taxableAmount", "vatAmount"}),
           frozenset({"taxableAmount", "vatAmount"}))
GRIDS = (LINES, VAT)
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
            if sent is not None and _shown_unchanged(current, sent, 2):
                continue  # as the page showed it (1,125 would be ambiguous typed anew)
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
    for grid in GRIDS:
        if grid.key in form:  # the form carries this table
            stored = document.get(grid.key) or []
            rows, row_problems = rows_from(form, grid, stored)
            problems += row_problems
            if not row_problems and not _same_rows(rows, stored, grid):
                patch[grid.key] = rows
    return patch, problems


def _rows(form: dict, grid: Grid) -> list[dict]:
    """The form's rows in their order on the page (their `from`: the stored row a row
    shows), wholly empty ones left out."""
    names, pattern = dict(grid.fields), grid.pattern
    rows: dict[int, dict] = {}
    for key in form:
        found = pattern.fullmatch(key)
        if found and (found.group(2) in names or found.group(2) == "from"):
            rows.setdefault(int(found.group(1)), {})[found.group(2)] = form_text(form, key)
    return [row for _i, row in sorted(rows.items()) if any(v is not None for k, v in row.items() if k != "from")]


def _shown_unchanged(value, typed: str, minimum: int) -> bool:
    """Whether `typed` is exactly how a page (Lithuanian or English) showed `value`."""
    if value in (None, ""):
        return False
    shown = {numbers.for_input(value, lang, minimum) for lang in ("lt", "en")}
    return typed in shown or typed.replace(" ", "\u00a0") in shown


def _as_shown(stored: list[dict], origin: str | None, name: str, typed: str, grid: Grid) -> str | None:
    """The stored value when `typed` is exactly how the page showed it (`2,500` for a
    quantity of 2.500 is then no ambiguity: the member did not touch it)."""
    if origin is None or not (origin.isascii() and origin.isdigit()) or int(origin) >= len(stored):
        return None
    value = stored[int(origin)].get(name)
    return str(value) if _shown_unchanged(value, typed, 2 if name in grid.money else 0) else None


def rows_from(form: dict, grid: Grid, stored: list[dict] | None = None) -> tuple[list[dict], list[dict]]:
    """The rows of the form in their order on the page (lines renumbered when a number is
    missing); a row left wholly empty is none. Also the entries of unreadable numbers."""
    out, problems = [], []
    for position, row in enumerate(_rows(form, grid)):
        origin = row.pop("from", None)
        item: dict = {name: None for name, _label in grid.fields}
        for name, value in row.items():
            path = f"{grid.key}[{position}].{name}"
            if value is not None and name in grid.numbers:
                unchanged = _as_shown(stored or [], origin, name, value, grid)
                try:
                    value = unchanged if unchanged is not None else numbers.parse(value)
                except numbers.NumberError as exc:
                    problems.append(errors.field_error(path, exc.code))
                    continue
                if name in grid.positive:  # invoice.md: an amount, stored positive however it is typed
                    value = value.removeprefix("-")
            if name == "lineNo" and value is not None:
                if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= 100000:
                    problems.append(errors.field_error(path, "validation.invalid_value"))
                    continue
                value = int(value)
            item[name] = value
        if grid.numbered:
            item["lineNo"] = item["lineNo"] or position + 1
        out.append(item)
    return out, problems


def lines_from(form: dict, stored: list[dict] | None = None) -> tuple[list[dict], list[dict]]:
    return rows_from(form, LINES, stored)


def typed_rows(form: dict, grid: Grid) -> list[dict]:
    """The rows as typed, in their order, wholly empty ones left out: a refused form shows
    them again as they were."""
    return [{k: (v or "") if k != "from" else v for k, v in row.items()} for row in _rows(form, grid)]


def typed_lines(form: dict) -> list[dict]:
    return typed_rows(form, LINES)


def _same_rows(sent: list[dict], stored: list[dict], grid: Grid) -> bool:
    if len(sent) != len(stored):
        return False
    for new, old in zip(sent, stored):
        for name, _label in grid.fields:
            a, b = new.get(name), old.get(name)
            if name in grid.numbers and a is not None:
                if not _same(a, b):
                    return False
            elif (None if a in (None, "") else str(a)) != (None if b in (None, "") else str(b)):
                return False
    return True


def cell_value(row: dict, name: str, lang: str, grid: Grid = LINES) -> str:
    """A row's value as its input shows it (numbers with the locale's decimal sign)."""
    value = row.get(name)
    if name in grid.numbers:
        return numbers.for_input(value, lang, 2 if name in grid.money else 0)
    return "" if value is None else str(value)


def line_value(line: dict, name: str, lang: str) -> str:
    return cell_value(line, name, lang, LINES)


def shown(document: dict, path: str, lang: str) -> str:
    """The value an input shows: amounts with the locale's decimal sign and two decimals."""
    value = value_at(document, path)
    if path in MONEY:
        return numbers.for_input(value, lang, minimum=2)
    return "" if value is None else str(value)
