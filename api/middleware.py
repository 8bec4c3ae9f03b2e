"""What every request goes through, in order: request id and log context, the maintenance
switch, authentication, the rate limits of the caller's plan, and metrics on the way out."""

import time

import falcon
import structlog
from ulid import ULID

from api.addresses import client_address
from core import errors, metrics
from core.access import keys
from core.access.auth import Principal, PrincipalCache, authenticate
from core.billing.plans import Plan
from core.billing.ratelimits import Counters, FailedAttempts, Policy, Verdict
from core.maintenance import MaintenanceSwitch
from core.store.db import Store

API_PREFIX = "/external/v1"  # interface.md 9.1: the version is in the path


class RequestId:
    """Gives each request its `req_…` id (answered in X-Request-Id and every problem body)
    and binds it to the log context, so every line logged for the request carries it."""

    def process_request(self, req: falcon.Request, resp: falcon.Response) -> None:
        req.context.started = time.perf_counter()
        req.context.request_id = "req_" + str(ULID()).lower()
        resp.set_header("X-Request-Id", req.context.request_id)
        structlog.contextvars.clear_contextvars()
        structlog.contextvars.bind_contextvars(request_id=req.context.request_id)


class Maintenance:
    """While the switch is on, every /external/v1 request answers 503 service.maintenance."""

    def __init__(self, switch: MaintenanceSwitch):
        self.switch = switch

    def process_request(self, req: falcon.Request, resp: falcon.Response) -> None:
        if not req.path.startswith(API_PREFIX):
            return
        state = self.switch.current()
        if state.on:
            raise errors.Maintenance(state.message, retry_after=state.retry_after_s)


class Authentication:
    """Resolves the bearer key into `req.context.principal` for every routed request.

    Unknown routes are answered 404 without looking at the key: there is nothing there
    to protect, and the answer is the same for every caller. A resource that declares
    `bearer_auth = False` (health, metrics, the served contract, the dashboard with its own
    sessions) is not asked for a key.

    Failed authentications are counted per client address and per presented key prefix;
    past the limit of either, a failing attempt answers 429 instead of 401. A valid key is
    always accepted: only the failures of whoever sends wrong keys are refused, so one
    abuser behind a shared address (or guessing at one prefix) locks out nobody else.
    """

    def __init__(self, store: Store, failures: FailedAttempts, default_plan: Plan, cache: PrincipalCache,
                 key_failures: FailedAttempts | None = None):
        self.store, self.failures, self.default_plan, self.cache = store, failures, default_plan, cache
        self.key_failures = key_failures

    def process_resource(self, req: falcon.Request, resp: falcon.Response, resource, params) -> None:
        if resource is None or not getattr(resource, "bearer_auth", True):
            return
        source = client_address(req)
        header = req.get_header("Authorization") or ""
        scheme, _, token = header.partition(" ")
        raw = token.strip() if scheme.lower() == "bearer" else ""
        generation = self.cache.current_generation() if raw else None
        cached = self.cache.get(raw, source, generation) if raw else None
        if cached is not None:  # checked, allowlist included, since the last change of access
            self._bind(req, cached)
            return
        if header and not raw:
            self._refuse(source, keys.key_prefix(token.strip() or header),
                         errors.InvalidKey("Authorization must be 'Bearer <API_KEY>'."))
        try:
            principal = authenticate(self.store, raw or None, source, self.default_plan)
        except (errors.InvalidKey, errors.KeyRevoked, errors.KeyExpired) as exc:
            self._refuse(source, keys.key_prefix(raw), exc)
        self.cache.put(raw, source, principal, generation)
        self._bind(req, principal)

    def _refuse(self, source: str, prefix: str, error: errors.ServiceError) -> None:
        """Count the failure against the address and the prefix; 429 once either is over."""
        waits = [self.failures.retry_after(source)]
        if self.key_failures is not None:
            waits.append(self.key_failures.retry_after(prefix))
        self.failures.record_failure(source)
        if self.key_failures is not None:
            self.key_failures.record_failure(prefix)
        wait = max((w for w in waits if w), default=None)
        if wait is not None:
            raise errors.TooManyFailedAttempts(
                "Too many failed authentications from this address or for this key prefix; try again later.",
                retry_after=wait,
            )
        raise error

    @staticmethod
    def _bind(req: falcon.Request, principal: Principal) -> None:
        req.context.principal = principal
        structlog.contextvars.bind_contextvars(team_id=principal.team_id, mode=principal.mode.value)


class RateLimits:
    """Requests per minute and per hour per key, from the team's plan (interface.md 8).

    Keys are of one mode, so the counters of test and live traffic are separate by
    construction, each under the plan's ceiling. Every answer carries the IETF
    `RateLimit-Policy` field (both policies) and `RateLimit` (the per-minute window; on a
    refusal every window); a refusal is 429 rate_limit.exceeded with `Retry-After`.
    """

    def __init__(self, counters: Counters):
        self.counters = counters

    def process_resource(self, req: falcon.Request, resp: falcon.Response, resource, params) -> None:
        principal: Principal | None = getattr(req.context, "principal", None)
        if principal is None:
            return
        plan = principal.plan
        policies = (Policy("minute", plan.requests_per_minute, 60), Policy("hour", plan.requests_per_hour, 3600))
        verdict = self.counters.hit(principal.key_id, policies)
        req.context.rate_policies, req.context.rate_verdict = policies, verdict
        if not verdict.allowed:
            raise errors.RateLimitExceeded(
                "This key sent more requests than its plan allows; slow down and retry after the given delay.",
                retry_after=verdict.retry_after,
            )

    def process_response(self, req: falcon.Request, resp: falcon.Response, resource, req_succeeded: bool) -> None:
        verdict: Verdict | None = getattr(req.context, "rate_verdict", None)
        if verdict is None or not verdict.windows:
            return
        policies = req.context.rate_policies
        resp.set_header("RateLimit-Policy", ", ".join(f'"{p.name}";q={p.limit};w={p.seconds}' for p in policies))
        resp.set_header("RateLimit", ", ".join(f'"{w.name}";r={w.remaining};t={w.reset_s}' for w in verdict.windows))


class Observability:
    """Counts every answer by route template, method, status and mode, with its latency.

    The route label is the URI template (`/external/v1/jobs/{job_id}`), never the path, so the
    number of series stays bounded whatever ids callers send.
    """

    def process_response(self, req: falcon.Request, resp: falcon.Response, resource, req_succeeded: bool) -> None:
        started = getattr(req.context, "started", None)
        if started is None:
            return
        route = req.uri_template or "unmatched"
        principal = getattr(req.context, "principal", None)
        mode = principal.mode.value if principal is not None else "none"
        metrics.HTTP_REQUESTS.labels(route, req.method, str(resp.status_code), mode).inc()
        metrics.HTTP_LATENCY.labels(route, req.method, mode).observe(time.perf_counter() - started)
