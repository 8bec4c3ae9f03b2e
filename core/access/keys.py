"""API key format (interface.md 5.2) and how keys are stored.

A key is `svc_live_` or `svc_test_` followed by 48 base62 characters (~285 bits), shown
once. Only its SHA-256 is stored: with that much entropy a fast hash is safe, and it lets
authentication be one indexed lookup. The first 12 characters are kept as the key's
public prefix (what /me shows and operators see).
"""

import hashlib
import re
import secrets
import string

from core.modes import Mode

_ALPHABET = string.ascii_letters + string.digits
_KEY_RE = re.compile(r"^svc_(live|test)_[A-Za-z0-9]{48}$")
PREFIX_LENGTH = 12


def generate_key(mode: Mode) -> str:
    return f"svc_{mode.value}_" + "".join(secrets.choice(_ALPHABET) for _ in range(48))


def is_well_formed(raw: str) -> bool:
    return bool(_KEY_RE.match(raw))


def mode_of_key(raw: str) -> Mode:
    return Mode.TEST if raw.startswith("svc_test_") else Mode.LIVE


def hash_key(raw: str) -> str:
    return hashlib.sha256(raw.encode("ascii")).hexdigest()


def key_prefix(raw: str) -> str:
    return raw[:PREFIX_LENGTH]
