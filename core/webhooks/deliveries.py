"""Deliveries as partners see them (interface.md 2.8, 4, 5.6), test sends and redeliveries.

A delivery is one event for one endpoint; its attempts are listed with their time, HTTP
status or error, duration and the first 1 KB of the answer. A redelivery is a new
delivery (a new attempt series of up to 8) of the same event id and the same bytes, so
receivers that deduplicate on the event id see it as the same event. A test send is an
`invoice.processed` event carrying the canned invoice, queued for the dispatcher at once
(the API does not wait on the receiver, so a slow receiver cannot hold an API worker).
"""

from datetime import datetime, timedelta

import sqlalchemy as sa
from ulid import ULID

from core import errors, events, ids, limits, pagination
from core.access.auth import Principal
from core.books import invoices
from core.clock import as_utc, iso_ms, utcnow
from core.modes import Mode
from core.store.db import Store
from core.store.scoping import in_mode
from core.store.tables import webhook_deliveries as deliveries
from core.store.tables import webhook_delivery_attempts as attempts
from core.store.tables import webhook_payloads
from core.webhooks import DELIVERY_STATUSES, PENDING, endpoints, payloads
from schemas.canned_invoice import canned_invoice
from schemas.invoice import ExtractedInvoice
from schemas.webhooks import EVENT_TYPES

ID_PREFIX = "whd"
TEST_EVENT = "invoice.processed"
TESTS_PER_HOUR = limits.TEST_DELIVERIES_PER_HOUR
RESPONSE_PREFIX_BYTES = 1024


def new_row(endpoint: dict, event_id: str, event_type: str, now: datetime, *, is_test: bool = False,
            redelivery_of: str | None = None) -> dict:
    return dict(
        id=ids.new_id(ID_PREFIX, Mode(endpoint["mode"])), endpoint_id=endpoint["id"], team_id=endpoint["team_id"],
        mode=endpoint["mode"], event_id=event_id, event_type=event_type, is_test=is_test, redelivery_of=redelivery_of,
        status=PENDING, attempts=0, next_attempt_at=now, created_at=now, updated_at=now,
    )


def delivery_dto(row) -> dict:
    return {
        "id": row["id"],
        "endpointId": row["endpoint_id"],
        "eventId": row["event_id"],
        "eventType": row["event_type"],
        "status": row["status"],
        "attemptCount": row["attempts"],
        "nextAttemptAt": iso_ms(row["next_attempt_at"]),
        "lastStatusCode": row["last_status_code"],
        "lastError": row["last_error"],
        "deliveredAt": iso_ms(row["delivered_at"]),
        "test": bool(row["is_test"]),
        "redeliveryOf": row["redelivery_of"],
        "payloadAvailable": bool(row["payload_available"]),
        "createdAt": iso_ms(row["created_at"]),
        "updatedAt": iso_ms(row["updated_at"]),
    }


def attempt_dto(row) -> dict:
    return {
        "number": row["number"],
        "startedAt": iso_ms(row["started_at"]),
        "finishedAt": iso_ms(row["finished_at"]),
        "durationMs": row["duration_ms"],
        "statusCode": row["status_code"],
        "error": row["error"],
        "response": row["response_body"],
    }


def _select():
    available = sa.and_(webhook_payloads.c.body.is_not(None), webhook_payloads.c.event_id.is_not(None))
    return sa.select(deliveries, available.label("payload_available")).select_from(
        deliveries.outerjoin(webhook_payloads, webhook_payloads.c.event_id == deliveries.c.event_id)
    )


def _find(conn: sa.Connection, principal: Principal, endpoint_id: str, delivery_id: str) -> dict:
    row = conn.execute(
        _select().where(
            in_mode(deliveries, principal.team_id, principal.mode),
            deliveries.c.endpoint_id == endpoint_id,
            deliveries.c.id == delivery_id,
        )
    ).mappings().first()
    if row is None:
        raise errors.WebhookDeliveryNotFound(f"No delivery {delivery_id} for webhook endpoint {endpoint_id}.")
    return dict(row)


def validate_filters(status: str | None, event_type: str | None) -> None:
    for name, value, allowed in (("status", status, DELIVERY_STATUSES), ("eventType", event_type, EVENT_TYPES)):
        if value is not None and value not in allowed:
            raise errors.InvalidBody(
                f"{name} must be one of {', '.join(allowed)}.", errors=[errors.field_error(name, "validation.invalid_enum")]
            )


