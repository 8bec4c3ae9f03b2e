"""GET /me, /me/credits and /me/quota.credits: the real team and its live balance,
whatever the mode of the key (interface.md 2.10, 5.8)."""

import falcon

from core.access.auth import Principal
from core.billing import credits
from core.store.db import Store


class Me:
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        p: Principal = req.context.principal
        resp.media = {
            "team": {"id": p.team_id, "name": p.team_name},
            "key": {
                "id": p.key_id,
                "prefix": p.key_prefix,
                "mode": p.mode.value,
                "scopes": sorted(p.scopes),
                "clientId": p.client_id,
            },
        }


class MeCredits:
    """{balance, held, available, parked, lastGrant}: live credits, shown to both modes."""

    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        p: Principal = req.context.principal
        with self.store.read() as conn:
            resp.media = {"teamId": p.team_id, "mode": "live", **credits.summary(conn, p.team_id)}
