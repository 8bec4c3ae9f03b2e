"""Clients and contacts, and the team's API keys.

Clients and API keys are managed by admins. Contacts are part of the books every member
keeps (the API lets any key with invoice:write change them), so members edit them too.
"""

import falcon

from core import errors, pagination
from core import text as safe_text
from core.access import admin, scopes
from core.books import contacts
from core.books.clients import list_clients
from core.modes import Mode
from core.validation import parse
from dashboard import problems
from dashboard.forms import listed, present, text
from dashboard.web import PREFIX, Page, redirect
from schemas.contacts import ContactCreate, ContactPatch

CONTACT_FIELDS = ("name", "companyCode", "vatCode", "email", "phone", "iban", "clientId", "externalId")
ADDRESS_FIELDS = ("street", "city", "postalCode", "country")


def _contact_body(form: dict) -> dict:
    body = present(form, CONTACT_FIELDS)
    address = present(form, tuple(f"address.{f}" for f in ADDRESS_FIELDS))
    if address:
        body["address"] = {k.removeprefix("address."): v for k, v in address.items() if v is not None} or None
    return body


class Clients(Page):
    """The clients and contacts of the live books; admins add clients, members add contacts."""

    def show(self, req, resp, problem=None, status=falcon.HTTP_200, typed=None, form_of=None) -> None:
        principal = self.principal(req)
        page = pagination.parse(None, str(pagination.MAX_LIMIT), {})
        query = {"q": req.get_param("q")} if req.get_param("q") else {}
        with self.store.read() as conn:
            clients, _ = list_clients(conn, principal, page)
            people, next_cursor = contacts.list_contacts(conn, principal, query, pagination.Page(None, 50))
        self.render(req, resp, "clients.html", clients=clients, contacts=people, problem=problem, status=status,
                    notice=req.get_param("notice"), typed=typed or {}, form_of=form_of)

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        self.show(req, resp)


class ClientCreate(Clients):
    admin_only = True

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        form = self.form(req)
        name = text(form, "name")
        if not name or not safe_text.is_safe(name):
            code = "validation.required" if not name else "validation.invalid_value"
            self.show(req, resp, problem=errors.InvalidBody("name", errors=[errors.field_error("name", code)]),
                      status=falcon.HTTP_400, typed=present(form, ("name", "companyCode", "vatCode")), form_of="client")
            return
        admin.create_client(self.store, self.member(req).team_id, Mode.LIVE, name,
                            text(form, "companyCode"), text(form, "vatCode"))
        raise redirect(f"{PREFIX}/clients?notice=client_created")


class ContactCreateForm(Clients):
    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal, form = self.principal(req), self.form(req)
        try:
            body = parse(ContactCreate, _contact_body(form))
            with self.store.write() as conn:
                contacts.create(conn, principal, body)
        except (errors.InvalidBody, errors.ClientNotFound, errors.ClientModeMismatch) as exc:
            self.show(req, resp, problem=exc, status=falcon.HTTP_400, typed=present(form, CONTACT_FIELDS),
                      form_of="contact")
            return
        raise redirect(f"{PREFIX}/clients?notice=contact_created")


class Contact(Page):
    def show(self, req, resp, contact_id: str, problem=None, status=falcon.HTTP_200, typed=None) -> None:
        principal = self.principal(req)
        with self.store.read() as conn:
            contact = contacts.get(conn, principal, contact_id)
            clients, _ = list_clients(conn, principal, pagination.Page(None, pagination.MAX_LIMIT))
        if typed:  # what the member typed stays in the form
            contact = {**contact, **{k: v for k, v in typed.items() if not k.startswith("address.")},
                       "address": {**(contact.get("address") or {}),
                                   **{k.removeprefix("address."): v for k, v in typed.items() if k.startswith("address.")}}}
        self.render(req, resp, "contact.html", contact=contact, clients=clients, problem=problem, status=status)

    def on_get(self, req: falcon.Request, resp: falcon.Response, contact_id: str) -> None:
        self.show(req, resp, contact_id)

    def on_post(self, req: falcon.Request, resp: falcon.Response, contact_id: str) -> None:
        principal, form = self.principal(req), self.form(req)
        try:
            patch = parse(ContactPatch, _contact_body(form))
            with self.store.write() as conn:
                contacts.update(conn, principal, contact_id, patch)
        except (errors.InvalidBody, errors.ClientNotFound, errors.ClientModeMismatch) as exc:
            typed = present(form, (*CONTACT_FIELDS, *(f"address.{f}" for f in ADDRESS_FIELDS)))
            self.show(req, resp, contact_id, problem=exc, status=falcon.HTTP_400, typed=typed)
            return
        raise redirect(f"{PREFIX}/clients?notice=contact_saved")


class ContactDelete(Page):
    def on_post(self, req: falcon.Request, resp: falcon.Response, contact_id: str) -> None:
        with self.store.write() as conn:
            contacts.delete(conn, self.principal(req), contact_id)
        raise redirect(f"{PREFIX}/clients?notice=contact_deleted")


class Keys(Page):
    """Live API keys: prefix, scopes, status, last use; a new key is shown once."""

    admin_only = True

    def show(self, req, resp, created=None, problem=None, status=falcon.HTTP_200) -> None:
        keys = admin.team_keys(self.store, self.member(req).team_id, Mode.LIVE)
        self.render(req, resp, "keys.html", keys=keys, all_scopes=scopes.ALL, created=created, problem=problem,
                    status=status, notice=req.get_param("notice"))

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        self.show(req, resp)

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        chosen = listed(self.form(req), "scopes")
        try:
            created = admin.create_key(self.store, self.member(req).team_id, Mode.LIVE, chosen)
        except admin.AdminError:
            problem = problems.refusal("key.invalid_scopes", 400)
            problem.fields["scopes"] = problem.message
            self.show(req, resp, problem=problem, status=falcon.HTTP_400)
            return
        self.show(req, resp, created=created, status=falcon.HTTP_201)


class KeyRevoke(Page):
    admin_only = True

    def on_post(self, req: falcon.Request, resp: falcon.Response, key_id: str) -> None:
        admin.set_key_status(self.store, key_id, "revoked", self.principal(req))
        raise redirect(f"{PREFIX}/keys?notice=revoked")
