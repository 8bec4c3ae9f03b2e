"""Clients of a team (interface.md 2.6): which one an upload targets (X-Client-Id,
client-scoped keys; 5.5, 5.7), the list partners read, and references to them in bodies."""

import re
from dataclasses import dataclass

import sqlalchemy as sa

from core import errors, pagination
from core.access.auth import Principal
from core.clock import iso_ms
from core.modes import Mode
from core.store.db import Store
from core.store.scoping import bound_scope, in_bound_mode, in_mode
from core.store.tables import clients

_CLIENT_ID_RE = re.compile(r"^cl_(live|test)_[0-9a-z]{26}$")


_CLIENT_SCOPE = sa.select(clients.c.team_id, clients.c.mode).where(clients.c.id == sa.bindparam("client_id"))
# A client's team and mode never change and clients are never deleted, so each process
# remembers those it found; uploads naming one then read nothing from the store.
_KNOWN_SCOPES: dict[str, tuple[str, str]] = {}
_KNOWN_SCOPES_MAX = 10_000


def resolve_client(store: Store, principal: Principal, header_value: str | None) -> str | None:
    """The client an upload is for: the one X-Client-Id names (of the key's team and mode,
    and the key's own if it is client-scoped), else the key's. The store is read only for a
    client this process has not met yet: a read transaction per upload was a measurable
    share of the API's CPU."""
    requested = (header_value or "").strip() or None
    if requested is None:
        client_id = principal.client_id
    else:
        if principal.client_id is not None and requested != principal.client_id:
            raise errors.ClientScopeMismatch(f"This key is scoped to client {principal.client_id}.")
        if not _CLIENT_ID_RE.match(requested):
            raise errors.InvalidBody(
                "X-Client-Id is not a client id.",
                errors=[errors.field_error("X-Client-Id", "validation.invalid_public_id")],
            )
        team_id, mode = _scope_of(store, requested)
        if team_id != principal.team_id:
            raise errors.ClientNotInTeam(f"Client {requested} belongs to another team.")
        if mode != principal.mode.value:
            raise errors.ClientModeMismatch(
                f"Client {requested} is a {mode} client; this is a {principal.mode.value} key."
            )
        client_id = requested
    if client_id is None and principal.mode is Mode.TEST:
        raise errors.InvalidBody(
            "A test-mode upload needs a client: send X-Client-Id or use a client-scoped key.",
            errors=[errors.field_error("X-Client-Id", "validation.client_required_in_test_mode")],
        )
    return client_id


def _scope_of(store: Store, client_id: str) -> tuple[str, str]:
    """(team id, mode) of an existing client, else ClientNotFound."""
    known = _KNOWN_SCOPES.get(client_id)
    if known is not None:
        return known
    with store.read() as conn:
        row = conn.execute(_CLIENT_SCOPE, {"client_id": client_id}).first()
    if row is None:
        raise errors.ClientNotFound(f"No client {client_id}.")
    if len(_KNOWN_SCOPES) >= _KNOWN_SCOPES_MAX:
        _KNOWN_SCOPES.clear()
    _KNOWN_SCOPES[client_id] = (row.team_id, row.mode)
    return row.team_id, row.mode


@dataclass(frozen=True)
class ClientRef:
    """A client as the assignment rules and the VAT tables see it."""

    id: str
    name: str
    company_code: str | None
    vat_code: str | None


def _ref(row) -> ClientRef:
    return ClientRef(row.id, row.name, row.company_code, row.vat_code)


# Built once: the pipeline reads them for every invoice it completes.
_TEAM_CLIENTS = sa.select(clients).where(in_bound_mode(clients)).order_by(clients.c.id)
_ONE_CLIENT = sa.select(clients).where(clients.c.id == sa.bindparam("client_id"))


def team_clients(conn: sa.Connection, team_id: str, mode: Mode) -> list[ClientRef]:
    return [_ref(r) for r in conn.execute(_TEAM_CLIENTS, bound_scope(team_id, mode))]


def client_ref(conn: sa.Connection, client_id: str | None) -> ClientRef | None:
    if client_id is None:
        return None
    row = conn.execute(_ONE_CLIENT, {"client_id": client_id}).first()
    return _ref(row) if row else None


def referenced_client(conn: sa.Connection, principal: Principal, client_id: str, field: str) -> ClientRef:
    """A client named in a body field: of the caller's team and mode (5.7), and the key's own
    client when the key is client-scoped (5.5), else the error."""
    if not _CLIENT_ID_RE.match(client_id):
        raise errors.InvalidBody(f"{field} is not a client id.", errors=[errors.field_error(field, "validation.invalid_public_id")])
    row = conn.execute(sa.select(clients).where(clients.c.id == client_id)).first()
    if row is None:
        raise errors.ClientNotFound(f"No client {client_id}.")
    if row.team_id != principal.team_id:
        raise errors.ClientNotInTeam(f"Client {client_id} belongs to another team.")
    if row.mode != principal.mode.value:
        raise errors.ClientModeMismatch(f"Client {client_id} is a {row.mode} client; this is a {principal.mode.value} key.")
    if principal.client_id is not None and client_id != principal.client_id:
        raise errors.ClientScopeMismatch(f"This key is scoped to client {principal.client_id}.")
    return _ref(row)


def client_dto(row) -> dict:
    return {
        "id": row["id"], "name": row["name"], "companyCode": row["company_code"], "vatCode": row["vat_code"],
        "mode": row["mode"], "createdAt": iso_ms(row["created_at"]),
    }


def list_clients(conn: sa.Connection, principal: Principal, page: pagination.Page) -> tuple[list[dict], str | None]:
    """GET /clients: the caller's mode only; a client-scoped key sees its own client. Newest first."""
    query = sa.select(clients).where(in_mode(clients, principal.team_id, principal.mode))
    if principal.client_id is not None:
        query = query.where(clients.c.id == principal.client_id)
    return pagination.fetch(conn, query, clients.c.id, page, {}, client_dto)
