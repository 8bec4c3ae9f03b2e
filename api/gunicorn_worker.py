"""gunicorn's threaded worker, answering what it refuses below Falcon with problem+json.

gunicorn rejects some requests before the application sees them (a control character in
a header value, a malformed request line, too many or too large headers) and writes an
HTML page. The contract says every error is problem+json (interface.md 7.1), so this
worker writes the problem instead: `validation.invalid_idempotency_key` when the refused
header is Idempotency-Key, else `validation.failed`, both 400 as the registry lists them.
"""

import json

from gunicorn.http import errors as http_errors
from gunicorn.util import write_nonblock
from gunicorn.workers.gthread import ThreadWorker
from ulid import ULID

from api.problems import PROBLEM_JSON, problem
from core import errors

_CLIENT_ERRORS = (
    http_errors.ParseException,
    http_errors.NoMoreData,
    http_errors.LimitRequestLine,
    http_errors.LimitRequestHeaders,
)


_SERVER_FAULTS = (
    http_errors.InvalidResponseHeader,       # a header the application tried to send
    http_errors.InvalidResponseHeaderName,
    http_errors.ConfigurationProblem,
)


def refusal(exc: Exception) -> errors.ServiceError:
    """The registry error for what gunicorn refused."""
    if isinstance(exc, _SERVER_FAULTS) or not isinstance(exc, _CLIENT_ERRORS):
        return errors.InternalError("An unexpected error occurred; the request id identifies it in our logs.")
    if isinstance(exc, (http_errors.InvalidHeader, http_errors.InvalidHeaderName)):
        name = str(getattr(exc, "hdr", "")).strip().lower()
        if name == "idempotency-key":
            return errors.InvalidIdempotencyKey("Idempotency-Key must be 1-255 printable characters.")
        return errors.ValidationFailed(f"The request has an invalid header: {name or 'unnamed'}.")
    if isinstance(exc, http_errors.LimitRequestHeaders):
        return errors.ValidationFailed("The request's headers are too many or too large.")
    if isinstance(exc, http_errors.LimitRequestLine):
        return errors.ValidationFailed("The request line is too long.")
    return errors.ValidationFailed(f"The request is malformed: {type(exc).__name__}.")


def response_bytes(exc: Exception, path: str = "") -> bytes:
    error = refusal(exc)
    request_id = "req_" + str(ULID()).lower()
    body = json.dumps(problem(error, path, request_id)).encode()
    head = (
        f"HTTP/1.1 {error.status} {error.title}\r\n"
        "Connection: close\r\n"
        f"Content-Type: {PROBLEM_JSON}\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"X-Request-Id: {request_id}\r\n\r\n"
    )
    return head.encode("latin-1", "replace") + body


class ProblemThreadWorker(ThreadWorker):
    def handle_error(self, req, client, addr, exc):
        if refusal(exc).status >= 500:
            self.log.exception("Error handling request")
        else:
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        path = getattr(req, "path", "") or ""
        try:
            write_nonblock(client, response_bytes(exc, path))
        except Exception:
            self.log.debug("Failed to send error message.")
