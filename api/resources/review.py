"""Client-assignment review (interface.md 3.3, 4): approve, move, discard.

Scope `invoice:write`; the source recorded is `api` with the key. Bodies: approve and
discard take none (an empty JSON object is accepted); move takes `clientId` and `force`.
"""

import falcon

from core.access import scopes
from core.access.actors import Actor
from core.access.auth import Principal
from core.books import review
from core.rules import InvoiceRules
from core.store.db import Store
from core.validation import parse
from schemas.review import MoveBody, NoBody


class AssignmentAction:
    def __init__(self, store: Store, rules: InvoiceRules, action: str):
        self.store, self.rules, self.action = store, rules, action

    def on_post(self, req: falcon.Request, resp: falcon.Response, invoice_id: str) -> None:
        principal: Principal = req.context.principal
        principal.require(scopes.INVOICE_WRITE)
        raw = req.get_media(default_when_empty={}) if req.content_length else {}
        destination, force = None, False
        if self.action == review.MOVE:
            body = parse(MoveBody, raw)
            destination, force = body.clientId, body.force
        else:
            parse(NoBody, raw)
        resp.media = review.resolve(
            self.store, self.rules, principal, invoice_id, self.action, Actor.api(principal.key_id), destination, force
        )
