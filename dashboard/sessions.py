"""The dashboard's cookies: the signed session id, and the anonymous CSRF nonce.

Both are HttpOnly and SameSite=Lax, and Secure whenever the request came over https (by
itself, or through a trusted proxy's X-Forwarded-Proto). The session cookie carries a
random id signed with the service key (itsdangerous); the store keeps only its hash
(`core.access.member_sessions`), so the signature only spares the store lookups of forged ids.
"""

import secrets

import falcon
from itsdangerous import BadSignature, Signer

from dashboard.config import DashboardConfig

SESSION_COOKIE = "invoices_session"
NONCE_COOKIE = "invoices_nonce"
PATH = "/app"


class Cookies:
    def __init__(self, config: DashboardConfig):
        self.config = config
        self._signer = Signer(config.secret_key, salt="invoices.dashboard-cookie")

    def is_https(self, req: falcon.Request) -> bool:
        return (req.forwarded_scheme if self.config.trust_proxy else req.scheme) == "https"

    def _read(self, req: falcon.Request, name: str) -> str | None:
        for value in req.get_cookie_values(name) or []:
            try:
                return self._signer.unsign(value).decode()
            except BadSignature:
                continue
        return None

    def _write(self, req: falcon.Request, resp: falcon.Response, name: str, value: str, max_age: int | None) -> None:
        resp.set_cookie(name, self._signer.sign(value).decode(), max_age=max_age, path=PATH,
                        secure=self.is_https(req), http_only=True, same_site="Lax")

    def session_id(self, req: falcon.Request) -> str | None:
        return self._read(req, SESSION_COOKIE)

    def set_session(self, req: falcon.Request, resp: falcon.Response, raw_id: str, max_age: int) -> None:
        self._write(req, resp, SESSION_COOKIE, raw_id, max_age)

    def clear_session(self, resp: falcon.Response) -> None:
        resp.unset_cookie(SESSION_COOKIE, path=PATH, same_site="Lax")

    def nonce(self, req: falcon.Request, resp: falcon.Response) -> str:
        """The anonymous visitor's nonce, made (and set) on first use."""
        value = getattr(req.context, "new_nonce", None) or self._read(req, NONCE_COOKIE)
        if value is None:
            value = req.context.new_nonce = secrets.token_urlsafe(24)
            self._write(req, resp, NONCE_COOKIE, value, None)
        return value
