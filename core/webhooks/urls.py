"""The SSRF guard of webhook URLs (interface.md 2.7, 7.2 `webhook.url_*`, 8).

A partner names the URL and our dispatcher connects to it from inside our network, so the
URL must lead to the public internet and nowhere else: https on port 443, a DNS name under
a known public suffix (no IP literal, no single label, no `.internal`/`.local`), and a name
whose every address is public. The same checks run when the endpoint is saved and again
before every attempt (DNS answers change); the attempt then connects to the address that
passed, never resolving the name a second time. A name that does not resolve yet is
accepted when saved: its attempts fail until it does.

The system's resolver has no timeout of its own (a dead name server holds `getaddrinfo`
for its retries, tens of seconds), so every lookup is bounded: an answer that does not come
within `DNS_TIMEOUT_S` counts as "does not resolve (yet)", and a save or an attempt never
waits on DNS longer than that.

`allow_loopback` (INVOICES_WEBHOOK_ALLOW_LOOPBACK, development and tests only) lets
`localhost` and loopback addresses through, and any port; every other rule still holds.
"""

import ipaddress
import re
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import httpx
from publicsuffixlist import PublicSuffixList

from core import errors, limits

MAX_URL_LENGTH = limits.WEBHOOK_URL_CHARS
HTTPS_PORT = 443
# Special-use names (RFC 6761, 6762, 7686, ICANN's .internal) that never reach the internet.
_PRIVATE_SUFFIXES = ("internal", "local", "localhost", "onion", "arpa", "alt", "test", "example", "invalid", "home")
_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")
_CGNAT = ipaddress.ip_network("100.64.0.0/10")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_6TO4 = ipaddress.ip_network("2002::/16")

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], list[str]]


@dataclass(frozen=True)
class Target:
    """A URL that passed the static rules, split the way the HTTP client needs it."""

    url: str
    host: str  # lower-case ASCII (IDNA), IPv6 without brackets
    port: int
    target: bytes  # path and query, as sent on the request line

    @property
    def is_ip(self) -> bool:
        return _ip(self.host) is not None


def getaddrinfo_resolver(host: str, port: int) -> list[str]:
    """Every address of `host`, in the resolver's order; [] when the name does not resolve."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, OSError):
        return []
    return list(dict.fromkeys(info[4][0].split("%", 1)[0] for info in infos))


def bounded(lookup: Resolver, timeout_s: float, slots: int = 16) -> Resolver:
    """`lookup` run on a daemon thread and given up after `timeout_s` ([], as for a name that
    does not resolve). A lookup given up on keeps its thread until the system's resolver
    returns; at most `slots` such threads at once, past which a lookup is refused at once
    ([]) rather than piling up threads behind a dead name server."""
    in_flight = threading.BoundedSemaphore(slots)

    def resolve(host: str, port: int) -> list[str]:
        if not in_flight.acquire(blocking=False):
            return []
        answer: list[list[str]] = []
        done = threading.Event()

        def run() -> None:
            try:
                answer.append(lookup(host, port))
            finally:
                in_flight.release()
                done.set()

        threading.Thread(target=run, name=f"dns {host}", daemon=True).start()
        return answer[0] if done.wait(timeout_s) and answer else []

    return resolve


DNS_TIMEOUT_S = 2.0
system_resolver = bounded(getaddrinfo_resolver, DNS_TIMEOUT_S)


@cache
def _public_suffixes() -> PublicSuffixList:
    return PublicSuffixList(accept_unknown=False)


def _ip(host: str) -> Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def is_loopback(address: Address) -> bool:
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


def is_public(address: Address) -> bool:
    """Routable on the public internet: not private, loopback, link-local, CGNAT (100.64/10),
    multicast, reserved or unspecified, and no IPv6 form that embeds an IPv4 address
    (IPv4-mapped, NAT64, 6to4) unless that address is public too."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return False
        if address in _NAT64 or address in _6TO4:
            packed = address.packed[12:] if address in _NAT64 else address.packed[2:6]
            return is_public(ipaddress.IPv4Address(packed))
    if address.is_multicast or address.is_reserved or address.is_unspecified or address.is_link_local:
        return False
    if isinstance(address, ipaddress.IPv4Address) and address in _CGNAT:
        return False
    return address.is_global and not address.is_private and not address.is_loopback


