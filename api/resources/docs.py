"""The contract, served: the OpenAPI document for machines, and for people the reference and
the error registry that every problem's `type` points at ({docs_url}/errors/error-registry).

Nothing here needs an API key: the contract is public, like the codes a client branches on.
The reference is Redoc, bundled in api/static (no CDN: it works offline), started by a script
of ours under a Content-Security-Policy that allows scripts from this origin only. Redoc
writes its styles into <style> elements and runs its search in a worker made from a blob,
so the page allows inline styles and blob workers, and nothing else from anywhere.
"""

import json
import re
from functools import cached_property
from pathlib import Path

import falcon
import jinja2

from api.middleware import API_PREFIX
from core import errors
from core.settings import Settings
from schemas.openapi import METHODS, document

STATIC = Path(__file__).resolve().parent.parent / "static"
SPEC_URL = f"{API_PREFIX}/openapi.json"
REFERENCE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                 "font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'; "
                 "form-action 'none'; base-uri 'none'")
PAGE_HEADERS = {"Content-Security-Policy": REFERENCE_CSP, "X-Content-Type-Options": "nosniff",
                "Referrer-Policy": "same-origin"}
TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).resolve().parent.parent / "templates"),
    autoescape=True,
)


def registry() -> list[errors.ServiceError]:
    """Every error class of the registry (interface.md 7.2), one per code, sorted by code."""
    found: dict[str, type[errors.ServiceError]] = {}
    pending = [errors.ServiceError]
    while pending:
        cls = pending.pop()
        found.setdefault(cls.code, cls)
        pending.extend(cls.__subclasses__())
    return [found[code] for code in sorted(found)]


def served_document(settings: Settings) -> dict:
    """The document with every problem code in an operation's description linked to its row
    of the error registry, so a reader goes from an operation to what each code means."""
    doc = document(settings.public_url)
    codes = sorted((e.code for e in registry()), key=len, reverse=True)
    code = re.compile(r"`?(?<![\w.])(" + "|".join(map(re.escape, codes)) + r")(?![\w])`?")
    page = f"{settings.docs_url}/errors/error-registry"
    for item in doc["paths"].values():
        for method in METHODS:
            operation = item.get(method)
            if operation and operation.get("description"):
                operation["description"] = code.sub(lambda m: f"[`{m[1]}`]({page}#{m[1]})", operation["description"])
    return doc


class OpenApiDocument:
    """GET /external/v1/openapi.json"""

    bearer_auth = False

    def __init__(self, settings: Settings):
        self.settings = settings

    @cached_property
    def body(self) -> bytes:
        return json.dumps(served_document(self.settings), ensure_ascii=False).encode()

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        resp.content_type = "application/json"
        resp.data = self.body


class Reference:
    """GET /docs: the OpenAPI document rendered by Redoc (and, without JavaScript, a list of the
    operations with a link to the document)."""

    bearer_auth = False

    def __init__(self, settings: Settings):
        self.settings = settings

    @cached_property
    def html(self) -> str:
        doc = document(self.settings.public_url)
        operations = [
            {"method": method.upper(), "path": path, **op}
            for path, item in doc["paths"].items()
            for method, op in item.items()
            if method in METHODS
        ]
        return TEMPLATES.get_template("reference.html").render(doc=doc, operations=operations, spec_url=SPEC_URL)

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        resp.content_type = falcon.MEDIA_HTML
        resp.set_headers(PAGE_HEADERS)
        resp.text = self.html


class ErrorRegistry:
    """GET /docs/errors/error-registry: every code with its status and meaning."""

    bearer_auth = False

    @cached_property
    def html(self) -> str:
        return TEMPLATES.get_template("error_registry.html").render(codes=registry())

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        resp.content_type = falcon.MEDIA_HTML
        resp.set_headers(PAGE_HEADERS)
        resp.text = self.html


def mount_docs(app: falcon.App, settings: Settings) -> None:
    """The document, the reference with its static files, and the error registry."""
    app.add_route(SPEC_URL, OpenApiDocument(settings))
    app.add_route("/docs", Reference(settings))
    app.add_static_route("/docs/static", str(STATIC))
    app.add_route("/docs/errors/error-registry", ErrorRegistry())
