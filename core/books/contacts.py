"""Contacts: the team's counterparties in each mode (interface.md 2.6, 4, 5.6, 5.7), and
the matching of an invoice's seller and buyer to them.

Every read and write is limited to the caller's team and mode; a contact of the other
mode is as unknown as one that does not exist (404 contact.not_found). A client-scoped key
sees and changes only its client's contacts: a team-wide contact or another client's is
404 to it too, and the contacts it creates belong to its client.
"""

import sqlalchemy as sa

from core import errors, ids, pagination
from core.access.auth import Principal
from core.books.clients import referenced_client
from core.clock import iso_ms, utcnow
from core.modes import Mode
from core.store.scoping import bound_scope, in_bound_mode, in_client, in_mode
from core.store.tables import contacts
from core.vat_classification import normalised_name
from schemas.contacts import ContactCreate, ContactPatch

_COLUMNS = {
    "name": "name", "companyCode": "company_code", "vatCode": "vat_code", "isNaturalPerson": "is_natural_person",
    "address": "address", "email": "email", "phone": "phone", "iban": "iban", "clientId": "client_id",
    "externalId": "external_id",
}


def contact_dto(row) -> dict:
    body = {"id": row["id"]}
    body.update({field: row[column] for field, column in _COLUMNS.items()})
    body.update(mode=row["mode"], createdAt=iso_ms(row["created_at"]), updatedAt=iso_ms(row["updated_at"]))
    return body


def _values(principal: Principal, conn: sa.Connection, fields: dict) -> dict:
    if principal.client_id is not None and "clientId" in fields and fields["clientId"] is None:
        raise errors.ClientScopeMismatch(f"This key is scoped to client {principal.client_id}; its contacts belong to it.")
    if fields.get("clientId") is not None:
        referenced_client(conn, principal, fields["clientId"], "clientId")
    values = {_COLUMNS[k]: v for k, v in fields.items()}
    if "name" in fields:
        values["name_key"] = normalised_name(fields["name"])
    return values


def _row(conn: sa.Connection, principal: Principal, contact_id: str):
    row = conn.execute(
        sa.select(contacts).where(in_mode(contacts, principal.team_id, principal.mode),
                                  in_client(contacts, principal.client_id), contacts.c.id == contact_id)
    ).mappings().first()
    if row is None:
        raise errors.ContactNotFound(f"No contact {contact_id} for this team.")
    return row


def create(conn: sa.Connection, principal: Principal, body: ContactCreate) -> dict:
    now = utcnow()
    fields = body.model_dump(mode="json")
    if principal.client_id is not None and fields.get("clientId") is None:
        fields["clientId"] = principal.client_id
    values = _values(principal, conn, fields)
    contact_id = ids.new_id("ct", principal.mode)
    conn.execute(contacts.insert().values(
        id=contact_id, team_id=principal.team_id, mode=principal.mode.value, created_at=now, updated_at=now, **values,
    ))
    return contact_dto(_row(conn, principal, contact_id))


def get(conn: sa.Connection, principal: Principal, contact_id: str) -> dict:
    return contact_dto(_row(conn, principal, contact_id))


def update(conn: sa.Connection, principal: Principal, contact_id: str, patch: ContactPatch) -> dict:
    """Merge-patch: only the fields sent change; `address` is merged key by key."""
    row = _row(conn, principal, contact_id)
    sent = patch.model_dump(mode="json", include=patch.model_fields_set)
    if "name" in sent and sent["name"] is None:
        raise errors.InvalidBody("name cannot be cleared.", errors=[errors.field_error("name", "validation.required")])
    if isinstance(sent.get("address"), dict):
        merged = {**(row["address"] or {}), **patch.address.model_dump(mode="json", include=patch.address.model_fields_set)}
        sent["address"] = {k: v for k, v in merged.items() if v is not None} or None
    if sent:
        conn.execute(contacts.update().where(contacts.c.id == contact_id).values(
            updated_at=utcnow(), **_values(principal, conn, sent),
        ))
    return contact_dto(_row(conn, principal, contact_id))


def delete(conn: sa.Connection, principal: Principal, contact_id: str) -> None:
    _row(conn, principal, contact_id)
    conn.execute(contacts.delete().where(contacts.c.id == contact_id))


def list_contacts(conn: sa.Connection, principal: Principal, filters: dict, page: pagination.Page) -> tuple[list[dict], str | None]:
    """Newest first, filtered by `q` (name, company code or VAT code), companyCode, vatCode, clientId."""
    query = sa.select(contacts).where(in_mode(contacts, principal.team_id, principal.mode), in_client(contacts, principal.client_id))
    if filters.get("q"):
        words = normalised_name(filters["q"])
        raw = "".join(filters["q"].split()).upper()
        query = query.where(sa.or_(
            contacts.c.name_key.contains(words, autoescape=True) if words else sa.false(),
            contacts.c.company_code.contains(raw, autoescape=True),
            contacts.c.vat_code.contains(raw, autoescape=True),
        ))
    for field in ("companyCode", "vatCode", "clientId"):
        if filters.get(field):
            query = query.where(contacts.c[_COLUMNS[field]] == filters[field])
    return pagination.fetch(conn, query, contacts.c.id, page, filters, contact_dto)


def _code(value: str | None) -> str | None:
    return "".join(value.split()).upper() if value else None


# Built once, one per step: every completed invoice matches its two parties.
_MATCHES = {
    column.key: sa.select(contacts.c.id, contacts.c.client_id)
    .where(in_bound_mode(contacts), column == sa.bindparam("value")).order_by(contacts.c.id)
    for column in (contacts.c.vat_code, contacts.c.company_code, contacts.c.name_key)
}


def match_party(conn: sa.Connection, team_id: str, mode: Mode, party: dict, client_id: str | None) -> str | None:
    """The contact a party is: by VAT code, then company code, then normalised name.

    When several contacts match at the same step, one of the invoice's client wins over
    a team-wide one, then the oldest.
    """
    steps = (
        (contacts.c.vat_code, _code(party.get("vatCode"))),
        (contacts.c.company_code, _code(party.get("companyCode"))),
        (contacts.c.name_key, normalised_name(party.get("name")) or None),
    )
    for column, value in steps:
        if not value:
            continue
        rows = conn.execute(_MATCHES[column.key], {**bound_scope(team_id, mode), "value": value}).all()
        if rows:
            own = [r.id for r in rows if client_id is not None and r.client_id == client_id]
            return (own or [rows[0].id])[0]
    return None


def contact_party_ref(conn: sa.Connection, principal: Principal, contact_id: str, field: str) -> str:
    """A contact named in an invoice edit: of this team and mode, else the error (5.7)."""
    row = conn.execute(sa.select(contacts.c.team_id, contacts.c.mode).where(contacts.c.id == contact_id)).first()
    if row is None or row.team_id != principal.team_id:
        raise errors.ContactNotFound(f"No contact {contact_id} for this team.")
    if row.mode != principal.mode.value:
        raise errors.ClientModeMismatch(f"{field} {contact_id} is a {row.mode} contact; this is a {principal.mode.value} key.")
    return contact_id
