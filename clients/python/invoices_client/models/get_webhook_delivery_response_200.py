from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_status import WebhookDeliveryStatus, check_webhook_delivery_status
from ..models.webhook_event_type import WebhookEventType, check_webhook_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_attempt import WebhookAttempt


T = TypeVar("T", bound="GetWebhookDeliveryResponse200")


@_attrs_define
class GetWebhookDeliveryResponse200:
    """
    Attributes:
        id (str | Unset):
        endpoint_id (str | Unset):
        event_id (str | Unset): the webhook-id header; the same for every attempt and redelivery
        event_type (WebhookEventType | Unset):
        status (WebhookDeliveryStatus | Unset):
        attempt_count (int | Unset):
        next_attempt_at (None | str | Unset):
        last_status_code (int | None | Unset):
        last_error (None | str | Unset):
        delivered_at (None | str | Unset):
        test (bool | Unset): sent by POST /webhooks/{webhookId}/test
        redelivery_of (None | str | Unset):
        payload_available (bool | Unset): false once the payload is past its 30-day retention
        created_at (str | Unset):
        updated_at (str | Unset):
        attempts (list[WebhookAttempt] | Unset):
    """

    id: str | Unset = UNSET
    endpoint_id: str | Unset = UNSET
    event_id: str | Unset = UNSET
    event_type: WebhookEventType | Unset = UNSET
    status: WebhookDeliveryStatus | Unset = UNSET
    attempt_count: int | Unset = UNSET
    next_attempt_at: None | str | Unset = UNSET
    last_status_code: int | None | Unset = UNSET
    last_error: None | str | Unset = UNSET
    delivered_at: None | str | Unset = UNSET
    test: bool | Unset = UNSET
    redelivery_of: None | str | Unset = UNSET
    payload_available: bool | Unset = UNSET
    created_at: str | Unset = UNSET
    updated_at: str | Unset = UNSET
    attempts: list[WebhookAttempt] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        endpoint_id = self.endpoint_id

        event_id = self.event_id

        event_type: str | Unset = UNSET
        if not isinstance(self.event_type, Unset):
            event_type = self.event_type

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        attempt_count = self.attempt_count

        next_attempt_at: None | str | Unset
        if isinstance(self.next_attempt_at, Unset):
            next_attempt_at = UNSET
        else:
            next_attempt_at = self.next_attempt_at

        last_status_code: int | None | Unset
        if isinstance(self.last_status_code, Unset):
            last_status_code = UNSET
        else:
            last_status_code = self.last_status_code

        last_error: None | str | Unset
        if isinstance(self.last_error, Unset):
            last_error = UNSET
        else:
            last_error = self.last_error

        delivered_at: None | str | Unset
        if isinstance(self.delivered_at, Unset):
            delivered_at = UNSET
        else:
            delivered_at = self.delivered_at

        test = self.test

        redelivery_of: None | str | Unset
        if isinstance(self.redelivery_of, Unset):
            redelivery_of = UNSET
        else:
            redelivery_of = self.redelivery_of

        payload_available = self.payload_available

        created_at = self.created_at

        updated_at = self.updated_at

        attempts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.attempts, Unset):
            attempts = []
            for attempts_item_data in self.attempts:
                attempts_item = attempts_item_data.to_dict()
                attempts.append(attempts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if endpoint_id is not UNSET:
            field_dict["endpointId"] = endpoint_id
        if event_id is not UNSET:
            field_dict["eventId"] = event_id
        if event_type is not UNSET:
            field_dict["eventType"] = event_type
        if status is not UNSET:
            field_dict["status"] = status
        if attempt_count is not UNSET:
            field_dict["attemptCount"] = attempt_count
        if next_attempt_at is not UNSET:
            field_dict["nextAttemptAt"] = next_attempt_at
        if last_status_code is not UNSET:
            field_dict["lastStatusCode"] = last_status_code
        if last_error is not UNSET:
            field_dict["lastError"] = last_error
        if delivered_at is not UNSET:
            field_dict["deliveredAt"] = delivered_at
        if test is not UNSET:
            field_dict["test"] = test
        if redelivery_of is not UNSET:
            field_dict["redeliveryOf"] = redelivery_of
        if payload_available is not UNSET:
            field_dict["payloadAvailable"] = payload_available
        if created_at is not UNSET:
            field_dict["createdAt"] = created_at
        if updated_at is not UNSET:
            field_dict["updatedAt"] = updated_at
        if attempts is not UNSET:
            field_dict["attempts"] = attempts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_attempt import WebhookAttempt  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id", UNSET)

        endpoint_id = d.pop("endpointId", UNSET)

        event_id = d.pop("eventId", UNSET)

        _event_type = d.pop("eventType", UNSET)
        event_type: WebhookEventType | Unset
        if isinstance(_event_type, Unset):
            event_type = UNSET
        else:
            event_type = check_webhook_event_type(_event_type)

        _status = d.pop("status", UNSET)
        status: WebhookDeliveryStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_webhook_delivery_status(_status)

        attempt_count = d.pop("attemptCount", UNSET)

        def _parse_next_attempt_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt", UNSET))

        def _parse_last_status_code(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        last_status_code = _parse_last_status_code(d.pop("lastStatusCode", UNSET))

        def _parse_last_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_error = _parse_last_error(d.pop("lastError", UNSET))

        def _parse_delivered_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        delivered_at = _parse_delivered_at(d.pop("deliveredAt", UNSET))

        test = d.pop("test", UNSET)

        def _parse_redelivery_of(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        redelivery_of = _parse_redelivery_of(d.pop("redeliveryOf", UNSET))

        payload_available = d.pop("payloadAvailable", UNSET)

        created_at = d.pop("createdAt", UNSET)

        updated_at = d.pop("updatedAt", UNSET)

        _attempts = d.pop("attempts", UNSET)
        attempts: list[WebhookAttempt] | Unset = UNSET
        if _attempts is not UNSET:
            attempts = []
            for attempts_item_data in _attempts:
                attempts_item = WebhookAttempt.from_dict(attempts_item_data)

                attempts.append(attempts_item)

        get_webhook_delivery_response_200 = cls(
            id=id,
            endpoint_id=endpoint_id,
            event_id=event_id,
            event_type=event_type,
            status=status,
            attempt_count=attempt_count,
            next_attempt_at=next_attempt_at,
            last_status_code=last_status_code,
            last_error=last_error,
            delivered_at=delivered_at,
            test=test,
            redelivery_of=redelivery_of,
            payload_available=payload_available,
            created_at=created_at,
            updated_at=updated_at,
            attempts=attempts,
        )

        get_webhook_delivery_response_200.additional_properties = d
        return get_webhook_delivery_response_200

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
