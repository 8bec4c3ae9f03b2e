"""GET /me: the real team identity and the authenticating key, in every mode (5.8)."""

import falcon

from core.auth import Principal


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
