from typing import Literal

WebhookEndpointUpdateEventsType0Item = Literal[
    "invoice.awaiting_credits",
    "invoice.deleted",
    "invoice.failed",
    "invoice.processed",
    "invoice.review_required",
    "invoice.updated",
]

WEBHOOK_ENDPOINT_UPDATE_EVENTS_TYPE_0_ITEM_VALUES: set[WebhookEndpointUpdateEventsType0Item] = {
    "invoice.awaiting_credits",
    "invoice.deleted",
    "invoice.failed",
    "invoice.processed",
    "invoice.review_required",
    "invoice.updated",
}


def check_webhook_endpoint_update_events_type_0_item(value: str) -> WebhookEndpointUpdateEventsType0Item:
    if value in WEBHOOK_ENDPOINT_UPDATE_EVENTS_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_ENDPOINT_UPDATE_EVENTS_TYPE_0_ITEM_VALUES!r}"
    )
