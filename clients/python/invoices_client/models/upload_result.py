from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.upload_result_status_value import UploadResultStatusValue, check_upload_result_status_value

T = TypeVar("T", bound="UploadResult")


@_attrs_define
class UploadResult:
    """POST /invoices answers 202 with this: parked uploads say `awaiting_credits`.

    Attributes:
        job_id (str):
        status (UploadResultStatusValue):
    """

    job_id: str
    status: UploadResultStatusValue
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        job_id = self.job_id

        status: str = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "jobId": job_id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        job_id = d.pop("jobId")

        status = check_upload_result_status_value(d.pop("status"))

        upload_result = cls(
            job_id=job_id,
            status=status,
        )

        upload_result.additional_properties = d
        return upload_result

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
