from typing import Literal

ListWebhookDeliveriesStatus = Literal["cancelled", "dead_lettered", "delivered", "pending"]

LIST_WEBHOOK_DELIVERIES_STATUS_VALUES: set[ListWebhookDeliveriesStatus] = {
    "cancelled",
    "dead_lettered",
    "delivered",
    "pending",
}


def check_list_webhook_deliveries_status(value: str) -> ListWebhookDeliveriesStatus:
    if value in LIST_WEBHOOK_DELIVERIES_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_STATUS_VALUES!r}")
