"""The SSRF guard (interface.md 2.7, 7.2 webhook.url_*): each rule with its own code."""

import threading
import time

import pytest

from core import errors
from core.webhooks.urls import UrlGuard, bounded

DNS = {
    "hooks.example.com": ["93.184.215.14"],
    "v6.example.com": ["2606:4700::1111"],
    "private.example.com": ["10.1.2.3"],
    "mixed.example.com": ["93.184.215.14", "192.168.0.7"],
    "loop.example.com": ["127.0.0.1"],
    "cgnat.example.com": ["100.64.0.9"],
    "linklocal.example.com": ["169.254.169.254"],
    "multicast.example.com": ["224.0.0.251"],
    "reserved.example.com": ["240.0.0.1"],
    "mapped.example.com": ["::ffff:93.184.215.14"],
    "nat64.example.com": ["64:ff9b::a00:1"],
    "ula.example.com": ["fd00::1"],
    "unspecified.example.com": ["0.0.0.0"],
}


def _resolve(host: str, port: int) -> list[str]:
    return DNS.get(host, [])


STRICT = UrlGuard(resolver=_resolve)
LOOPBACK = UrlGuard(allow_loopback=True, resolver=_resolve)


def _code(guard: UrlGuard, url: str) -> str:
    try:
        guard.admit(url)
    except errors.ServiceError as exc:
        return exc.code
    return "ok"


@pytest.mark.parametrize(
    "url, code",
    [
        ("https://hooks.example.com/in?x=1", "ok"),
        ("https://hooks.example.com:443/in", "ok"),
        ("https://v6.example.com/", "ok"),
        ("https://bücher.de/hook", "ok"),  # IDN, checked in its ASCII form
        ("https://not-yet-there.example.com/", "ok"),  # does not resolve yet: checked again at every attempt
        ("http://hooks.example.com/", "webhook.url_not_https"),
        ("ftp://hooks.example.com/", "webhook.url_not_https"),
        ("hooks.example.com/in", "webhook.url_not_https"),
        ("https://hooks.example.com/" + "a" * 2030, "webhook.url_too_long"),
        ("https://hooks.example.com:8443/", "webhook.url_port_not_allowed"),
        ("https://hooks.example.com:80/", "webhook.url_port_not_allowed"),
        ("https://93.184.215.14/", "webhook.url_invalid_hostname"),
        ("https://[2606:4700::1111]/", "webhook.url_invalid_hostname"),
        ("https://127.0.0.1/", "webhook.url_invalid_hostname"),
        ("https://2130706433/", "webhook.url_invalid_hostname"),  # 127.0.0.1 as one number
        ("https://0x7f.0.0.1/", "webhook.url_invalid_hostname"),
        ("https://localhost/", "webhook.url_invalid_hostname"),
        ("https://intranet/", "webhook.url_invalid_hostname"),
        ("https://metadata.internal/", "webhook.url_invalid_hostname"),
        ("https://printer.local/", "webhook.url_invalid_hostname"),
        ("https://app.localhost/", "webhook.url_invalid_hostname"),
        ("https://hooks.example.nosuchtld/", "webhook.url_invalid_hostname"),
        ("https://co.uk/", "webhook.url_invalid_hostname"),  # a public suffix itself
        ("https://under_score.example.com/", "webhook.url_invalid_hostname"),
        ("https:///path-only", "webhook.url_invalid_hostname"),
        ("https://private.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://mixed.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://loop.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://cgnat.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://linklocal.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://multicast.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://reserved.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://mapped.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://nat64.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://ula.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://unspecified.example.com/", "webhook.url_resolves_to_private_ip"),
        ("https://user:pw@hooks.example.com/", "validation.invalid_body"),
    ],
)
def test_each_rule_has_its_code(url, code):
    assert _code(STRICT, url) == code


@pytest.mark.parametrize(
    "url", ["https://localhost:8443/hook", "https://127.0.0.1:9000/", "https://[::1]:9000/", "https://loop.example.com/"]
)
def test_loopback_needs_the_development_setting(url):
    assert _code(STRICT, url) != "ok"
    assert _code(LOOPBACK, url) == "ok"


@pytest.mark.parametrize(
    "url, code",
    [
        ("http://localhost:8443/", "webhook.url_not_https"),  # still https
        ("https://private.example.com/", "webhook.url_resolves_to_private_ip"),  # other private ranges stay closed
        ("https://hooks.example.com:70000/", "webhook.url_port_not_allowed"),
        ("https://10.0.0.1/", "webhook.url_invalid_hostname"),
    ],
)
def test_loopback_setting_opens_nothing_else(url, code):
    assert _code(LOOPBACK, url) == code


def test_a_name_is_judged_by_what_it_resolves_to_now():
    # a name that passed when it was saved is refused once its DNS answer turns private
    answers = {"hooks.example.com": ["93.184.215.14"]}
    guard = UrlGuard(resolver=lambda host, port: answers[host])
    target = guard.admit("https://hooks.example.com/")
    answers["hooks.example.com"] = ["127.0.0.1"]
    with pytest.raises(errors.WebhookUrlResolvesToPrivateIp):
        guard.resolve(target)


def test_a_lookup_that_hangs_is_given_up_and_the_name_accepted_as_unresolved():
    # a dead name server must not hold a save (or an attempt) for the resolver's own retries
    release = threading.Event()

    def hanging(host: str, port: int) -> list[str]:
        release.wait(30)
        return ["93.184.215.14"]

    guard = UrlGuard(resolver=bounded(hanging, timeout_s=0.2))
    started = time.monotonic()
    target = guard.admit("https://hooks.example.com/")
    assert time.monotonic() - started < 2
    assert guard.resolve(target) == []  # an attempt would fail as "does not resolve" and retry
    release.set()


def test_lookups_past_the_slots_are_refused_without_a_thread():
    release = threading.Event()
    calls = []

    def hanging(host: str, port: int) -> list[str]:
        calls.append(host)
        release.wait(30)
        return ["93.184.215.14"]

    resolve = bounded(hanging, timeout_s=0.05, slots=2)
    assert resolve("a.example.com", 443) == [] and resolve("b.example.com", 443) == []
    assert resolve("c.example.com", 443) == []
    assert calls == ["a.example.com", "b.example.com"]
    release.set()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:  # the slots come back once the hung lookups return
        if resolve("d.example.com", 443) == ["93.184.215.14"]:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the slots never came back")


def test_an_answer_within_the_bound_is_returned_as_is():
    resolve = bounded(lambda host, port: ["93.184.215.14", "2606:4700::1111"], timeout_s=1)
    assert resolve("hooks.example.com", 443) == ["93.184.215.14", "2606:4700::1111"]
