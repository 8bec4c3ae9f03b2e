"""Operator actions behind `invoices admin ...`: teams, keys, clients, credits."""

import secrets
from datetime import datetime

import sqlalchemy as sa

from core import errors, ids, text
from core.access import access, keys
from core.access import scopes as scope_names
from core.access.auth import Principal, ip_allowed
from core.billing import credits
from core.clock import iso_ms, utcnow
from core.jobs.records import AWAITING_CREDITS, CANCELLED
from core.modes import Mode
from core.store.db import Store
from core.store.scoping import in_mode
from core.store.tables import api_keys, clients, jobs, teams


class AdminError(ValueError):
    """An operator command that cannot be carried out, with the reason."""


def _name(name: str) -> str:
    """Team and client names refuse control and bidirectional-override characters (core/text.py)."""
    if not text.is_safe(name):
        raise AdminError("the name holds a control or bidirectional-override character")
    return name


def teams_named(conn: sa.Connection, name: str) -> list[str]:
    """Ids of the teams already called `name` (compared without regard to case or outer spaces)."""
    wanted = name.strip().casefold()
    rows = conn.execute(sa.select(teams.c.id, teams.c.name).order_by(teams.c.created_at, teams.c.id))
    return [row.id for row in rows if row.name.strip().casefold() == wanted]


def create_team(store: Store, name: str) -> dict:
    """A new team. A name already taken is allowed (two companies may share one) but comes
    back with a `warning` naming the teams that have it, so a repeated command is noticed."""
    _name(name)
    team_id = ids.new_team_id()
    with store.write() as conn:
        same = teams_named(conn, name)
        conn.execute(teams.insert().values(id=team_id, name=name, created_at=utcnow()))
        credits.open_total(conn, team_id)
    created = {"teamId": team_id, "name": name}
    if same:
        created["warning"] = f"a team named {name!r} already exists: {', '.join(same)}"
    return created


def _team(conn: sa.Connection, team_id: str) -> dict:
    row = conn.execute(sa.select(teams).where(teams.c.id == team_id)).mappings().first()
    if row is None:
        raise AdminError(f"no team {team_id}")
    return dict(row)


def create_key(
    store: Store,
    team_id: str,
    mode: Mode,
    scopes: list[str],
    client_id: str | None = None,
    expires_at: datetime | None = None,
    allowed_ips: list[str] | None = None,
) -> dict:
    unknown = sorted(set(scopes) - set(scope_names.ALL))
    if unknown or not scopes:
        raise AdminError(f"unknown scopes {unknown}; choose from {', '.join(scope_names.ALL)}")
    for cidr in allowed_ips or []:
        ip_allowed("127.0.0.1", [cidr])  # raises ValueError on a malformed CIDR
    raw = keys.generate_key(mode)
    key_id = "key_" + secrets.token_hex(8)
    with store.write() as conn:
        _team(conn, team_id)
        if client_id is not None:
            client = conn.execute(sa.select(clients).where(clients.c.id == client_id)).mappings().first()
            if client is None or client["team_id"] != team_id:
                raise AdminError(f"no client {client_id} in team {team_id}")
            if client["mode"] != mode.value:
                raise AdminError(f"client {client_id} is a {client['mode']} client; the key is {mode.value}")
        conn.execute(
            api_keys.insert().values(
                id=key_id, team_id=team_id, mode=mode.value, prefix=keys.key_prefix(raw),
                secret_hash=keys.hash_key(raw), scopes=sorted(set(scopes)), client_id=client_id,
                allowed_ips=list(allowed_ips or []), expires_at=expires_at, created_at=utcnow(),
            )
        )
    return {
        "keyId": key_id, "key": raw, "prefix": keys.key_prefix(raw), "teamId": team_id,
        "mode": mode.value, "scopes": sorted(set(scopes)), "clientId": client_id,
        "expiresAt": iso_ms(expires_at), "allowedIps": list(allowed_ips or []),
    }


def team_keys(store: Store, team_id: str, mode: Mode) -> list[dict]:
    """The team's keys of a mode, newest first, as the dashboard lists them (never the secret)."""
    with store.read() as conn:
        rows = conn.execute(
            sa.select(api_keys).where(in_mode(api_keys, team_id, mode)).order_by(api_keys.c.created_at.desc())
        ).mappings().all()
    return [{
        "keyId": r["id"], "prefix": r["prefix"], "mode": r["mode"], "scopes": list(r["scopes"]),
        "clientId": r["client_id"], "status": r["status"], "expiresAt": iso_ms(r["expires_at"]),
        "createdAt": iso_ms(r["created_at"]), "lastUsedAt": iso_ms(r["last_used_at"]),
    } for r in rows]


