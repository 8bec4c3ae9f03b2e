"""Ledger, parking, resumption, team states and queue depth, over a real store."""

from concurrent.futures import ThreadPoolExecutor

import pytest
import sqlalchemy as sa

from core import errors
from core.access import admin
from core.access.auth import authenticate
from core.billing import credits, plans
from core.jobs import admission, resume
from core.modes import Mode
from core.store.tables import credit_ledger, jobs


@pytest.fixture
def team(store):
    return admin.create_team(store, "UAB Testas")["teamId"]


def _principal(store, team, mode=Mode.LIVE):
    return authenticate(store, admin.create_key(store, team, mode, ["invoice:write"])["key"], "127.0.0.1")


def _upload(client_id=None):
    return admission.Upload("a.pdf", "application/pdf", "0" * 64, 10, client_id, None)


def _statuses(store, job_ids):
    with store.read() as conn:
        rows = dict(conn.execute(sa.select(jobs.c.id, jobs.c.status).where(jobs.c.id.in_(job_ids))).all())
    return [rows[j] for j in job_ids]


def test_grant_resumes_the_oldest_parked_jobs_as_far_as_covered(env, store, team):
    p = _principal(store, team)
    parked = [admission.admit(store, env, p, [_upload()])[0].job_id for _ in range(5)]
    assert _statuses(store, parked) == ["awaiting_credits"] * 5
    assert resume.resume_parked(store, env).count == 0
    admin.grant_credits(store, team, 3)
    result = resume.resume_parked(store, env)
    assert result.by_team == {team: parked[:3]}
    assert _statuses(store, parked) == ["processing"] * 3 + ["awaiting_credits"] * 2
    assert resume.resume_parked(store, env).count == 0  # nothing more is covered
    with store.read() as conn:
        assert credits.summary(conn, team)["parked"] == 2
        assert credits.balance(conn, team) == {"balance": 3, "held": 3, "available": 0}


def test_concurrent_resumers_hold_each_job_once(env, store, team):
    p = _principal(store, team)
    parked = [admission.admit(store, env, p, [_upload()])[0].job_id for _ in range(12)]
    admin.grant_credits(store, team, 8)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: resume.resume_parked(store, env).count, range(4)))
    assert sum(results) == 8
    with store.read() as conn:
        holds = conn.execute(
            sa.select(credit_ledger.c.job_id, sa.func.count()).where(credit_ledger.c.kind == "hold").group_by(credit_ledger.c.job_id)
        ).all()
    assert len(holds) == 8 and all(n == 1 for _, n in holds)
    assert set(j for j, _ in holds) == set(parked[:8])


def test_billing_suspended_team_stays_parked_and_refuses_live_uploads(env, store, team):
    p = _principal(store, team)
    parked = admission.admit(store, env, p, [_upload()])[0].job_id
    admin.set_team_state(store, team, "billing_suspended", True)
    admin.grant_credits(store, team, 5)  # buying credits does not lift the suspension
    assert resume.resume_parked(store, env).count == 0
    suspended = authenticate(store, admin.create_key(store, team, Mode.LIVE, ["invoice:write"])["key"], "127.0.0.1")
    with pytest.raises(errors.BillingSuspended):
        admission.admit(store, env, suspended, [_upload()])
    test_key = _principal(store, team, Mode.TEST)
    assert admission.admit(store, env, test_key, [_upload("cl_test_x")])[0].status == "processing"
    admin.set_team_state(store, team, "billing_suspended", False)
    assert resume.resume_parked(store, env).by_team == {team: [parked]}


def test_queue_depth_ceiling_refuses_without_creating_jobs(env, store, team):
    plans.set_plan(store, team, queue_depth=3)  # the team's plan sets the ceiling
    p, t = _principal(store, team), _principal(store, team, Mode.TEST)
    admin.grant_credits(store, team, 1)
    for _ in range(3):  # one processing, two parked: all count
        admission.admit(store, env, p, [_upload()])
    with pytest.raises(errors.QueueFull) as raised:
        admission.admit(store, env, p, [_upload()])
    assert raised.value.retry_after == env.queue_retry_after_s
    with store.read() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(jobs)).scalar() == 3
    # counted per mode: test mode has its own queue under the same ceiling
    assert admission.admit(store, env, t, [_upload("cl_test_x")])[0].status == "processing"


def test_cancelling_a_parked_job_releases_nothing(env, store, team):
    p = _principal(store, team)
    job_id = admission.admit(store, env, p, [_upload()])[0].job_id
    assert admin.cancel_parked_job(store, job_id) == {"jobId": job_id, "status": "cancelled"}
    with pytest.raises(admin.AdminError):
        admin.cancel_parked_job(store, job_id)
    admin.grant_credits(store, team, 1)
    assert resume.resume_parked(store, env).count == 0
    with store.read() as conn:
        kinds = [r.kind for r in conn.execute(sa.select(credit_ledger.c.kind))]
        assert credits.balance(conn, team) == {"balance": 1, "held": 0, "available": 1}
    assert kinds == ["grant"]


def test_team_states_are_set_and_cleared(store, team):
    state = admin.set_team_state(store, team, "api_access_disabled", True)
    assert state["apiAccessDisabled"] and not state["billingSuspended"]
    assert not admin.set_team_state(store, team, "api_access_disabled", False)["apiAccessDisabled"]
    assert admin.set_team_state(store, team, "team_suspended", True)["teamSuspended"]
    with pytest.raises(admin.AdminError):
        admin.set_team_state(store, team, "nonsense", True)


def test_the_running_total_is_the_sum_of_the_ledger(env, store, team):
    admin.grant_credits(store, team, 3)
    p = _principal(store, team)
    admitted = [admission.admit(store, env, p, [_upload()])[0].job_id for _ in range(4)]  # 3 held, 1 parked
    with store.write() as conn:
        assert credits.charge(conn, team, admitted[0]) and credits.release(conn, team, admitted[1])
        assert not credits.charge(conn, team, admitted[1])  # nothing held any more: nothing moves
    with store.read() as conn:
        sums = dict(conn.execute(
            sa.select(credit_ledger.c.kind, sa.func.sum(credit_ledger.c.amount))
            .where(credit_ledger.c.team_id == team).group_by(credit_ledger.c.kind)
        ).all())
        total = credits.balance(conn, team)
    assert sums == {"grant": 3, "hold": 3, "charge": 1, "release": 1}
    assert total == {"balance": 2, "held": 1, "available": 1}
