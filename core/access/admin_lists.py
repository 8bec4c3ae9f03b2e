"""What `invoices admin ... list|show|balance` prints: what the operator commands made.

Read-only views of teams, API keys, clients, dashboard members and credit balances. A key
is shown by its id and prefix, never its secret or the secret's hash; a member by email and
role, never the password hash.
"""

import sqlalchemy as sa

from core.access.admin import AdminError
from core.billing import credits
from core.clock import iso_ms
from core.modes import Mode
from core.store.db import Store
from core.store.tables import api_keys, clients, teams, users


def _team_dto(row) -> dict:
    return {
        "teamId": row["id"], "name": row["name"], "status": row["status"],
        "billingSuspended": bool(row["billing_suspended"]), "apiAccessDisabled": not row["api_access"],
        "createdAt": iso_ms(row["created_at"]),
    }


def _key_dto(row) -> dict:
    return {
        "keyId": row["id"], "teamId": row["team_id"], "mode": row["mode"], "prefix": row["prefix"],
        "scopes": list(row["scopes"]), "clientId": row["client_id"], "allowedIps": list(row["allowed_ips"]),
        "status": row["status"], "expiresAt": iso_ms(row["expires_at"]), "createdAt": iso_ms(row["created_at"]),
        "lastUsedAt": iso_ms(row["last_used_at"]),
    }


def _client_dto(row) -> dict:
    return {
        "clientId": row["id"], "teamId": row["team_id"], "mode": row["mode"], "name": row["name"],
        "companyCode": row["company_code"], "vatCode": row["vat_code"], "createdAt": iso_ms(row["created_at"]),
    }


def _user_dto(row) -> dict:
    return {
        "userId": row["id"], "teamId": row["team_id"], "email": row["email"], "role": row["role"],
        "passwordSet": row["password_hash"] is not None, "createdAt": iso_ms(row["created_at"]),
        "lastLoginAt": iso_ms(row["last_login_at"]),
    }


def _require_team(conn: sa.Connection, team_id: str | None) -> None:
    if team_id is not None and conn.execute(sa.select(teams.c.id).where(teams.c.id == team_id)).first() is None:
        raise AdminError(f"no team {team_id}")


def _filtered(query, table: sa.Table, team_id: str | None, mode: Mode | None):
    if team_id is not None:
        query = query.where(table.c.team_id == team_id)
    if mode is not None:
        query = query.where(table.c.mode == mode.value)
    return query


def list_teams(store: Store) -> dict:
    with store.read() as conn:
        rows = conn.execute(sa.select(teams).order_by(teams.c.created_at, teams.c.id)).mappings().all()
    return {"teams": [_team_dto(r) for r in rows]}


def _count(conn: sa.Connection, table: sa.Table, team_id: str, mode: Mode | None = None) -> int:
    query = sa.select(sa.func.count()).select_from(table).where(table.c.team_id == team_id)
    if mode is not None:
        query = query.where(table.c.mode == mode.value)
    return conn.execute(query).scalar_one()


def show_team(store: Store, team_id: str) -> dict:
    """One team with its credits and how many keys, clients and members it has."""
    with store.read() as conn:
        row = conn.execute(sa.select(teams).where(teams.c.id == team_id)).mappings().first()
        if row is None:
            raise AdminError(f"no team {team_id}")
        active_keys = conn.execute(
            sa.select(api_keys.c.mode, sa.func.count()).where(api_keys.c.team_id == team_id, api_keys.c.status == "active")
            .group_by(api_keys.c.mode)
        ).all()
        active = dict(active_keys)
        return {
            **_team_dto(row),
            "credits": credits.summary(conn, team_id),
            "keys": {mode.value: {"total": _count(conn, api_keys, team_id, mode), "active": active.get(mode.value, 0)}
                     for mode in Mode},
            "clients": {mode.value: _count(conn, clients, team_id, mode) for mode in Mode},
            "users": _count(conn, users, team_id),
        }


def list_keys(store: Store, team_id: str | None = None, mode: Mode | None = None, status: str | None = None) -> dict:
    query = _filtered(sa.select(api_keys), api_keys, team_id, mode)
    if status is not None:
        query = query.where(api_keys.c.status == status)
    with store.read() as conn:
        _require_team(conn, team_id)
        rows = conn.execute(query.order_by(api_keys.c.team_id, api_keys.c.created_at, api_keys.c.id)).mappings().all()
    return {"keys": [_key_dto(r) for r in rows]}


def list_clients(store: Store, team_id: str | None = None, mode: Mode | None = None) -> dict:
    query = _filtered(sa.select(clients), clients, team_id, mode)
    with store.read() as conn:
        _require_team(conn, team_id)
        rows = conn.execute(query.order_by(clients.c.team_id, clients.c.created_at, clients.c.id)).mappings().all()
    return {"clients": [_client_dto(r) for r in rows]}


def list_users(store: Store, team_id: str | None = None) -> dict:
    query = _filtered(sa.select(users), users, team_id, None)
    with store.read() as conn:
        _require_team(conn, team_id)
        rows = conn.execute(query.order_by(users.c.team_id, users.c.email)).mappings().all()
    return {"users": [_user_dto(r) for r in rows]}


def credit_balance(store: Store, team_id: str) -> dict:
    """A team's credits: granted minus charged (`balance`), held by jobs in progress, available,
    live jobs parked for want of credits, and the last grant."""
    with store.read() as conn:
        _require_team(conn, team_id)
        return {"teamId": team_id, **credits.summary(conn, team_id)}


def credit_balances(store: Store) -> dict:
    with store.read() as conn:
        rows = conn.execute(sa.select(teams.c.id, teams.c.name).order_by(teams.c.created_at, teams.c.id)).all()
        return {"balances": [{"teamId": r.id, "name": r.name, **credits.summary(conn, r.id)} for r in rows]}
