"""The service's signing key: dashboard cookies and one-time password links are signed
with it.

`INVOICES_SECRET_KEY` gives it (every node of a deployment must share it); without it a
random key is made once and kept in `INVOICES_HOME/secret_key` (mode 0600), which every
process of one machine shares.
"""

import os
import secrets
from pathlib import Path

from core.settings import Settings

FILE_NAME = "secret_key"


def signing_key(settings: Settings) -> str:
    given = os.environ.get("INVOICES_SECRET_KEY", "").strip()
    if given:
        return given
    path = Path(settings.home) / FILE_NAME
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{FILE_NAME}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(secrets.token_hex(32))
        fh.flush()
        os.fsync(fh.fileno())
    try:
        os.link(tmp, path)  # atomic: the first process to link decides the key
    except FileExistsError:
        pass
    finally:
        tmp.unlink()
    return path.read_text().strip()
