"""Team members: the people who use the dashboard (ARCHITECTURE "dashboard/").

A member belongs to one team and has a role: `member` reviews, edits and deletes invoices
and cancels parked jobs; `admin` also manages webhooks, API keys, clients and contacts. An
email is unique across the service, so the login form needs no team. Passwords are hashed
with argon2id (argon2-cffi's defaults, re-hashed on login when the parameters change); a
member created without a password signs in only after following a one-time link
(`core.access.password_links`).
"""

from dataclasses import dataclass

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from core import ids
from core.clock import utcnow
from core.store.db import Store
from core.store.tables import teams, users

ADMIN, MEMBER = "admin", "member"
ROLES = (ADMIN, MEMBER)
MIN_PASSWORD_LENGTH = 10

_hasher = PasswordHasher()
# verified against when the email is unknown, so both answers take the same time
_DUMMY_HASH = _hasher.hash("not a password of anyone")


class MemberError(ValueError):
    """A member cannot be created or changed as asked; the message says why."""


@dataclass(frozen=True)
class Member:
    id: str
    team_id: str
    team_name: str
    email: str
    role: str

    @property
    def is_admin(self) -> bool:
        return self.role == ADMIN


def normalised_email(email: str) -> str:
    value = (email or "").strip().lower()
    local, at, domain = value.partition("@")
    if not (local and at and "." in domain) or len(value) > 320:
        raise MemberError(f"{email!r} is not an email address")
    return value


def check_password(password: str) -> None:
    if len(password or "") < MIN_PASSWORD_LENGTH:
        raise MemberError(f"a password needs at least {MIN_PASSWORD_LENGTH} characters")


def create(store: Store, team_id: str, email: str, role: str = MEMBER, password: str | None = None) -> dict:
    if role not in ROLES:
        raise MemberError(f"role must be one of {', '.join(ROLES)}")
    email = normalised_email(email)
    if password is not None:
        check_password(password)
    now = utcnow()
    row = dict(id=ids.new_id("usr"), team_id=team_id, email=email, role=role, created_at=now,
               password_hash=_hasher.hash(password) if password is not None else None,
               password_set_at=now if password is not None else None)
    with store.write() as conn:
        if conn.execute(sa.select(teams.c.id).where(teams.c.id == team_id)).first() is None:
            raise MemberError(f"no team {team_id}")
        if conn.execute(sa.select(users.c.id).where(users.c.email == email)).first() is not None:
            raise MemberError(f"a member with the email {email} already exists")
        conn.execute(users.insert().values(**row))
    return {"userId": row["id"], "teamId": team_id, "email": email, "role": role, "passwordSet": password is not None}


def _select():
    return sa.select(users, teams.c.name.label("team_name"), teams.c.status.label("team_status")).join(
        teams, teams.c.id == users.c.team_id
    )


def _member(row) -> Member:
    return Member(row["id"], row["team_id"], row["team_name"], row["email"], row["role"])


def get(conn: sa.Connection, user_id: str) -> Member | None:
    """The member, or None when unknown or when the team is suspended (its members are
    locked out as its keys are)."""
    row = conn.execute(_select().where(users.c.id == user_id)).mappings().first()
    return _member(row) if row and row["team_status"] != "suspended" else None


def password_state(conn: sa.Connection, user_id: str) -> str | None:
    """The current hash (or "" before one is set): what a one-time link is bound to."""
    row = conn.execute(sa.select(users.c.password_hash).where(users.c.id == user_id)).first()
    return None if row is None else (row.password_hash or "")


def verify_login(store: Store, email: str, password: str) -> Member | None:
    """The member whose email and password these are, else None (never says which was wrong)."""
    try:
        email = normalised_email(email)
    except MemberError:
        email = ""
    with store.read() as conn:
        row = conn.execute(_select().where(users.c.email == email)).mappings().first()
    stored = row["password_hash"] if row and row["password_hash"] else _DUMMY_HASH
    try:
        _hasher.verify(stored, password or "")
    except (VerificationError, InvalidHashError):
        return None
    if row is None or not row["password_hash"] or row["team_status"] == "suspended":
        return None
    now = utcnow()
    changes = {"last_login_at": now}
    if _hasher.check_needs_rehash(stored):
        changes["password_hash"] = _hasher.hash(password)
    with store.write() as conn:
        conn.execute(users.update().where(users.c.id == row["id"]).values(**changes))
    return _member(row)


def set_password(conn: sa.Connection, user_id: str, password: str) -> None:
    check_password(password)
    conn.execute(users.update().where(users.c.id == user_id).values(
        password_hash=_hasher.hash(password), password_set_at=utcnow(),
    ))


def team_members(conn: sa.Connection, team_id: str) -> list[dict]:
    rows = conn.execute(sa.select(users).where(users.c.team_id == team_id).order_by(users.c.email)).mappings().all()
    return [{"id": r["id"], "email": r["email"], "role": r["role"], "lastLoginAt": r["last_login_at"]} for r in rows]
