"""GET /jobs/{jobId} (interface.md 2.2 and 4).

Reading a job needs invoice:read or invoice:write: a key that may only upload must still
be able to follow the jobs it created.
"""

import falcon

from core import errors, scopes
from core.auth import Principal
from core.jobs import get_job
from core.store.db import Store


class Job:
    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response, job_id: str) -> None:
        principal: Principal = req.context.principal
        if not principal.scopes & {scopes.INVOICE_READ, scopes.INVOICE_WRITE}:
            raise errors.InsufficientScope("Reading jobs needs invoice:read or invoice:write.")
        with self.store.read() as conn:
            resp.media = get_job(conn, principal.team_id, principal.mode, job_id)
