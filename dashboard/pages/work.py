"""Review, jobs and credits: the queues a bookkeeper works through each day."""

import falcon

from core import errors, pagination
from core.access import admin
from core.billing import credits
from core.books import review
from core.access.actors import Actor
from core.books.invoices import Search, search_invoices
from core.books.invoices import get_versioned
from core.jobs.records import AWAITING_CREDITS, FAILED, PROCESSING, list_jobs
from dashboard import problems
from dashboard.forms import text
from dashboard.pages.invoices import client_names
from dashboard.web import PREFIX, Page, redirect

ACTIONS = (review.APPROVE, review.MOVE, review.DISCARD)
JOB_GROUPS = (AWAITING_CREDITS, FAILED, PROCESSING)


class ReviewQueue(Page):
    """Invoices held in client-assignment review, with their reasons and candidate clients."""

    def show(self, req, resp, problem=None, status=falcon.HTTP_200) -> None:
        principal = self.principal(req)
        page = pagination.parse(req.get_param("cursor"), "25", {"assignment": review.NEEDS_REVIEW})
        with self.store.read() as conn:
            items, next_cursor = search_invoices(conn, principal.team_id, principal.mode,
                                                 Search(assignment=review.NEEDS_REVIEW), page, lambda doc: doc)
            clients = client_names(conn, principal)
        self.render(req, resp, "review.html", items=items, next_cursor=next_cursor, clients=clients,
                    problem=problem, status=status, notice=req.get_param("notice"))

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        self.show(req, resp)


class ReviewAction(ReviewQueue):
    def on_get(self, req: falcon.Request, resp: falcon.Response, invoice_id: str, action: str) -> None:
        """Discard asks first: the invoice leaves the books, the upload stays charged."""
        if action != review.DISCARD:
            raise falcon.HTTPNotFound()
        principal = self.principal(req)
        with self.store.read() as conn:
            doc, _version = get_versioned(conn, principal.team_id, principal.mode, invoice_id)
        self.render(req, resp, "review_discard.html", doc=doc)

    def on_post(self, req: falcon.Request, resp: falcon.Response, invoice_id: str, action: str) -> None:
        if action not in ACTIONS:
            raise falcon.HTTPNotFound()
        form = self.form(req)
        chosen = text(form, "clientId")
        try:
            review.resolve(self.store, self.rules, self.principal(req), invoice_id, action,
                           Actor.ui(self.member(req).id), chosen, text(form, "force") == "1")
        except (errors.AssignmentMoveNeedsReview, errors.InvalidBody, errors.AssignmentDestinationSameClient,
                errors.AssignmentConflict, errors.AssignmentNotReviewable, errors.ClientNotFound) as exc:
            problem = problems.explain(exc)
            problem.extra.update(invoiceId=invoice_id, clientId=chosen, action=action)
            self.show(req, resp, problem, falcon.code_to_http_status(exc.status))
            return
        raise redirect(f"{PREFIX}/review?notice={action}")


class JobsPage(Page):
    """Parked jobs (with cancel), failed ones with their messages, and those in progress."""

    def show(self, req, resp, problem=None, status=falcon.HTTP_200) -> None:
        principal = self.principal(req)
        first = pagination.Page(None, pagination.MAX_LIMIT)
        with self.store.read() as conn:
            groups = {group: list_jobs(conn, principal.team_id, principal.mode, group, first)[0] for group in JOB_GROUPS}
        self.render(req, resp, "jobs.html", groups=groups, notice=req.get_param("notice"), problem=problem,
                    status=status)


class Jobs(JobsPage):
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        self.show(req, resp)


class JobCancel(JobsPage):
    def on_post(self, req: falcon.Request, resp: falcon.Response, job_id: str) -> None:
        try:
            admin.cancel_parked_job(self.store, job_id, self.principal(req))
        except errors.Conflict:
            self.show(req, resp, problems.refusal("job.not_parked", 409, jobId=job_id), falcon.HTTP_409)
            return
        raise redirect(f"{PREFIX}/jobs?notice=cancelled")


class Credits(Page):
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        team_id = self.member(req).team_id
        with self.store.read() as conn:
            summary, days = credits.summary(conn, team_id), credits.ledger_by_day(conn, team_id)
        self.render(req, resp, "credits.html", summary=summary, days=days)
