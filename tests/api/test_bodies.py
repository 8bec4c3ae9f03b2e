"""Request bodies: per-route caps checked before anything reads the body, chunked bodies read
whole, JSON size and depth checked before parsing, malformed JSON with its `errors[]`, and
control or bidirectional-override characters refused in names and stripped from file names."""

import json

import pytest

from core import limits
from core.access import admin
from core.modes import Mode
from tests.api.books import buyer_client, process
from tests.api.helpers import PDF, assert_problem, multipart, upload

BASE = "/external/v1"
CHUNKED = {"Transfer-Encoding": "chunked"}
NO_LENGTH = {"CONTENT_LENGTH": ""}  # what a server hands on for a de-chunked body


def _auth(world, key="every_scope"):
    return {"Authorization": f"Bearer {world[key]}"}


@pytest.fixture(autouse=True)
def every_scope(world):
    scopes = ["invoice:read", "invoice:write", "invoice:export", "webhook:manage"]
    world["every_scope"] = admin.create_key(world["store"], world["team"], Mode.LIVE, scopes)["key"]


@pytest.fixture
def invoice_id(world):
    return process(world, world["live"], buyer_client(world))[1]


def _json_routes(world, invoice_id):
    return [
        ("POST", f"{BASE}/contacts", "application/json"),
        ("PATCH", f"{BASE}/invoices/{invoice_id}", "application/merge-patch+json"),
        ("POST", f"{BASE}/invoices/{invoice_id}/assignment/approve", "application/json"),
        ("POST", f"{BASE}/webhooks", "application/json"),
    ]


def test_deep_json_is_refused_before_parsing_on_every_json_route(world, invoice_id):
    deep = ("[" * 1000 + "]" * 1000).encode()
    for method, path, ctype in _json_routes(world, invoice_id):
        resp = world["client"].simulate_request(method, path, body=deep, headers={**_auth(world), "Content-Type": ctype})
        body = assert_problem(resp, 400, "validation.invalid_body")
        assert body["errors"] == [{"field": "body", "code": "validation.invalid_value"}], (path, body)


def test_deep_json_hidden_in_strings_is_not_counted(world):
    name = "[" * 100 + "{" * 100
    resp = world["client"].simulate_post(f"{BASE}/contacts", json={"name": name[:250]}, headers=_auth(world))
    assert resp.status_code == 201, resp.text


def test_malformed_json_lists_a_body_level_error(world, invoice_id):
    for method, path, ctype in _json_routes(world, invoice_id):
        resp = world["client"].simulate_request(method, path, body=b'{"name": ', headers={**_auth(world), "Content-Type": ctype})
        body = assert_problem(resp, 400, "validation.invalid_body")
        assert body["errors"] == [{"field": "body", "code": "validation.invalid_format"}], (path, body)


def test_a_json_body_over_1_mb_is_413_validation_failed(world):
    big = json.dumps({"name": "x", "externalId": "y" * (limits.JSON_BODY_BYTES + 10)}).encode()
    resp = world["client"].simulate_post(f"{BASE}/contacts", body=big,
                                         headers={**_auth(world), "Content-Type": "application/json"})
    assert_problem(resp, 413, "validation.failed")


@pytest.mark.parametrize("path, cap", [(f"{BASE}/invoices", limits.SINGLE_BODY_BYTES),
                                       (f"{BASE}/invoices/batch", limits.BATCH_BODY_BYTES)])
def test_an_upload_declared_over_its_cap_is_refused_before_it_is_read(world, path, cap):
    body, ctype = multipart([("file", "a.pdf", "application/pdf", PDF)])
    resp = world["client"].simulate_post(path, body=body, headers={**_auth(world), "Content-Type": ctype},
                                         extras={"CONTENT_LENGTH": str(cap + 1)})
    assert_problem(resp, 413, "upload.payload_too_large")


