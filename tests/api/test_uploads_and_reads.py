"""The HTTP contract of uploads and reads, in process (falcon.testing) over a real store
and the real broker. The end-to-end suite covers the same paths through gunicorn."""

import pytest

from tests.api.helpers import PDF, PNG, assert_problem, upload
from tests.api.helpers import multipart as _multipart


def test_upload_accepted(world):
    resp = upload(world, world["live"])
    assert resp.status_code == 202 and resp.json["status"] == "processing"
    job = world["client"].simulate_get(f"/external/v1/jobs/{resp.json['jobId']}", headers={"Authorization": f"Bearer {world['live']}"})
    assert job.json["status"] == "processing" and job.json["sourceFile"] == "a.pdf" and job.json["invoiceId"] is None
    assert job.json["createdAt"].endswith("Z") and len(job.json["createdAt"]) == 24


def test_png_declared_as_generic_type_is_sniffed(world):
    resp = upload(world, world["live"], data=PNG, filename="scan", ctype="application/octet-stream")
    assert resp.status_code == 202


@pytest.mark.parametrize(
    "data, ctype, code",
    [
        (b"just text, not a document", "application/pdf", "upload.invalid_mime_type"),
        (PDF, "image/png", "upload.invalid_mime_type"),
        (b"GIF89a" + b"\0" * 100, "image/gif", "upload.invalid_mime_type"),
    ],
)
def test_mime_type_is_checked_against_the_bytes(world, data, ctype, code):
    assert_problem(upload(world, world["live"], data=data, ctype=ctype), 400, code)


def test_filename_limit(world):
    assert_problem(upload(world, world["live"], filename="š" * 128 + ".pdf"), 400, "upload.filename_too_long")
    assert upload(world, world["live"], filename="a" * 251 + ".pdf").status_code == 202


def test_no_file_and_malformed_bodies(world):
    auth = {"Authorization": f"Bearer {world['live']}"}
    resp = world["client"].simulate_post("/external/v1/invoices", json={"file": "x"}, headers=auth)
    assert_problem(resp, 400, "upload.no_file")
    body, ctype = _multipart([("other", None, None, b"x")])
    resp = world["client"].simulate_post("/external/v1/invoices", body=body, headers={**auth, "Content-Type": ctype})
    assert_problem(resp, 400, "upload.no_file")
    resp = world["client"].simulate_post(
        "/external/v1/invoices", body=b"--nope\r\ngarbage", headers={**auth, "Content-Type": "multipart/form-data; boundary=zzz"}
    )
    assert_problem(resp, 400, "validation.invalid_body")


def test_oversized_request_is_refused_before_reading(world):
    resp = world["client"].simulate_post(
        "/external/v1/invoices", body=b"x",
        headers={"Authorization": f"Bearer {world['live']}", "Content-Type": "multipart/form-data; boundary=a",
                 "Content-Length": str(60 * 1024 * 1024)},
    )
    assert_problem(resp, 413, "upload.payload_too_large")


def test_file_over_50_mb(world):
    big = PDF + b"\0" * (50 * 1024 * 1024)
    assert_problem(upload(world, world["live"], data=big), 413, "upload.file_too_large")


def test_client_resolution_errors(world):
    live = world["live"]
    assert_problem(upload(world, live, headers={"X-Client-Id": "cl_live_01aaaaaaaaaaaaaaaaaaaaaaaa"}), 404, "client.not_found")
    assert_problem(upload(world, live, headers={"X-Client-Id": world["foreign_client"]}), 403, "client.not_in_team")
    assert_problem(upload(world, live, headers={"X-Client-Id": world["test_client"]}), 400, "validation.client_mode_mismatch")
    assert_problem(upload(world, world["test"], headers={"X-Client-Id": world["live_client"]}), 400, "validation.client_mode_mismatch")
    body = assert_problem(upload(world, live, headers={"X-Client-Id": "nonsense"}), 400, "validation.invalid_body")
    assert body["errors"] == [{"field": "X-Client-Id", "code": "validation.invalid_public_id"}]
    assert_problem(upload(world, world["scoped"], headers={"X-Client-Id": world["test_client"]}), 403, "client.scope_mismatch")
    scoped = upload(world, world["scoped"])
    assert scoped.status_code == 202
    job = world["client"].simulate_get(f"/external/v1/jobs/{scoped.json['jobId']}", headers={"Authorization": f"Bearer {world['scoped']}"})
    assert job.json["clientId"] == world["live_client"]


