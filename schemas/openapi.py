"""The served OpenAPI 3.1 document: `openapi.yaml` for paths, operations and prose, with every
body schema generated from the pydantic models the service itself parses and answers with.

A component the YAML still writes by hand is kept only when no model stands for it; a
component a model stands for is always the model's, so the document cannot drift from the
code. Every operation gets a `default` problem+json response, because any route may answer
401, 403, 429 or 503 (authentication, plan limits, maintenance) besides its own errors.
"""

import copy
import json
import re
from functools import cache

import yaml
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from schemas import OPENAPI_PATH, examples
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
# The models' docstrings cite the internal specification; partners see the sentence without it.
SPEC_CITATION = re.compile(r" ?\((?:spec/)?\w+\.md[^)]*\)")
SPEC_OWNER = re.compile(r"(?:spec/)?\w+\.md's ")


def _property(name: str, prop: dict) -> dict:
    prop = {k: v for k, v in prop.items() if k != "title"}
    return {**prop, "title": f"{name[:1].upper()}{name[1:]}Value"} if "enum" in prop else prop


def public_schema(schema, in_properties: bool = False):
    """`schema` as partners get it: descriptions rid of citations of the internal
    specification, and properties without the titles pydantic gives them: a generated client
    names a property's enum after its model and title, and `Invoice` + `Status` would be the
    `InvoiceStatus` model; an enum is titled `<Name>Value` instead."""
    if isinstance(schema, dict):
        if in_properties:
            return {name: public_schema(_property(name, prop)) for name, prop in schema.items()}
        return {k: (SPEC_OWNER.sub("the ", SPEC_CITATION.sub("", v)) if k == "description" and isinstance(v, str)
                    else public_schema(v, k == "properties")) for k, v in schema.items()}
    if isinstance(schema, list):
        return [public_schema(v) for v in schema]
    return schema


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
            # the schema moves under the YAML's name (a bare alias makes generated clients
            # write the model twice), unless another schema refers to the model's own name
            own = ref.rsplit("/", 1)[-1]
            if f'"{ref}"' in json.dumps([s for key, s in schemas.items() if key != own]):
                schemas[name] = {"$ref": ref}
            else:
                schemas[name] = {**schemas.pop(own), "title": name}
    return schemas


@cache
def _document_template() -> dict:
    doc = yaml.safe_load(OPENAPI_PATH.read_text())
    doc["components"]["schemas"].update(public_schema(generated_schemas()))
    for item in doc["paths"].values():
        for method in METHODS:
            operation = item.get(method)
            if operation is not None:
                operation.setdefault("responses", {}).setdefault("default", {"$ref": "#/components/responses/Problem"})
    return doc


def document(public_url: str) -> dict:
    """The document with its server named (the API base of this deployment) and the recorded
    examples attached, their curl lines addressed to that server."""
    doc = copy.deepcopy(_document_template())
    base = f"{public_url}/external/v1"
    doc["servers"] = [{"url": base}]
    examples.attach(doc, base)
    return doc
