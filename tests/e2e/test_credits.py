"""Credits under concurrency and crashes, through gunicorn, the broker and the daemon."""

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import sqlalchemy as sa

from core.billing import credits
from core.store.db import Store
from core.store.tables import credit_ledger, jobs

pytestmark = pytest.mark.e2e

PDF = Path(__file__).resolve().parents[1] / "fixtures" / "invoice_digital.pdf"


def _store(stack) -> Store:
    return Store(f"sqlite:///{stack.home / 'store.db'}")


def _jobs(store, team_id):
    with store.read() as conn:
        rows = conn.execute(
            sa.select(jobs.c.id, jobs.c.status, jobs.c.created_at).where(jobs.c.team_id == team_id, jobs.c.mode == "live")
        ).all()
    return {r.id: r for r in rows}


def _wait_until(predicate, timeout_s=90, what=""):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    raise TimeoutError(what)


def _ledger_by_job(store, team_id):
    with store.read() as conn:
        rows = conn.execute(
            sa.select(credit_ledger.c.job_id, credit_ledger.c.kind, sa.func.count())
            .where(credit_ledger.c.team_id == team_id, credit_ledger.c.job_id.is_not(None))
            .group_by(credit_ledger.c.job_id, credit_ledger.c.kind)
        ).all()
    out: dict[str, dict[str, int]] = {}
    for job_id, kind, n in rows:
        out.setdefault(job_id, {})[kind] = n
    return out


def test_parallel_uploads_park_beyond_the_balance_and_grants_resume_the_oldest(stack):
    team = stack.provision(credits=25)
    store = _store(stack)
    with ThreadPoolExecutor(8) as pool:
        responses = list(pool.map(lambda _: stack.upload(team["live"], PDF), range(40)))
    assert all(r.status_code == 202 for r in responses), [(r.status_code, r.text) for r in responses if r.status_code != 202]
    statuses = [r.json()["status"] for r in responses]
    assert statuses.count("processing") == 25 and statuses.count("awaiting_credits") == 15
    with store.read() as conn:
        assert credits.balance(conn, team["team"])["available"] >= 0
    parked = sorted((j for j in _jobs(store, team["team"]).values() if j.status == "awaiting_credits"),
                    key=lambda j: (j.created_at, j.id))
    assert len(parked) == 15

    _wait_until(lambda: sum(j.status == "completed" for j in _jobs(store, team["team"]).values()) == 25,
                what="the 25 covered jobs did not complete")
    stack.cli("admin", "credits", "grant", "--team", team["team"], "--amount", "10")
    oldest = {j.id for j in parked[:10]}
    _wait_until(lambda: all(_jobs(store, team["team"])[j].status == "completed" for j in oldest),
                what="the 10 oldest parked jobs were not resumed")
    now = _jobs(store, team["team"])
    assert sorted(j.id for j in now.values() if j.status == "awaiting_credits") == sorted(j.id for j in parked[10:])
    assert sum(j.status == "completed" for j in now.values()) == 35

    ledger = _ledger_by_job(store, team["team"])
    for job_id, job in now.items():
        expected = {"hold": 1, "charge": 1} if job.status == "completed" else {}
        assert ledger.get(job_id, {}) == expected, (job_id, job.status)
    with store.read() as conn:
        assert credits.balance(conn, team["team"]) == {"balance": 0, "held": 0, "available": 0}
    me = stack.get(team["live"], "/me/credits").json()
    assert me["parked"] == 5 and me["balance"] == 0


def test_grant_while_the_resumer_is_down_runs_each_covered_job_exactly_once(stack):
    team = stack.provision(credits=0)
    store = _store(stack)
    parked = [stack.upload(team["live"], PDF).json()["jobId"] for _ in range(4)]
    stack.daemon.kill()  # the process that resumes parked jobs dies (SIGKILL, no clean-up)
    stack.cli("admin", "credits", "grant", "--team", team["team"], "--amount", "3")
    time.sleep(2)
    assert [_jobs(store, team["team"])[j].status for j in parked] == ["awaiting_credits"] * 4
    stack.start_daemon()
    _wait_until(lambda: all(_jobs(store, team["team"])[j].status == "completed" for j in parked[:3]),
                timeout_s=120, what="covered jobs did not run after the restart")
    assert _jobs(store, team["team"])[parked[3]].status == "awaiting_credits"
    ledger = _ledger_by_job(store, team["team"])
    assert [ledger.get(j, {}) for j in parked] == [{"hold": 1, "charge": 1}] * 3 + [{}]
    with store.read() as conn:
        assert credits.balance(conn, team["team"]) == {"balance": 0, "held": 0, "available": 0}
