"""The invoice's validation checks and warnings in the page's language.

Checks carry a code (`totals.net_plus_vat`) and an English detail written by the rules
(`2504.00 + 525.84 = 3029.84`); warnings are English sentences, `vat.foreign: ...` among
them. Each known one gets a sentence of its own, its numbers in the page's locale. An
unknown check gets a general title; an unknown warning is shown as written, on Lithuanian
pages after a sentence that says it is in English. No code reaches the page.
"""

import re

from dashboard import i18n, numbers
from schemas import document_warnings


def N_(text: str) -> str:
    return text


TITLES = {
    "totals.net_plus_vat": N_("Net + VAT = gross"),
    "totals.lines_sum": N_("The lines add up to the net total"),
    "totals.vat_rate": N_("VAT = the rate × the net total"),
    "seller.vat_code_checksum": N_("The seller's VAT code passes its check"),
    "buyer.vat_code_checksum": N_("The buyer's VAT code passes its check"),
    "seller.company_code_format": N_("The seller's company code has 9 digits"),
    "buyer.company_code_format": N_("The buyer's company code has 9 digits"),
    "seller.company_code_checksum": N_("The seller's company code passes its register's check"),
    "buyer.company_code_checksum": N_("The buyer's company code passes its register's check"),
    "iban.checksum": N_("The IBAN passes its check"),
    "dates.due_after_issue": N_("The due date is not before the issue date"),
    "lines.quantity_times_price": N_("Every line: quantity × unit price − discount = amount"),
}
OTHER_CHECK = N_("Another check of the rules")
OTHER_WARNING = N_("Another remark of the rules, in English:")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_FIELD_NAMES = {
    "invoiceNumber": N_("Invoice number"), "issueDate": N_("Issue date"), "seller.name": N_("Seller's name"),
    "seller.vatCode": N_("Seller's VAT code"), "buyer.name": N_("Buyer's name"), "totals.net": N_("Net total"),
    "totals.vat": N_("VAT total"), "totals.gross": N_("Gross total"),
}


def _numbers_in(text: str) -> str:
    """A detail made of numbers and signs only (`2504.00 + 525.84 = 3029.84`), in the locale."""
    return _NUMBER.sub(lambda m: numbers.show(m.group(0), i18n.current()), text)


def check_title(check: dict) -> str:
    return i18n.gettext(TITLES.get(check.get("code"), OTHER_CHECK))


def check_detail(check: dict) -> str:
    detail = str(check.get("detail") or "")
    if re.fullmatch(r"[-\d.\s+=!]+", detail):
        return _numbers_in(detail).replace("!=", "≠")
    code = check.get("code")
    if code == "totals.lines_sum" and (m := re.fullmatch(r"sum of (\d+) line amounts (\S+) vs net (\S+)", detail)):
        return i18n.gettext("%(count)s lines sum to %(sum)s, net total %(net)s") % {
            "count": m.group(1), "sum": _numbers_in(m.group(2)), "net": _numbers_in(m.group(3))}
    if code == "totals.vat_rate" and (m := re.fullmatch(r"(\S+) % of (\S+) = (\S+), printed (\S+)", detail)):
        return i18n.gettext("%(rate)s %% of %(net)s = %(expected)s; the invoice says %(vat)s") % {
            "rate": _numbers_in(m.group(1)), "net": _numbers_in(m.group(2)), "expected": _numbers_in(m.group(3)),
            "vat": _numbers_in(m.group(4))}
    if code == "dates.due_after_issue" and (m := re.fullmatch(r"due (\S+), issued (\S+)", detail)):
        return i18n.gettext("due %(due)s, issued %(issued)s") % {"due": i18n.day(m.group(1)), "issued": i18n.day(m.group(2))}
    if code == "lines.quantity_times_price" and (m := re.match(r"lines ([\d, ]+):", detail)):
        return i18n.gettext("lines %(lines)s do not add up") % {"lines": m.group(1)}
    if code == "lines.quantity_times_price":
        return ""
    if code == "iban.checksum" and (m := re.match(r"(seller|buyer) IBAN (\S+)", detail)):
        return m.group(2)
    if code and code.endswith(("_checksum", "_format")):
        return detail.split(" ", 1)[0]  # the code or IBAN checked; the title says the rest
    return detail if i18n.current() == "en" else ""


def warning_text(warning: str) -> str:
    text = str(warning)
    if text.startswith("vat.foreign"):
        rates = re.search(r"vat\.foreign: (.*?) is the VAT of the seller's country \((\w+)\)", text)
        if rates:
            return i18n.gettext("%(rates)s is the VAT of the seller's country (%(country)s), not Lithuanian VAT: "
                                "no Lithuanian VAT classifier is given.") % {"rates": rates.group(1), "country": rates.group(2)}
        return i18n.gettext("Foreign VAT: no Lithuanian VAT classifier is given.")
    if (m := re.fullmatch(r"duplicate\.(same_file|same_number): (\S+)", text)):
        return (i18n.gettext("The same file was uploaded before as %(invoice)s.") if m.group(1) == "same_file" else
                i18n.gettext("The same seller, number, date and total as %(invoice)s, uploaded before.")) % {"invoice": m.group(2)}
    if (found := document_warnings.ranges_of([text])):
        return i18n.gettext("This file holds %(count)s invoices (pages %(pages)s); this is the first of them.") % {
            "count": len(found), "pages": document_warnings.ranges_text(found)}
    if text == "due date is before the issue date":
        return i18n.gettext("The due date is before the issue date.")
    if (m := re.fullmatch(r"(\S+) not found", text)) and m.group(1) in _FIELD_NAMES:
        return i18n.gettext("%(field)s was not found on the document.") % {"field": i18n.gettext(_FIELD_NAMES[m.group(1)])}
    if text == "seller and buyer told apart only by the order they are printed in":
        return i18n.gettext("The seller and the buyer were told apart only by the order they are printed in.")
    if (m := re.fullmatch(r"totals\.(\w+) derived from the other two totals", text)):
        return i18n.gettext("A total (%(total)s) was computed from the other two, not read.") % {
            "total": i18n.gettext(_FIELD_NAMES.get(f"totals.{m.group(1)}", m.group(1)))}
    if re.fullmatch(r"lines\[\d+\]\.\w+ derived from the line's amount \(printed value unreadable\)", text):
        return i18n.gettext("A line's quantity or price was computed from its amount (the printed one was unreadable).")
    return text if i18n.current() == "en" else f"{i18n.gettext(OTHER_WARNING)} {text}"


def is_foreign_vat(doc: dict) -> bool:
    return any(str(w).startswith("vat.foreign") for w in ((doc.get("validation") or {}).get("warnings") or []))
