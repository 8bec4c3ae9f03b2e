"""GET /jobs/{jobId} and GET /jobs (interface.md 2.2 and 4).

Reading jobs needs invoice:read or invoice:write: a key that may only upload must still
be able to follow the jobs it created.
"""

import falcon

from core import errors, pagination
from core.access import scopes
from core.access.auth import Principal
from core.jobs.records import get_job, list_jobs, validate_status
from core.store.db import Store


def _require_job_scope(principal: Principal) -> None:
    if not principal.scopes & {scopes.INVOICE_READ, scopes.INVOICE_WRITE}:
        raise errors.InsufficientScope("Reading jobs needs invoice:read or invoice:write.")


class Job:
    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response, job_id: str) -> None:
        principal: Principal = req.context.principal
        _require_job_scope(principal)
        with self.store.read() as conn:
            resp.media = get_job(conn, principal.team_id, principal.mode, job_id, principal.client_id)


class Jobs:
    def __init__(self, store: Store):
        self.store = store

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        principal: Principal = req.context.principal
        _require_job_scope(principal)
        status = req.get_param("status")
        validate_status(status)
        page = pagination.parse(req.get_param("cursor"), req.get_param("limit"), {"status": status})
        with self.store.read() as conn:
            items, next_cursor = list_jobs(conn, principal.team_id, principal.mode, status, page, principal.client_id)
        resp.media = {"data": items, "nextCursor": next_cursor}
