"""The Falcon application factory: routes of interface.md section 4 under /external/v1, the
probes and metrics beside them, and the served contract."""

import falcon

from api import problems
from api.addresses import ClientAddresses
from api.bodies import BodyLimits, JSONBodies
from api.middleware import API_PREFIX as BASE
from api.middleware import Authentication, Maintenance, Observability, RateLimits, RequestId
from api.resources.clients import Clients
from api.resources.contacts import Contact, Contacts
from api.resources.exports import InvoiceExport
from api.resources.invoices import Invoice, InvoiceBatchUploads, InvoiceReprocess, InvoiceStatus, InvoiceUploads
from api.resources.review import AssignmentAction
from api.resources.jobs import Job, Jobs
from api.resources.me import Me, MeCredits
from api.resources.docs import mount_docs
from api.resources.operations import Healthz, Metrics, Readyz
from api.resources.webhooks import (
    Webhook, WebhookDeliveries, WebhookDelivery, WebhookRedelivery, Webhooks, WebhookSecretRotation, WebhookTest,
)
from assets.rules import RULES
from core import errors
from core.books import review
from core.blobs import open_blobs
from core.access.access import AccessGeneration
from core.access.auth import PrincipalCache
from core.kafka import Publisher
from core.maintenance import MaintenanceSwitch
from core.billing.plans import default_plan
from core.billing.ratelimits import Counters, FailedAttempts
from core.settings import Settings
from core.settings import settings as current_settings
from core.store.db import get_store
from core.webhooks.urls import Resolver, UrlGuard, system_resolver
from dashboard.app import mount_dashboard

# auth.too_many_failed_attempts: failed authentications per client address, and per presented
# key prefix, per minute, counted across every worker and node (interface.md 8 leaves the
# number to us). Only failing attempts are refused; a valid key always passes.
FAILED_AUTH_LIMIT, FAILED_AUTH_WINDOW_S = 20, 60
MERGE_PATCH_JSON = "application/merge-patch+json"


def create_app(
    settings: Settings | None = None, *, resolver: Resolver | None = None, counters: Counters | None = None
) -> falcon.App:
    """`resolver` answers the webhook URL guard's DNS questions (tests pass a table);
    `counters` is the shared counter store (default: the one at INVOICES_REDIS_URL)."""
    settings = settings or current_settings()
    store = get_store(settings.database_url)
    publisher = Publisher(settings, store)
    counters = counters or Counters(settings.redis_url)
    failed_auth = FailedAttempts(counters, "auth-failures", FAILED_AUTH_LIMIT, FAILED_AUTH_WINDOW_S)
    failed_prefix = FailedAttempts(counters, "auth-failures-prefix", FAILED_AUTH_LIMIT, FAILED_AUTH_WINDOW_S)
    app = falcon.App(middleware=[
        RequestId(),
        ClientAddresses(settings.trusted_proxies),
        BodyLimits(),
        Maintenance(MaintenanceSwitch(store)),
        Authentication(store, failed_auth, default_plan(settings),
                       PrincipalCache(store, settings.auth_cache_s, generation=AccessGeneration(settings.redis_url)),
                       failed_prefix),
        RateLimits(counters),
        Observability(),
    ])
    app.req_options.strip_url_path_trailing_slash = True
    json_handler = JSONBodies()  # size and depth checked before parsing
    app.req_options.media_handlers[falcon.MEDIA_JSON] = json_handler
    app.req_options.media_handlers[MERGE_PATCH_JSON] = json_handler  # PATCH bodies (RFC 7396)

    blobs = open_blobs(settings.blob_location)
    credits = MeCredits(store)
    app.add_route(f"{BASE}/invoices", InvoiceUploads(settings, store, blobs, publisher, counters))
    app.add_route(f"{BASE}/invoices/batch", InvoiceBatchUploads(settings, store, blobs, publisher, counters))
    app.add_route(f"{BASE}/invoices/{{invoice_id}}", Invoice(store, RULES))
    app.add_route(f"{BASE}/invoices/{{invoice_id}}/status", InvoiceStatus(store))
    for action in (review.APPROVE, review.DISCARD, review.MOVE):
        app.add_route(f"{BASE}/invoices/{{invoice_id}}/assignment/{action}", AssignmentAction(store, RULES, action))
    app.add_route(f"{BASE}/invoices/{{invoice_id}}/reprocess", InvoiceReprocess(settings, store))
    app.add_route(f"{BASE}/invoices/{{invoice_id}}/export", InvoiceExport(store))
    app.add_route(f"{BASE}/jobs", Jobs(store))
    app.add_route(f"{BASE}/jobs/{{job_id}}", Job(store))
    app.add_route(f"{BASE}/clients", Clients(store))
    app.add_route(f"{BASE}/contacts", Contacts(store))
    app.add_route(f"{BASE}/contacts/{{contact_id}}", Contact(store))
    app.add_route(f"{BASE}/me", Me())
    app.add_route(f"{BASE}/me/credits", credits)
    app.add_route(f"{BASE}/me/quota.credits", credits)
    _add_webhook_routes(app, store, UrlGuard(settings.webhooks.allow_loopback, resolver or system_resolver))
    app.add_route("/healthz", Healthz())
    app.add_route("/readyz", Readyz(store, settings.kafka_bootstrap, counters))
    app.add_route("/metrics", Metrics(store))
    mount_docs(app, settings)
    mount_dashboard(app, settings, store, blobs, counters=counters, publisher=publisher,
                    guard=UrlGuard(settings.webhooks.allow_loopback, resolver or system_resolver))

    app.add_error_handler(Exception, problems.handle_unexpected)
    app.add_error_handler(falcon.HTTPError, problems.handle_http_error)
    app.add_error_handler(errors.ServiceError, problems.handle_service_error)
    return app


def _add_webhook_routes(app: falcon.App, store, guard: UrlGuard) -> None:
    hooks, one = f"{BASE}/webhooks", f"{BASE}/webhooks/{{webhook_id}}"
    app.add_route(hooks, Webhooks(store, guard))
    app.add_route(one, Webhook(store, guard))
    app.add_route(f"{one}/test", WebhookTest(store))
    app.add_route(f"{one}/secret/rotate", WebhookSecretRotation(store))
    app.add_route(f"{one}/deliveries", WebhookDeliveries(store))
    app.add_route(f"{one}/deliveries/{{delivery_id}}", WebhookDelivery(store))
    app.add_route(f"{one}/deliveries/{{delivery_id}}/redeliver", WebhookRedelivery(store))
