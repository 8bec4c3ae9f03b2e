from typing import Literal

WebhookSourceFilterType0 = Literal["any", "api", "ui"]

WEBHOOK_SOURCE_FILTER_TYPE_0_VALUES: set[WebhookSourceFilterType0] = {
    "any",
    "api",
    "ui",
}


def check_webhook_source_filter_type_0(value: str) -> WebhookSourceFilterType0:
    if value in WEBHOOK_SOURCE_FILTER_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_SOURCE_FILTER_TYPE_0_VALUES!r}")