class UrlGuard:
    """The rules above, with the DNS resolver passed in (tests give a table of answers)."""

    def __init__(self, allow_loopback: bool = False, resolver: Resolver = system_resolver):
        self.allow_loopback = allow_loopback
        self.resolver = resolver

    def check(self, url: str) -> Target:
        """The static rules (no DNS): scheme, length, host name, port."""
        if len(url) > MAX_URL_LENGTH:
            raise errors.WebhookUrlTooLong(f"The URL has {len(url)} characters; at most {MAX_URL_LENGTH} are allowed.")
        if url.split(":", 1)[0].strip().lower() != "https":
            raise errors.WebhookUrlNotHttps("Webhook URLs must use https.")
        parsed = _parse(url)
        host = parsed.raw_host.decode("ascii").rstrip(".")
        self._check_host(host)
        port = HTTPS_PORT if parsed.port is None else parsed.port  # httpx drops an explicit :443
        if port != HTTPS_PORT and not (self.allow_loopback and 0 < port < 65536):
            raise errors.WebhookUrlPortNotAllowed(f"Port {port} is not allowed; webhook URLs use port 443.")
        return Target(url=url, host=host, port=port, target=parsed.raw_path)

    def resolve(self, target: Target) -> list[str]:
        """The addresses to connect to; [] when the name does not resolve (yet). Refuses the
        whole name when any of its addresses is not public: an attacker who controls a
        zone could otherwise mix one private address among public ones."""
        if target.is_ip:
            return [target.host]
        addresses = self.resolver(target.host, target.port)
        for raw in addresses:
            address = _ip(raw)
            if address is None or not self._admitted(address):
                raise errors.WebhookUrlResolvesToPrivateIp(
                    f"{target.host} resolves to {raw}, which is not a public address."
                )
        return addresses

    def admit(self, url: str) -> Target:
        """Both checks, as done when an endpoint is saved."""
        target = self.check(url)
        self.resolve(target)
        return target

    def _admitted(self, address: Address) -> bool:
        return is_public(address) or (self.allow_loopback and is_loopback(address))

    def _names_loopback(self, host: str) -> bool:
        address = _ip(host)
        return host == "localhost" or (address is not None and is_loopback(address))

    def _check_host(self, host: str) -> None:
        if self.allow_loopback and self._names_loopback(host):
            return
        if _ip(host) is not None:
            raise errors.WebhookUrlInvalidHostname("Webhook URLs must name a host, not an IP address.")
        labels = host.split(".")
        if len(labels) < 2 or len(host) > 253 or not all(_LABEL.match(label) for label in labels):
            raise errors.WebhookUrlInvalidHostname(f"{host!r} is not a valid public DNS name.")
        if labels[-1] in _PRIVATE_SUFFIXES or labels[-1].isdigit() or labels[-1].startswith("0x"):
            raise errors.WebhookUrlInvalidHostname(f"{host!r} is a private or special-use name.")
        if _public_suffixes().privatesuffix(host) is None:
            raise errors.WebhookUrlInvalidHostname(f"{host!r} is not under a known public suffix.")


def _parse(url: str) -> httpx.URL:
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, UnicodeError, ValueError) as exc:
        raise errors.WebhookUrlInvalidHostname(f"The URL cannot be parsed: {exc}.") from exc
    if not parsed.raw_host:
        raise errors.WebhookUrlInvalidHostname("The URL names no host.")
    if parsed.userinfo:
        raise errors.InvalidBody(
            "Credentials in the URL are not allowed; verify requests with the signing secret.",
            errors=[errors.field_error("url", "validation.invalid_format")],
        )
    return parsed
