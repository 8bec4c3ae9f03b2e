"""Authentication and authorization of an API key (interface.md section 5).

Transport-free: the API passes the raw bearer token and the caller's address; the answer
is a `Principal` or one of the auth errors of section 7.2.
"""

import ipaddress
import time
from dataclasses import dataclass

import sqlalchemy as sa

from core import errors
from core.access import keys
from core.clock import as_utc, utcnow
from core.modes import Mode
from core.billing.plans import DEFAULT_PLAN, FIELDS as PLAN_FIELDS, Plan, plan_of
from core.store.db import Store
from core.store.tables import api_keys, team_plans, teams


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
    plan: Plan = DEFAULT_PLAN

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


def authenticate(store: Store, raw_key: str | None, remote_ip: str, default_plan: Plan = DEFAULT_PLAN) -> Principal:
    if not raw_key:
        raise errors.MissingCredentials("Send Authorization: Bearer <API_KEY>.")
    if not keys.is_well_formed(raw_key):
        raise errors.InvalidKey("The API key is malformed.")
    with store.read() as conn:
        row = conn.execute(
            sa.select(api_keys, teams.c.name.label("team_name"), teams.c.status.label("team_status"),
                      teams.c.billing_suspended, teams.c.api_access, team_plans.c.team_id.label("has_plan"),
                      *(team_plans.c[name] for name in PLAN_FIELDS))
            .join(teams, teams.c.id == api_keys.c.team_id)
            .outerjoin(team_plans, team_plans.c.team_id == api_keys.c.team_id)
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
        plan=plan_of(row if row["has_plan"] else None, default_plan),
    )


class PrincipalCache:
    """Valid keys remembered for `ttl_s` per process, so a burst of reads from one key costs
    one store lookup per second, not one per request.

    A remembered key is used only while the access generation (core/access/access.py) is the one
    read before it was looked up: revoking or suspending a key, suspending a team or its
    billing, switching its API access or changing its plan increments the generation before
    the command returns, so every worker looks the key up again on its very next request.
    Without a reachable counter store (`generation` None or unreadable) the TTL alone bounds
    how long a change takes. Only successes are cached: a wrong key is looked up (and
    counted as a failure) every time. The key's `last_used_at` is written on a lookup at
    most once per `LAST_USED_EVERY_S`, so reads never queue for the write lock.
    """

    LAST_USED_EVERY_S = 60.0

    def __init__(self, store: Store, ttl_s: float = 1.0, max_entries: int = 10_000, generation=None):
        self.store, self.ttl_s, self.max_entries, self.generation = store, ttl_s, max_entries, generation
        self._entries: dict[tuple[str, str], tuple[float, int | None, Principal]] = {}
        self._last_used: dict[str, float] = {}

    def current_generation(self) -> int | None:
        """Read once per request, before the cache or the store is asked."""
        if self.ttl_s <= 0 or self.generation is None:
            return None
        return self.generation.current()

    def get(self, raw_key: str, remote_ip: str, generation: int | None = None) -> Principal | None:
        if self.ttl_s <= 0:
            return None
        entry = self._entries.get((raw_key, remote_ip))
        if entry is None or time.monotonic() - entry[0] > self.ttl_s:
            return None
        if generation is not None and entry[1] != generation:
            return None
        return entry[2]

    def put(self, raw_key: str, remote_ip: str, principal: Principal, generation: int | None = None) -> None:
        now = time.monotonic()
        if len(self._entries) >= self.max_entries:
            self._entries.clear()
        self._entries[(raw_key, remote_ip)] = (now, generation, principal)
        if now - self._last_used.get(principal.key_id, float("-inf")) >= self.LAST_USED_EVERY_S:
            self._last_used[principal.key_id] = now
            self._touch(principal.key_id)

    def _touch(self, key_id: str) -> None:
        try:
            with self.store.write() as conn:
                conn.execute(api_keys.update().where(api_keys.c.id == key_id).values(last_used_at=utcnow()))
        except sa.exc.DBAPIError:  # a busy store must not fail a read; next minute will do
            pass
