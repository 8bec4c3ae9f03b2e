"""Fixtures of the webhook tests: a loopback HTTPS receiver and a team with keys, over the
broker-less `home_store` of tests/conftest.py."""

import pytest

from tests.support.webhook_receiver import Receiver
from tests.support.webhooks import make_team


@pytest.fixture
def team(home_store):
    return make_team(home_store)


@pytest.fixture
def receiver(tmp_path):
    r = Receiver(tmp_path).start()
    yield r
    r.stop()
