"""Webhook endpoints (admins): create, edit, enable/disable, delete, rotate the secret,
send a test event; deliveries with their attempts, and redelivery. Every call goes to
`core.webhooks`, as the API's do, with the member's live principal."""

import falcon

from core import errors, pagination
from core.validation import parse
from core.webhooks import deliveries, endpoints
from dashboard import problems
from dashboard.forms import listed, text
from dashboard.web import PREFIX, Page, redirect
from schemas.webhooks import EVENT_TYPES, SOURCES, EndpointCreate, EndpointUpdate

FORM_ERRORS = (errors.InvalidBody, errors.WebhookEndpointLimitExceeded, errors.WebhookUrlNotHttps,
               errors.WebhookUrlInvalidHostname, errors.WebhookUrlResolvesToPrivateIp,
               errors.WebhookUrlPortNotAllowed, errors.WebhookUrlTooLong, errors.WebhookTestRateLimitExceeded)


def _problem(exc: errors.ServiceError) -> problems.Explained:
    """A refused URL is said beside the URL field too."""
    explained = problems.explain(exc)
    if exc.code.startswith("webhook.url_"):
        explained.fields["url"] = explained.message
    return explained


def _body(form: dict) -> dict:
    return {"url": text(form, "url") or "", "events": listed(form, "events"),
            "sourceFilter": text(form, "sourceFilter") or "any"}


class WebhookPage(Page):
    admin_only = True

    def show_list(self, req, resp, problem=None, secret=None, status=falcon.HTTP_200, typed=None) -> None:
        listing = endpoints.list_endpoints(self.store, self.principal(req))
        self.render(req, resp, "webhooks.html", endpoints=listing["data"], event_types=EVENT_TYPES, sources=SOURCES,
                    problem=problem, secret=secret, status=status, notice=req.get_param("notice"), typed=typed)

    def show_one(self, req, resp, webhook_id: str, problem=None, secret=None, status=falcon.HTTP_200, typed=None) -> None:
        principal = self.principal(req)
        endpoint = endpoints.get(self.store, principal, webhook_id)
        page = pagination.parse(req.get_param("cursor"), "25", {"status": None, "eventType": None})
        listing = deliveries.list_deliveries(self.store, principal, webhook_id, None, None, page)
        self.render(req, resp, "webhook.html", endpoint=endpoint, deliveries=listing["data"],
                    next_cursor=listing["nextCursor"], event_types=EVENT_TYPES, sources=SOURCES, problem=problem,
                    secret=secret, status=status, notice=req.get_param("notice"), typed=typed)


class Webhooks(WebhookPage):
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        self.show_list(req, resp)

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        body = _body(self.form(req))
        try:
            created = endpoints.create(self.store, self.guard, self.principal(req), parse(EndpointCreate, body))
        except FORM_ERRORS as exc:
            self.show_list(req, resp, problem=_problem(exc), status=falcon.code_to_http_status(exc.status), typed=body)
            return
        self.show_one(req, resp, created["id"], secret=created["secret"], status=falcon.HTTP_201)


class Webhook(WebhookPage):
    def on_get(self, req: falcon.Request, resp: falcon.Response, webhook_id: str) -> None:
        self.show_one(req, resp, webhook_id)

    def on_post(self, req: falcon.Request, resp: falcon.Response, webhook_id: str) -> None:
        body = {**_body(self.form(req)), "enabled": self.form(req).get("enabled") == "1"}
        try:
            endpoints.update(self.store, self.guard, self.principal(req), webhook_id, parse(EndpointUpdate, body))
        except FORM_ERRORS as exc:
            self.show_one(req, resp, webhook_id, problem=_problem(exc), status=falcon.code_to_http_status(exc.status),
                          typed=body)
            return
        raise redirect(f"{PREFIX}/webhooks/{webhook_id}?notice=saved")


class WebhookAction(WebhookPage):
    """enable, disable, delete, rotate (shows the new secret once), test."""

    def on_post(self, req: falcon.Request, resp: falcon.Response, webhook_id: str, action: str) -> None:
        principal = self.principal(req)
        if action in ("enable", "disable"):
            endpoints.update(self.store, self.guard, principal, webhook_id, EndpointUpdate(enabled=action == "enable"))
        elif action == "delete":
            endpoints.delete(self.store, principal, webhook_id)
            raise redirect(f"{PREFIX}/webhooks?notice=deleted")
        elif action == "rotate":
            try:
                rotated = endpoints.rotate_secret(self.store, principal, webhook_id)
            except errors.InvalidBody as exc:
                self.show_one(req, resp, webhook_id, problem=exc, status=falcon.HTTP_400)
                return
            self.show_one(req, resp, webhook_id, secret=rotated["secret"])
            return
        elif action == "test":
            try:
                deliveries.send_test(self.store, principal, webhook_id)
            except errors.WebhookTestRateLimitExceeded as exc:
                self.show_one(req, resp, webhook_id, problem=exc, status=falcon.HTTP_429)
                return
        else:
            raise falcon.HTTPNotFound()
        raise redirect(f"{PREFIX}/webhooks/{webhook_id}?notice={action}")


class WebhookDelivery(WebhookPage):
    def on_get(self, req: falcon.Request, resp: falcon.Response, webhook_id: str, delivery_id: str) -> None:
        principal = self.principal(req)
        endpoint = endpoints.get(self.store, principal, webhook_id)
        delivery = deliveries.get_delivery(self.store, principal, webhook_id, delivery_id)
        self.render(req, resp, "delivery.html", endpoint=endpoint, delivery=delivery, notice=req.get_param("notice"))


class WebhookRedelivery(WebhookPage):
    def on_post(self, req: falcon.Request, resp: falcon.Response, webhook_id: str, delivery_id: str) -> None:
        again = deliveries.redeliver(self.store, self.principal(req), webhook_id, delivery_id)
        raise redirect(f"{PREFIX}/webhooks/{webhook_id}/deliveries/{again['id']}?notice=redelivered")
