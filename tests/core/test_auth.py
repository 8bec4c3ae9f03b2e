from datetime import timedelta

import pytest
import sqlalchemy as sa

from core import errors
from core.access import admin, keys
from core.access.auth import authenticate
from core.clock import utcnow
from core.modes import Mode
from core.store.tables import teams


@pytest.fixture
def team(store):
    return admin.create_team(store, "UAB Testas")["teamId"]


def _key(store, team, **kw):
    return admin.create_key(store, team, kw.pop("mode", Mode.LIVE), kw.pop("scopes", ["invoice:read"]), **kw)


def test_valid_key_resolves_team_mode_and_scopes(store, team):
    created = _key(store, team, mode=Mode.TEST, scopes=["invoice:read", "invoice:write"])
    p = authenticate(store, created["key"], "127.0.0.1")
    assert p.team_id == team and p.mode is Mode.TEST and p.team_name == "UAB Testas"
    assert p.scopes == {"invoice:read", "invoice:write"}
    assert p.key_prefix == created["key"][:12] and created["key"].startswith("svc_test_")
    assert len(created["key"]) == len("svc_test_") + 48


@pytest.mark.parametrize(
    "raw, error",
    [
        (None, errors.MissingCredentials),
        ("", errors.MissingCredentials),
        ("svc_live_short", errors.InvalidKey),
        ("sk_live_" + "a" * 48, errors.InvalidKey),
        ("svc_live_" + "a" * 48, errors.InvalidKey),  # well formed, unknown
    ],
)
def test_missing_malformed_and_unknown_keys(store, raw, error):
    with pytest.raises(error):
        authenticate(store, raw, "127.0.0.1")


def test_only_the_hash_is_stored(store, team):
    created = _key(store, team)
    with store.read() as conn:
        dump = str(conn.execute(sa.text("select * from api_keys")).all())
    assert created["key"] not in dump and keys.hash_key(created["key"]) in dump


def test_revoked_suspended_and_expired_keys(store, team):
    revoked, suspended = _key(store, team), _key(store, team)
    expired = _key(store, team, expires_at=utcnow() - timedelta(seconds=1))
    admin.set_key_status(store, revoked["keyId"], "revoked")
    admin.set_key_status(store, suspended["keyId"], "suspended")
    with pytest.raises(errors.KeyRevoked):
        authenticate(store, revoked["key"], "127.0.0.1")
    with pytest.raises(errors.KeySuspended):
        authenticate(store, suspended["key"], "127.0.0.1")
    with pytest.raises(errors.KeyExpired):
        authenticate(store, expired["key"], "127.0.0.1")
    admin.set_key_status(store, suspended["keyId"], "active")
    assert authenticate(store, suspended["key"], "127.0.0.1").key_id == suspended["keyId"]
    with pytest.raises(admin.AdminError):
        admin.set_key_status(store, revoked["keyId"], "active")


def test_ip_allowlist(store, team):
    created = _key(store, team, allowed_ips=["10.1.0.0/16", "127.0.0.1/32"])
    assert authenticate(store, created["key"], "10.1.2.3")
    assert authenticate(store, created["key"], "127.0.0.1")
    with pytest.raises(errors.IpNotAllowed):
        authenticate(store, created["key"], "192.168.1.1")


def test_suspended_team_and_plan_without_api_access(store, team):
    created = _key(store, team)
    with store.write() as conn:
        conn.execute(teams.update().where(teams.c.id == team).values(api_access=False))
    with pytest.raises(errors.ApiAccessDisabled):
        authenticate(store, created["key"], "127.0.0.1")
    with store.write() as conn:
        conn.execute(teams.update().where(teams.c.id == team).values(status="suspended"))
    with pytest.raises(errors.TeamSuspended):
        authenticate(store, created["key"], "127.0.0.1")


def test_scope_check(store, team):
    p = authenticate(store, _key(store, team)["key"], "127.0.0.1")
    p.require("invoice:read")
    with pytest.raises(errors.InsufficientScope):
        p.require("invoice:write")


def test_client_scoped_key_must_use_a_client_of_its_mode(store, team):
    live_client = admin.create_client(store, team, Mode.LIVE, "Klientas")["clientId"]
    assert live_client.startswith("cl_live_")
    with pytest.raises(admin.AdminError):
        _key(store, team, mode=Mode.TEST, client_id=live_client)
    assert _key(store, team, client_id=live_client)["clientId"] == live_client


def test_the_principal_cache_remembers_successes_for_its_ttl_and_records_last_use(store, team):
    import time

    from core.access.auth import PrincipalCache
    from core.store.tables import api_keys

    created = _key(store, team)
    cache = PrincipalCache(store, ttl_s=0.3)
    principal = authenticate(store, created["key"], "10.0.0.1")
    cache.put(created["key"], "10.0.0.1", principal)
    assert cache.get(created["key"], "10.0.0.1") is principal
    assert cache.get(created["key"], "10.0.0.2") is None  # the allowlist depends on the address
    with store.read() as conn:
        assert conn.execute(sa.select(api_keys.c.last_used_at).where(api_keys.c.id == principal.key_id)).scalar()
    admin.set_key_status(store, principal.key_id, "revoked")
    time.sleep(0.35)  # past the TTL the key is looked up again, and refused
    assert cache.get(created["key"], "10.0.0.1") is None
    with pytest.raises(errors.KeyRevoked):
        authenticate(store, created["key"], "10.0.0.1")
