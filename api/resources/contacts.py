"""Contacts (interface.md 2.6, 4): CRUD in the caller's mode.

Reading contacts needs `invoice:read`; creating, changing and deleting them
`invoice:write` (contacts are part of the books the invoices are kept in).
"""

import falcon

from core import pagination
from core.access import scopes
from core.access.auth import Principal
from core.books import contacts
from core.store.db import Store
from core.validation import parse
from schemas.contacts import ContactCreate, ContactPatch

FILTERS = ("q", "companyCode", "vatCode", "clientId")


class Contacts:
    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_READ)
        filters = {name: req.get_param(name) for name in FILTERS if req.get_param(name)}
        page = pagination.parse(req.get_param("cursor"), req.get_param("limit"), filters)
        with self.store.read() as conn:
            items, next_cursor = contacts.list_contacts(conn, principal, filters, page)
        resp.media = {"data": items, "nextCursor": next_cursor}

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_WRITE)
        body = parse(ContactCreate, req.get_media())
        with self.store.write() as conn:
            resp.media = contacts.create(conn, principal, body)
        resp.status = 201
        resp.location = f"{req.path}/{resp.media['id']}"


class Contact:
    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response, contact_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_READ)
        with self.store.read() as conn:
            resp.media = contacts.get(conn, principal, contact_id)

    def on_patch(self, req: falcon.Request, resp: falcon.Response, contact_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_WRITE)
        patch = parse(ContactPatch, req.get_media())
        with self.store.write() as conn:
            resp.media = contacts.update(conn, principal, contact_id, patch)

    def on_delete(self, req: falcon.Request, resp: falcon.Response, contact_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_WRITE)
        with self.store.write() as conn:
            contacts.delete(conn, principal, contact_id)
        resp.status = 204
