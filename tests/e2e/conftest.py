import pytest

from tests.support.stack import Stack


@pytest.fixture(scope="package")
def stack(tmp_path_factory):
    """One real stack for the end-to-end tests; always stopped, logs shown on failure."""
    s = Stack(
        tmp_path_factory.mktemp("stack"),
        INVOICES_STREAM_GROUPS="1",
        INVOICES_LEASE_TTL_S="4",
    )
    try:
        s.start()
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="package")
def team(stack):
    return stack.provision(credits=10)
