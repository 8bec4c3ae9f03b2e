"""problem+json rendering (interface.md 7.1): the one place errors become HTTP responses.

Domain errors carry their registry code; Falcon's own errors (unknown route, wrong method,
malformed multipart, oversized body) are mapped to the registry's generic codes, and
anything unexpected becomes internal.server_error without leaking internals.
"""

import json
import logging

import falcon

from core import errors
from core.settings import settings

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"

_FALCON_STATUS_TO_ERROR: dict[int, type[errors.ServiceError]] = {
    400: errors.ValidationFailed,
    401: errors.Unauthorized,
    403: errors.Forbidden,
    404: errors.NotFound,
    405: errors.MethodNotAllowed,
    409: errors.Conflict,
    413: errors.UploadPayloadTooLarge,
}


def problem(error: errors.ServiceError, instance: str, request_id: str | None) -> dict:
    """The problem body of 7.1 (also written by the gunicorn worker, below Falcon)."""
    body = {
        "type": f"{settings().docs_url}/errors/error-registry",
        "title": error.title,
        "status": error.status,
        "code": error.code,
        "detail": error.detail,
        "instance": instance,
        "requestId": request_id,
    }
    if error.errors:
        body["errors"] = error.errors
    body.update(error.extra)
    return body


def problem_body(req: falcon.Request, error: errors.ServiceError) -> dict:
    return problem(error, req.path, getattr(req.context, "request_id", None))


def render(req: falcon.Request, resp: falcon.Response, error: errors.ServiceError) -> None:
    resp.status = error.status
    resp.content_type = PROBLEM_JSON
    resp.text = json.dumps(problem_body(req, error))
    if error.retry_after is not None:
        resp.set_header("Retry-After", str(int(error.retry_after)))
    if hasattr(req.context, "on_error"):
        req.context.on_error(error)


def handle_service_error(req, resp, ex: errors.ServiceError, params) -> None:
    render(req, resp, ex)


def handle_http_error(req, resp, ex: falcon.HTTPError, params) -> None:
    status = int(ex.status_code)
    error_type = _FALCON_STATUS_TO_ERROR.get(status)
    if isinstance(ex, falcon.MediaMalformedError) or (error_type is None and 400 <= status < 500):
        error = errors.InvalidBody(ex.description or "The request body could not be parsed.",
                                   errors=[errors.field_error("body", "validation.invalid_format")])
    elif error_type is None:
        error = errors.InternalError()
    else:
        error = error_type(ex.description or ex.title)
    if isinstance(ex, falcon.HTTPMethodNotAllowed):
        allowed = ex.headers.get("Allow") if ex.headers else None
        if allowed:
            resp.set_header("Allow", allowed)
        error = errors.MethodNotAllowed(f"{req.method} is not allowed on {req.path}.")
    elif status == 404:
        error = errors.NotFound(f"No route {req.path}.")
    render(req, resp, error)


def handle_unexpected(req, resp, ex: Exception, params) -> None:
    log.exception("unhandled error on %s %s", req.method, req.path)
    render(req, resp, errors.InternalError("An unexpected error occurred; the request id identifies it in our logs."))
