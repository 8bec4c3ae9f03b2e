from typing import Literal

WebhookEventType = Literal[
    "invoice.awaiting_credits",
    "invoice.deleted",
    "invoice.failed",
    "invoice.processed",
    "invoice.review_required",
    "invoice.updated",
]

WEBHOOK_EVENT_TYPE_VALUES: set[WebhookEventType] = {
    "invoice.awaiting_credits",
    "invoice.deleted",
    "invoice.failed",
    "invoice.processed",
    "invoice.review_required",
    "invoice.updated",
}


def check_webhook_event_type(value: str) -> WebhookEventType:
    if value in WEBHOOK_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_EVENT_TYPE_VALUES!r}")