def test_an_anonymous_dashboard_form_over_256_kb_is_refused_before_the_csrf_check(world):
    body = b"email=a%40b.lt&password=" + b"x" * limits.FORM_BODY_BYTES
    resp = world["client"].simulate_post("/app/login", body=body,
                                         headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert resp.status_code == 413  # the dashboard answers its own error page


def test_a_chunked_upload_is_read_whole(world):
    body, ctype = multipart([("file", "a.pdf", "application/pdf", PDF)])
    resp = world["client"].simulate_post(f"{BASE}/invoices", body=body,
                                         headers={**_auth(world), **CHUNKED, "Content-Type": ctype}, extras=NO_LENGTH)
    assert resp.status_code == 202, resp.text


def test_a_chunked_json_body_is_not_read_as_empty(world):
    resp = world["client"].simulate_post(f"{BASE}/contacts", body=json.dumps({"name": "UAB Dalimis"}).encode(),
                                         headers={**_auth(world), **CHUNKED, "Content-Type": "application/json"},
                                         extras=NO_LENGTH)
    assert resp.status_code == 201, resp.text
    assert resp.json["name"] == "UAB Dalimis"


def test_a_chunked_body_over_its_cap_is_413(world):
    big = json.dumps({"name": "x" * (limits.JSON_BODY_BYTES + 1)}).encode()
    resp = world["client"].simulate_post(f"{BASE}/contacts", body=big,
                                         headers={**_auth(world), **CHUNKED, "Content-Type": "application/json"},
                                         extras=NO_LENGTH)
    assert_problem(resp, 413, "validation.failed")


@pytest.mark.parametrize("bad", ["UAB \u202eSAKRUP", "UAB\x00Nul", "UAB \u2066Izoliuota\u2069", "UAB\x1bEsc", "Eil\nutė"])
def test_names_with_control_or_bidi_characters_are_refused(world, bad):
    resp = world["client"].simulate_post(f"{BASE}/contacts", json={"name": bad}, headers=_auth(world))
    body = assert_problem(resp, 400, "validation.invalid_body")
    assert {"field": "name", "code": "validation.invalid_value"} in body["errors"]


def test_invoice_text_fields_refuse_them_too_but_multi_line_text_keeps_line_breaks(world, invoice_id):
    def patch(body):
        return world["client"].simulate_patch(f"{BASE}/invoices/{invoice_id}", json=body,
                                              headers={**_auth(world), "Content-Type": "application/merge-patch+json"})
    refused = patch({"seller": {"name": "UAB \u202eSAKRUP"}})
    assert {"field": "seller.name", "code": "validation.invalid_value"} in assert_problem(refused, 400, "validation.invalid_body")["errors"]
    assert patch({"notes": "pirma eilutė\nantra\tstulpelis"}).status_code == 200
    assert_problem(patch({"notes": "a\u202eb"}), 400, "validation.invalid_body")


def test_operator_names_refuse_them(world):
    with pytest.raises(admin.AdminError):
        admin.create_team(world["store"], "UAB \u202eSAKRUP")
    with pytest.raises(admin.AdminError):
        admin.create_client(world["store"], world["team"], Mode.LIVE, "Klientas\x00")


def test_file_names_are_stripped_of_them(world):
    resp = upload(world, world["live"], filename="s\u0105skaita\u202efdp.\x07pdf")
    assert resp.status_code == 202, resp.text
    job = world["client"].simulate_get(f"{BASE}/jobs/{resp.json['jobId']}", headers=_auth(world)).json
    assert job["sourceFile"] == "s\u0105skaitafdp.pdf"


@pytest.mark.e2e
def test_chunked_bodies_over_a_real_gunicorn(tmp_path):
    """gunicorn hands a chunked body on de-chunked and without Content-Length: the upload is
    admitted (never 500) and the JSON body is read whole (never as empty)."""
    import requests

    from tests.support.stack import Stack

    stack = Stack(tmp_path / "home")
    try:
        stack.init()
        stack.start_broker()
        stack.start_api()
        team = stack.cli("admin", "team", "create", "--name", "UAB Dalimis")["teamId"]
        stack.cli("admin", "credits", "grant", "--team", team, "--amount", "3")
        key = stack.cli("admin", "key", "create", "--team", team, "--mode", "live",
                        "--scopes", "invoice:read,invoice:write")["key"]
        auth = {"Authorization": f"Bearer {key}"}

        def pieces(data: bytes, size: int = 4096):
            for start in range(0, len(data), size):
                yield data[start:start + size]

        body, ctype = multipart([("file", "a.pdf", "application/pdf", PDF)])
        uploaded = requests.post(f"{stack.base}/invoices", data=pieces(body),
                                 headers={**auth, "Content-Type": ctype}, timeout=30)
        assert uploaded.status_code == 202, uploaded.text
        contact = requests.post(f"{stack.base}/contacts", data=pieces(json.dumps({"name": "UAB Dalimis"}).encode(), 5),
                                headers={**auth, "Content-Type": "application/json"}, timeout=30)
        assert contact.status_code == 201, contact.text
        deep = requests.post(f"{stack.base}/contacts", data=pieces(b"[" * 5000 + b"]" * 5000),
                             headers={**auth, "Content-Type": "application/json"}, timeout=30)
        assert deep.status_code == 400 and deep.json()["errors"][0]["field"] == "body"
    finally:
        stack.stop()
