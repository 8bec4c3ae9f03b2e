"""Export set-up per client (admins) and the exports of a filtered list (a month of a client)
as one download per program.

The set-up page writes the client's own export settings (`core.books.export_settings`): what it
leaves empty the client inherits from the team's profile or the default, shown beside each
field. A refused export names the setting that fixes it (`export setting <key>` in its
detail); the dashboard links that to the field on this page (`#setting-<key>`).
"""

from datetime import date

import falcon

from core import errors, pagination
from core.books import export_settings
from core.books.export_mapping import add_client_item_rule, describe, remove_client_rule, rules_for
from core.books.invoices import Search, search_invoices
from dashboard import export_bundle, problems
from dashboard.pages.invoices import client_names
from dashboard.web import PREFIX, Page, redirect
from exporters import registry


def N_(text: str) -> str:
    return text


GROUPS = (
    (N_("Every program"), ("program", "direction", "default_expense_code", "default_expense_type", "default_income_code",
                           "default_income_type", "summary_line_code", "item_code_source")),
    ("Rivilė GAMA", tuple(k for k in export_settings.BY_KEY if k.startswith("rivile."))),
    ("Finvalda", tuple(k for k in export_settings.BY_KEY if k.startswith("finvalda."))),
    ("Centas", tuple(k for k in export_settings.BY_KEY if k.startswith("centas."))),
    ("Agnum", tuple(k for k in export_settings.BY_KEY if k.startswith("agnum."))),
)
LABELS = {
    "program": N_("Accounting program"),
    "direction": N_("Purchase or sale, when the parties do not tell"),
    "default_expense_code": N_("Default expense code (purchase lines no rule maps)"),
    "default_expense_type": N_("What the default expense code is"),
    "default_income_code": N_("Default income code (sales lines no rule maps)"),
    "default_income_type": N_("What the default income code is"),
    "summary_line_code": N_("Code of the summary line (invoices without a line table)"),
    "item_code_source": N_("Item codes from"),
    "rivile.partner_relation": N_("Partners' account relation code"),
    "rivile.item_relation": N_("Cards' account relation code"),
    "rivile.tax_table": N_("Partners' tax table"),
    "rivile.code_account": N_("Ledger account of purchase and sales codes"),
    "rivile.department": N_("Department"),
    "rivile.object": N_("Object (cost centre)"),
    "finvalda.purchase_type": N_("Purchase operation type"),
    "finvalda.sales_type": N_("Sales operation type"),
    "finvalda.purchase_journal": N_("Purchase journal"),
    "finvalda.sales_journal": N_("Sales journal"),
    "finvalda.department": N_("Department"),
    "finvalda.warehouse": N_("Warehouse of goods lines"),
    "centas.warehouse": N_("Warehouse of goods lines"),
    "centas.cost_centre": N_("Cost centre"),
    "centas.foreign_currency": N_("Invoices in another currency"),
    "agnum.warehouse": N_("Warehouse"),
    "agnum.object": N_("Object (cost centre)"),
    "agnum.group": N_("Goods group"),
    "agnum.own_iban": N_("Own IBAN on sales documents"),
}
CHOICES = {
    "": N_("not set"), "purchase": N_("purchase"), "sales": N_("sales"), "goods": N_("goods"), "service": N_("service"),
    "code": N_("accounting code"), "mapping": N_("mapping rules, then the default code"),
    "item_code": N_("mapping rules, then the seller's item code"), "refuse": N_("not exported"),
    "convert": N_("converted to EUR at the ECB rate"),
    "rivile": "Rivilė GAMA", "finvalda": "Finvalda", "centas": "Centas", "agnum": "Agnum",
}
class ClientExportSettings(Page):
    """GET: the client's export set-up (members read it); POST: admins save it."""

    def show(self, req, resp, client_id: str, problem=None, status=falcon.HTTP_200, typed=None, rule=None) -> None:
        principal = self.principal(req)
        with self.store.read() as conn:
            settings = export_settings.for_client(conn, principal.team_id, principal.mode, client_id)
            rules = [describe(r) for r in rules_for(conn, principal.team_id, principal.mode, client_id)]
            clients = client_names(conn, principal)
        self.render(req, resp, "export_settings.html", client_id=client_id, client_name=clients.get(client_id, client_id),
                    settings={s["key"]: s for s in settings}, groups=GROUPS, labels=LABELS, choices=CHOICES,
                    rules=rules, problem=problem, status=status, typed=typed or {}, notice=req.get_param("notice"),
                    rule=rule or {}, rule_types=export_settings.ITEM_TYPES)

    def on_get(self, req: falcon.Request, resp: falcon.Response, client_id: str) -> None:
        self.show(req, resp, client_id)

    def on_post(self, req: falcon.Request, resp: falcon.Response, client_id: str) -> None:
        if not self.member(req).is_admin:
            self.renderer.error(req, resp, 403)
            return
        principal, form = self.principal(req), self.form(req)
        values = {key: form.get(key) if isinstance(form.get(key), str) else "" for key in export_settings.BY_KEY
                  if key in form}
        try:
            export_settings.save_client(self.store, principal.team_id, principal.mode, client_id, values)
        except errors.InvalidBody as exc:
            self.show(req, resp, client_id, exc, falcon.HTTP_400, typed=values)
            return
        raise redirect(f"{PREFIX}/clients/{client_id}/export?notice=saved")


