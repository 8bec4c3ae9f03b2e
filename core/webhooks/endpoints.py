"""Webhook endpoints (interface.md 2.7, 4, 5.6, 6 rules 6-7, 8): create, read, change,
delete, rotate the secret.

Each endpoint lives in the mode of the key that made it and only that mode sees it or
receives its events. An endpoint may belong to one client of the team (`clientId`): it then
receives only that client's events. A client-scoped key's endpoints always belong to its
client, and such a key sees no other endpoint (interface.md 5.5): a team-wide endpoint
would hand it every other client's invoices. The 20-endpoint limit counts each mode separately: a test key cannot
see live endpoints, so live ones must not use up its room (nor test ones the live room).
The secret is shown once, at creation; a rotation shows the new one once and keeps the
old one signing beside it for 24 hours. Secrets are stored sealed (core.access.sealing).
"""

from datetime import datetime, timedelta

import sqlalchemy as sa

from core import errors, ids, limits
from core.access.auth import Principal
from core.access.sealing import Sealer, sealer_for
from core.books import clients
from core.clock import as_utc, iso_ms, utcnow
from core.store.db import Store
from core.store.scoping import in_client, in_mode
from core.store.tables import api_keys, webhook_deliveries, webhook_endpoints
from core.webhooks import CANCELLED, PENDING, signing
from core.webhooks.urls import UrlGuard
from schemas.webhooks import EndpointCreate, EndpointUpdate

MAX_ENDPOINTS = limits.WEBHOOK_ENDPOINTS
ROTATION_GRACE = timedelta(hours=limits.SECRET_ROTATION_GRACE_HOURS)
ID_PREFIX = "whe"


def endpoint_dto(row) -> dict:
    expires = row["previous_secret_expires_at"]
    return {
        "id": row["id"],
        "url": row["url"],
        "events": list(row["events"]),
        "sourceFilter": row["source_filter"],
        "enabled": bool(row["enabled"]),
        "mode": row["mode"],
        "clientId": row["client_id"],
        "previousSecretExpiresAt": iso_ms(expires) if expires and as_utc(expires) > utcnow() else None,
        "createdAt": iso_ms(row["created_at"]),
        "updatedAt": iso_ms(row["updated_at"]),
    }


def signing_secrets(row, now: datetime, sealer: Sealer) -> list[str]:
    """The current secret, then the previous one while its grace lasts (stored sealed)."""
    out = [sealer.open(row["secret"])]
    expires = row["previous_secret_expires_at"]
    if row["previous_secret"] and expires is not None and as_utc(expires) > now:
        out.append(sealer.open(row["previous_secret"]))
    return out


def find(conn: sa.Connection, principal: Principal, endpoint_id: str, lock: bool = False) -> dict:
    query = sa.select(webhook_endpoints).where(
        in_mode(webhook_endpoints, principal.team_id, principal.mode),
        in_client(webhook_endpoints, principal.client_id),
        webhook_endpoints.c.id == endpoint_id,
        webhook_endpoints.c.deleted_at.is_(None),
    )
    row = conn.execute(query.with_for_update() if lock else query).mappings().first()
    if row is None:
        raise errors.WebhookNotFound(f"No webhook endpoint {endpoint_id} for this team.")
    return dict(row)


def _check_source_filter(conn: sa.Connection, principal: Principal, source_filter) -> None:
    """An apiKeyId filter must name a key of this team and mode, or it would match nothing."""
    if not isinstance(source_filter, dict):
        return
    key = conn.execute(
        sa.select(api_keys.c.id).where(
            in_mode(api_keys, principal.team_id, principal.mode), api_keys.c.id == source_filter["apiKeyId"]
        )
    ).first()
    if key is None:
        raise errors.InvalidBody(
            f"sourceFilter.apiKeyId: no {principal.mode.value} key {source_filter['apiKeyId']} in this team.",
            errors=[errors.field_error("sourceFilter.apiKeyId", "validation.invalid_value")],
        )


def _count(conn: sa.Connection, principal: Principal) -> int:
    return conn.execute(
        sa.select(sa.func.count()).select_from(webhook_endpoints).where(
            in_mode(webhook_endpoints, principal.team_id, principal.mode), webhook_endpoints.c.deleted_at.is_(None)
        )
    ).scalar_one()


