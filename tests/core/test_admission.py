from concurrent.futures import ThreadPoolExecutor

import pytest
import sqlalchemy as sa

from core import errors
from core.access import admin
from core.access.auth import authenticate
from core.billing import credits
from core.jobs import admission, idempotency, processing
from core.modes import Mode
from core.store.tables import jobs, outbox
from tests.support.readings import reading


@pytest.fixture
def team(store):
    return admin.create_team(store, "UAB Testas")["teamId"]


def _principal(store, team, mode=Mode.LIVE):
    raw = admin.create_key(store, team, mode, ["invoice:write", "invoice:read"])["key"]
    return authenticate(store, raw, "127.0.0.1")


def _upload(client_id=None, scenario=None):
    return admission.Upload("a.pdf", "application/pdf", "0" * 64, 10, client_id, scenario)


def test_admission_holds_a_credit_or_parks(env, store, team):
    admin.grant_credits(store, team, 1)
    p = _principal(store, team)
    first = admission.admit(store, env, p, [_upload()])[0]
    second = admission.admit(store, env, p, [_upload()])[0]
    assert (first.status, second.status) == ("processing", "awaiting_credits")
    assert first.sending is not None and second.sending is None
    with store.read() as conn:
        assert credits.balance(conn, team) == {"balance": 1, "held": 1, "available": 0}
        events = conn.execute(sa.select(outbox.c.event_type, outbox.c.job_id).where(outbox.c.kind == "event")).all()
    assert events == [("invoice.awaiting_credits", second.job_id)]


def test_test_mode_never_parks_and_never_touches_credits(env, store, team):
    p = _principal(store, team, Mode.TEST)
    admitted = admission.admit(store, env, p, [_upload("cl_test_x")])[0]
    assert admitted.status == "processing" and admitted.job_id.startswith("job_test_")
    with store.read() as conn:
        assert credits.balance(conn, team) == {"balance": 0, "held": 0, "available": 0}
        assert conn.execute(sa.select(sa.func.count()).select_from(outbox).where(outbox.c.kind == "event")).scalar() == 0


def test_concurrent_admissions_never_overspend(env, store, team):
    admin.grant_credits(store, team, 7)
    p = _principal(store, team)
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: admission.admit(store, env, p, [_upload()])[0].status, range(20)))
    assert results.count("processing") == 7 and results.count("awaiting_credits") == 13
    with store.read() as conn:
        assert credits.balance(conn, team)["available"] == 0


def test_uploads_are_dealt_to_the_partitions_in_turn(env, store, team):
    """Twelve uploads of one burst land three on each of four partitions (hashed by job id,
    one stream group got seven on average and the other five, then waited idle)."""
    p = _principal(store, team, Mode.TEST)
    admitted = admission.admit(store, env, p, [_upload() for _ in range(12)])
    dealt = [a.sending.partition for a in admitted]
    assert sorted(dealt.count(n) for n in range(env.topic_partitions)) == [3, 3, 3, 3]
    assert all(dealt[i] != dealt[i + 1] for i in range(len(dealt) - 1))
    with store.read() as conn:
        stored = conn.execute(sa.select(outbox.c.partition).where(outbox.c.kind == "kafka").order_by(outbox.c.id)).scalars().all()
    assert stored == dealt


def test_complete_charges_once_and_fail_releases(env, store, team):
    admin.grant_credits(store, team, 2)
    p = _principal(store, team)
    ok, bad = (admission.admit(store, env, p, [_upload()])[0] for _ in range(2))
    job = processing.claim(store, ok.job_id, 3)
    invoice_id = processing.complete(store, job, reading({"currency": "EUR"}))
    assert invoice_id.startswith("inv_")
    assert processing.complete(store, job, reading({"currency": "EUR"})) is None  # idempotent
    failing = processing.claim(store, bad.job_id, 3)
    assert processing.fail(store, failing, "unreadable")
    assert not processing.fail(store, failing, "again")
    with store.read() as conn:
        assert credits.balance(conn, team) == {"balance": 1, "held": 0, "available": 1}
        types = [r.event_type for r in conn.execute(sa.select(outbox.c.event_type).where(outbox.c.kind == "event").order_by(outbox.c.id))]
        row = conn.execute(sa.select(jobs).where(jobs.c.id == bad.job_id)).mappings().one()
    assert types == ["invoice.processed", "invoice.failed"]
    assert row["status"] == "failed" and row["error_message"] == "unreadable"


