"""Retention with a moved clock: what the sweeps forget, as a partner then sees it."""

import json
import subprocess
from datetime import timedelta

import sqlalchemy as sa

from assets.extraction.canned import canned_invoice
from assets.rules import RULES
from core.access import admin
from core.blobs import BlobStore
from core.clock import iso_ms, utcnow
from core.jobs import processing, retention
from core.modes import Mode
from core.store.tables import idempotency_records, jobs
from tests.api.helpers import PNG, assert_problem, get, upload
from tests.support.stack import BIN, ROOT

LATER = timedelta(days=31)


def _job(store, job_id):
    with store.read() as conn:
        return dict(conn.execute(sa.select(jobs).where(jobs.c.id == job_id)).mappings().one())


def _completed_test_upload(world):
    job_id = upload(world, world["test"], headers={"X-Client-Id": world["test_client"]}).json["jobId"]
    job = processing.claim(world["store"], job_id, 3)
    invoice_id = processing.complete(world["store"], job, canned_invoice(), assess=RULES.assess)
    return job_id, invoice_id


def test_files_then_jobs_are_forgotten_and_invoices_kept(world):
    store, blobs = world["store"], BlobStore(world["blob_dir"])
    job_id, invoice_id = _completed_test_upload(world)
    blob_key = _job(store, job_id)["blob_key"]
    assert blobs.exists(blob_key)
    # within the window nothing goes
    assert retention.purge_files(store, blobs, utcnow() + timedelta(days=29), 30)["jobs"] == 0

    files = retention.purge_files(store, blobs, utcnow() + LATER, 30)
    assert files == {"jobs": 1, "filesRemoved": 1, "filesStillShared": 0} and not blobs.exists(blob_key)
    reprocess = world["client"].simulate_post(
        f"/external/v1/invoices/{invoice_id}/reprocess", headers={"Authorization": f"Bearer {world['test']}"}
    )
    assert_problem(reprocess, 409, "invoice.reprocess_unavailable")

    assert retention.delete_jobs(store, blobs, utcnow() + LATER, 30)["jobsDeleted"] == 1
    assert_problem(get(world, world["test"], f"/external/v1/jobs/{job_id}"), 404, "job.not_found")
    invoice = get(world, world["test"], f"/external/v1/invoices/{invoice_id}")
    assert invoice.status_code == 200 and invoice.json["status"] == "completed"
    again = world["client"].simulate_post(
        f"/external/v1/invoices/{invoice_id}/reprocess", headers={"Authorization": f"Bearer {world['test']}"}
    )
    assert_problem(again, 409, "invoice.reprocess_unavailable")


def test_a_file_shared_with_a_newer_job_is_kept(world):
    store, blobs = world["store"], BlobStore(world["blob_dir"])
    old_job, _ = _completed_test_upload(world)
    with store.write() as conn:  # the first upload ended long ago
        conn.execute(jobs.update().where(jobs.c.id == old_job).values(finished_at=utcnow() - LATER))
    new_job = upload(world, world["test"], headers={"X-Client-Id": world["test_client"]}).json["jobId"]
    swept = retention.purge_files(store, blobs, utcnow(), 30)
    assert swept == {"jobs": 1, "filesRemoved": 0, "filesStillShared": 1}
    assert blobs.exists(_job(store, new_job)["blob_key"])


def test_a_blob_reused_moments_ago_survives_removal(world):
    blobs = BlobStore(world["blob_dir"])
    key = blobs.put(b"%PDF-1.4 reused")
    assert blobs.remove(key) == 0 and blobs.exists(key)  # touched within the grace window


def test_idempotency_records_expire_after_a_day(world):
    headers = {"Idempotency-Key": "nightly-7"}
    assert upload(world, world["live"], headers=headers).status_code == 202
    assert_problem(upload(world, world["live"], data=PNG, ctype="image/png", headers=headers), 409,
                   "idempotency.key_reused_with_different_params")
    swept = retention.delete_idempotency_records(world["store"], utcnow() + timedelta(hours=25), 24)
    assert swept == {"recordsDeleted": 1}
    with world["store"].read() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(idempotency_records)).scalar_one() == 0
    assert upload(world, world["live"], data=PNG, ctype="image/png", headers=headers).status_code == 202


def test_parked_jobs_are_swept_to_cancelled(world):
    store = world["store"]
    team = admin.create_team(store, "UAB Be kreditų")["teamId"]
    key = admin.create_key(store, team, Mode.LIVE, ["invoice:read", "invoice:write"])["key"]
    job_id = upload(world, key).json["jobId"]
    assert get(world, key, f"/external/v1/jobs/{job_id}").json["status"] == "awaiting_credits"
    assert retention.cancel_stale_parked(store, utcnow() + timedelta(days=29), 30) == {"jobsCancelled": 0}
    assert retention.cancel_stale_parked(store, utcnow() + LATER, 30) == {"jobsCancelled": 1}
    job = get(world, key, f"/external/v1/jobs/{job_id}").json
    assert job["status"] == "cancelled" and "30 days" in job["error"]["message"]


def test_the_cli_sweeps_everything_at_a_given_moment(world, env):
    _completed_test_upload(world)
    out = subprocess.run(  # the sweeps' defaults: 30 days for files and jobs
        [str(BIN / "invoices"), "admin", "retention", "sweep", "--now", iso_ms(utcnow() + LATER)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    swept = json.loads(out.stdout)
    assert swept["jobs"]["jobsDeleted"] == 1 and swept["idempotency"] == {"recordsDeleted": 0}
    assert set(swept) == {"parked", "files", "jobs", "idempotency"}
