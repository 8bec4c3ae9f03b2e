"""One-time links to set a member's password (`invoices admin user create` prints one).

The token is signed (itsdangerous) and names the member and a fingerprint of the password
state it was made for; setting a password changes that state, so a link works once, and
it expires after `MAX_AGE_S` whatever happens.
"""

import hashlib
from urllib.parse import urlencode

from itsdangerous import BadSignature, URLSafeTimedSerializer

MAX_AGE_S = 7 * 24 * 3600
PATH = "/app/set-password"
_SALT = "invoices.set-password"


def _fingerprint(password_state: str) -> str:
    return hashlib.sha256(("pw:" + password_state).encode()).hexdigest()[:24]


def make_token(key: str, user_id: str, password_state: str) -> str:
    return URLSafeTimedSerializer(key, salt=_SALT).dumps({"u": user_id, "s": _fingerprint(password_state)})


def make_link(public_url: str, key: str, user_id: str, password_state: str) -> str:
    return f"{public_url.rstrip('/')}{PATH}?{urlencode({'token': make_token(key, user_id, password_state)})}"


def user_of(key: str, token: str, current_state) -> str | None:
    """The member id the token is for, or None when it is forged, expired or already used.

    `current_state(user_id)` answers the member's password state now (None: no such member).
    """
    try:
        data = URLSafeTimedSerializer(key, salt=_SALT).loads(token or "", max_age=MAX_AGE_S)
        user_id, fingerprint = data["u"], data["s"]
    except (BadSignature, KeyError, TypeError):
        return None
    state = current_state(user_id)
    return user_id if state is not None and _fingerprint(state) == fingerprint else None
