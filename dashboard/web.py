"""What every dashboard page shares: the base resource, rendering, and the gate in front.

`DashboardGate` (a Falcon middleware that looks only at /app paths) picks the language,
loads the member's session, sends strangers to the login page, refuses a POST without the
right CSRF token and an admin page to a member, and puts the security headers on every
answer. Errors that reach Falcon's handlers under /app (a 404 for another team's id, an
unexpected 500) are turned from problem+json into an HTML page with the same status.
"""

from urllib.parse import quote

import falcon
import jinja2

from core.access import member_sessions, scopes
from core.access.auth import Principal
from core.access.members import Member
from core.modes import Mode
from dashboard import csrf, i18n, problems
from dashboard.config import DashboardConfig
from dashboard.sessions import Cookies

PREFIX = "/app"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "frame-ancestors 'none'; form-action 'self'; base-uri 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
MEMBER_SCOPES = frozenset({scopes.INVOICE_READ, scopes.INVOICE_WRITE, scopes.INVOICE_EXPORT})


def principal_of(member: Member) -> Principal:
    """The member as the domain functions know callers: live mode, no key, no client scope."""
    granted = frozenset(scopes.ALL) if member.is_admin else MEMBER_SCOPES
    return Principal(key_id=None, key_prefix="", team_id=member.team_id, team_name=member.team_name,
                     mode=Mode.LIVE, scopes=granted, client_id=None, billing_suspended=False)


class Renderer:
    def __init__(self, env: jinja2.Environment, cookies: Cookies, config: DashboardConfig):
        self.env, self.cookies, self.config = env, cookies, config

    def page(self, req: falcon.Request, resp: falcon.Response, template: str, status=falcon.HTTP_200, **context) -> None:
        session = getattr(req.context, "member_session", None)
        resp.status = status
        if context.get("problem") is not None and not isinstance(context["problem"], problems.Explained):
            context["problem"] = problems.explain(context["problem"])
        if falcon.http_status_to_code(status) >= 400:
            # a refused form is swapped into the page (htmx.config.responseHandling); the
            # address bar keeps the page the member was on, not the form's action
            resp.set_header("HX-Push-Url", "false")
        resp.content_type = falcon.MEDIA_HTML
        resp.text = self.env.get_template(template).render(
            member=session.member if session else None,
            csrf_token=csrf.expected(req, resp, self.cookies, self.config.secret_key),
            lang=i18n.current(), path=req.path, query=req.params, **context,
        )

    def error(self, req: falcon.Request, resp: falcon.Response, status: int, detail: str | None = None) -> None:
        self.page(req, resp, "error.html", status=falcon.code_to_http_status(status), code=status, detail=detail)


class Page:
    """Base of every dashboard resource: no bearer key (the gate checks the session)."""

    bearer_auth = False
    public = False  # reachable without logging in
    admin_only = False

    def __init__(self, renderer: Renderer, **deps):
        self.renderer = renderer
        for name, value in deps.items():
            setattr(self, name, value)

    def render(self, req, resp, template: str, **context) -> None:
        self.renderer.page(req, resp, template, **context)

    @staticmethod
    def member(req: falcon.Request) -> Member:
        return req.context.member_session.member

    @staticmethod
    def principal(req: falcon.Request) -> Principal:
        return principal_of(req.context.member_session.member)

    @staticmethod
    def form(req: falcon.Request) -> dict:
        media = req.get_media(default_when_empty={}) if req.content_length else {}
        return media if isinstance(media, dict) else {}


def redirect(to: str) -> falcon.HTTPSeeOther:
    return falcon.HTTPSeeOther(to)


def _is_dashboard(req: falcon.Request) -> bool:
    return req.path == PREFIX or req.path.startswith(PREFIX + "/")


class DashboardGate:
    def __init__(self, store, renderer: Renderer, cookies: Cookies, config: DashboardConfig):
        self.store, self.renderer, self.cookies, self.config = store, renderer, cookies, config

    def process_request(self, req: falcon.Request, resp: falcon.Response) -> None:
        if not _is_dashboard(req):
            return
        i18n.activate(i18n.choose(req.get_param("lang"), req.cookies.get(i18n.COOKIE), req.get_header("Accept-Language")))
        raw_id = self.cookies.session_id(req)
        req.context.member_session = member_sessions.find(self.store, raw_id) if raw_id else None
        req.context.on_error = lambda error: setattr(req.context, "error", error)

    def process_resource(self, req: falcon.Request, resp: falcon.Response, resource, params) -> None:
        if not isinstance(resource, Page):
            return
        session = req.context.member_session
        if session is None and not resource.public:
            if req.method == "GET":
                raise redirect(f"{PREFIX}/login?next={quote(req.relative_uri, safe='')}")
            self._refuse(req, resp, 401)
        elif req.method == "POST" and not csrf.valid(req, resp, self.cookies, self.config.secret_key):
            self._refuse(req, resp, 403)
        elif resource.admin_only and not session.member.is_admin:
            self._refuse(req, resp, 403)

    def _refuse(self, req, resp, status: int) -> None:
        self.renderer.error(req, resp, status)
        resp.complete = True

    def process_response(self, req: falcon.Request, resp: falcon.Response, resource, req_succeeded: bool) -> None:
        if not _is_dashboard(req):
            return
        for name, value in SECURITY_HEADERS.items():
            if name != "Cache-Control" or not resp.get_header(name):
                resp.set_header(name, value)
        if req.get_param("token") is not None:  # a one-time link: its token must not leave in a Referer
            resp.set_header("Referrer-Policy", "no-referrer")
        lang = req.get_param("lang")
        if lang in i18n.LANGUAGES:
            resp.set_cookie(i18n.COOKIE, lang, max_age=365 * 24 * 3600, path=PREFIX,
                            secure=self.cookies.is_https(req), http_only=True, same_site="Lax")
        if (resp.content_type or "").startswith("application/problem+json"):
            error = getattr(req.context, "error", None)
            self.renderer.error(req, resp, resp.status_code, problems.error_page_detail(error) if error else None)
