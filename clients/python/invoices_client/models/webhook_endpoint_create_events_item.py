from typing import Literal

WebhookEndpointCreateEventsItem = Literal[
    "invoice.awaiting_credits",
    "invoice.deleted",
    "invoice.failed",
    "invoice.processed",
    "invoice.review_required",
    "invoice.updated",
]

WEBHOOK_ENDPOINT_CREATE_EVENTS_ITEM_VALUES: set[WebhookEndpointCreateEventsItem] = {
    "invoice.awaiting_credits",
    "invoice.deleted",
    "invoice.failed",
    "invoice.processed",
    "invoice.review_required",
    "invoice.updated",
}


def check_webhook_endpoint_create_events_item(value: str) -> WebhookEndpointCreateEventsItem:
    if value in WEBHOOK_ENDPOINT_CREATE_EVENTS_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_ENDPOINT_CREATE_EVENTS_ITEM_VALUES!r}")
