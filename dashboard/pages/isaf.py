"""A client's i.SAF register on the exports pages: a member picks a client, a month and the
register's type, sees what goes in and which invoices stay out and why (in the page's
language), and downloads the XML, or a ZIP of its parts when the month is split.

Both pages build the register with core.books.isaf.build_for, the function behind `invoices isaf
export`, so the page, the CLI and the warehouse file the same XML. A client of another team
or of test mode is a 404, as everywhere on the dashboard.
"""

from datetime import date

import falcon

from core.books import isaf as registers
from dashboard import i18n, problems
from dashboard.pages.invoices import client_names
from dashboard.web import Page
from exporters import isaf


def N_(text: str) -> str:
    return text


TYPES = {"F": N_("issued and received (F)"), "S": N_("issued (S)"), "P": N_("received (P)")}
# Why an invoice stays out of the register (exporters.isaf.REASONS), as a bookkeeper reads it.
REASONS = {
    "direction_unknown": N_("Purchase or sale cannot be told: neither party carries the client's company or VAT "
                            "code. Set the client's codes or the export setting of the direction."),
    "no_number": N_("The invoice has no number."),
    "no_issue_date": N_("The invoice has no issue date."),
    "foreign_vat": N_("The invoice carries another country's VAT, which i.SAF does not report."),
    "no_amounts": N_("The invoice has neither a VAT breakdown nor lines with amounts."),
    "line_without_amount": N_("Line %(line)s has no amount."),
    "totals_disagree": N_("The amounts per VAT rate add up to %(computed)s, but the invoice's total says "
                          "%(printed)s."),
    "no_currency_rate": N_("There is no %(currency)s rate to EUR for %(day)s; load the ECB rates."),
    "vat_without_rate": N_("A VAT amount has no rate."),
    "no_classifier": N_("No VAT classifier for the %(rate)s %% VAT; set it on the invoice's VAT breakdown."),
    "no_supplier": N_("The invoice has no supplier."),
    "no_buyer": N_("The invoice has no buyer."),
    "supplier_without_codes": N_("The supplier has neither a company code nor a VAT code."),
    "buyer_without_codes": N_("The buyer has neither a company code nor a VAT code."),
    "supplier_code_too_long": N_("The supplier's code %(code)s is longer than 35 characters."),
    "buyer_code_too_long": N_("The buyer's code %(code)s is longer than 35 characters."),
}
FIELD_PROBLEMS = {
    "client": N_("The client has no company code of up to 11 digits; set it on the Clients page first."),
    "month": N_("Give the month as YYYY-MM."),
    "type": N_("Choose one of the offered values."),
}


def _field_problem(name: str) -> str:
    return i18n.gettext(FIELD_PROBLEMS[name])


def reason(excluded: isaf.Excluded) -> str:
    """The reason in the page's language; the English reason where there is no sentence for it."""
    text = REASONS.get(excluded.code)
    if text is None:
        return excluded.reason
    try:
        return i18n.gettext(text) % excluded.params
    except (KeyError, TypeError, ValueError):
        return excluded.reason


def _previous_month(today: date) -> str:
    first = today.replace(day=1)
    last_month = date.fromordinal(first.toordinal() - 1)
    return last_month.strftime("%Y-%m")


def _choice(req: falcon.Request) -> tuple[str, str, str]:
    return (req.get_param("client") or "").strip(), (req.get_param("month") or "").strip(), \
        (req.get_param("type") or "F").strip()


def _refusal(fields: dict[str, str]) -> problems.Explained:
    return problems.Explained("validation.invalid_body", 400,
                              i18n.gettext("Some fields need fixing; see the messages beside them."), fields)


def _field_problems(client_id: str, month: str, data_type: str) -> dict[str, str]:
    """Every field the form must change, at once (the register itself names only the first)."""
    fields = {}
    if not client_id:
        fields["client"] = i18n.gettext("Choose a client.")
    try:
        isaf.month_bounds(month)
    except isaf.Refused:
        fields["month"] = _field_problem("month")
    if data_type not in isaf.DATA_TYPES:
        fields["type"] = _field_problem("type")
    return fields


class IsafRegister(Page):
    """GET: the form; with a client and a month, what the register holds and the download."""

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal = self.principal(req)
        client_id, month, data_type = _choice(req)
        with self.store.read() as conn:
            clients = client_names(conn, principal)
        context = {"clients": clients, "types": TYPES, "client_id": client_id, "data_type": data_type,
                   "month": month or _previous_month(date.today()), "register": None, "excluded": [], "problem": None}
        if "month" not in req.params:  # the form, a client perhaps chosen already (from its set-up page)
            self.render(req, resp, "isaf.html", **context)
            return
        fields = _field_problems(client_id, month, data_type)
        if not fields:
            try:
                register = registers.build_for(self.store, principal.team_id, principal.mode, client_id, month,
                                               data_type)
            except isaf.Refused as exc:
                fields[exc.field] = _field_problem(exc.field)
        if fields:
            self.render(req, resp, "isaf.html", **{**context, "problem": _refusal(fields), "status": falcon.HTTP_400})
            return
        self.render(req, resp, "isaf.html", **{**context, "register": register,
                                               "excluded": [(x, reason(x)) for x in register.excluded]})


class IsafDownload(Page):
    """The register's file: the XML, or a ZIP of its parts."""

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal = self.principal(req)
        client_id, month, data_type = _choice(req)
        try:
            register = registers.build_for(self.store, principal.team_id, principal.mode, client_id, month, data_type)
        except isaf.Refused as exc:
            self.render(req, resp, "error.html", status=falcon.HTTP_400, code=400,
                        detail=_field_problem(exc.field))
            return
        made = registers.download(register)
        resp.content_type, resp.downloadable_as, resp.data = made.content_type, made.filename, made.body
        resp.set_header("X-Excluded", str(len(register.excluded)))

