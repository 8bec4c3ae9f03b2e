"""Webhook endpoints and their deliveries (interface.md 2.7-2.9, 4, 5.6, 6).

Scopes: `webhook:manage` to create, change, delete, test, redeliver and rotate;
`webhook:read` to list and inspect. `webhook:manage` implies `webhook:read`: a key that
manages endpoints must be able to see what it manages.
"""

import falcon

from core import errors, pagination
from core.access import scopes
from core.access.auth import Principal
from core.store.db import Store
from core.validation import parse
from core.webhooks import deliveries, endpoints
from core.webhooks.urls import UrlGuard
from schemas.webhooks import EndpointCreate, EndpointUpdate


def _reader(req: falcon.Request) -> Principal:
    principal: Principal = req.context.principal
    if not principal.scopes & {scopes.WEBHOOK_READ, scopes.WEBHOOK_MANAGE}:
        raise errors.InsufficientScope("This operation needs the scope webhook:read (or webhook:manage).")
    return principal


def _manager(req: falcon.Request) -> Principal:
    principal: Principal = req.context.principal
    principal.require(scopes.WEBHOOK_MANAGE)
    return principal


class Webhooks:
    def __init__(self, store: Store, guard: UrlGuard):
        self.store, self.guard = store, guard

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal = _manager(req)
        body = parse(EndpointCreate, req.get_media(default_when_empty={}))
        resp.media = endpoints.create(self.store, self.guard, principal, body)
        resp.status = falcon.HTTP_201
        resp.location = f"{req.path}/{resp.media['id']}"

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        resp.media = endpoints.list_endpoints(self.store, _reader(req))


class Webhook:
    def __init__(self, store: Store, guard: UrlGuard):
        self.store, self.guard = store, guard

    def on_get(self, req: falcon.Request, resp: falcon.Response, webhook_id: str) -> None:
        resp.media = endpoints.get(self.store, _reader(req), webhook_id)

    def on_patch(self, req: falcon.Request, resp: falcon.Response, webhook_id: str) -> None:
        principal = _manager(req)
        body = parse(EndpointUpdate, req.get_media(default_when_empty={}))
        resp.media = endpoints.update(self.store, self.guard, principal, webhook_id, body)

    def on_delete(self, req: falcon.Request, resp: falcon.Response, webhook_id: str) -> None:
        endpoints.delete(self.store, _manager(req), webhook_id)
        resp.status = falcon.HTTP_204


class WebhookTest:
    """Queues one `invoice.processed` event with the canned invoice; 202 with the delivery."""

    def __init__(self, store: Store):
        self.store = store

    def on_post(self, req: falcon.Request, resp: falcon.Response, webhook_id: str) -> None:
        resp.media = deliveries.send_test(self.store, _manager(req), webhook_id)
        resp.status = falcon.HTTP_202


class WebhookSecretRotation:
    def __init__(self, store: Store):
        self.store = store

    def on_post(self, req: falcon.Request, resp: falcon.Response, webhook_id: str) -> None:
        resp.media = endpoints.rotate_secret(self.store, _manager(req), webhook_id)


class WebhookDeliveries:
    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response, webhook_id: str) -> None:
        principal = _reader(req)
        status, event_type = req.get_param("status"), req.get_param("eventType")
        deliveries.validate_filters(status, event_type)
        page = pagination.parse(req.get_param("cursor"), req.get_param("limit"), {"status": status, "eventType": event_type})
        resp.media = deliveries.list_deliveries(self.store, principal, webhook_id, status, event_type, page)


class WebhookDelivery:
    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response, webhook_id: str, delivery_id: str) -> None:
        resp.media = deliveries.get_delivery(self.store, _reader(req), webhook_id, delivery_id)


class WebhookRedelivery:
    """A new attempt series of the same event; 202 with the new delivery."""

    def __init__(self, store: Store):
        self.store = store

    def on_post(self, req: falcon.Request, resp: falcon.Response, webhook_id: str, delivery_id: str) -> None:
        resp.media = deliveries.redeliver(self.store, _manager(req), webhook_id, delivery_id)
        resp.status = falcon.HTTP_202
