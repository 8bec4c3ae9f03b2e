from typing import Literal

WebhookDeliveryStatus = Literal["cancelled", "dead_lettered", "delivered", "pending"]

WEBHOOK_DELIVERY_STATUS_VALUES: set[WebhookDeliveryStatus] = {
    "cancelled",
    "dead_lettered",
    "delivered",
    "pending",
}


def check_webhook_delivery_status(value: str) -> WebhookDeliveryStatus:
    if value in WEBHOOK_DELIVERY_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_DELIVERY_STATUS_VALUES!r}")
