"""Credits reads, parked-work lists, batch uploads, team states and queue depth over HTTP
(in process, real store and broker)."""

import falcon.testing

from api.app import create_app
from core.access import admin
from tests.api.helpers import PDF, PNG, assert_problem, get, multipart, upload

ME_CREDITS = "/external/v1/me/credits"


def test_credits_are_the_live_balance_in_both_modes(world):
    upload(world, world["live"])
    admin.grant_credits(_store(world), world["team"], 2)
    live = get(world, world["live"], ME_CREDITS).json
    test = get(world, world["test"], "/external/v1/me/quota.credits").json
    assert live == test
    assert live["balance"] == 7 and live["held"] == 1 and live["available"] == 6
    assert live["parked"] == 0 and live["lastGrant"]["amount"] == 2 and live["mode"] == "live"


def _store(world):
    return world["store"]


def test_parked_work_is_listed_and_paginated(world):
    ids = [upload(world, world["live"]).json for _ in range(8)]  # 5 credits: 5 run, 3 park
    assert [i["status"] for i in ids].count("awaiting_credits") == 3
    parked = [i["jobId"] for i in ids if i["status"] == "awaiting_credits"]

    page1 = get(world, world["live"], "/external/v1/jobs", {"status": "awaiting_credits", "limit": "2"}).json
    assert [j["id"] for j in page1["data"]] == parked[::-1][:2] and page1["nextCursor"]
    page2 = get(world, world["live"], "/external/v1/jobs",
                {"status": "awaiting_credits", "limit": "2", "cursor": page1["nextCursor"]}).json
    assert [j["id"] for j in page2["data"]] == parked[::-1][2:] and page2["nextCursor"] is None

    mixed = get(world, world["live"], "/external/v1/jobs", {"status": "processing", "cursor": page1["nextCursor"]})
    assert_problem(mixed, 400, "pagination.filter_mismatch")
    assert_problem(get(world, world["live"], "/external/v1/jobs", {"cursor": "garbage!"}), 400, "pagination.cursor_invalid")
    assert_problem(get(world, world["live"], "/external/v1/jobs", {"status": "nonsense"}), 400, "validation.invalid_body")

    invoices = get(world, world["live"], "/external/v1/invoices", {"status": "awaiting_credits"}).json
    assert sorted(i["jobId"] for i in invoices["data"]) == sorted(parked)
    assert all(i["status"] == "awaiting_credits" and i["id"] is None for i in invoices["data"])
    # the other mode sees none of it
    assert get(world, world["test"], "/external/v1/jobs", {"status": "awaiting_credits"}).json["data"] == []
    assert get(world, world["test"], "/external/v1/invoices", {"status": "awaiting_credits"}).json["data"] == []
    assert get(world, world["live"], ME_CREDITS).json["parked"] == 3


def test_a_limit_of_unicode_digits_is_a_validation_error_not_a_server_error(world):
    """`"²".isdigit()` holds but `int("²")` raises: only ASCII digits are a limit."""
    for path in ("/external/v1/jobs", "/external/v1/invoices", "/external/v1/clients", "/external/v1/contacts"):
        for limit in ("\u00b2", "\u0663", "\uff15", "0", "101", "-1", "1.0"):
            assert_problem(get(world, world["live"], path, {"limit": limit}), 400, "validation.invalid_body")
    assert get(world, world["live"], "/external/v1/jobs", {"limit": "100"}).status_code == 200


def test_batch_upload_reports_each_file(world):
    files = [("file", "a.pdf", "application/pdf", PDF), ("file", "b.png", "image/png", PNG),
             ("file", "c.txt", "text/plain", b"not an invoice"), ("file", "d.pdf", "application/pdf", PDF),
             ("file", "e.pdf", "application/pdf", PDF), ("file", "f.pdf", "application/pdf", PDF),
             ("file", "g.pdf", "application/pdf", PDF)]
    body, ctype = multipart(files)
    resp = world["client"].simulate_post(
        "/external/v1/invoices/batch", body=body,
        headers={"Authorization": f"Bearer {world['live']}", "Content-Type": ctype},
    )
    assert resp.status_code == 207, resp.text
    out = resp.json
    assert (out["accepted"], out["rejected"], out["awaitingCredits"]) == (6, 1, 1)
    assert [r["filename"] for r in out["results"]] == ["a.pdf", "b.png", "c.txt", "d.pdf", "e.pdf", "f.pdf", "g.pdf"]
    assert out["results"][2]["status"] == "rejected" and out["results"][2]["error"]["code"] == "upload.invalid_mime_type"
    assert [r["status"] for r in out["results"]].count("processing") == 5
    assert out["results"][-1]["status"] == "awaiting_credits"


def test_batch_over_ten_files_is_refused(world):
    body, ctype = multipart([("file", f"{i}.pdf", "application/pdf", PDF) for i in range(11)])
    resp = world["client"].simulate_post(
        "/external/v1/invoices/batch", body=body,
        headers={"Authorization": f"Bearer {world['live']}", "Content-Type": ctype},
    )
    assert_problem(resp, 400, "validation.invalid_body")


def test_team_state_errors(world):
    store = _store(world)
    admin.set_team_state(store, world["team"], "billing_suspended", True)
    assert_problem(upload(world, world["live"]), 403, "billing.suspended")
    assert get(world, world["live"], ME_CREDITS).status_code == 200  # reads keep working
    assert upload(world, world["test"], headers={"X-Client-Id": world["test_client"]}).status_code == 202
    admin.set_team_state(store, world["team"], "billing_suspended", False)

    admin.set_team_state(store, world["team"], "api_access_disabled", True)
    assert_problem(get(world, world["live"], "/external/v1/me"), 403, "plan.api_access_disabled")
    admin.set_team_state(store, world["team"], "api_access_disabled", False)

    admin.set_team_state(store, world["team"], "team_suspended", True)
    assert_problem(get(world, world["test"], "/external/v1/me"), 403, "auth.team_suspended")
    admin.set_team_state(store, world["team"], "team_suspended", False)
    assert get(world, world["live"], "/external/v1/me").status_code == 200


def test_queue_full(world, env, monkeypatch, counters):
    import dataclasses

    client = falcon.testing.TestClient(create_app(dataclasses.replace(env, queue_depth_limit=2, queue_retry_after_s=7), counters=counters))
    w = {**world, "client": client}
    assert upload(w, world["live"]).status_code == 202
    assert upload(w, world["live"]).status_code == 202
    resp = upload(w, world["live"])
    assert_problem(resp, 503, "ingestion.queue_full")
    assert resp.headers["retry-after"] == "7"
    assert len(get(w, world["live"], "/external/v1/jobs").json["data"]) == 2  # no job was created


def test_idempotent_repeat_holds_one_credit(world):
    headers = {"Idempotency-Key": "once"}
    first = upload(world, world["live"], headers=headers).json
    for _ in range(3):
        assert upload(world, world["live"], headers=headers).json == first
    credits = get(world, world["live"], ME_CREDITS).json
    assert credits["held"] == 1 and credits["available"] == 4


def test_cross_mode_lists(world):
    upload(world, world["live"])
    upload(world, world["test"], headers={"X-Client-Id": world["test_client"]})
    live = get(world, world["live"], "/external/v1/jobs").json["data"]
    test = get(world, world["test"], "/external/v1/jobs").json["data"]
    assert len(live) == len(test) == 1
    assert live[0]["id"].startswith("job_") and not live[0]["id"].startswith("job_test_")
    assert test[0]["id"].startswith("job_test_")
