"""Request bodies before any resource reads them: a cap per route, chunked bodies, and JSON
checked for size and depth before it is parsed.

The caps hold whether or not a front proxy enforces them too: an upload is refused over the
contract's 50 MB (single, and a dashboard upload) or 500 MB (batch) with 413
`upload.payload_too_large`, any other
API body over 1 MB and a dashboard form over 256 KB with 413 `validation.failed`. A body
without Content-Length (`Transfer-Encoding: chunked`, de-chunked by the server) is read here
into a spooled file, up to its cap, and handed on with its length, so multipart and JSON
parsers see it whole instead of empty.
"""

import json
import re
import tempfile
from typing import Any

import falcon

from core import errors, limits
from dashboard.web import PREFIX as DASHBOARD

_API = "/external/v1"
_READ_CHUNK = 1024 * 1024
_SPOOL_IN_MEMORY = 1024 * 1024


def cap_of(req: falcon.Request) -> tuple[int, bool]:
    """(the largest body the route takes, whether the route is an upload)."""
    path = req.path.rstrip("/")
    if req.method == "POST" and path == f"{_API}/invoices":
        return limits.SINGLE_BODY_BYTES, True
    if req.method == "POST" and path == f"{_API}/invoices/batch":
        return limits.BATCH_BODY_BYTES, True
    if req.method == "POST" and path == f"{DASHBOARD}/upload":  # one file a request, as POST /invoices
        return limits.SINGLE_BODY_BYTES, True
    if path == DASHBOARD or path.startswith(DASHBOARD + "/"):
        return limits.FORM_BODY_BYTES, False
    return limits.JSON_BODY_BYTES, False


def too_large(cap: int, upload: bool) -> errors.ServiceError:
    if upload:
        return errors.UploadPayloadTooLarge(f"The request body is over {cap // limits.MB} MB.")
    size = f"{cap // limits.MB} MB" if cap >= limits.MB else f"{cap // 1024} KB"
    error = errors.ValidationFailed(f"The request body is over {size}.")
    error.status = 413  # interface.md 7.2 has no code of its own for an oversized non-upload body
    return error


def _is_chunked(req: falcon.Request) -> bool:
    return "chunked" in (req.get_header("Transfer-Encoding") or "").lower()


class BodyLimits:
    """Refuses a body over its route's cap before anything reads it, and turns a chunked
    body into one of known length."""

    def process_request(self, req: falcon.Request, resp: falcon.Response) -> None:
        cap, upload = cap_of(req)
        length = req.content_length
        if length is not None:
            if length > cap:
                raise too_large(cap, upload)
            return
        if not _is_chunked(req):
            return
        spool = tempfile.SpooledTemporaryFile(max_size=_SPOOL_IN_MEMORY)
        total = 0
        while True:
            chunk = req.stream.read(_READ_CHUNK)
            if not chunk:
                break
            total += len(chunk)
            if total > cap:
                spool.close()
                raise too_large(cap, upload)
            spool.write(chunk)
        spool.seek(0)
        req.context.spooled_body = spool
        req.env["wsgi.input"] = req.stream = spool
        req.env["CONTENT_LENGTH"] = str(total)

    def process_response(self, req: falcon.Request, resp: falcon.Response, resource, req_succeeded: bool) -> None:
        spool = getattr(req.context, "spooled_body", None)
        if spool is not None:
            spool.close()


_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(rb"[^\[\]{}]+")


def depth_of(data: bytes) -> int:
    """How deep arrays and objects nest in a JSON text, without parsing it: strings are cut
    out first, then only the brackets are walked."""
    brackets = _NOT_BRACKETS.sub(b"", _STRINGS.sub(b"", data))
    depth = deepest = 0
    for byte in brackets:
        if byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class JSONBodies(falcon.media.JSONHandler):
    """The JSON media handler of every API route: size and depth checked before parsing,
    malformed JSON answered as 400 validation.invalid_body with a body-level `errors[]` entry."""

    def _deserialize(self, data: bytes) -> Any:
        if not data:
            raise falcon.MediaNotFoundError("JSON")
        if len(data) > limits.JSON_BODY_BYTES:
            raise too_large(limits.JSON_BODY_BYTES, False)
        if depth_of(data) > limits.JSON_DEPTH:
            raise errors.InvalidBody(
                f"The JSON body nests deeper than {limits.JSON_DEPTH} levels.",
                errors=[errors.field_error("body", "validation.invalid_value")],
            )
        try:
            return json.loads(data.decode("utf-8"))
        except (ValueError, RecursionError) as exc:
            raise errors.InvalidBody(
                "The body is not valid JSON.", errors=[errors.field_error("body", "validation.invalid_format")]
            ) from exc
