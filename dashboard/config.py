"""What the dashboard needs beyond the service's settings.

`INVOICES_TRUST_PROXY=1` says a reverse proxy in front sets `X-Forwarded-Proto`, so a
request that reached the proxy over https gets Secure cookies although gunicorn itself
speaks plain http. Without it only the request's own scheme counts (a client could
otherwise claim https and nothing more, but we do not read headers we cannot trust).
"""

import os
from dataclasses import dataclass
from pathlib import Path

from core.access.secret_key import signing_key
from core.settings import Settings


@dataclass(frozen=True)
class DashboardConfig:
    secret_key: str
    trust_proxy: bool
    page_cache: Path  # rendered page images, by blob and page
    public_url: str


def load(settings: Settings) -> DashboardConfig:
    return DashboardConfig(
        secret_key=signing_key(settings),
        trust_proxy=os.environ.get("INVOICES_TRUST_PROXY", "").strip() == "1",
        page_cache=Path(settings.home) / "cache" / "pages",
        public_url=settings.public_url,
    )
