"""Throttles hit the abuser only: failed authentications are counted per client address and
per presented key prefix, a valid key always passes, and the client address comes from
X-Forwarded-For only when the peer is a trusted proxy."""

from api.addresses import ClientAddresses
from core.access import admin
from core.modes import Mode
from core.settings import LOOPBACK_PROXIES, _trusted_proxies
from tests.api.helpers import assert_problem

ME = "/external/v1/me"


def _me(world, key, remote_addr="10.0.0.1", forwarded_for=None):
    headers = {"Authorization": f"Bearer {key}"}
    if forwarded_for:
        headers["X-Forwarded-For"] = forwarded_for
    return world["client"].simulate_get(ME, headers=headers, remote_addr=remote_addr)


def _bad(prefix_char="y"):
    return "svc_live_" + prefix_char * 48


def test_an_address_over_its_failures_is_refused_only_for_failing_keys(world):
    for _ in range(20):
        assert _me(world, _bad()).status_code == 401
    assert_problem(_me(world, _bad("z")), 429, "auth.too_many_failed_attempts")
    assert _me(world, world["live"]).status_code == 200  # same address, valid key
    other_team = admin.create_team(world["store"], "UAB Kaimynai")["teamId"]
    neighbour = admin.create_key(world["store"], other_team, Mode.LIVE, ["invoice:read"])["key"]
    assert _me(world, neighbour).status_code == 200  # another team's valid key, same address
    assert _me(world, _bad("q"), remote_addr="10.0.0.2").status_code == 401  # another address


def test_a_prefix_guessed_from_many_addresses_is_refused(world):
    for n in range(20):
        assert _me(world, _bad(), remote_addr=f"10.3.0.{n}").status_code == 401
    assert_problem(_me(world, _bad(), remote_addr="10.3.1.1"), 429, "auth.too_many_failed_attempts")
    assert _me(world, _bad("w"), remote_addr="10.3.1.1").status_code == 401  # another prefix
    assert _me(world, world["live"], remote_addr="10.3.1.1").status_code == 200


def test_the_allowlist_believes_forwarded_for_only_from_a_trusted_proxy(world):
    key = admin.create_key(world["store"], world["team"], Mode.LIVE, ["invoice:read"],
                           allowed_ips=["198.51.100.0/24"])["key"]
    assert _me(world, key, remote_addr="127.0.0.1", forwarded_for="198.51.100.5").status_code == 200
    spoofed = _me(world, key, remote_addr="203.0.113.1", forwarded_for="198.51.100.5")
    assert_problem(spoofed, 403, "auth.ip_not_allowed")
    # a client's own X-Forwarded-For, passed on by the front: the front's right-most entry wins
    forged = _me(world, key, remote_addr="127.0.0.1", forwarded_for="198.51.100.5, 203.0.113.1")
    assert_problem(forged, 403, "auth.ip_not_allowed")


def test_failures_behind_the_front_count_per_client(world):
    for _ in range(20):
        _me(world, _bad(), remote_addr="127.0.0.1", forwarded_for="192.0.2.10")
    assert_problem(_me(world, _bad("k"), remote_addr="127.0.0.1", forwarded_for="192.0.2.10"),
                   429, "auth.too_many_failed_attempts")
    assert _me(world, _bad("k"), remote_addr="127.0.0.1", forwarded_for="192.0.2.11").status_code == 401


def test_client_address_walks_past_trusted_proxies_only():
    addresses = ClientAddresses(_trusted_proxies("10.9.0.0/16"))
    assert addresses.of("127.0.0.1", "203.0.113.7") == "203.0.113.7"
    assert addresses.of("127.0.0.1", "203.0.113.7, 10.9.1.1") == "203.0.113.7"  # terminator, then nginx
    assert addresses.of("127.0.0.1", "1.1.1.1, 203.0.113.7, 10.9.1.1") == "203.0.113.7"
    assert addresses.of("192.0.2.1", "203.0.113.7") == "192.0.2.1"  # untrusted peer: header ignored
    assert addresses.of("127.0.0.1", "garbage") == "127.0.0.1"
    assert addresses.of("::1", "2001:db8::1") == "2001:db8::1"
    assert addresses.of("127.0.0.1", None) == "127.0.0.1"


def test_the_loopback_is_trusted_by_default_and_listed_proxies_are_added():
    assert _trusted_proxies("") == LOOPBACK_PROXIES
    assert _trusted_proxies("10.0.0.0/8, 192.0.2.1") == (*LOOPBACK_PROXIES, "10.0.0.0/8", "192.0.2.1/32")
