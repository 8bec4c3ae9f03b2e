import pytest

from tests.support.stack import running


@pytest.fixture(scope="package")
def stack(tmp_path_factory):
    """One real stack reached through the front as under `make run`, for the reference, the
    generated client and the commands of the docs; webhook URLs on loopback are let through so
    the tour can create an endpoint."""
    with running(tmp_path_factory.mktemp("reference"), front=True, INVOICES_STREAM_GROUPS="1",
                 INVOICES_WEBHOOK_ALLOW_LOOPBACK="1") as s:
        yield s


@pytest.fixture(scope="package")
def tourist(stack):
    """A test key with every scope and two test clients of its team, the first the canned
    invoice's buyer."""
    acct = stack.provision()
    scopes = "invoice:read,invoice:write,invoice:export,webhook:read,webhook:manage"
    key = stack.cli("admin", "key", "create", "--team", acct["team"], "--mode", "test", "--scopes", scopes)["key"]
    other = stack.cli("admin", "client", "create", "--team", acct["team"], "--mode", "test", "--name", "UAB Kitas")
    return {**acct, "key": key, "other_client": other["clientId"]}
