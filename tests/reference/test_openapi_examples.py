"""The API reference partners work from: every operation named, summarised and shown with a
real request and its real answer, each example valid against its schema, and the tour that
recorded them still answered the same way by a real gunicorn behind the front."""

import json
import re

import pytest
from jsonschema import Draft202012Validator

from clients.tour import Tour, as_examples
from schemas.examples import PROBLEM, recorded
from schemas.openapi import METHODS, document

DOC = document("http://127.0.0.1:8000")
OPERATIONS = {op["operationId"]: (path, method, op) for path, item in DOC["paths"].items()
              for method, op in item.items() if method in METHODS}


def validate(schema: dict, instance) -> list[str]:
    validator = Draft202012Validator({**schema, "components": DOC["components"]})
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"[:300] for e in validator.iter_errors(instance)]


ID = re.compile(r"\b([a-z]+_(?:test_|live_)?)[0-9a-z]{26}\b")


def without_ids(value):
    """`value` with every generated id reduced to its prefix: ids differ from run to run."""
    return json.loads(ID.sub(r"\1…", json.dumps(value, ensure_ascii=False)))


def response_schema(operation_id: str, status: str) -> dict:
    if operation_id == PROBLEM:
        return {"$ref": "#/components/schemas/Problem"}
    _, _, op = OPERATIONS[operation_id]
    return op["responses"][status].get("content", {}).get("application/json", {}).get("schema")


def test_every_operation_has_a_camel_case_id_a_summary_and_examples():
    ids = [op.get("operationId") for item in DOC["paths"].values() for m, op in item.items() if m in METHODS]
    assert len(ids) == len(set(ids)) == len(OPERATIONS) >= 32
    for operation_id, (path, method, op) in OPERATIONS.items():
        where = f"{method.upper()} {path}"
        assert re.fullmatch(r"[a-z]+(?:[A-Z][a-z]+)*", operation_id), where
        assert op["summary"] and len(op["summary"]) <= 50, where
        assert len(op["tags"]) == 1 and op["tags"][0] in {t["name"] for t in DOC["tags"]}, where
        assert op["x-codeSamples"][0]["source"].startswith("curl "), where
        example = recorded()[operation_id]
        answer = op["responses"][example["status"]]
        if "content" in answer:
            assert "example" in answer["content"]["application/json"], where
        for media in op.get("requestBody", {}).get("content", {}).values():
            if media is op["requestBody"]["content"].get(example["request"]["contentType"]):
                assert "example" in media, where
    assert "example" in DOC["components"]["responses"]["Problem"]["content"]["application/problem+json"]


def test_no_internal_file_is_named():
    text = json.dumps(DOC)
    for internal in ("interface.md", "invoice.md", "spec/", "ARCHITECTURE"):
        assert internal not in text, internal


@pytest.mark.parametrize("operation_id", sorted(recorded()))
def test_every_example_validates_against_its_schema(operation_id):
    example = recorded()[operation_id]
    schema = response_schema(operation_id, example["status"])
    if schema is not None:
        assert not validate(schema, example["response"])
        fields = DOC["components"]["schemas"].get(schema.get("$ref", "").rsplit("/", 1)[-1], {}).get("properties")
        if fields and isinstance(example["response"], dict):
            # no field the document does not declare (the end-to-end test below compares the
            # fields with a real answer: when the service gains one, record again with
            # python -m clients.tour --write)
            assert set(example["response"]) <= set(fields), set(example["response"]) - set(fields)
    request = example["request"]
    if request["body"] is not None:
        _, _, op = OPERATIONS[operation_id]
        body_schema = op["requestBody"]["content"][request["contentType"]]["schema"]
        assert not validate(body_schema, request["body"])


def test_a_broken_example_is_caught():
    """The check above can fail: an invoice without its id, or with a status of no enum."""
    invoice = dict(recorded()["getInvoice"]["response"])
    assert not validate({"$ref": "#/components/schemas/Invoice"}, invoice)
    invoice["status"] = "finished"
    del invoice["id"]
    assert len(validate({"$ref": "#/components/schemas/Invoice"}, invoice)) == 2


@pytest.mark.e2e
@pytest.mark.timeout(600)  # eight uploads read one after another: about a minute, more on a loaded machine
def test_the_tour_is_answered_as_its_examples_say(stack, tourist):
    """Every example request is sent again, through the front to gunicorn: the same request
    (bodies, parameters), the same status, an answer valid against the schema and with the
    fields of the recorded one."""
    webhook_url = "https://localhost:8443/hooks"
    tour = Tour(stack.base, tourist["key"], tourist["test_client"], tourist["other_client"], webhook_url)
    now = as_examples(tour.run(), stack.base, webhook_url)
    assert set(now) == set(recorded()) == set(OPERATIONS) | {PROBLEM}
    for operation_id, example in recorded().items():
        fresh = now[operation_id]
        for part in ("params", "contentType", "body"):
            assert without_ids(fresh["request"][part]) == without_ids(example["request"][part]), (operation_id, part)
        assert fresh["status"] == example["status"], (operation_id, fresh["response"])
        schema = response_schema(operation_id, fresh["status"])
        if schema is not None:
            assert not validate(schema, fresh["response"]), operation_id
        if isinstance(example["response"], dict):  # else record again: python -m clients.tour --write
            assert set(fresh["response"]) == set(example["response"]), operation_id


def test_problem_codes_in_the_served_document_link_to_the_error_registry(home):
    from api.resources.docs import served_document

    doc = served_document(home)
    page = f"{home.docs_url}/errors/error-registry"
    patch = doc["paths"]["/invoices/{invoiceId}"]["patch"]["description"]
    assert f"[`invoice.not_editable`]({page}#invoice.not_editable)" in patch
    assert f"[`http.conflict`]({page}#http.conflict)" in patch
    # a word that only looks like a code stays as it is
    assert "[`invoice.updated`]" not in patch and "invoice.updated" in patch
