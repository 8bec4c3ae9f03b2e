"""GET /clients (interface.md 2.6, 4): the clients of the caller's mode.

Any valid key may list clients (partners need the ids for X-Client-Id); a client-scoped
key sees only its own client.
"""

import falcon

from core import pagination
from core.access.auth import Principal
from core.books.clients import list_clients
from core.store.db import Store


class Clients:
    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal: Principal = req.context.principal
        page = pagination.parse(req.get_param("cursor"), req.get_param("limit"), {})
        with self.store.read() as conn:
            items, next_cursor = list_clients(conn, principal, page)
        resp.media = {"data": items, "nextCursor": next_cursor}
