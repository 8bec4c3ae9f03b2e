from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookSourceFilterType1")


@_attrs_define
class WebhookSourceFilterType1:
    """
    Attributes:
        api_key_id (str):
    """

    api_key_id: str

    def to_dict(self) -> dict[str, Any]:
        api_key_id = self.api_key_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "apiKeyId": api_key_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        api_key_id = d.pop("apiKeyId")

        webhook_source_filter_type_1 = cls(
            api_key_id=api_key_id,
        )

        return webhook_source_filter_type_1
