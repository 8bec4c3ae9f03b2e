from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.batch_item import BatchItem


T = TypeVar("T", bound="BatchUploadResult")


@_attrs_define
class BatchUploadResult:
    """POST /invoices/batch answers 207 with this.

    Attributes:
        results (list[BatchItem]):
        accepted (int): every admitted file, parked ones included
        rejected (int):
        awaiting_credits (int): the admitted files that parked
    """

    results: list[BatchItem]
    accepted: int
    rejected: int
    awaiting_credits: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        accepted = self.accepted

        rejected = self.rejected

        awaiting_credits = self.awaiting_credits

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "results": results,
                "accepted": accepted,
                "rejected": rejected,
                "awaitingCredits": awaiting_credits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_item import BatchItem  # noqa: PLC0415

        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = BatchItem.from_dict(results_item_data)

            results.append(results_item)

        accepted = d.pop("accepted")

        rejected = d.pop("rejected")

        awaiting_credits = d.pop("awaitingCredits")

        batch_upload_result = cls(
            results=results,
            accepted=accepted,
            rejected=rejected,
            awaiting_credits=awaiting_credits,
        )

        batch_upload_result.additional_properties = d
        return batch_upload_result

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
