"""The client's address, as allowlists and throttles see it.

`X-Forwarded-For` is believed only from a trusted proxy (the bundled front on the loopback,
and the addresses of INVOICES_TRUSTED_PROXIES): the list is walked from the right, past
trusted proxies, and the first address that is not one is the client. From any other peer
the header is ignored, so a caller cannot pick the address it is counted under.
"""

import ipaddress
from functools import lru_cache

import falcon

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


class ClientAddresses:
    def __init__(self, trusted: tuple[str, ...]):
        self.trusted: tuple[Network, ...] = tuple(ipaddress.ip_network(n, strict=False) for n in trusted)
        self._is_trusted = lru_cache(maxsize=4096)(self._check)

    def _check(self, address: str) -> bool:
        parsed = _address(address)
        if parsed is None:
            return False
        if getattr(parsed, "ipv4_mapped", None) is not None:
            parsed = parsed.ipv4_mapped
        return any(parsed in net for net in self.trusted)

    def of(self, peer: str | None, forwarded_for: str | None) -> str:
        """The client's address for a request from `peer` carrying this X-Forwarded-For."""
        peer = peer or "unknown"
        if not forwarded_for or not self._is_trusted(peer):
            return peer
        hops = [h.strip() for h in forwarded_for.split(",") if h.strip()]
        client = peer
        for hop in reversed(hops):
            parsed = _address(hop)
            if parsed is None:
                break  # garbage left of here was written by nobody we trust
            client = str(parsed)
            if not self._is_trusted(client):
                break
        return client

    def process_request(self, req: falcon.Request, resp: falcon.Response) -> None:
        req.context.client_address = self.of(req.remote_addr, req.get_header("X-Forwarded-For"))


def client_address(req: falcon.Request) -> str:
    return getattr(req.context, "client_address", None) or req.remote_addr or "unknown"
