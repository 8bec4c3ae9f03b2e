"""Webhook signing secrets sealed at rest: the key file, sealing and opening, plain secrets
of older versions, key rotation; and the store's files made for this user only."""

import os
import stat

import sqlalchemy as sa

from core.access.auth import Principal
from core.access import admin
from core.blobs import BlobStore
from core.modes import Mode
from core.access.sealing import PREFIX, Sealer, is_sealed, key_file_for, reseal_webhook_secrets, sealer_for
from core.store.tables import webhook_endpoints
from core.webhooks import endpoints, signing
from core.webhooks.endpoints import signing_secrets
from core.webhooks.urls import UrlGuard
from core.clock import utcnow
from schemas.webhooks import EndpointCreate


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_secret_is_sealed_short_and_opens_again(tmp_path):
    sealer = Sealer(tmp_path / "sealing_keys")
    secret = signing.new_secret()
    sealed = sealer.seal(secret)
    assert sealed.startswith(PREFIX) and len(sealed) <= 100  # the store's column
    assert secret.removeprefix("whsec_") not in sealed and sealer.seal(secret) != sealed  # a fresh nonce each time
    assert sealer.open(sealed) == secret
    assert sealer.open(sealer.seal("any other text")) == "any other text"
    assert _mode(tmp_path / "sealing_keys") == 0o600
    # a value stored before sealing existed is read as it is
    assert sealer.open(secret) == secret and not is_sealed(secret)


def test_a_new_key_seals_and_the_old_ones_still_open_until_retired(tmp_path):
    sealer, other_process = Sealer(tmp_path / "k"), Sealer(tmp_path / "k")
    old = sealer.seal("whsec_" + "A" * 43 + "=")
    first = sealer.keys()[0][0]
    second = sealer.add_key()
    newer = other_process.seal("text")  # another process sees the new key at once
    assert sealer.key_id(newer) == second != first
    assert other_process.open(old).startswith("whsec_") and sealer.open(newer) == "text"
    assert sealer.keep_only({second}) == [first]
    assert [kid for kid, _ in other_process.keys()] == [second] and _mode(tmp_path / "k") == 0o600


def test_endpoints_store_sealed_secrets_and_sign_with_the_plain_ones(home, home_store):
    team = admin.create_team(home_store, "UAB Kabliukai")["teamId"]
    principal = Principal(key_id=None, key_prefix="", team_id=team, team_name="UAB Kabliukai", mode=Mode.LIVE,
                          scopes=frozenset({"webhook:manage"}), client_id=None, billing_suspended=False)
    guard = UrlGuard(True, lambda host, port: ["127.0.0.1"])
    body = EndpointCreate(url="https://localhost:8443/h", events=["invoice.processed"])
    made = endpoints.create(home_store, guard, principal, body)
    rotated = endpoints.rotate_secret(home_store, principal, made["id"])
    with home_store.read() as conn:
        query = sa.select(webhook_endpoints).where(webhook_endpoints.c.id == made["id"])
        row = conn.execute(query).mappings().one()
    assert is_sealed(row["secret"]) and is_sealed(row["previous_secret"])
    assert made["secret"] not in str(dict(row)) and rotated["secret"] not in str(dict(row))
    sealer = sealer_for(home_store)
    assert signing_secrets(row, utcnow(), sealer) == [rotated["secret"], made["secret"]]
    assert key_file_for(home_store.url, home.home) == home.home / "sealing_keys"  # beside store.db, or in the home


def test_plain_secrets_of_older_versions_are_sealed_and_rotation_reseals_them(home, home_store):
    team = admin.create_team(home_store, "UAB Senas")["teamId"]
    principal = Principal(key_id=None, key_prefix="", team_id=team, team_name="UAB Senas", mode=Mode.LIVE,
                          scopes=frozenset({"webhook:manage"}), client_id=None, billing_suspended=False)
    guard = UrlGuard(True, lambda host, port: ["127.0.0.1"])
    body = EndpointCreate(url="https://localhost:8443/h", events=["invoice.processed"])
    made = endpoints.create(home_store, guard, principal, body)
    with home_store.write() as conn:  # as an older version stored it
        conn.execute(
            webhook_endpoints.update().where(webhook_endpoints.c.id == made["id"]).values(secret=made["secret"])
        )
    sealer = sealer_for(home_store)

    def stored() -> str:
        with home_store.read() as conn:
            query = sa.select(webhook_endpoints.c.secret).where(webhook_endpoints.c.id == made["id"])
            return conn.execute(query).scalar_one()

    assert stored() == made["secret"]
    assert reseal_webhook_secrets(home_store)["resealed"] == 1
    first = sealer.key_id(stored())
    assert first and sealer.open(stored()) == made["secret"]
    assert reseal_webhook_secrets(home_store)["resealed"] == 0  # nothing left to do
    second = sealer.add_key()
    assert reseal_webhook_secrets(home_store) == {"endpoints": 1, "resealed": 1, "sealingKey": second}
    assert sealer.key_id(stored()) == second and sealer.keep_only({second}) == [first]
    assert sealer.open(stored()) == made["secret"]


def test_the_store_and_blobs_are_this_users_only(home, home_store):
    if home_store.is_sqlite:
        assert _mode(home.home / "store.db") == 0o600
    blobs = BlobStore(home.blob_dir)
    key = blobs.put(b"%PDF-1.7 private")
    path = next(p for p in home.blob_dir.rglob("*") if p.is_file())
    assert _mode(path) == 0o600 and _mode(home.blob_dir) == 0o700
    assert all(_mode(p) == 0o700 for p in home.blob_dir.rglob("*") if p.is_dir())
    assert blobs.get(key) == b"%PDF-1.7 private"