def test_workers_completing_one_job_at_once_make_one_invoice_and_one_charge(env, store, team):
    """A resent message or a replaced stream run can put one job in two workers' hands at the
    same moment; on PostgreSQL the job's row is locked while each decides, so the second
    finds it terminal instead of charging and inserting again."""
    admin.grant_credits(store, team, 1)
    [job] = (processing.claim(store, a.job_id, 3) for a in admission.admit(store, env, _principal(store, team), [_upload()]))
    with ThreadPoolExecutor(6) as pool:
        ids = list(pool.map(lambda _: processing.complete(store, dict(job), reading({"currency": "EUR"})), range(6)))
    assert len([i for i in ids if i is not None]) == 1
    with store.read() as conn:
        assert credits.balance(conn, team) == {"balance": 0, "held": 0, "available": 0}
        assert conn.execute(sa.select(sa.func.count()).select_from(outbox).where(outbox.c.event_type == "invoice.processed")).scalar() == 1


def test_interrupted_attempts_are_bounded(env, store, team):
    admin.grant_credits(store, team, 1)
    p = _principal(store, team)
    admitted = admission.admit(store, env, p, [_upload()])[0]
    for _ in range(3):
        assert processing.claim(store, admitted.job_id, 3) is not None  # each attempt "dies"
    assert processing.claim(store, admitted.job_id, 3) is None
    with store.read() as conn:
        row = conn.execute(sa.select(jobs).where(jobs.c.id == admitted.job_id)).mappings().one()
        assert credits.balance(conn, team)["available"] == 1
    assert row["status"] == "failed" and "interrupted 3 times" in row["error_message"]


def test_idempotency_rules(env, store, team):
    claim = idempotency.Claim(team, Mode.LIVE, "k1", "hash-a")
    assert idempotency.claim(store, claim) is None
    with pytest.raises(errors.IdempotencyInProgress):
        idempotency.claim(store, claim)
    with pytest.raises(errors.IdempotencyKeyReused):
        idempotency.claim(store, idempotency.Claim(team, Mode.LIVE, "k1", "hash-b"))
    with store.write() as conn:
        idempotency.complete(conn, claim, 202, {"jobId": "job_x", "status": "processing"})
    assert idempotency.claim(store, claim) == (202, {"jobId": "job_x", "status": "processing"})
    # the same key in the other mode is another key
    assert idempotency.claim(store, idempotency.Claim(team, Mode.TEST, "k1", "hash-b")) is None
    other = idempotency.Claim(team, Mode.LIVE, "k2", "hash-a")
    assert idempotency.claim(store, other) is None
    idempotency.abandon(store, other)
    assert idempotency.claim(store, idempotency.Claim(team, Mode.LIVE, "k2", "hash-c")) is None


@pytest.mark.parametrize("key", ["", "x" * 256, "bad\nkey", "tab\there"])
def test_invalid_idempotency_keys(key):
    with pytest.raises(errors.InvalidIdempotencyKey):
        idempotency.validate_key(key)


def test_same_content_stored_from_many_threads_at_once(tmp_path):
    from core.blobs import BlobStore

    blobs = BlobStore(tmp_path)
    data = b"%PDF-1.4 same bytes" * 1000
    with ThreadPoolExecutor(8) as pool:
        keys = set(pool.map(lambda _: blobs.put(data), range(32)))
    assert len(keys) == 1 and blobs.get(keys.pop()) == data
    assert not [p for p in tmp_path.rglob("*.tmp")]


def test_a_received_upload_is_stored_and_its_job_published_where_it_landed(home, home_store):
    """admission.receive against the in-memory blob store and publisher (no broker, no disk):
    the file is stored under its hash and the job's message goes to the uploads topic under
    the job's id, its outbox row marked with the partition and offset it landed at."""
    from core.blobs_memory import MemoryBlobs
    from core.kafka_memory import MemoryPublisher

    team = admin.create_team(home_store, "UAB Atmintis")["teamId"]
    admin.grant_credits(home_store, team, 1)
    blobs, publisher = MemoryBlobs(), MemoryPublisher(home_store, partitions=home.topic_partitions)
    data = b"%PDF-1.4 received in memory"
    request = admission.UploadRequest(files=(admission.incoming_file(0, data, "a.pdf", None),))
    answer = admission.receive(home_store, blobs, publisher, home, _principal(home_store, team), request)
    [record] = publisher.records(home.uploads_topic)
    with home_store.read() as conn:
        job = conn.execute(sa.select(jobs.c.id, jobs.c.blob_key).where(jobs.c.team_id == team)).one()
        row = conn.execute(sa.select(outbox.c.partition, outbox.c.offset).where(outbox.c.job_id == job.id,
                                                                                outbox.c.kind == "kafka")).one()
    assert blobs.get(job.blob_key) == data
    assert (record.key, record.value["jobId"]) == (job.id, job.id) and job.id in str(answer)
    assert (row.partition, row.offset) == (record.partition, record.offset)
