import falcon.testing
import pytest

from api.app import create_app
from tests.dashboard.support import Browser, make_team


@pytest.fixture
def app(home, home_store, counters):
    return create_app(home, counters=counters)


@pytest.fixture
def team(home, home_store):
    return make_team(home_store, home, "UAB Buhalterija")


@pytest.fixture
def other_team(home, home_store):
    return make_team(home_store, home, "UAB Kaimynai")


@pytest.fixture
def browser(app):
    return Browser(falcon.testing.TestClient(app))


@pytest.fixture
def member(browser, team):
    assert browser.login(team.member_email).status_code == 303
    return browser


@pytest.fixture
def admin_browser(app, team):
    b = Browser(falcon.testing.TestClient(app), remote_addr="10.0.0.2")
    assert b.login(team.admin_email).status_code == 303
    return b
