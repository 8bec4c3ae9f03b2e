"""Login, logout and the one-time set-password link.

A login rotates the session (a new id, the old one ended) and is throttled on the shared
counters, so guessing is slow however many workers and nodes answer: per email *and*
address (a member is locked out only where the wrong passwords came from, never from an
address they never used) and per address (one address cannot spray many emails). The
address is the client's (`api/addresses.py`: X-Forwarded-For only from a trusted proxy).
Wrong email and wrong password get the same answer.
"""

from urllib.parse import urlsplit

import falcon

from api.addresses import client_address
from core.access import member_sessions, members, password_links
from core.billing.ratelimits import FailedAttempts
from dashboard.forms import text
from dashboard.web import PREFIX, Page, redirect

FAILURES_PER_EMAIL_AND_ADDRESS = 10
FAILURES_PER_ADDRESS = 50
WINDOW_S = 900


class LoginThrottle:
    """Failed logins per (email, address) and per address; None counters (no counter store) = no limit."""

    def __init__(self, counters):
        self.by_email = (FailedAttempts(counters, "dashboard_login_email_address", FAILURES_PER_EMAIL_AND_ADDRESS, WINDOW_S)
                         if counters else None)
        self.by_address = FailedAttempts(counters, "dashboard_login_ip", FAILURES_PER_ADDRESS, WINDOW_S) if counters else None

    def _pairs(self, email: str, address: str):
        pairs = ((self.by_email, f"{email}|{address}"), (self.by_address, address))
        return [(limit, source) for limit, source in pairs if limit]

    def wait(self, email: str, address: str) -> int | None:
        waits = [w for limit, source in self._pairs(email, address) if (w := limit.retry_after(source))]
        return max(waits) if waits else None

    def failed(self, email: str, address: str) -> None:
        for limit, source in self._pairs(email, address):
            limit.record_failure(source)

    def succeeded(self, email: str, address: str) -> None:
        if self.by_email:
            self.by_email.reset(f"{email}|{address}")


def _safe_next(value: str | None) -> str:
    """Only a path of the dashboard itself: never an open redirect."""
    parts = urlsplit(value or "")
    if parts.scheme or parts.netloc or not (parts.path == PREFIX or parts.path.startswith(PREFIX + "/")):
        return f"{PREFIX}/invoices"
    return value


class Login(Page):
    public = True

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        self.render(req, resp, "login.html", next=_safe_next(req.get_param("next")), error=None, email="")

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        form = self.form(req)
        email, password = (text(form, "email") or "").lower(), str(form.get("password", ""))
        target, address = _safe_next(text(form, "next")), client_address(req)
        wait = self.throttle.wait(email, address)
        member = None if wait else members.verify_login(self.store, email, password)
        if wait:
            resp.set_header("Retry-After", str(wait))
            self.render(req, resp, "login.html", status=falcon.HTTP_429, next=target, error="throttled", email=email)
            return
        if member is None:
            self.throttle.failed(email, address)
            self.render(req, resp, "login.html", next=target, error="invalid", email=email)
            return
        self.throttle.succeeded(email, address)
        raw_id = member_sessions.start(self.store, member, replaces=self.cookies.session_id(req))
        self.cookies.set_session(req, resp, raw_id, int(member_sessions.LIFETIME.total_seconds()))
        raise redirect(target)


class Logout(Page):
    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        raw_id = self.cookies.session_id(req)
        if raw_id:
            member_sessions.end(self.store, raw_id)
        self.cookies.clear_session(resp)
        raise redirect(f"{PREFIX}/login")


class SetPassword(Page):
    """The page behind the link `invoices admin user create` prints; works once."""

    public = True

    def _user(self, token: str | None) -> str | None:
        def state(user_id: str):
            with self.store.read() as conn:
                return members.password_state(conn, user_id)

        return password_links.user_of(self.secret_key, token or "", state)

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        token = req.get_param("token") or ""
        valid = self._user(token) is not None
        self.render(req, resp, "set_password.html", token=token, valid=valid, error=None,
                    status=falcon.HTTP_200 if valid else falcon.HTTP_400)

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        form = self.form(req)
        token, password = str(form.get("token", "")), str(form.get("password", ""))
        user_id = self._user(token)
        if user_id is None:
            self.render(req, resp, "set_password.html", token="", valid=False, error=None, status=falcon.HTTP_400)
            return
        error = "mismatch" if password != form.get("password_again") else None
        if error is None:
            try:
                with self.store.write() as conn:
                    members.set_password(conn, user_id, password)
                    member_sessions.end_all(conn, user_id)
            except members.MemberError:
                error = "short"
        if error:
            self.render(req, resp, "set_password.html", token=token, valid=True, error=error)
            return
        raise redirect(f"{PREFIX}/login?notice=password_set")
