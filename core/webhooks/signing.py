"""Standard Webhooks signatures (https://www.standardwebhooks.com), made by the
`standardwebhooks` library so receivers can verify with any Standard Webhooks verifier.

`webhook-signature` carries one `v1,<base64 HMAC-SHA256>` per secret that is valid when
the attempt is made, space-separated: during the 24 hours after a rotation both the new
and the old secret sign, so a receiver may switch secrets at any moment of that window.
The timestamp is that of the attempt (receivers refuse stale ones), the id is the event
id, identical across every retry and redelivery.
"""

import base64
import secrets
from datetime import datetime

from standardwebhooks.webhooks import Webhook

SECRET_PREFIX = "whsec_"
SECRET_BYTES = 32
USER_AGENT = "invoices-webhooks/1 (+https://www.standardwebhooks.com)"


def new_secret() -> str:
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def signature(signing_secrets: list[str], event_id: str, at: datetime, body: str) -> str:
    return " ".join(Webhook(secret).sign(event_id, at, body) for secret in signing_secrets)


def headers(signing_secrets: list[str], event_id: str, at: datetime, body: str) -> dict[str, str]:
    return {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": event_id,
        "webhook-timestamp": str(int(at.timestamp())),
        "webhook-signature": signature(signing_secrets, event_id, at, body),
    }
