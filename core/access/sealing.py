"""Secrets sealed at rest: the webhook signing secrets are stored encrypted with AES-256-GCM
(`cryptography`), never in plain text.

The keys live in a file beside the store (`sealing_keys` next to `store.db`, or in
INVOICES_HOME when the store is PostgreSQL; INVOICES_SEALING_KEYS_FILE names another path),
made on first use with mode 0600: one `<key id>:<base64 key>` a line, the first one seals,
every one opens. Every node of a deployment must share the file, as it shares the store.

A sealed value is `s1:<key id>:<base64url(nonce | ciphertext | tag)>`, short enough for the
store's 100-character column. A value that is not sealed (written before sealing existed)
is read as it is; `invoices init` seals those it finds. Rotation: `invoices admin secrets
rotate-key` puts a new key first and seals every secret again with it; `invoices admin
secrets retire-keys` then drops the keys nothing is sealed with any more.
"""

import base64
import os
import secrets
import threading
from pathlib import Path

import sqlalchemy as sa
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

FILE_NAME = "sealing_keys"
PREFIX = "s1:"
_WEBHOOK_PREFIX = "whsec_"
_AAD = b"invoices/webhook-secret/v1"
_RAW, _TEXT = b"\x01", b"\x00"  # what follows the marker: a whsec_ secret's 32 bytes, or UTF-8 text


def key_file_for(store_url: str, home: Path) -> Path:
    """The key file beside the store: next to an SQLite file, else in INVOICES_HOME."""
    given = os.environ.get("INVOICES_SEALING_KEYS_FILE", "").strip()
    if given:
        return Path(given)
    if store_url.startswith("sqlite"):
        database = sa.engine.make_url(store_url).database
        if database and database != ":memory:":
            return Path(database).resolve().parent / FILE_NAME
    return home / FILE_NAME


def is_sealed(value: str | None) -> bool:
    return bool(value) and value.startswith(PREFIX)


class Sealer:
    """Seals and opens with the keys of one key file (read again whenever it changes)."""

    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.Lock()
        self._stamp: tuple[int, int] | None = None
        self._keys: list[tuple[str, bytes]] = []

    # --- the key file --------------------------------------------------------------------------
    def keys(self) -> list[tuple[str, bytes]]:
        """(key id, key), the sealing one first; the file is made when missing."""
        with self._lock:
            try:
                stat = self.path.stat()
            except FileNotFoundError:
                self._create()
                stat = self.path.stat()
            stamp = (stat.st_mtime_ns, stat.st_size)
            if stamp != self._stamp:
                self._keys = _parse(self.path.read_text())
                self._stamp = stamp
            return list(self._keys)

    def _create(self) -> None:
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        _write_atomically(self.path, _format([_new_key()]), exclusive=True)

    def add_key(self) -> str:
        """A new sealing key, first in the file; the others still open. Returns its id."""
        key = _new_key()
        _write_atomically(self.path, _format([key, *self.keys()]))
        return key[0]

    def keep_only(self, key_ids: set[str]) -> list[str]:
        """Drop every key not in `key_ids` (never the sealing one); returns the dropped ids."""
        keys = self.keys()
        kept = [k for i, k in enumerate(keys) if i == 0 or k[0] in key_ids]
        _write_atomically(self.path, _format(kept))
        return [kid for kid, _ in keys if kid not in {k for k, _ in kept}]

    # --- values --------------------------------------------------------------------------------
    def seal(self, secret: str) -> str:
        kid, key = self.keys()[0]
        body = secret.removeprefix(_WEBHOOK_PREFIX)
        raw = _b64decode(body) if secret.startswith(_WEBHOOK_PREFIX) else None
        plain = _RAW + raw if raw is not None and base64.b64encode(raw).decode() == body else _TEXT + secret.encode()
        nonce = secrets.token_bytes(12)
        sealed = nonce + AESGCM(key).encrypt(nonce, plain, _AAD)
        return f"{PREFIX}{kid}:{base64.urlsafe_b64encode(sealed).decode().rstrip('=')}"

    def open(self, value: str) -> str:
        """The secret; a value stored before sealing comes back as it is."""
        if not is_sealed(value):
            return value
        kid, _, data = value[len(PREFIX):].partition(":")
        keys = dict(self.keys())
        if kid not in keys:
            raise KeyError(f"sealing key {kid} is not in {self.path}")
        sealed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        plain = AESGCM(keys[kid]).decrypt(sealed[:12], sealed[12:], _AAD)
        if plain[:1] == _RAW:
            return _WEBHOOK_PREFIX + base64.b64encode(plain[1:]).decode()
        return plain[1:].decode()

    def key_id(self, value: str) -> str | None:
        return value[len(PREFIX):].partition(":")[0] if is_sealed(value) else None


_sealers: dict[Path, Sealer] = {}
_sealers_lock = threading.Lock()


def sealer_for(store) -> Sealer:
    """The sealer of `store`'s key file (one per process and file)."""
    from core.settings import settings

    path = key_file_for(store.url, settings().home)
    with _sealers_lock:
        if path not in _sealers:
            _sealers[path] = Sealer(path)
        return _sealers[path]


def reseal_webhook_secrets(store) -> dict:
    """Seal every webhook secret (current and previous) with the sealing key: plain ones left
    from before, and those sealed with an older key. Returns counts and the key ids in use."""
    from core.store.tables import webhook_endpoints as table

    sealer = sealer_for(store)
    current = sealer.keys()[0][0]
    changed = 0
    with store.write() as conn:
        rows = conn.execute(sa.select(table.c.id, table.c.secret, table.c.previous_secret)).mappings().all()
        for row in rows:
            values = {}
            for column in ("secret", "previous_secret"):
                value = row[column]
                if value and sealer.key_id(value) != current:
                    values[column] = sealer.seal(sealer.open(value))
            if values:
                conn.execute(table.update().where(table.c.id == row["id"]).values(**values))
                changed += 1
    return {"endpoints": len(rows), "resealed": changed, "sealingKey": current}


def _new_key() -> tuple[str, bytes]:
    return secrets.token_hex(4), AESGCM.generate_key(bit_length=256)


def _format(keys: list[tuple[str, bytes]]) -> str:
    return "".join(f"{kid}:{base64.b64encode(key).decode()}\n" for kid, key in keys)


def _parse(text: str) -> list[tuple[str, bytes]]:
    keys = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            kid, _, key = line.strip().partition(":")
            keys.append((kid, base64.b64decode(key)))
    if not keys:
        raise ValueError("the sealing key file holds no key")
    return keys


def _b64decode(text: str) -> bytes | None:
    try:
        return base64.b64decode(text, validate=True)
    except ValueError:
        return None


def _write_atomically(path: Path, text: str, exclusive: bool = False) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    try:
        if exclusive:
            try:
                os.link(tmp, path)  # the first process to link decides the key
            except FileExistsError:
                pass
        else:
            os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
