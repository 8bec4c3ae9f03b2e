"""The page-versus-XML comparison of a Factur-X upload in the store: saved with its invoice by
the pipeline's job runner, its values and page text forgotten with the uploaded file (or the
invoice), its agreement per field kept for the warehouse."""

from datetime import timedelta

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from assets.einvoice.shadow import Comparison
from core.access import admin
from core.access.actors import Actor
from core.access.auth import authenticate
from core.blobs import BlobStore
from core.books import extraction_comparisons, invoice_deletion
from core.clock import utcnow
from core.jobs import admission, retention
from core.modes import Mode
from core.store.tables import extraction_comparisons as comparisons
from core.store.tables import jobs, metadata
from corpus.einvoice import cii, embed
from pipelines.warehouse import sources
from pipelines.work import JobRunner
from tests.assets.einvoice.samples import invoice_dto, page_pdf


def _factur_x() -> tuple[bytes, dict]:
    dto = invoice_dto()
    return embed(page_pdf(dto), cii(dto, "d16b")), dto


def _read(store, settings) -> tuple[str, str, object]:
    """(job id, invoice id, principal) of a live Factur-X upload read by the job runner."""
    pdf, dto = _factur_x()
    team = admin.create_team(store, "UAB Palyginimas")["teamId"]
    admin.grant_credits(store, team, 2)
    key = admin.create_key(store, team, Mode.LIVE, ["invoice:read", "invoice:write"])["key"]
    buyer = dto["buyer"]
    client = admin.create_client(store, team, Mode.LIVE, buyer["name"], buyer["companyCode"], buyer["vatCode"])
    principal = authenticate(store, key, "127.0.0.1")
    blob = BlobStore(settings.blob_dir).put(pdf)
    upload = admission.Upload("factur-x.pdf", "application/pdf", blob, len(pdf), client["clientId"], None)
    [admitted] = admission.admit(store, settings, principal, [upload])
    outcome = JobRunner(settings, store).run(admitted.job_id)
    assert outcome.status == "completed", outcome
    return admitted.job_id, outcome.invoice_id, principal


def _row(store, job_id: str) -> dict | None:
    with store.read() as conn:
        row = conn.execute(sa.select(comparisons).where(comparisons.c.job_id == job_id)).mappings().first()
    return dict(row) if row else None


def test_the_migration_builds_the_table_the_store_declares(home_store):
    with home_store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert [d for d in diff if "extraction_comparisons" in str(d)] == []


def test_the_job_runner_saves_the_comparison_beside_the_invoice(home, home_store):
    job_id, invoice_id, _ = _read(home_store, home)
    row = _row(home_store, job_id)
    assert (row["invoice_id"], row["mode"], row["syntax"], row["engine"], row["language"]) == (
        invoice_id, "live", "CII D16B", "pdf-text", "de")
    assert row["producer"] == "ReportLab PDF Library - (opensource)" and row["purged_at"] is None
    assert row["fields"]["invoiceNumber"]["agreement"] == "agree"
    assert row["pairs"]["invoiceNumber"] == {"xml": "RE-2026-0417", "page": "RE-2026-0417"}
    assert "RE-2026-0417" in row["page_text"]


def test_the_values_and_page_text_go_with_the_file_and_the_agreement_stays(home, home_store):
    job_id, _, _ = _read(home_store, home)
    blobs = BlobStore(home.blob_dir)
    fields = _row(home_store, job_id)["fields"]
    assert retention.purge_files(home_store, blobs, utcnow() + timedelta(days=29), 30)["jobs"] == 0
    assert _row(home_store, job_id)["pairs"] is not None  # within the window nothing goes

    later = utcnow() + timedelta(days=31)
    assert retention.purge_files(home_store, blobs, later, 30)["jobs"] == 1
    row = _row(home_store, job_id)
    assert (row["pairs"], row["page_text"], row["fields"]) == (None, None, fields)
    assert row["purged_at"] is not None

    assert retention.delete_jobs(home_store, blobs, later, 30)["jobsDeleted"] == 1
    with home_store.read() as conn:
        assert conn.execute(sa.select(jobs.c.id).where(jobs.c.id == job_id)).first() is None
        day = sources.comparison_rows(conn, utcnow() - timedelta(hours=1), utcnow() + timedelta(hours=1))
    assert [(c["job_id"], sources.compared_fields(c)) for c in day] == [(job_id, fields)]  # the warehouse still reads it


def test_deleting_the_invoice_forgets_its_values(home, home_store):
    job_id, invoice_id, principal = _read(home_store, home)
    invoice_deletion.delete(home_store, principal, invoice_id, Actor.ui("usr_x"))
    row = _row(home_store, job_id)
    assert (row["pairs"], row["page_text"]) == (None, None) and row["fields"]


def test_a_job_read_again_keeps_one_comparison_the_latest(home, home_store):
    job_id, invoice_id, _ = _read(home_store, home)
    row = _row(home_store, job_id)
    job = {"id": job_id, "team_id": row["team_id"], "mode": row["mode"]}

    again = Comparison(syntax="CII D16B", producer="Other", language="de", engine="pdf-text", duration_ms=3,
                       fields={"currency": {"agreement": "agree", "confidence": 0.99}}, pairs={}, page_text="")
    with home_store.write() as conn:
        extraction_comparisons.save(conn, job, invoice_id, again, utcnow())
    with home_store.read() as conn:
        rows = conn.execute(sa.select(comparisons.c.producer).where(comparisons.c.job_id == job_id)).all()
    assert rows == [("Other",)]


def test_forgotten_values_are_sql_nulls(home, home_store):
    job_id, _, _ = _read(home_store, home)
    with home_store.write() as conn:
        assert extraction_comparisons.forget_content(conn, utcnow(), job_ids=[job_id]) == 1
        assert extraction_comparisons.forget_content(conn, utcnow(), job_ids=[job_id]) == 0  # once
    with home_store.read() as conn:
        left = conn.execute(sa.select(sa.func.count()).select_from(comparisons).where(
            comparisons.c.job_id == job_id, comparisons.c.pairs.is_(None), comparisons.c.page_text.is_(None))).scalar()
    assert left == 1