def test_test_mode_rules(world):
    body = assert_problem(upload(world, world["test"]), 400, "validation.invalid_body")
    assert body["errors"][0]["code"] == "validation.client_required_in_test_mode"
    ok = upload(world, world["test"], headers={"X-Client-Id": world["test_client"]}, fields={"hints.testScenario": "failed"})
    assert ok.status_code == 202 and ok.json["jobId"].startswith("job_test_")
    bad = upload(world, world["test"], headers={"X-Client-Id": world["test_client"]}, fields={"hints.testScenario": "explode"})
    assert assert_problem(bad, 400, "validation.invalid_body")["errors"][0]["code"] == "validation.invalid_enum"
    assert_problem(upload(world, world["live"], fields={"hints.testScenario": "failed"}), 400, "validation.invalid_body")


def test_scopes_and_auth_errors(world):
    assert_problem(upload(world, world["read_only"]), 403, "auth.insufficient_scope")
    resp = world["client"].simulate_get("/external/v1/me")
    assert_problem(resp, 401, "auth.missing_credentials")
    resp = world["client"].simulate_get("/external/v1/me", headers={"Authorization": "Basic abc"})
    assert_problem(resp, 401, "auth.invalid_key")
    resp = world["client"].simulate_get("/external/v1/me", headers={"Authorization": "Bearer svc_live_" + "x" * 48})
    assert_problem(resp, 401, "auth.invalid_key")


def test_repeated_failed_authentication_is_blocked_but_valid_keys_pass(world):
    headers = {"Authorization": "Bearer svc_live_" + "y" * 48}
    codes = [world["client"].simulate_get("/external/v1/me", headers=headers).status_code for _ in range(20)]
    assert codes == [401] * 20
    resp = world["client"].simulate_get("/external/v1/me", headers=headers)
    body = assert_problem(resp, 429, "auth.too_many_failed_attempts")
    assert int(resp.headers["retry-after"]) >= 1 and body
    # another key's failures never refuse a valid key, from the same address
    valid = world["client"].simulate_get("/external/v1/me", headers={"Authorization": f"Bearer {world['live']}"})
    assert valid.status_code == 200, valid.text


def test_unknown_routes_and_methods_are_problems(world):
    auth = {"Authorization": f"Bearer {world['live']}"}
    assert_problem(world["client"].simulate_get("/nothing/here"), 404, "http.not_found")
    assert_problem(world["client"].simulate_get("/external/v1/unknown", headers=auth), 404, "http.not_found")
    resp = world["client"].simulate_delete("/external/v1/me", headers=auth)
    assert_problem(resp, 405, "http.method_not_allowed")
    assert "GET" in resp.headers["allow"]


def test_idempotency_over_http(world):
    headers = {"Idempotency-Key": "upload-42"}
    first = upload(world, world["live"], headers=headers)
    again = upload(world, world["live"], headers=headers)
    assert first.status_code == again.status_code == 202 and first.json == again.json
    assert again.headers["idempotent-replayed"] == "true"
    assert_problem(upload(world, world["live"], data=PNG, ctype="image/png", headers=headers), 409,
                   "idempotency.key_reused_with_different_params")
    assert_problem(upload(world, world["live"], headers={"Idempotency-Key": "x" * 256}), 400,
                   "validation.invalid_idempotency_key")


def test_cross_mode_reads_are_not_found(world):
    live_job = upload(world, world["live"]).json["jobId"]
    test_job = upload(world, world["test"], headers={"X-Client-Id": world["test_client"]}).json["jobId"]
    get = world["client"].simulate_get
    assert_problem(get(f"/external/v1/jobs/{live_job}", headers={"Authorization": f"Bearer {world['test']}"}), 404, "job.not_found")
    assert_problem(get(f"/external/v1/jobs/{test_job}", headers={"Authorization": f"Bearer {world['live']}"}), 404, "job.not_found")
    assert_problem(get("/external/v1/invoices/inv_nothing", headers={"Authorization": f"Bearer {world['live']}"}), 404, "invoice.not_found")


def test_me_shows_team_and_key_prefix_in_both_modes(world):
    for mode in ("live", "test"):
        me = world["client"].simulate_get("/external/v1/me", headers={"Authorization": f"Bearer {world[mode]}"}).json
        assert me["team"] == {"id": world["team"], "name": "UAB Testas"}
        assert me["key"]["prefix"] == world[mode][:12] and me["key"]["mode"] == mode
