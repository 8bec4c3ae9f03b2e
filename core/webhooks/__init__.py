"""The webhook channel (interface.md 2.7-2.9, 3.4, 6; ARCHITECTURE "Events and webhooks").

- `urls`: the SSRF guard, at creation and before every attempt;
- `endpoints`: the partner's endpoints and their secrets;
- `payloads`: an event's body as sent, kept 30 days;
- `fanout`: outbox event -> one delivery per matching endpoint, in one transaction;
- `deliveries`: what partners read, test sends and redeliveries;
- `claims`: leases on due deliveries, so several dispatchers never send one attempt twice;
- `transport`: the HTTPS client pinned to the address the guard approved;
- `dispatcher`: the `invoices webhooks run` process that ties them together.

Delivery statuses: `pending` (waiting for an attempt, or in one), `delivered`,
`dead_lettered` (8 attempts failed) and `cancelled` (endpoint deleted, or the payload
expired before the delivery could be sent).
"""

from core import limits

PENDING, DELIVERED, DEAD_LETTERED, CANCELLED = "pending", "delivered", "dead_lettered", "cancelled"
DELIVERY_STATUSES = (PENDING, DELIVERED, DEAD_LETTERED, CANCELLED)
MAX_ATTEMPTS = limits.DELIVERY_ATTEMPTS
