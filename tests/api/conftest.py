import falcon.testing
import pytest

from api.app import create_app
from core.access import admin
from core.modes import Mode


@pytest.fixture
def world(env, store, counters):
    team = admin.create_team(store, "UAB Testas")["teamId"]
    other_team = admin.create_team(store, "UAB Kiti")["teamId"]
    admin.grant_credits(store, team, 5)
    scopes = ["invoice:read", "invoice:write"]
    w = {
        "store": store,
        "blob_dir": env.blob_dir,
        "team": team,
        "live_client": admin.create_client(store, team, Mode.LIVE, "Gyvas")["clientId"],
        "test_client": admin.create_client(store, team, Mode.TEST, "UAB Medžio darbai", "123456786", "LT123456715")["clientId"],
        "foreign_client": admin.create_client(store, other_team, Mode.LIVE, "Svetimas")["clientId"],
    }
    w["live"] = admin.create_key(store, team, Mode.LIVE, scopes)["key"]
    w["test"] = admin.create_key(store, team, Mode.TEST, scopes)["key"]
    w["read_only"] = admin.create_key(store, team, Mode.LIVE, ["invoice:read"])["key"]
    w["scoped"] = admin.create_key(store, team, Mode.LIVE, scopes, client_id=w["live_client"])["key"]
    w["client"] = falcon.testing.TestClient(create_app(env, counters=counters))
    return w


