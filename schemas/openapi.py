"""The served OpenAPI 3.1 document: `openapi.yaml` for paths, operations and prose, with every
body schema generated from the pydantic models the service itself parses and answers with.

A component the YAML still writes by hand is kept only when no model stands for it; a
component a model stands for is always the model's, so the document cannot drift from the
code. Every operation gets a `default` problem+json response, because any route may answer
401, 403, 429 or 503 (authentication, plan limits, maintenance) besides its own errors.
"""

import copy
from functools import cache

import yaml
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from schemas import OPENAPI_PATH
from schemas.components import COMPONENTS, REF_TEMPLATE
from schemas.contacts import Contact, ContactCreate, ContactPage, ContactPatch
from schemas.invoices import InvoicePatch
from schemas.review import MoveBody
from schemas.webhooks import EndpointCreate, EndpointUpdate

# Components of the public API that only the served document needs (the rest: components.py).
RESPONSES: dict[str, type[BaseModel]] = {"Contact": Contact, "ContactPage": ContactPage}
# Request bodies by their component name in openapi.yaml.
REQUESTS: dict[str, type[BaseModel]] = {
    "ContactInput": ContactCreate,
    "ContactPatch": ContactPatch,
    "InvoicePatch": InvoicePatch,
    "AssignmentMove": MoveBody,
    "WebhookEndpointCreate": EndpointCreate,
    "WebhookEndpointUpdate": EndpointUpdate,
}
METHODS = ("get", "put", "post", "patch", "delete")


def generated_schemas() -> dict[str, dict]:
    """JSON Schema of every response and request model, keyed by component name."""
    responses = {**COMPONENTS, **RESPONSES}
    models = [(m, "serialization") for m in responses.values()] + [(m, "validation") for m in REQUESTS.values()]
    keys, top = models_json_schema(models, ref_template=REF_TEMPLATE)
    schemas = dict(top.get("$defs", {}))
    for name, model in {**responses, **REQUESTS}.items():
        mode = "validation" if name in REQUESTS else "serialization"
        ref = keys[(model, mode)]["$ref"]
        if ref != REF_TEMPLATE.format(model=name):  # the YAML's name for a model of another name
            schemas[name] = {"$ref": ref}
    return schemas


@cache
def _document_template() -> dict:
    doc = yaml.safe_load(OPENAPI_PATH.read_text())
    doc["components"]["schemas"].update(generated_schemas())
    for item in doc["paths"].values():
        for method in METHODS:
            operation = item.get(method)
            if operation is not None:
                operation.setdefault("responses", {}).setdefault("default", {"$ref": "#/components/responses/Problem"})
    return doc


def document(public_url: str) -> dict:
    """The document with its server named: the API base of this deployment."""
    doc = copy.deepcopy(_document_template())
    doc["servers"] = [{"url": f"{public_url}/external/v1"}]
    return doc