def list_deliveries(store: Store, principal: Principal, endpoint_id: str, status: str | None, event_type: str | None,
                    page: pagination.Page) -> dict:
    """Newest first, like GET /jobs: `nextCursor` continues after the last item."""
    with store.read() as conn:
        endpoints.find(conn, principal, endpoint_id)
        query = _select().where(in_mode(deliveries, principal.team_id, principal.mode), deliveries.c.endpoint_id == endpoint_id)
        if status is not None:
            query = query.where(deliveries.c.status == status)
        if event_type is not None:
            query = query.where(deliveries.c.event_type == event_type)
        filters = {"status": status, "eventType": event_type}
        items, next_cursor = pagination.fetch(conn, query, deliveries.c.id, page, filters, delivery_dto)
    return {"data": items, "nextCursor": next_cursor}


def get_delivery(store: Store, principal: Principal, endpoint_id: str, delivery_id: str) -> dict:
    with store.read() as conn:
        endpoints.find(conn, principal, endpoint_id)
        row = _find(conn, principal, endpoint_id, delivery_id)
        tried = conn.execute(
            sa.select(attempts).where(attempts.c.delivery_id == delivery_id).order_by(attempts.c.number, attempts.c.id)
        ).mappings().all()
    return {**delivery_dto(row), "attempts": [attempt_dto(a) for a in tried]}


def _insert(conn: sa.Connection, row: dict, payload_available: bool = True) -> dict:
    conn.execute(deliveries.insert().values(**row))
    return delivery_dto({**row, "last_status_code": None, "last_error": None, "delivered_at": None,
                         "payload_available": payload_available})


def redeliver(store: Store, principal: Principal, endpoint_id: str, delivery_id: str) -> dict:
    """A new attempt series of the same event, to the endpoint's current URL and secrets."""
    now = utcnow()
    with store.write() as conn:
        endpoint = endpoints.find(conn, principal, endpoint_id)
        original = _find(conn, principal, endpoint_id, delivery_id)
        if not original["payload_available"]:
            raise errors.WebhookDeliveryPayloadUnavailable(
                f"The payload of event {original['event_id']} is past the 30-day retention and cannot be sent again."
            )
        row = new_row(endpoint, original["event_id"], original["event_type"], now, is_test=bool(original["is_test"]),
                      redelivery_of=original["id"])
        return _insert(conn, row)


def _first_id_since(endpoint_id: str, at: datetime) -> str:
    """The smallest delivery id minted at `at`: ids sort by creation time (core/ids.py), so
    the (endpoint_id, id) index finds the last hour without reading the endpoint's history."""
    moment = str(ULID.from_datetime(at))[:10].lower()
    marker = "test_" if ids.mode_of_id(endpoint_id) is Mode.TEST else ""
    return f"{ID_PREFIX}_{marker}{moment}{'0' * 16}"


def _check_test_rate(conn: sa.Connection, endpoint_id: str, now: datetime) -> None:
    """At most 10 test sends per endpoint in any hour, counted in the store so every API
    worker agrees; Retry-After says when the oldest of the ten leaves the window."""
    window = now - timedelta(hours=1)
    recent = conn.execute(
        sa.select(deliveries.c.created_at)
        .where(deliveries.c.endpoint_id == endpoint_id, deliveries.c.id >= _first_id_since(endpoint_id, window),
               deliveries.c.is_test.is_(True), deliveries.c.redelivery_of.is_(None), deliveries.c.created_at > window)
        .order_by(deliveries.c.created_at.desc())
        .limit(TESTS_PER_HOUR)
    ).scalars().all()
    if len(recent) >= TESTS_PER_HOUR:
        wait = (as_utc(recent[-1]) + timedelta(hours=1) - now).total_seconds()
        raise errors.WebhookTestRateLimitExceeded(
            f"{TESTS_PER_HOUR} test deliveries were sent to this endpoint in the last hour.", retry_after=max(1, int(wait) + 1)
        )


def sample_invoice(mode: Mode, now: datetime) -> dict:
    """The canned invoice as a full DTO of the caller's mode (ids that exist nowhere)."""
    job = {"id": ids.new_id("job", mode), "mode": mode.value, "client_id": None, "source_file": "sample-invoice.pdf"}
    sample = ExtractedInvoice.model_validate(canned_invoice("sample"))
    return invoices.build_dto(ids.new_id("inv", mode), job, sample, now)


def send_test(store: Store, principal: Principal, endpoint_id: str) -> dict:
    now = utcnow()
    with store.write() as conn:
        endpoint = endpoints.find(conn, principal, endpoint_id, lock=True)
        _check_test_rate(conn, endpoint_id, now)
        envelope = events.envelope(TEST_EVENT, {"invoice": sample_invoice(principal.mode, now)})
        payloads.store(conn, endpoint["team_id"], endpoint["mode"], envelope, now)
        return _insert(conn, new_row(endpoint, envelope["id"], TEST_EVENT, now, is_test=True))