RULE_FIELDS = ("matchCode", "matchText", "code", "type", "direction")


class ClientMappingRules(ClientExportSettings):
    """POST: an admin adds an item rule of the client (item code or text -> accounting code)."""

    admin_only = True

    def on_get(self, req: falcon.Request, resp: falcon.Response, client_id: str) -> None:
        raise redirect(f"{PREFIX}/clients/{client_id}/export#rules")

    def on_post(self, req: falcon.Request, resp: falcon.Response, client_id: str) -> None:
        principal, form = self.principal(req), self.form(req)
        rule = {k: form.get(k).strip() if isinstance(form.get(k), str) else "" for k in RULE_FIELDS}
        try:
            add_client_item_rule(self.store, principal.team_id, principal.mode, client_id, target_code=rule["code"],
                                 target_type=rule["type"], match_code=rule["matchCode"] or None,
                                 match_text=rule["matchText"] or None, direction=rule["direction"] or None)
        except errors.InvalidBody as exc:
            self.show(req, resp, client_id, exc, falcon.HTTP_400, rule=rule)
            return
        raise redirect(f"{PREFIX}/clients/{client_id}/export?notice=rule_added#rules")


class ClientMappingRuleDelete(Page):
    admin_only = True

    def on_post(self, req: falcon.Request, resp: falcon.Response, client_id: str, rule_id: int) -> None:
        principal = self.principal(req)
        if not remove_client_rule(self.store, principal.team_id, principal.mode, client_id, rule_id):
            raise falcon.HTTPNotFound()
        raise redirect(f"{PREFIX}/clients/{client_id}/export?notice=rule_removed#rules")


def _search(req: falcon.Request) -> Search:
    status = req.get_param("status")
    return Search(status=status if status in ("completed", "processing") else None,
                  client_id=req.get_param("client") or None, issued_from=req.get_param("from") or None,
                  issued_to=req.get_param("to") or None)


class Exports(Page):
    """The filter of a period's export, how many invoices it holds, and the download."""

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal, search = self.principal(req), _search(req)
        with self.store.read() as conn:
            clients = client_names(conn, principal)
            program = (export_settings.effective(conn, principal.team_id, principal.mode, search.client_id)["program"]
                       if search.client_id in clients else "")
            first, more = search_invoices(conn, principal.team_id, principal.mode, search,
                                          pagination.Page(None, pagination.MAX_LIMIT), lambda doc: doc["id"])
        chosen = req.get_param("format") or program or "rivile"
        self.render(req, resp, "exports.html", clients=clients, search=search, formats=registry.FORMATS,
                    chosen=chosen, merged=registry.period_of(chosen) is not None, program=program, count=len(first), more=bool(more), limit=export_bundle.MAX_INVOICES,
                    filtered=bool(req.params))


class ExportDownload(Page):
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        fmt, search = req.get_param("format"), _search(req)
        try:
            registry.renderer(fmt)
        except errors.ExportInvalidFormat as exc:
            self.render(req, resp, "error.html", status=falcon.HTTP_400, code=400, detail=problems.explain(exc).message)
            return
        bundle = export_bundle.build(self.store, self.principal(req), search, fmt, date.today())
        name = "-".join(p for p in (fmt, search.client_id, search.issued_from, search.issued_to) if p)
        filename = f"{name}-{bundle.filename}" if bundle.filename else f"{name}.zip"
        resp.content_type, resp.downloadable_as, resp.data = bundle.content_type, filename, bundle.body
        resp.set_header("X-Exported", str(len(bundle.exported)))
        resp.set_header("X-Refused", str(len(bundle.refused)))
