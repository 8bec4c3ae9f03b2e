"""The examples of the served OpenAPI document: one real request and its real answer per
operation, recorded by `python -m clients.tour --write` into openapi_examples.json.

They are attached to the document when it is served: the answer as the example of its status's
response, a JSON request body as the example of the request body, and the request as a curl
line (`x-codeSamples`, which the reference page shows beside each operation). A test runs the
tour against a real gunicorn and checks that every answer still has the recorded status and
fields and that every example validates against its schema, so the examples cannot drift.
"""

import json
import shlex
from functools import cache
from pathlib import Path
from urllib.parse import urlencode

EXAMPLES_PATH = Path(__file__).resolve().parent / "openapi_examples.json"
# the webhook receiver the examples show (a tour itself uses one its service lets through)
PUBLIC_WEBHOOK_URL = "https://erp.example.com/hooks/invoices"
# the key of one recorded error: the example of every operation's problem+json answer
PROBLEM = "problem"
METHODS = ("get", "put", "post", "patch", "delete")


@cache
def recorded() -> dict[str, dict]:
    return json.loads(EXAMPLES_PATH.read_text())


def curl(base: str, method: str, request: dict) -> str:
    """The request as one curl command; the key comes from $KEY."""
    query = f"?{urlencode(request['params'])}" if request.get("params") else ""
    parts = ["curl", "-s"] + (["-X", method.upper()] if method != "get" else [])
    parts += [f"{base}{request['path']}{query}", "-H", "Authorization: Bearer $KEY"]
    for name, value in request.get("headers", {}).items():
        parts += ["-H", f"{name}: {value}"]
    body, content_type = request.get("body"), request.get("contentType")
    if content_type == "multipart/form-data":
        for name, value in body.items():
            for one in value if isinstance(value, list) else [value]:
                parts += ["-F", f"{name}=@{one}" if name == "file" else f"{name}={one}"]
    elif body is not None:
        parts += ["-H", f"Content-Type: {content_type}", "-d", json.dumps(body, ensure_ascii=False)]
    # $KEY stays a shell variable; everything else is quoted as it is
    return " ".join(shlex.quote(p).replace("'Authorization: Bearer $KEY'", '"Authorization: Bearer $KEY"')
                    for p in parts)


def attach(doc: dict, base: str) -> None:
    """Puts the recorded examples into the document (in place)."""
    examples = recorded()
    if PROBLEM in examples:
        problem = doc["components"]["responses"]["Problem"]["content"]["application/problem+json"]
        problem["example"] = examples[PROBLEM]["response"]
    for item in doc["paths"].values():
        for method in METHODS:
            operation = item.get(method)
            example = examples.get((operation or {}).get("operationId"))
            if example is None:
                continue
            request = example["request"]
            operation["x-codeSamples"] = [{"lang": "Shell", "label": "curl", "source": curl(base, method, request)}]
            content = (operation.get("requestBody") or {}).get("content", {})
            if request.get("contentType") in content and request.get("body") is not None:
                content[request["contentType"]]["example"] = request["body"]
            answer = operation["responses"].get(example["status"], {})
            media = answer.get("content", {}).get("application/json")
            if media is not None and example["response"] is not None:
                media["example"] = example["response"]
