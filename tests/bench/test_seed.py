"""`python -m bench.seed` on 10,000 uploads: the store it writes is one the service reads as
its own (the API answers invoices, lists, filters and cursors from it), spread over teams,
clients, modes and a year of days, with a ledger that adds up."""

from datetime import datetime, timedelta, timezone

import falcon.testing
import pytest
import sqlalchemy as sa

from api.app import create_app
from bench.seed import seed
from core.access import admin
from core import settings as settings_module
from core.modes import Mode
from core.store.db import Store
from core.store.tables import credit_balances, credit_ledger, invoices, jobs

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


def test_a_seeded_store_spreads_uploads_over_teams_modes_clients_and_a_year(seeded):
    report, store, _ = seeded
    assert report["jobs"] == COUNT and 0.95 * COUNT < report["invoices"] < COUNT
    print(f"seeded {COUNT} uploads in {report['seconds']} s ({report['uploadsPerSecond']}/s)")
    with store.read() as conn:
        teams = conn.execute(sa.select(jobs.c.team_id, sa.func.count()).group_by(jobs.c.team_id)).all()
        modes = dict(conn.execute(sa.select(jobs.c.mode, sa.func.count()).group_by(jobs.c.mode)).all())
        statuses = dict(conn.execute(sa.select(jobs.c.status, sa.func.count()).group_by(jobs.c.status)).all())
        clients = conn.execute(sa.select(sa.func.count(sa.distinct(invoices.c.client_id)))).scalar_one()
        first, last = conn.execute(sa.select(sa.func.min(jobs.c.created_at), sa.func.max(jobs.c.created_at))).one()
        (orphans,) = conn.execute(sa.select(sa.func.count()).select_from(invoices).outerjoin(
            jobs, jobs.c.invoice_id == invoices.c.id).where(jobs.c.id.is_(None))).one()
    assert len(teams) == 3 and min(n for _, n in teams) > COUNT / 5
    assert modes["live"] > 0.8 * COUNT and modes["test"] > 0.1 * COUNT
    assert statuses["completed"] > 0.9 * COUNT and statuses["failed"] > 0 and statuses["processing"] > 0
    assert clients == 3 * 2 * 4 and orphans == 0
    first, last = (t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t for t in (first, last))
    assert last <= END and last - first > timedelta(days=360)


def test_the_ledger_and_running_totals_agree(seeded):
    _, store, _ = seeded
    with store.read() as conn:
        for team_id, balance, held in conn.execute(sa.select(credit_balances.c.team_id, credit_balances.c.balance,
                                                             credit_balances.c.held)).all():
            sums = dict(conn.execute(sa.select(credit_ledger.c.kind, sa.func.sum(credit_ledger.c.amount))
                                     .where(credit_ledger.c.team_id == team_id).group_by(credit_ledger.c.kind)).all())
            assert balance == sums["grant"] - sums["charge"] > 0
            assert held == sums["hold"] - sums["charge"] - sums["release"] > 0  # the jobs held for review


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
