"""Request ids and authentication, applied to every route."""

import falcon
from ulid import ULID

from api.throttle import FailedAuthLimiter
from core import errors
from core.auth import authenticate
from core.store.db import Store


class RequestId:
    def process_request(self, req: falcon.Request, resp: falcon.Response) -> None:
        req.context.request_id = "req_" + str(ULID()).lower()
        resp.set_header("X-Request-Id", req.context.request_id)


class Authentication:
    """Resolves the bearer key into `req.context.principal` for every routed request.

    Unknown routes are answered 404 without looking at the key: there is nothing there
    to protect, and the answer is the same for every caller.
    """

    def __init__(self, store: Store, limiter: FailedAuthLimiter):
        self.store, self.limiter = store, limiter

    def process_resource(self, req: falcon.Request, resp: falcon.Response, resource, params) -> None:
        if resource is None:
            return
        source = req.remote_addr or "unknown"
        wait = self.limiter.retry_after(source)
        if wait is not None:
            raise errors.TooManyFailedAttempts(
                "Too many failed authentications from this address; try again later.", retry_after=wait
            )
        header = req.get_header("Authorization") or ""
        scheme, _, token = header.partition(" ")
        raw = token.strip() if scheme.lower() == "bearer" else ""
        if header and not raw:
            self.limiter.record_failure(source)
            raise errors.InvalidKey("Authorization must be 'Bearer <API_KEY>'.")
        try:
            req.context.principal = authenticate(self.store, raw or None, source)
        except (errors.InvalidKey, errors.KeyRevoked, errors.KeyExpired):
            self.limiter.record_failure(source)
            raise
