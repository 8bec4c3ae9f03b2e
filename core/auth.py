"""Authentication and authorization of an API key (interface.md section 5).

Transport-free: the API passes the raw bearer token and the caller's address; the answer
is a `Principal` or one of the auth errors of section 7.2.
"""

import ipaddress
from dataclasses import dataclass

import sqlalchemy as sa

from core import errors, keys
from core.clock import as_utc, utcnow
from core.modes import Mode
from core.store.db import Store
from core.store.tables import api_keys, teams


@dataclass(frozen=True)
class Principal:
    key_id: str
    key_prefix: str
    team_id: str
    team_name: str
    mode: Mode
    scopes: frozenset[str]
    client_id: str | None
    billing_suspended: bool

    def require(self, scope: str) -> None:
        if scope not in self.scopes:
            raise errors.InsufficientScope(f"This operation needs the scope {scope}.")


def ip_allowed(ip: str, allowlist: list[str]) -> bool:
    if not allowlist:
        return True
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return any(addr in ipaddress.ip_network(cidr, strict=False) for cidr in allowlist)


def authenticate(store: Store, raw_key: str | None, remote_ip: str) -> Principal:
    if not raw_key:
        raise errors.MissingCredentials("Send Authorization: Bearer <API_KEY>.")
    if not keys.is_well_formed(raw_key):
        raise errors.InvalidKey("The API key is malformed.")
    with store.read() as conn:
        row = conn.execute(
            sa.select(api_keys, teams.c.name.label("team_name"), teams.c.status.label("team_status"),
                      teams.c.billing_suspended, teams.c.api_access)
            .join(teams, teams.c.id == api_keys.c.team_id)
            .where(api_keys.c.secret_hash == keys.hash_key(raw_key))
        ).mappings().first()
    if row is None or row["mode"] != keys.mode_of_key(raw_key).value:
        raise errors.InvalidKey("The API key is not known.")
    if row["status"] == "revoked":
        raise errors.KeyRevoked("The API key was revoked.")
    if row["expires_at"] is not None and as_utc(row["expires_at"]) <= utcnow():
        raise errors.KeyExpired("The API key expired.")
    if row["team_status"] == "suspended":
        raise errors.TeamSuspended("The team is suspended; all its keys are rejected.")
    if row["status"] == "suspended":
        raise errors.KeySuspended("The API key is suspended by an operator.")
    if not ip_allowed(remote_ip, row["allowed_ips"] or []):
        raise errors.IpNotAllowed(f"Requests from {remote_ip} are not allowed for this key.")
    if not row["api_access"]:
        raise errors.ApiAccessDisabled("The team's plan does not include API access.")
    return Principal(
        key_id=row["id"],
        key_prefix=row["prefix"],
        team_id=row["team_id"],
        team_name=row["team_name"],
        mode=Mode(row["mode"]),
        scopes=frozenset(row["scopes"]),
        client_id=row["client_id"],
        billing_suspended=bool(row["billing_suspended"]),
    )
