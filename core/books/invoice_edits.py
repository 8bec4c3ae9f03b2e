"""Edits of an invoice by the team (PATCH /invoices/{id}; the dashboard uses the same code).

An edit is a JSON merge patch of the editable fields. It is refused while the invoice is
still being processed (409 invoice.not_editable), and against a stale version when the
caller sends `If-Match` (409 http.conflict): the invoice's `version` is its ETag. In one
transaction the document changes, its VAT classifiers and validation checks are computed
again, the edited fields get confidence 1.0 (a person entered them), the edit is kept in
the document's `history` (and the `invoice_edits` audit table) with who, when, which
fields, old and new values, and `invoice.updated` fires with the new DTO.
"""

import copy

import sqlalchemy as sa

from core import errors, outbox, vat_classification
from core.books import duplicates
from core.jobs import completion
from core.access.actors import Actor
from core.access.auth import Principal
from core.clock import iso_ms, utcnow
from core.books.contacts import contact_party_ref
from core.books.invoices import locked_row
from core.modes import Mode
from core.rules import InvoiceRules
from core.store.db import Store
from core.store.tables import invoice_edits
from schemas.invoices import InvoicePatch, PartyPatch, TotalsPatch, sent

_CONTACT_LINKS = {"buyerContactId": "buyer", "sellerContactId": "seller"}
_RECLASSIFY = {"direction", "seller", "buyer", "lines", "vatBreakdown"}
_ARRAYS = ("lines", "vatBreakdown")
_OBJECTS = {"seller": PartyPatch, "buyer": PartyPatch, "totals": TotalsPatch}


def etag(version: int) -> str:
    return f'"v{version}"'


def _matches(if_match: str, version: int) -> bool:
    wanted = [tag.strip().removeprefix("W/") for tag in if_match.split(",")]
    return "*" in wanted or etag(version) in wanted


def _merge(target: dict, patch: dict) -> None:
    """RFC 7396, except that a null keeps the key with a null value (invoice.md: absent
    values are null, never missing)."""
    for key, value in patch.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = copy.deepcopy(value)


def _diff(before, after, path: str, out: list[dict]) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(set(before) | set(after)):
            _diff(before.get(key), after.get(key), f"{path}.{key}" if path else key, out)
    elif before != after:
        out.append({"field": path, "old": before, "new": after})


def _changes(conn: sa.Connection, principal: Principal, patch: InvoicePatch) -> dict:
    changes = sent(patch)
    # null clears: an array becomes empty and an object's editable fields become null, so the
    # document keeps its shape (its arrays and objects are never null)
    for key in _ARRAYS:
        if key in changes and changes[key] is None:
            changes[key] = []
    for key, model in _OBJECTS.items():
        if key in changes and changes[key] is None:
            changes[key] = dict.fromkeys(model.model_fields)
    for link, role in _CONTACT_LINKS.items():
        if link in changes:
            contact_id = changes.pop(link)
            if contact_id is not None:
                contact_party_ref(conn, principal, contact_id, link)
            changes.setdefault(role, {})["contactId"] = contact_id
    return changes


def _recompute(rules: InvoiceRules, document: dict, changes: dict, diff: list[dict]) -> None:
    earlier = list((document.get("validation") or {}).get("warnings") or [])
    if "lines" in changes:  # the boxes and scores of read lines describe lines that are gone
        for key in ("sources",):
            document[key] = {k: v for k, v in (document.get(key) or {}).items() if not k.startswith("lines[")}
    document["validation"], confidence = rules.revalidate(document)
    # what was said of the file itself (it holds several invoices) stays true whatever is edited
    document["validation"]["warnings"] += [w for w in earlier if str(w).startswith("document.")]
    if _RECLASSIFY & set(changes):  # after the checks, so its vat.foreign warning joins the new ones
        explicit = {i: line.get("vatClassifier") for i, line in enumerate(changes.get("lines") or []) if line.get("vatClassifier")}
        vat_classification.classify_invoice(document)
        for i, code in explicit.items():
            document["lines"][i]["vatClassifier"] = code
    else:  # the classifiers stand, and so does what was said of them
        warnings = document["validation"]["warnings"]
        warnings += [w for w in earlier if str(w).startswith("vat.") and w not in warnings]
    fields = {k: v for k, v in confidence["fields"].items() if not ("lines" in changes and k.startswith("lines["))}
    for change in diff:
        if not change["field"].startswith(("lines", "vatBreakdown")):
            fields[change["field"]] = 1.0
    document["confidence"] = {"overall": confidence["overall"], "fields": fields}


def edit(
    store: Store, rules: InvoiceRules, principal: Principal, invoice_id: str, patch: InvoicePatch,
    if_match: str | None, actor: Actor,
) -> tuple[dict, int]:
    """Apply the patch; returns (the invoice DTO, its version)."""
    with store.write() as conn:
        row = locked_row(conn, principal.team_id, principal.mode, invoice_id, principal.client_id)
        if row["status"] == completion.INVOICE_PROCESSING:
            raise errors.InvoiceNotEditable("The invoice is still being processed; edit it once it is processed.")
        if row["status"] != completion.INVOICE_COMPLETED:
            raise errors.Conflict(f"A {row['status']} invoice cannot be edited.")
        if if_match is not None and not _matches(if_match, row["version"]):
            raise errors.Conflict(f"The invoice changed since that version (now {etag(row['version'])}); read it again.")
        changes = _changes(conn, principal, patch)
        document = copy.deepcopy(row["document"])
        _merge(document, changes)
        diff: list[dict] = []
        _diff({k: row["document"].get(k) for k in changes}, {k: document.get(k) for k in changes}, "", diff)
        if not diff:
            return row["document"], row["version"]
        _recompute(rules, document, changes, diff)
        duplicates.flag(conn, principal.team_id, principal.mode, invoice_id, document)
        now, version = utcnow(), row["version"] + 1
        document.setdefault("history", []).append({
            "version": version, "at": iso_ms(now), **actor.as_dict(), "changes": diff,
        })
        completion.save_document(conn, invoice_id, document, completion.INVOICE_COMPLETED)
        conn.execute(invoice_edits.insert().values(
            invoice_id=invoice_id, team_id=principal.team_id, mode=principal.mode.value, version=version,
            source=actor.source, api_key_id=actor.api_key_id, user_id=actor.user_id, changes=diff, created_at=now,
        ))
        outbox.add_event(conn, principal.team_id, Mode(principal.mode), "invoice.updated", {"invoice": document},
                         row["job_id"], actor)
        return document, version
