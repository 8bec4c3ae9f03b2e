"""Event envelopes of interface.md 2.9 and section 6, written to the outbox.

The envelope is built when the state change commits, so its id and payload are fixed
before any delivery attempt: retries resend the same event id.
"""

from core import ids, limits
from core.clock import iso_ms, utcnow

API_VERSION = "v1"
MAX_PAYLOAD_BYTES = limits.EVENT_PAYLOAD_BYTES


def envelope(event_type: str, data: dict) -> dict:
    return {
        "id": ids.new_id("evt"),
        "type": event_type,
        "apiVersion": API_VERSION,
        "createdAt": iso_ms(utcnow()),
        "data": data,
    }
