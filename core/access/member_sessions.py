"""Dashboard sessions, kept in the store so that logout and a new login truly end them.

The browser holds a random session id (in a signed cookie); the store keeps only its
SHA-256, the member, the session's CSRF token and its expiry. A login always starts a new
session (the id an attacker may have planted before login is worthless after it), and
logout deletes the row.
"""

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

import sqlalchemy as sa

from core.access import members
from core.access.members import Member
from core.clock import as_utc, utcnow
from core.store.db import Store
from core.store.tables import user_sessions

LIFETIME = timedelta(hours=12)
TOUCH_EVERY = timedelta(minutes=5)  # sliding expiry without a write on every page


@dataclass(frozen=True)
class Session:
    member: Member
    csrf_token: str


def _digest(raw_id: str) -> str:
    return hashlib.sha256(raw_id.encode()).hexdigest()


def start(store: Store, member: Member, replaces: str | None = None) -> str:
    """A new session for the member; the raw id to hand to the browser. `replaces` (the
    id the browser sent before logging in, if any) is ended."""
    raw_id, now = secrets.token_urlsafe(32), utcnow()
    with store.write() as conn:
        if replaces:
            conn.execute(user_sessions.delete().where(user_sessions.c.id_hash == _digest(replaces)))
        conn.execute(user_sessions.delete().where(user_sessions.c.user_id == member.id,
                                                  user_sessions.c.expires_at < now))
        conn.execute(user_sessions.insert().values(
            id_hash=_digest(raw_id), user_id=member.id, csrf_token=secrets.token_urlsafe(32),
            created_at=now, last_seen_at=now, expires_at=now + LIFETIME,
        ))
    return raw_id


def find(store: Store, raw_id: str) -> Session | None:
    """The live session of this id, or None (unknown, expired, member gone or locked out)."""
    now = utcnow()
    with store.read() as conn:
        row = conn.execute(sa.select(user_sessions).where(user_sessions.c.id_hash == _digest(raw_id))).mappings().first()
        member = members.get(conn, row["user_id"]) if row else None
    if row is None or member is None or as_utc(row["expires_at"]) <= now:
        return None
    if now - as_utc(row["last_seen_at"]) > TOUCH_EVERY:
        with store.write() as conn:
            conn.execute(user_sessions.update().where(user_sessions.c.id_hash == row["id_hash"]).values(
                last_seen_at=now, expires_at=now + LIFETIME,
            ))
    return Session(member, row["csrf_token"])


def end(store: Store, raw_id: str) -> None:
    with store.write() as conn:
        conn.execute(user_sessions.delete().where(user_sessions.c.id_hash == _digest(raw_id)))


def end_all(conn: sa.Connection, user_id: str) -> None:
    """After a password change every session of the member ends."""
    conn.execute(user_sessions.delete().where(user_sessions.c.user_id == user_id))
