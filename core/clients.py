"""Which client an upload targets (X-Client-Id, client-scoped keys; interface.md 5.5, 5.7)."""

import re

import sqlalchemy as sa

from core import errors
from core.auth import Principal
from core.modes import Mode
from core.store.tables import clients

_CLIENT_ID_RE = re.compile(r"^cl_(live|test)_[0-9a-z]{26}$")


def resolve_client(conn: sa.Connection, principal: Principal, header_value: str | None) -> str | None:
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
        row = conn.execute(sa.select(clients.c.team_id, clients.c.mode).where(clients.c.id == requested)).first()
        if row is None:
            raise errors.ClientNotFound(f"No client {requested}.")
        if row.team_id != principal.team_id:
            raise errors.ClientNotInTeam(f"Client {requested} belongs to another team.")
        if row.mode != principal.mode.value:
            raise errors.ClientModeMismatch(
                f"Client {requested} is a {row.mode} client; this is a {principal.mode.value} key."
            )
        client_id = requested
    if client_id is None and principal.mode is Mode.TEST:
        raise errors.InvalidBody(
            "A test-mode upload needs a client: send X-Client-Id or use a client-scoped key.",
            errors=[errors.field_error("X-Client-Id", "validation.client_required_in_test_mode")],
        )
    return client_id
