from typing import Literal

EventEnvelopeTypeValue = Literal[
    "invoice.awaiting_credits",
    "invoice.deleted",
    "invoice.failed",
    "invoice.processed",
    "invoice.review_required",
    "invoice.updated",
]

EVENT_ENVELOPE_TYPE_VALUE_VALUES: set[EventEnvelopeTypeValue] = {
    "invoice.awaiting_credits",
    "invoice.deleted",
    "invoice.failed",
    "invoice.processed",
    "invoice.review_required",
    "invoice.updated",
}


def check_event_envelope_type_value(value: str) -> EventEnvelopeTypeValue:
    if value in EVENT_ENVELOPE_TYPE_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_ENVELOPE_TYPE_VALUE_VALUES!r}")
