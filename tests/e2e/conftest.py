import pytest

from tests.support.stack import running


@pytest.fixture(scope="package")
def stack(tmp_path_factory):
    """One real stack for the end-to-end tests, reached as under `make run`: through the
    front (nginx) before gunicorn; always stopped, logs shown on failure."""
    with running(tmp_path_factory.mktemp("stack"), front=True, INVOICES_STREAM_GROUPS="1",
                 INVOICES_LEASE_TTL_S="4") as s:
        yield s


@pytest.fixture(scope="package")
def team(stack):
    return stack.provision(credits=10)
