"""`python -m bench.seed` on 10,000 uploads: the store it writes is one the service reads as
its own (the API answers invoices, lists, filters and cursors from it), spread over teams,
clients, modes and a year of days, with a ledger that adds up, the outbox rows of every
upload, and only what retention keeps of the jobs."""

from datetime import datetime, timedelta, timezone

import falcon.testing
import pytest
import sqlalchemy as sa

from api.app import create_app
from bench.seed import seed
from core import pagination
from core import settings as settings_module
from core.access import admin
from core.books.invoices import Search, _invoice_query, search_invoices
from core.modes import Mode
from core.store.db import Store
from core.store.tables import consumer_offsets, credit_balances, credit_ledger, invoices, jobs, outbox

COUNT = 10_000
END = datetime(2026, 11, 1, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    """One seeded store for the module, in a home of its own (SQLite)."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("INVOICES_HOME", str(tmp_path_factory.mktemp("seeded")))
        env.setenv("INVOICES_AUTH_CACHE_S", "0")
        env.delenv("INVOICES_DATABASE_URL", raising=False)
        env.delenv("KAFKA_BOOTSTRAP_SERVERS", raising=False)
        settings_module.settings.cache_clear()
        settings = settings_module.settings()
        settings.home.mkdir(parents=True, exist_ok=True)
        report = seed(settings.database_url, COUNT, teams=3, clients=4, days=365, end=END)
        store = Store(settings.database_url)
        try:
            yield report, store, settings
        finally:
            store.dispose()
            settings_module.settings.cache_clear()


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment


def test_a_seeded_store_spreads_uploads_over_teams_modes_clients_and_a_year(seeded):
    report, store, _ = seeded
    assert report["uploads"] == COUNT and 0.95 * COUNT < report["invoices"] < COUNT
    print(f"seeded {COUNT} uploads in {report['seconds']} s ({report['uploadsPerSecond']}/s)")
    with store.read() as conn:
        teams = conn.execute(sa.select(invoices.c.team_id, sa.func.count()).group_by(invoices.c.team_id)).all()
        modes = dict(conn.execute(sa.select(invoices.c.mode, sa.func.count()).group_by(invoices.c.mode)).all())
        statuses = dict(conn.execute(sa.select(jobs.c.status, sa.func.count()).group_by(jobs.c.status)).all())
        members = conn.execute(sa.select(sa.func.count()).where(jobs.c.user_id.is_not(None))).scalar_one()
        clients = conn.execute(sa.select(sa.func.count(sa.distinct(invoices.c.client_id)))).scalar_one()
        first, last = conn.execute(sa.select(sa.func.min(invoices.c.created_at), sa.func.max(invoices.c.created_at))).one()
        (oldest_job,) = conn.execute(sa.select(sa.func.min(jobs.c.finished_at))).one()
        (lost,) = conn.execute(sa.select(sa.func.count()).select_from(jobs).outerjoin(
            invoices, invoices.c.id == jobs.c.invoice_id).where(jobs.c.invoice_id.is_not(None), invoices.c.id.is_(None))).one()
    assert len(teams) == 3 and min(n for _, n in teams) > COUNT / 5
    assert modes["live"] > 0.8 * report["invoices"] and modes["test"] > 0.1 * report["invoices"]
    # retention has swept the jobs terminal for more than 30 days; those held for review wait
    assert report["jobs"] == sum(statuses.values()) < COUNT / 10
    assert statuses["completed"] > 0.9 * report["jobs"] and statuses["failed"] > 0 and statuses["processing"] > 0
    assert _utc(oldest_job) >= END - timedelta(days=30) and 0 < members < report["jobs"] / 5
    assert clients == 3 * 2 * 4 and lost == 0
    first, last = _utc(first), _utc(last)
    assert last <= END and last - first > timedelta(days=360)


def test_every_upload_has_its_message_and_every_read_its_event(seeded):
    report, store, _ = seeded
    with store.read() as conn:
        kinds = dict(conn.execute(sa.select(outbox.c.kind, sa.func.count()).group_by(outbox.c.kind)).all())
        events = dict(conn.execute(sa.select(outbox.c.event_type, sa.func.count()).where(outbox.c.kind == "event")
                                   .group_by(outbox.c.event_type)).all())
        unpublished = conn.execute(sa.select(sa.func.count()).where(
            outbox.c.kind == "kafka", outbox.c.published_at.is_(None))).scalar_one()
        unfanned = conn.execute(sa.select(sa.func.count()).where(
            outbox.c.kind == "event", outbox.c.fanned_out_at.is_(None))).scalar_one()
        held = conn.execute(sa.select(sa.func.count()).where(invoices.c.assignment_status == "needs_review",
                                                             invoices.c.status == "processing")).scalar_one()
        sample = conn.execute(sa.select(outbox.c.payload).where(outbox.c.event_type == "invoice.processed").limit(1)).scalar_one()
        consumed = conn.execute(sa.select(sa.func.sum(consumer_offsets.c.next_offset))).scalar_one()
    assert kinds["kafka"] == COUNT == consumed and unpublished == 0 and unfanned == 0
    assert events["invoice.processed"] + held == report["invoices"]
    assert events["invoice.failed"] == COUNT - report["invoices"] and events["invoice.review_required"] > held > 0
    assert report["outbox"] == kinds["kafka"] + kinds["event"]
    assert sample["type"] == "invoice.processed" and sample["data"]["invoice"]["totals"]["gross"] is not None


def test_the_ledger_and_running_totals_agree(seeded):
    _, store, _ = seeded
    helds = []
    with store.read() as conn:
        for team_id, balance, held in conn.execute(sa.select(credit_balances.c.team_id, credit_balances.c.balance,
                                                             credit_balances.c.held)).all():
            sums = dict(conn.execute(sa.select(credit_ledger.c.kind, sa.func.sum(credit_ledger.c.amount))
                                     .where(credit_ledger.c.team_id == team_id).group_by(credit_ledger.c.kind)).all())
            assert balance == sums["grant"] - sums["charge"] > 0
            assert held == sums["hold"] - sums["charge"] - sums["release"] >= 0
            helds.append(held)
        waiting = conn.execute(sa.select(sa.func.count()).where(
            jobs.c.held_at.is_not(None), jobs.c.mode == Mode.LIVE.value)).scalar_one()
    assert sum(helds) == waiting > 0  # the live jobs still held for review hold their credit


def test_the_api_reads_the_seeded_store(seeded, counters):
    _, store, settings = seeded
    with store.read() as conn:
        team_id = conn.execute(sa.select(jobs.c.team_id).limit(1)).scalar_one()
    key = admin.create_key(store, team_id, Mode.LIVE, ["invoice:read"])["key"]
    client = falcon.testing.TestClient(create_app(settings, counters=counters))
    auth = {"Authorization": f"Bearer {key}"}
    page = client.simulate_get("/external/v1/invoices", headers=auth, params={"limit": "50"})
    assert page.status_code == 200, page.text
    first = page.json["data"]
    assert len(first) == 50 and not [item["id"] for item in first if "_test_" in item["id"]]
    nxt = client.simulate_get("/external/v1/invoices", headers=auth,
                              params={"limit": "50", "cursor": page.json["nextCursor"]})
    assert nxt.status_code == 200 and not {i["id"] for i in first} & {i["id"] for i in nxt.json["data"]}
    one = client.simulate_get(f"/external/v1/invoices/{first[0]['id']}", headers=auth)
    assert one.status_code == 200 and one.json["totals"]["gross"] is not None
    job = client.simulate_get(f"/external/v1/jobs/{one.json['jobId']}", headers=auth)
    assert job.status_code == 200 and job.json["invoiceId"] == first[0]["id"]


def test_a_clients_period_is_read_from_its_index(seeded):
    """The dashboard's list and period export of a client's week: the invoices issued in it,
    found through the index of client and issue date (the query writes the expression the
    index is on), not by reading every document of the client."""
    _, store, _ = seeded
    with store.read() as conn:
        team_id, client_id = conn.execute(sa.select(invoices.c.team_id, invoices.c.client_id).where(
            invoices.c.mode == Mode.LIVE.value, invoices.c.client_id.is_not(None)).limit(1)).one()
        documents = conn.execute(sa.select(invoices.c.document).where(
            invoices.c.team_id == team_id, invoices.c.mode == Mode.LIVE.value, invoices.c.client_id == client_id)).scalars().all()
        issued = sorted(doc["issueDate"] for doc in documents)
        start, stop = issued[len(issued) // 2 - 10], issued[len(issued) // 2 + 10]
        search = Search(client_id=client_id, issued_from=start, issued_to=stop)
        found, more = search_invoices(conn, team_id, Mode.LIVE, search, pagination.Page(None, 100), lambda doc: doc)
        query = _invoice_query(team_id, Mode.LIVE, search)
        compiled = query.compile(conn, compile_kwargs={"render_postcompile": True})
        if conn.dialect.name == "sqlite":
            params = tuple(compiled.params[name] for name in compiled.positiontup)
            plan = " ".join(row[3] for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {compiled}", params))
            assert "ix_invoices_team_mode_client_issued" in plan, plan
    wanted = [d for d in issued if start <= d <= stop]
    assert more is None and sorted(doc["issueDate"] for doc in found) == wanted and len(wanted) > 1