def create(store: Store, guard: UrlGuard, principal: Principal, body: EndpointCreate) -> dict:
    """The new endpoint with its `secret`, the only time the secret is shown."""
    guard.admit(body.url)
    now, secret = utcnow(), signing.new_secret()
    row = dict(
        id=ids.new_id(ID_PREFIX, principal.mode), team_id=principal.team_id, mode=principal.mode.value, url=body.url,
        events=list(dict.fromkeys(body.events)), source_filter=body.sourceFilter, enabled=True,
        client_id=body.clientId or principal.client_id,
        secret=sealer_for(store).seal(secret), previous_secret=None, previous_secret_expires_at=None,
        created_at=now, updated_at=now,
    )
    with store.write() as conn:
        _check_source_filter(conn, principal, body.sourceFilter)
        if body.clientId is not None:
            clients.referenced_client(conn, principal, body.clientId, "clientId")
        store.lock_team(conn, principal.team_id)
        if _count(conn, principal) >= MAX_ENDPOINTS:
            raise errors.WebhookEndpointLimitExceeded(
                f"This team already has {MAX_ENDPOINTS} {principal.mode.value} webhook endpoints; delete one first."
            )
        conn.execute(webhook_endpoints.insert().values(**row))
    return {**endpoint_dto(row), "secret": secret}


def list_endpoints(store: Store, principal: Principal) -> dict:
    """Oldest first; never more than 20, so one page holds them all."""
    with store.read() as conn:
        rows = conn.execute(
            sa.select(webhook_endpoints)
            .where(
                in_mode(webhook_endpoints, principal.team_id, principal.mode),
                in_client(webhook_endpoints, principal.client_id),
                webhook_endpoints.c.deleted_at.is_(None),
            )
            .order_by(webhook_endpoints.c.id)
        ).mappings().all()
    return {"data": [endpoint_dto(r) for r in rows], "nextCursor": None}


def get(store: Store, principal: Principal, endpoint_id: str) -> dict:
    with store.read() as conn:
        return endpoint_dto(find(conn, principal, endpoint_id))


def update(store: Store, guard: UrlGuard, principal: Principal, endpoint_id: str, body: EndpointUpdate) -> dict:
    """Only the fields sent change. A disabled endpoint gets no new deliveries; those already
    scheduled wait and go out once it is enabled again."""
    if body.url is not None:
        guard.admit(body.url)
    changes = {
        column: getattr(body, field)
        for field, column in (("url", "url"), ("sourceFilter", "source_filter"), ("enabled", "enabled"))
        if field in body.model_fields_set
    }
    if "events" in body.model_fields_set:
        changes["events"] = list(dict.fromkeys(body.events))
    with store.write() as conn:
        row = find(conn, principal, endpoint_id, lock=True)
        if "source_filter" in changes:
            _check_source_filter(conn, principal, changes["source_filter"])
        changes["updated_at"] = utcnow()
        conn.execute(webhook_endpoints.update().where(webhook_endpoints.c.id == endpoint_id).values(**changes))
    return endpoint_dto({**row, **changes})


def delete(store: Store, principal: Principal, endpoint_id: str) -> None:
    """Soft delete, and cancel what was still to be sent to it."""
    now = utcnow()
    with store.write() as conn:
        find(conn, principal, endpoint_id, lock=True)
        conn.execute(
            webhook_endpoints.update().where(webhook_endpoints.c.id == endpoint_id).values(deleted_at=now, updated_at=now)
        )
        conn.execute(
            webhook_deliveries.update()
            .where(webhook_deliveries.c.endpoint_id == endpoint_id, webhook_deliveries.c.status == PENDING)
            .values(status=CANCELLED, next_attempt_at=None, updated_at=now)
        )


def rotate_secret(store: Store, principal: Principal, endpoint_id: str) -> dict:
    """A new secret; the old one keeps signing for 24 hours. A second rotation inside that
    window is refused, since it would silently retire a secret receivers may still use."""
    now, secret = utcnow(), signing.new_secret()
    with store.write() as conn:
        row = find(conn, principal, endpoint_id, lock=True)
        expires = row["previous_secret_expires_at"]
        if expires is not None and as_utc(expires) > now:
            raise errors.InvalidBody(
                f"The previous secret still signs until {iso_ms(expires)}; rotate again after that.",
                errors=[errors.field_error("secret", errors.SECRET_ROTATION_GRACE_ACTIVE)],
            )
        changes = dict(
            secret=sealer_for(store).seal(secret), previous_secret=row["secret"],
            previous_secret_expires_at=now + ROTATION_GRACE, updated_at=now,
        )
        conn.execute(webhook_endpoints.update().where(webhook_endpoints.c.id == endpoint_id).values(**changes))
    return {**endpoint_dto({**row, **changes}), "secret": secret}
