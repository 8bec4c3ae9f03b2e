from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.batch_item_status_value import BatchItemStatusValue, check_batch_item_status_value
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rejected_file import RejectedFile


T = TypeVar("T", bound="BatchItem")


@_attrs_define
class BatchItem:
    """One file of a batch, in the order it was sent.

    Attributes:
        filename (str):
        job_id (None | str): null for a rejected file
        status (BatchItemStatusValue):
        error (None | RejectedFile | Unset):
    """

    filename: str
    job_id: None | str
    status: BatchItemStatusValue
    error: None | RejectedFile | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.rejected_file import RejectedFile  # noqa: PLC0415

        filename = self.filename

        job_id: None | str
        job_id = self.job_id

        status: str = self.status

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, RejectedFile):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "filename": filename,
                "jobId": job_id,
                "status": status,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rejected_file import RejectedFile  # noqa: PLC0415

        d = dict(src_dict)
        filename = d.pop("filename")

        def _parse_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        job_id = _parse_job_id(d.pop("jobId"))

        status = check_batch_item_status_value(d.pop("status"))

        def _parse_error(data: object) -> None | RejectedFile | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = RejectedFile.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RejectedFile | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        batch_item = cls(
            filename=filename,
            job_id=job_id,
            status=status,
            error=error,
        )

        batch_item.additional_properties = d
        return batch_item

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
