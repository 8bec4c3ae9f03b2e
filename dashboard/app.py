"""Mounting the dashboard on the service's Falcon app, under /app/."""

from pathlib import Path

import falcon

from assets.rules import RULES
from core.blobs import Blobs, open_blobs
from core.kafka import Publisher
from core.settings import Settings
from core.store.db import Store
from core.webhooks.urls import UrlGuard, system_resolver
from dashboard import config as dashboard_config
from dashboard import templating
from dashboard.pages import auth, books, exports, invoices, isaf, uploads, webhooks, work
from dashboard.sessions import Cookies
from dashboard.web import PREFIX, DashboardGate, Page, Renderer, redirect

STATIC = Path(__file__).parent / "static"


class Home(Page):
    public = True

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        raise redirect(f"{PREFIX}/invoices" if req.context.member_session else f"{PREFIX}/login")


def _routes(page_deps: dict) -> dict[str, Page]:
    invoice = f"{PREFIX}/invoices/{{invoice_id}}"
    hook = f"{PREFIX}/webhooks/{{webhook_id}}"
    table = {
        PREFIX: Home, f"{PREFIX}/login": auth.Login, f"{PREFIX}/logout": auth.Logout,
        f"{PREFIX}/set-password": auth.SetPassword,
        f"{PREFIX}/invoices": invoices.InvoiceList, invoice: invoices.InvoiceView,
        f"{invoice}/delete": invoices.InvoiceDelete, f"{invoice}/export": invoices.InvoiceExport,
        f"{invoice}/duplicate": invoices.InvoiceDuplicate, f"{invoice}/split": invoices.InvoiceSplit,
        f"{invoice}/pages/{{page:int(min=1)}}": invoices.InvoicePageImage,
        f"{PREFIX}/upload": uploads.Upload, f"{PREFIX}/upload/recent": uploads.RecentUploads,
        f"{PREFIX}/review": work.ReviewQueue, f"{PREFIX}/review/{{invoice_id}}/{{action}}": work.ReviewAction,
        f"{PREFIX}/jobs": work.Jobs, f"{PREFIX}/jobs/{{job_id}}/cancel": work.JobCancel,
        f"{PREFIX}/credits": work.Credits,
        f"{PREFIX}/webhooks": webhooks.Webhooks, hook: webhooks.Webhook,
        f"{hook}/{{action}}": webhooks.WebhookAction,
        f"{hook}/deliveries/{{delivery_id}}": webhooks.WebhookDelivery,
        f"{hook}/deliveries/{{delivery_id}}/redeliver": webhooks.WebhookRedelivery,
        f"{PREFIX}/clients": books.Clients, f"{PREFIX}/clients/new": books.ClientCreate,
        f"{PREFIX}/clients/{{client_id}}/export": exports.ClientExportSettings,
        f"{PREFIX}/clients/{{client_id}}/export/rules": exports.ClientMappingRules,
        f"{PREFIX}/clients/{{client_id}}/export/rules/{{rule_id:int}}/delete": exports.ClientMappingRuleDelete,
        f"{PREFIX}/exports": exports.Exports, f"{PREFIX}/exports/download": exports.ExportDownload,
        f"{PREFIX}/exports/isaf": isaf.IsafRegister, f"{PREFIX}/exports/isaf/download": isaf.IsafDownload,
        f"{PREFIX}/contacts": books.ContactCreateForm, f"{PREFIX}/contacts/{{contact_id}}": books.Contact,
        f"{PREFIX}/contacts/{{contact_id}}/delete": books.ContactDelete,
        f"{PREFIX}/keys": books.Keys, f"{PREFIX}/keys/{{key_id}}/revoke": books.KeyRevoke,
    }
    return {path: page(**page_deps) for path, page in table.items()}


def mount_dashboard(app: falcon.App, settings: Settings, store: Store, blobs: Blobs | None = None, *,
                    counters=None, guard: UrlGuard | None = None, publisher=None) -> None:
    """Add the dashboard's routes, static files and gate to `app`. `counters` (the shared
    counter store) throttles logins and holds the uploads in flight; `guard` is the webhook
    URL guard the API uses; `publisher` sends admitted uploads to the pipeline, as the API's does."""
    config = dashboard_config.load(settings)
    cookies = Cookies(config)
    renderer = Renderer(templating.environment(), cookies, config)
    app.add_middleware(DashboardGate(store, renderer, cookies, config))
    deps = dict(
        renderer=renderer, store=store, blobs=blobs or open_blobs(settings.blob_location), rules=RULES, cookies=cookies,
        secret_key=config.secret_key, page_cache=config.page_cache, throttle=auth.LoginThrottle(counters),
        guard=guard or UrlGuard(settings.webhooks.allow_loopback, system_resolver),
        counters=counters, publisher=publisher or Publisher(settings, store), settings=settings,
    )
    for path, resource in _routes(deps).items():
        app.add_route(path, resource)
    app.add_static_route(f"{PREFIX}/static", str(STATIC))
