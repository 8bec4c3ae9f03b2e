"""CSRF tokens: every state change is a POST that carries one (form field or header).

A logged-in member's token is the random one kept with the session (`core.access.member_sessions`).
Before login (the login and set-password forms) it is an HMAC of a random nonce kept in an
HttpOnly cookie: another site can make the browser send the cookie but can neither read it
nor compute the token. htmx requests send the token in `X-CSRF-Token`, which our own
`static/app.js` copies from the page's meta tag.
"""

import hashlib
import hmac

import falcon

from dashboard.sessions import Cookies

FIELD = "csrf_token"
HEADER = "X-CSRF-Token"


def expected(req: falcon.Request, resp: falcon.Response, cookies: Cookies, secret: str) -> str:
    session = getattr(req.context, "member_session", None)
    if session is not None:
        return session.csrf_token
    nonce = cookies.nonce(req, resp)
    return hmac.new(secret.encode(), f"csrf:{nonce}".encode(), hashlib.sha256).hexdigest()


def sent(req: falcon.Request) -> str:
    header = req.get_header(HEADER)
    if header:
        return header
    if (req.content_type or "").startswith("application/x-www-form-urlencoded"):
        form = req.get_media(default_when_empty={})
        value = form.get(FIELD) if isinstance(form, dict) else None
        return value if isinstance(value, str) else ""
    return ""


def valid(req: falcon.Request, resp: falcon.Response, cookies: Cookies, secret: str) -> bool:
    given = sent(req)
    return bool(given) and hmac.compare_digest(given, expected(req, resp, cookies, secret))