def set_key_status(store: Store, key_id: str, status: str, principal: Principal | None = None) -> dict:
    """With a team member's `principal` (the dashboard) only a key of its team and mode is found."""
    with store.write() as conn:
        query = sa.select(api_keys.c.status).where(api_keys.c.id == key_id)
        if principal is not None:
            query = query.where(in_mode(api_keys, principal.team_id, principal.mode))
        row = conn.execute(query).first()
        if row is None:
            raise errors.NotFound(f"No API key {key_id} for this team.") if principal else AdminError(f"no key {key_id}")
        if row.status == "revoked" and status != "revoked":
            raise AdminError(f"key {key_id} is revoked; revocation is final")
        conn.execute(api_keys.update().where(api_keys.c.id == key_id).values(status=status))
    access.changed()  # every worker drops its remembered keys before this returns
    return {"keyId": key_id, "status": status}


def create_client(
    store: Store, team_id: str, mode: Mode, name: str,
    company_code: str | None = None, vat_code: str | None = None,
) -> dict:
    _name(name)
    client_id = ids.new_client_id(mode)
    with store.write() as conn:
        _team(conn, team_id)
        conn.execute(
            clients.insert().values(
                id=client_id, team_id=team_id, mode=mode.value, name=name,
                company_code=company_code, vat_code=vat_code, created_at=utcnow(),
            )
        )
    return {"clientId": client_id, "teamId": team_id, "mode": mode.value, "name": name,
            "companyCode": company_code, "vatCode": vat_code}


def grant_credits(store: Store, team_id: str, amount: int, note: str | None = None) -> dict:
    if amount <= 0:
        raise AdminError("amount must be a positive number of credits")
    with store.write() as conn:
        _team(conn, team_id)
        credits.grant(conn, team_id, amount, note)
        balance = credits.balance(conn, team_id)
    return {"teamId": team_id, "granted": amount, **balance}



TEAM_STATES = {
    # state name: (column, value when set, value when cleared)
    "billing_suspended": ("billing_suspended", True, False),
    "api_access_disabled": ("api_access", False, True),
    "team_suspended": ("status", "suspended", "active"),
}


def set_team_state(store: Store, team_id: str, state: str, on: bool) -> dict:
    """Set or clear billing.suspended, plan.api_access_disabled or auth.team_suspended."""
    if state not in TEAM_STATES:
        raise AdminError(f"unknown state {state}; choose from {', '.join(TEAM_STATES)}")
    column, when_set, when_cleared = TEAM_STATES[state]
    with store.write() as conn:
        _team(conn, team_id)
        conn.execute(teams.update().where(teams.c.id == team_id).values({column: when_set if on else when_cleared}))
        row = _team(conn, team_id)
    access.changed()
    return {
        "teamId": team_id,
        "billingSuspended": bool(row["billing_suspended"]),
        "apiAccessDisabled": not row["api_access"],
        "teamSuspended": row["status"] == "suspended",
    }


OPERATOR_CANCEL = "Cancelled by an operator while awaiting credits."
MEMBER_CANCEL = "Cancelled from the dashboard while awaiting credits."


def cancel_parked_job(store: Store, job_id: str, principal: Principal | None = None) -> dict:
    """Cancel a job parked for credits: terminal `cancelled`; it held nothing, so nothing is released.

    An operator may cancel any job. With a team member's `principal` (the dashboard) only a
    job of that team and mode is found, and a refusal is the API's error (404
    job.not_found, 409 http.conflict) rather than an operator's message.
    """
    with store.write() as conn:
        query = sa.select(jobs.c.status).where(jobs.c.id == job_id)
        if principal is not None:
            query = query.where(in_mode(jobs, principal.team_id, principal.mode))
        row = conn.execute(query).first()
        if row is None:
            raise errors.JobNotFound(f"No job {job_id} for this team.") if principal else AdminError(f"no job {job_id}")
        if row.status != AWAITING_CREDITS:
            message = f"job {job_id} is {row.status}; only jobs awaiting credits can be cancelled"
            raise errors.Conflict(message) if principal else AdminError(message)
        now = utcnow()
        conn.execute(
            jobs.update().where(jobs.c.id == job_id).values(
                status=CANCELLED, error_message=MEMBER_CANCEL if principal else OPERATOR_CANCEL,
                updated_at=now, finished_at=now,
            )
        )
    return {"jobId": job_id, "status": CANCELLED}
